/**
 * What a WireMock mapping matches (`request`), as WireMock's JSON format declares it: the URL
 * matchers, the value matchers of query parameters and headers, and the body patterns. Every regular
 * expression runs on a linear-time engine (core/text/whole-match.ts).
 */
import { z } from "zod";
import { linearPatternProblem } from "../../text/whole-match";

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
