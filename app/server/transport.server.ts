/** The server's one pooled HTTP transport, shared by the mCoin API and the secure gateway clients. */
import { createUndiciTransport } from "../lib/api/undici-transport";

export const transport = createUndiciTransport();
