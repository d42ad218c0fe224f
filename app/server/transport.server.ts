/** The server's one pooled HTTP transport, shared by the mCoin API and the secure gateway clients. */
import { createUndiciTransport } from "#core/node/undici-transport";

export const transport = createUndiciTransport();
