/**
 * Stubs without code: the subset of WireMock's stub mapping format that the sandbox serves
 * (docs/sandbox.md, "Stubs"), so a folder of mappings kept for WireMock loads unchanged. A mapping
 * names what it matches (`request`) and what it answers (`response`); a field outside the subset is
 * refused with its path named, rather than ignored, because a stub that silently matches more than
 * its author meant answers calls it was never written for.
 *
 * The subset: `request` with `method`, one of `url`/`urlPattern`/`urlPath`/`urlPathPattern`,
 * `queryParameters` and `headers` with `equalTo`/`matches`/`contains` (and `caseInsensitive`), and
 * `bodyPatterns` with `equalToJson` (`ignoreArrayOrder`, `ignoreExtraElements`), `matchesJsonPath`,
 * `equalTo`, `contains` or `matches`; `response` with `status`, `headers`, `jsonBody` or `body`,
 * `fixedDelayMilliseconds` and `fault`; `priority`; `scenarioName`, `requiredScenarioState` and
 * `newScenarioState`. For the secure gateway's functions, the body patterns read the decrypted
 * request and `jsonBody` is the decrypted reply, which the sandbox seals with the request's key.
 */
import { z } from "zod";
import { linearPatternProblem } from "../text/whole-match";

/**
 * A regular expression as WireMock takes it (Java's syntax, of which RE2's is the part that runs in
 * linear time: core/text/whole-match.ts); one that needs backtracking is refused here, at load.
 */
const Pattern = z.string().superRefine((source, context) => {
  const problem = linearPatternProblem(source);
  if (problem) context.addIssue({ code: "custom", message: problem });
});

/** How a query parameter's or a header's value is matched. */
export const ValueMatcherSchema = z
  .strictObject({
    equalTo: z.string().optional().describe("The value is exactly this."),
    matches: Pattern.optional().describe("The whole value matches this regular expression."),
    contains: z.string().optional().describe("The value contains this text."),
    caseInsensitive: z.boolean().optional().describe("Compare without regard to case."),
  })
  .describe("How a value is matched: exactly one of equalTo, matches or contains.")
  .refine((matcher) => [matcher.equalTo, matcher.matches, matcher.contains].filter((value) => value !== undefined).length === 1, {
    message: "a matcher has exactly one of equalTo, matches or contains",
  });
export type ValueMatcher = z.infer<typeof ValueMatcherSchema>;

const CaseInsensitive = z.boolean().optional().describe("Compare without regard to case.");

export const BodyPatternSchema = z.union([
  z.strictObject({
    equalToJson: z
      .unknown()
      .refine((value) => value !== undefined, "equalToJson needs a value")
      .describe("The body as JSON is equal to this (a JSON text or the value itself); for a secure gateway function, the decrypted body."),
    ignoreArrayOrder: z.boolean().optional().describe("Arrays match whatever the order of their elements."),
    ignoreExtraElements: z.boolean().optional().describe("The body may hold fields (and elements) that equalToJson does not name."),
  }),
  z.strictObject({
    matchesJsonPath: z.string().regex(/^\$/, "a JSONPath starting with $").describe("A JSONPath that must find something in the body, e.g. `$.items[?(@.id == 1)]`."),
  }),
  // The body as text: equal to, containing, or matching (the whole of it) a regular expression.
  z.strictObject({ equalTo: z.string().describe("The body as text is exactly this."), caseInsensitive: CaseInsensitive }),
  z.strictObject({ contains: z.string().describe("The body as text contains this."), caseInsensitive: CaseInsensitive }),
  z.strictObject({ matches: Pattern.describe("The whole body as text matches this regular expression."), caseInsensitive: CaseInsensitive }),
]);
export type BodyPattern = z.infer<typeof BodyPatternSchema>;

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "ANY"] as const;

export const StubRequestSchema = z
  .strictObject({
    method: z.enum(METHODS).default("ANY").describe("The HTTP method; ANY matches every one."),
    url: z.string().startsWith("/").optional().describe("The path and query, exactly."),
    urlPattern: Pattern.optional().describe("A regular expression over the path and query."),
    urlPath: z.string().startsWith("/").optional().describe("The path exactly, whatever the query."),
    urlPathPattern: Pattern.optional().describe("A regular expression over the path, whatever the query."),
    queryParameters: z.record(z.string(), ValueMatcherSchema).optional().describe("Query parameters by name, each with how its value is matched."),
    headers: z.record(z.string(), ValueMatcherSchema).optional().describe("Request headers by name (any case), each with how its value is matched."),
    bodyPatterns: z.array(BodyPatternSchema).optional().describe("Patterns the body must all match."),
  })
  .describe("What the mapping matches: at most one of url, urlPattern, urlPath and urlPathPattern.")
  .refine((request) => [request.url, request.urlPattern, request.urlPath, request.urlPathPattern].filter((value) => value !== undefined).length <= 1, {
    message: "a request has at most one of url, urlPattern, urlPath and urlPathPattern",
  });

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

export const StubMappingSchema = z.strictObject({
  id: z.string().optional().describe("The stub's id, as the sandbox lists it and its call log names it."),
  uuid: z.string().optional().describe("WireMock's name for the id."),
  name: z.string().optional().describe("A name for people."),
  priority: z.number().int().min(1).optional().describe("Lower wins when several stubs match; WireMock's default is 5."),
  request: StubRequestSchema.default({ method: "ANY" }).describe("What the mapping matches (every request when absent)."),
  response: StubResponseSchema.default({ status: 200 }).describe("What the mapping answers (an empty 200 when absent)."),
  scenarioName: z.string().min(1).optional().describe("The scenario (a state machine, WireMock's) this mapping belongs to."),
  requiredScenarioState: z.string().min(1).optional().describe('The state the scenario must be in for the mapping to match (scenarios start in "Started").'),
  newScenarioState: z.string().min(1).optional().describe("The state the scenario moves to once the mapping answered."),
  persistent: z.boolean().optional().describe("Kept for WireMock's sake; the sandbox keeps every stub for its run."),
  metadata: z.record(z.string(), z.unknown()).optional().describe("Free data about the stub (WireMock's), not read."),
});
export type StubMapping = z.infer<typeof StubMappingSchema>;
export type StubMappingInput = z.input<typeof StubMappingSchema>;

/** A mapping file: one mapping, or `{ "mappings": [...] }` as WireMock's export writes. */
export const StubFileSchema = z
  .union([
    z.strictObject({
      mappings: z.array(StubMappingSchema).describe("The mappings, each as a file of one would hold it."),
      meta: z.unknown().optional().describe("WireMock's export data (a total), not read."),
    }),
    StubMappingSchema,
  ])
  .meta({ title: "A stub mapping file", description: "One mapping, or { mappings: [...] } as WireMock's export writes (core/controls/stubs.ts)." });

/** The mappings of a file's parsed JSON. */
export function mappingsOf(file: z.output<typeof StubFileSchema>): StubMapping[] {
  return "mappings" in file ? file.mappings : [file];
}

/** WireMock's scenarios start in this state. */
export const STARTED = "Started";

/** A loaded stub as the sandbox reports it. */
export const StubViewSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  source: z.string(),
  priority: z.number().int(),
  method: z.string(),
  url: z.string(),
  scenario: z.object({ name: z.string(), state: z.string() }).optional(),
  /** How many requests it answered. */
  served: z.number().int(),
});
export type StubView = z.infer<typeof StubViewSchema>;
