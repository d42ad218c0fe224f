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

/** A regular expression as WireMock takes it (Java's syntax; the common part is JavaScript's too). */
const Pattern = z.string().superRefine((source, context) => {
  try {
    new RegExp(source);
  } catch (error) {
    context.addIssue({ code: "custom", message: `not a regular expression JavaScript can run (${(error as Error).message})` });
  }
});

/** How a query parameter's or a header's value is matched. */
export const ValueMatcherSchema = z
  .strictObject({
    equalTo: z.string().optional(),
    matches: Pattern.optional(),
    contains: z.string().optional(),
    caseInsensitive: z.boolean().optional(),
  })
  .refine((matcher) => [matcher.equalTo, matcher.matches, matcher.contains].filter((value) => value !== undefined).length === 1, {
    message: "a matcher has exactly one of equalTo, matches or contains",
  });
export type ValueMatcher = z.infer<typeof ValueMatcherSchema>;

export const BodyPatternSchema = z.union([
  z.strictObject({
    /** The body as JSON, equal to this (a JSON text or the value itself). */
    equalToJson: z.unknown().refine((value) => value !== undefined, "equalToJson needs a value"),
    ignoreArrayOrder: z.boolean().optional(),
    ignoreExtraElements: z.boolean().optional(),
  }),
  z.strictObject({
    /** A JSONPath that must find something in the body, e.g. `$.items[?(@.id == 1)]`. */
    matchesJsonPath: z.string().regex(/^\$/, "a JSONPath starting with $"),
  }),
  /** The body as text: equal to, containing, or matching (the whole of it) a regular expression. */
  z.strictObject({ equalTo: z.string(), caseInsensitive: z.boolean().optional() }),
  z.strictObject({ contains: z.string(), caseInsensitive: z.boolean().optional() }),
  z.strictObject({ matches: Pattern, caseInsensitive: z.boolean().optional() }),
]);
export type BodyPattern = z.infer<typeof BodyPatternSchema>;

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "ANY"] as const;

export const StubRequestSchema = z
  .strictObject({
    method: z.enum(METHODS).default("ANY"),
    /** The path and query exactly. */
    url: z.string().startsWith("/").optional(),
    /** A regular expression over the path and query. */
    urlPattern: Pattern.optional(),
    /** The path exactly, whatever the query. */
    urlPath: z.string().startsWith("/").optional(),
    /** A regular expression over the path, whatever the query. */
    urlPathPattern: Pattern.optional(),
    queryParameters: z.record(z.string(), ValueMatcherSchema).optional(),
    headers: z.record(z.string(), ValueMatcherSchema).optional(),
    bodyPatterns: z.array(BodyPatternSchema).optional(),
  })
  .refine((request) => [request.url, request.urlPattern, request.urlPath, request.urlPathPattern].filter((value) => value !== undefined).length <= 1, {
    message: "a request has at most one of url, urlPattern, urlPath and urlPathPattern",
  });

/** WireMock's faults, each the connection fault the sandbox already injects (core/controls/faults.ts). */
export const STUB_FAULTS = {
  CONNECTION_RESET_BY_PEER: "reset",
  EMPTY_RESPONSE: "empty",
  MALFORMED_RESPONSE_CHUNK: "truncated",
  RANDOM_DATA_THEN_CLOSE: "random-bytes",
} as const;
export type StubFault = keyof typeof STUB_FAULTS;

export const StubResponseSchema = z
  .strictObject({
    status: z.number().int().min(100).max(599).default(200),
    headers: z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional(),
    jsonBody: z.unknown().optional(),
    body: z.string().optional(),
    fixedDelayMilliseconds: z.number().int().min(0).max(60_000).optional(),
    fault: z.enum(Object.keys(STUB_FAULTS) as [StubFault, ...StubFault[]]).optional(),
  })
  .refine((response) => response.jsonBody === undefined || response.body === undefined, { message: "a response has jsonBody or body, not both" });

export const StubMappingSchema = z.strictObject({
  id: z.string().optional(),
  uuid: z.string().optional(),
  name: z.string().optional(),
  /** Lower wins; WireMock's default is 5. */
  priority: z.number().int().min(1).optional(),
  request: StubRequestSchema.default({ method: "ANY" }),
  response: StubResponseSchema.default({ status: 200 }),
  scenarioName: z.string().min(1).optional(),
  requiredScenarioState: z.string().min(1).optional(),
  newScenarioState: z.string().min(1).optional(),
  /** Kept for WireMock's sake; the sandbox keeps every stub for its run. */
  persistent: z.boolean().optional(),
  /** Free data about the stub (WireMock's), not read. */
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export type StubMapping = z.infer<typeof StubMappingSchema>;
export type StubMappingInput = z.input<typeof StubMappingSchema>;

/** A mapping file: one mapping, or `{ "mappings": [...] }` as WireMock's export writes. */
export const StubFileSchema = z.union([z.strictObject({ mappings: z.array(StubMappingSchema), meta: z.unknown().optional() }), StubMappingSchema]);

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
