/**
 * What a WireMock mapping answers (`response`), as WireMock's JSON format declares it. For the secure
 * gateway's functions `jsonBody` is the decrypted reply, which the sandbox seals with the request's key.
 */
import { z } from "zod";

/**
 * WireMock's faults, each the connection fault of the sandbox (core/controls/faults.ts) that does on
 * the wire what WireMock does: CONNECTION_RESET_BY_PEER closes with SO_LINGER 0 (a TCP RST);
 * EMPTY_RESPONSE closes without a byte; MALFORMED_RESPONSE_CHUNK sends a 200 status line and chunked
 * headers, whatever the stub's status and body, then bytes that are no chunk, and closes;
 * RANDOM_DATA_THEN_CLOSE sends bytes that are not HTTP and closes.
 */
export const STUB_FAULTS = {
  CONNECTION_RESET_BY_PEER: "reset",
  EMPTY_RESPONSE: "empty",
  MALFORMED_RESPONSE_CHUNK: "malformed-chunk",
  RANDOM_DATA_THEN_CLOSE: "random-bytes",
} as const;
export type StubFault = keyof typeof STUB_FAULTS;

export const StubResponseSchema = z
  .strictObject({
    status: z.number().int().min(100).max(599).default(200).describe("The HTTP status."),
    headers: z
      .record(z.string(), z.union([z.string(), z.array(z.string())]))
      .optional()
      .describe("Reply headers by name, a value or a list of values."),
    jsonBody: z.unknown().optional().describe("The reply's body as JSON; for a secure gateway function, the decrypted reply, which the sandbox seals with the request's key."),
    body: z.string().optional().describe("The reply's body as text."),
    fixedDelayMilliseconds: z.number().int().min(0).max(60_000).optional().describe("Milliseconds to wait before answering."),
    fault: z
      .enum(Object.keys(STUB_FAULTS) as [StubFault, ...StubFault[]])
      .optional()
      .describe("Instead of a reply, a connection fault (WireMock's names)."),
  })
  .describe("What the mapping answers: jsonBody or body, not both.")
  .refine((response) => response.jsonBody === undefined || response.body === undefined, { message: "a response has jsonBody or body, not both" });
