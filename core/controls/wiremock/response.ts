/**
 * What a WireMock mapping answers (`response`), as WireMock 3's JSON format declares it: a reply
 * (status, headers, one body), when and how it is sent (delays, a dribble), a connection fault
 * instead of it, response templating, or the call forwarded elsewhere (`proxyBaseUrl`). For the
 * secure gateway's functions the body is the decrypted reply, which the sandbox seals with the
 * request's key.
 */
import { z } from "zod";

/**
 * WireMock's faults, each the connection fault of the sandbox (core/controls/faults.ts) that does on
 * the wire what WireMock does: CONNECTION_RESET_BY_PEER closes with SO_LINGER 0 (a TCP RST);
 * EMPTY_RESPONSE closes without a byte; MALFORMED_RESPONSE_CHUNK sends a 200 status line (chunked on
 * a kept-alive connection), whatever the stub's status and body, then WireMock's own bytes that are
 * no chunk, and closes;
 * RANDOM_DATA_THEN_CLOSE sends bytes that are not HTTP and closes.
 */
export const STUB_FAULTS = {
  CONNECTION_RESET_BY_PEER: "reset",
  EMPTY_RESPONSE: "empty",
  MALFORMED_RESPONSE_CHUNK: "malformed-chunk",
  RANDOM_DATA_THEN_CLOSE: "random-bytes",
} as const;
export type StubFault = keyof typeof STUB_FAULTS;

/** The transformer that turns on response templating for one mapping (WireMock's only built-in one). */
export const RESPONSE_TEMPLATE = "response-template";

/** The longest wait a mapping may ask for: a minute, past any client's timeout. */
const MAX_DELAY_MS = 60_000;
const delayMs = z.number().min(0).max(MAX_DELAY_MS);

/** A file under `__files/`: relative, and never climbing out of it (templated names are checked when served). */
export function bodyFileProblem(name: string): string | undefined {
  if (name.includes("{{")) return undefined;
  if (/^([/\\]|[A-Za-z]:)/.test(name)) return "bodyFileName must be a path under __files/, not an absolute one";
  if (name.split(/[/\\]/).includes("..")) return "bodyFileName must stay under __files/ (it climbs out with ..)";
  return undefined;
}

export const DelayDistributionSchema = z
  .discriminatedUnion("type", [
    z.strictObject({
      type: z.literal("lognormal").describe("A lognormal spread around a median."),
      median: delayMs.describe("The median delay, in milliseconds."),
      sigma: z.number().min(0).max(10).describe("The spread: the standard deviation of the delay's logarithm."),
      maxValue: delayMs.optional().describe("A cap on the drawn delay, in milliseconds (WireMock's truncated lognormal)."),
    }),
    z
      .strictObject({
        type: z.literal("uniform").describe("Any delay between two bounds, each as likely."),
        lower: delayMs.describe("The shortest delay, in milliseconds."),
        upper: delayMs.describe("The longest delay, in milliseconds."),
      })
      .refine((uniform) => uniform.lower <= uniform.upper, { message: "a uniform delay's lower bound is above its upper one" }),
    z.strictObject({ type: z.literal("fixed").describe("One delay, always the same."), milliseconds: delayMs.describe("The delay, in milliseconds.") }),
  ])
  .describe("A random delay before answering, drawn for each call (added to fixedDelayMilliseconds).");

export const StubResponseSchema = z
  .strictObject({
    status: z.number().int().min(100).max(599).default(200).describe("The HTTP status."),
    statusMessage: z
      .string()
      .regex(/^[\t\x20-\x7e]*$/, "a status message is printable ASCII on one line")
      .optional()
      .describe("The reason phrase on the status line (WireMock's default is the status's usual one)."),
    headers: z
      .record(z.string(), z.union([z.string(), z.array(z.string())]))
      .optional()
      .describe("Reply headers by name, a value or a list of values; templated with the body."),
    jsonBody: z.unknown().optional().describe("The reply's body as JSON; for a secure gateway function, the decrypted reply, which the sandbox seals with the request's key."),
    body: z.string().optional().describe("The reply's body as text."),
    base64Body: z
      .string()
      .regex(/^[A-Za-z0-9+/\s]*={0,2}\s*$/, "base64Body is not Base64")
      .optional()
      .describe("The reply's body as bytes, in Base64."),
    bodyFileName: z
      .string()
      .min(1)
      .superRefine((name, context) => {
        const problem = bodyFileProblem(name);
        if (problem) context.addIssue({ code: "custom", message: problem });
      })
      .optional()
      .describe("The reply's body read from this file under the WireMock root's __files/ (the name may be templated)."),
    fixedDelayMilliseconds: delayMs.optional().describe("Milliseconds to wait before answering."),
    delayDistribution: DelayDistributionSchema.optional(),
    chunkedDribbleDelay: z
      .strictObject({
        numberOfChunks: z.number().int().min(1).max(10_000).describe("How many pieces the body is sent in."),
        totalDuration: delayMs.describe("Milliseconds over which the pieces are spread."),
      })
      .optional()
      .describe("Sends the body in pieces spread over a time, after the status and headers (a slow network)."),
    fault: z
      .enum(Object.keys(STUB_FAULTS) as [StubFault, ...StubFault[]])
      .optional()
      .describe("Instead of a reply, a connection fault (WireMock's names)."),
    transformers: z
      .array(z.literal(RESPONSE_TEMPLATE, { error: `the only transformer served is "${RESPONSE_TEMPLATE}" (WireMock's response templating); extensions are not` }))
      .optional()
      .describe('["response-template"]: the body, headers, bodyFileName and proxyBaseUrl are Handlebars templates over the request.'),
    transformerParameters: z.record(z.string(), z.unknown()).optional().describe("Values a template reads as {{parameters.name}}."),
    proxyBaseUrl: z.string().min(1).optional().describe("Forwards the call to this base URL (another environment: the stateful sandbox, a UAT) and answers with its reply."),
    additionalProxyRequestHeaders: z.record(z.string(), z.string()).optional().describe("Headers added to (or replacing those of) the forwarded call; templated."),
    removeProxyRequestHeaders: z.array(z.string()).optional().describe("Headers taken off the forwarded call."),
    proxyUrlPrefixToRemove: z.string().optional().describe("A prefix taken off the path before it is appended to proxyBaseUrl."),
  })
  .describe("What the mapping answers: at most one of body, jsonBody, base64Body and bodyFileName.")
  .refine((response) => [response.jsonBody, response.body, response.base64Body, response.bodyFileName].filter((body) => body !== undefined).length <= 1, {
    message: "a response has at most one of body, jsonBody, base64Body and bodyFileName",
  });
export type StubResponse = z.output<typeof StubResponseSchema>;
