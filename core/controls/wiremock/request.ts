/**
 * What a WireMock mapping matches (`request`), as WireMock 3's JSON format declares it: the URL
 * matchers, the value matchers of query parameters, headers, cookies and form fields (WireMock's
 * `StringValuePattern` family, and `hasExactly`/`includes` where it takes several values), and the
 * body patterns. Every regular expression runs on a linear-time engine (core/text/whole-match.ts).
 * XML matching is refused with a message that names it (docs/decisions/035-wiremock-request-matching.md).
 */
import { z } from "zod";
import { jsonPathPatterns, parseJsonPath } from "../../text/json-path";
import { linearPatternProblem } from "../../text/whole-match";

/**
 * A regular expression as WireMock takes it (Java's syntax, of which RE2's is the part that runs in
 * linear time: core/text/whole-match.ts); one that needs backtracking is refused here, at load.
 */
const Pattern = z.string().superRefine((source, context) => {
  const problem = linearPatternProblem(source);
  if (problem) context.addIssue({ code: "custom", message: problem });
});

export const DATE_TIME_UNITS = ["seconds", "minutes", "hours", "days", "months", "years"] as const;
export const TRUNCATIONS = [
  "first second of minute",
  "first minute of hour",
  "first hour of day",
  "first day of month",
  "first day of next month",
  "last day of month",
  "first day of year",
  "first day of next year",
  "last day of year",
] as const;

/** The matchers that compare one value; exactly one of them names a matcher. */
export const VALUE_OPERATORS = [
  "equalTo",
  "contains",
  "doesNotContain",
  "matches",
  "doesNotMatch",
  "absent",
  "anything",
  "and",
  "or",
  "not",
  "before",
  "after",
  "equalToDateTime",
  "equalToJson",
  "matchesJsonPath",
  "binaryEqualTo",
] as const;

/**
 * What the sandbox does not match, each named with why: XML would need an XML and XPath engine
 * WireMock's way (XMLUnit) for a product that speaks JSON; JSON Schema a second schema dialect.
 */
const REFUSED: Record<string, string> = {
  equalToXml: "equalToXml (XML matching)",
  matchesXPath: "matchesXPath (XPath matching over XML)",
  matchesJsonSchema: "matchesJsonSchema (JSON Schema matching)",
  xPathNamespaces: "xPathNamespaces (XPath matching over XML)",
  enablePlaceholders: "enablePlaceholders (equalToXml's placeholders, XML matching)",
  placeholderOpeningDelimiterRegex: "placeholderOpeningDelimiterRegex (equalToXml's placeholders, XML matching)",
  placeholderClosingDelimiterRegex: "placeholderClosingDelimiterRegex (equalToXml's placeholders, XML matching)",
  exemptedComparisons: "exemptedComparisons (equalToXml's comparisons, XML matching)",
  namespaceAwareness: "namespaceAwareness (XML matching)",
};
const refusal = (feature: string) => `${feature} is not served by the sandbox; match the body as text (contains, matches) or use WireMock itself for it`;

const refusedFields = Object.fromEntries(Object.keys(REFUSED).map((key) => [key, z.unknown().optional().describe(`${REFUSED[key]}: refused at load.`)]));

export interface ValuePatternShape {
  equalTo?: string;
  caseInsensitive?: boolean;
  contains?: string;
  doesNotContain?: string;
  matches?: string;
  doesNotMatch?: string;
  absent?: boolean;
  anything?: unknown;
  and?: ValuePatternShape[];
  or?: ValuePatternShape[];
  not?: ValuePatternShape;
  before?: string;
  after?: string;
  equalToDateTime?: string;
  actualFormat?: string;
  truncateExpected?: (typeof TRUNCATIONS)[number];
  truncateActual?: (typeof TRUNCATIONS)[number];
  applyTruncationLast?: boolean;
  expectedOffset?: number;
  expectedOffsetUnit?: (typeof DATE_TIME_UNITS)[number];
  equalToJson?: unknown;
  ignoreArrayOrder?: boolean;
  ignoreExtraElements?: boolean;
  matchesJsonPath?: string | ({ expression: string } & ValuePatternShape);
  binaryEqualTo?: string;
}

const JsonPathExpression = z.string().regex(/^[$@]/, "a JSONPath starting with $");

/**
 * A matcher inside a matcher (`and`, `or`, `not`, `matchesJsonPath`'s), checked by the schema it
 * nests; declared as any value so that the published JSON Schema has no cycle (an OpenAPI document
 * cannot hold the `$defs` a cycle needs).
 */
function nested(name: string) {
  return z
    .unknown()
    .describe(`A value matcher (${name}).`)
    .superRefine((value, context) => forward(ValuePatternSchema.safeParse(value), context));
}

const nestedJsonPath = z
  .unknown()
  .refine((value) => value !== null && typeof value === "object" && !Array.isArray(value), "a JSONPath, or {expression, <matcher>}")
  .superRefine((value, context) => forward(JsonPathWithMatcherSchema.safeParse(value), context));

function forward(result: z.ZodSafeParseResult<unknown>, context: z.RefinementCtx) {
  for (const issue of result.error?.issues ?? []) context.addIssue({ code: "custom", path: issue.path as PropertyKey[], message: issue.message });
}

/** The fields of WireMock's value matchers, one object for all so that a problem names its field. */
const valueFields = {
  equalTo: z.string().optional().describe("The value is exactly this."),
  caseInsensitive: z.boolean().optional().describe("With equalTo: compare without regard to case (WireMock reads it with equalTo only; for a pattern, write (?i) in it)."),
  contains: z.string().optional().describe("The value contains this text."),
  doesNotContain: z.string().optional().describe("The value does not contain this text (an absent value does not either)."),
  matches: Pattern.optional().describe("The whole value matches this regular expression (`.` matches a line break too, as WireMock's)."),
  doesNotMatch: Pattern.optional().describe("The whole value does not match this regular expression."),
  absent: z.boolean().optional().describe("The value is absent (a header, a parameter, a JSONPath that finds nothing)."),
  anything: z.unknown().optional().describe("Any value, or none."),
  and: z.array(nested("and")).min(1).optional().describe("Every one of these matchers holds."),
  or: z.array(nested("or")).min(1).optional().describe("At least one of these matchers holds."),
  not: nested("not").optional().describe("This matcher does not hold."),
  before: z.string().optional().describe('The value is a date-time before this one: an ISO 8601 date-time, "now", or "now +3 days" (units: seconds to years).'),
  after: z.string().optional().describe("The value is a date-time after this one (as before)."),
  equalToDateTime: z.string().optional().describe("The value is this date-time (as before)."),
  actualFormat: z.string().optional().describe('With a date-time matcher: the value\'s format, a Java DateTimeFormatter pattern ("dd/MM/yyyy"), "unix" (seconds) or "epoch" (milliseconds).'),
  truncateExpected: z.enum(TRUNCATIONS).optional().describe('With a date-time matcher: the expected date-time moved to, e.g., "first day of month".'),
  truncateActual: z.enum(TRUNCATIONS).optional().describe("With a date-time matcher: the value moved as truncateExpected moves the expected one."),
  applyTruncationLast: z.boolean().optional().describe("With a date-time matcher: offset first, then truncate."),
  expectedOffset: z.number().int().optional().describe('With a date-time matcher: "now" moved by this many expectedOffsetUnits.'),
  expectedOffsetUnit: z.enum(DATE_TIME_UNITS).optional().describe("The unit of expectedOffset."),
  equalToJson: z.unknown().optional().describe("The value as JSON is equal to this (a JSON text or the value itself), with JsonUnit's placeholders (`${json-unit.any-string}`, ...)."),
  ignoreArrayOrder: z.boolean().optional().describe("With equalToJson: arrays match whatever the order of their elements."),
  ignoreExtraElements: z.boolean().optional().describe("With equalToJson: the value may hold fields (and elements) that equalToJson does not name."),
  matchesJsonPath: z
    .union([JsonPathExpression.describe("A JSONPath that finds something."), nestedJsonPath.describe("A JSONPath (`expression`) and the matcher of what it finds.")])
    .optional()
    .describe("A JSONPath (Jayway's, as WireMock reads it) that finds something in the value, or `{expression, <matcher>}`: what it finds matches the matcher."),
  binaryEqualTo: z
    .string()
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, "base64")
    .optional()
    .describe("The body's bytes are exactly these (base64)."),
  ...refusedFields,
};

function checkValuePattern(pattern: Record<string, unknown>, context: z.RefinementCtx, operators: readonly string[]) {
  for (const key of Object.keys(REFUSED)) {
    if (pattern[key] !== undefined) context.addIssue({ code: "custom", path: [key], message: refusal(REFUSED[key]) });
  }
  if (Object.keys(REFUSED).some((key) => pattern[key] !== undefined)) return;
  const named = operators.filter((key) => pattern[key] !== undefined);
  if (named.length !== 1) {
    context.addIssue({ code: "custom", message: `a matcher has exactly one of ${operators.join(", ")}${named.length > 1 ? `; this one has ${named.join(" and ")}` : ""}` });
    return;
  }
  const dated = pattern.before !== undefined || pattern.after !== undefined || pattern.equalToDateTime !== undefined;
  for (const key of ["actualFormat", "truncateExpected", "truncateActual", "applyTruncationLast", "expectedOffset", "expectedOffsetUnit"]) {
    if (!dated && pattern[key] !== undefined) context.addIssue({ code: "custom", path: [key], message: `${key} goes with before, after or equalToDateTime` });
  }
  if ((pattern.expectedOffset === undefined) !== (pattern.expectedOffsetUnit === undefined)) {
    context.addIssue({ code: "custom", message: "expectedOffset and expectedOffsetUnit go together" });
  }
  if (pattern.equalToJson === undefined && (pattern.ignoreArrayOrder !== undefined || pattern.ignoreExtraElements !== undefined)) {
    context.addIssue({ code: "custom", message: "ignoreArrayOrder and ignoreExtraElements go with equalToJson" });
  }
  let expected = pattern.equalToJson;
  if (typeof expected === "string") {
    try {
      expected = JSON.parse(expected);
    } catch {
      context.addIssue({ code: "custom", path: ["equalToJson"], message: "equalToJson is a JSON value or a JSON text; this text is not JSON" });
    }
  }
  for (const regex of placeholderPatterns(expected)) {
    const problem = linearPatternProblem(regex);
    if (problem) context.addIssue({ code: "custom", path: ["equalToJson"], message: `\${json-unit.regex}${regex}: ${problem}` });
  }
  const jsonPath = typeof pattern.matchesJsonPath === "string" ? pattern.matchesJsonPath : (pattern.expression as string | undefined);
  if (jsonPath !== undefined) {
    try {
      for (const regex of jsonPathPatterns(parseJsonPath(jsonPath))) {
        const problem = linearPatternProblem(regex);
        if (problem) context.addIssue({ code: "custom", path: ["matchesJsonPath"], message: `=~ /${regex}/: ${problem}` });
      }
    } catch (error) {
      context.addIssue({ code: "custom", path: typeof pattern.matchesJsonPath === "string" ? ["matchesJsonPath"] : ["expression"], message: (error as Error).message });
    }
  }
}

const REGEX_PLACEHOLDER = "${json-unit.regex}";

/** Every `${json-unit.regex}` pattern of an expected JSON value. */
function placeholderPatterns(expected: unknown): string[] {
  if (typeof expected === "string") return expected.startsWith(REGEX_PLACEHOLDER) ? [expected.slice(REGEX_PLACEHOLDER.length)] : [];
  if (expected !== null && typeof expected === "object") return Object.values(expected).flatMap(placeholderPatterns);
  return [];
}

const VALUE_ONLY = VALUE_OPERATORS.filter((key) => key !== "binaryEqualTo");

/** How a value (a query parameter, a header, a cookie, a form field, the body as text) is matched. */
export const ValuePatternSchema: z.ZodType<ValuePatternShape> = z
  .strictObject(valueFields)
  .superRefine((pattern, context) => checkValuePattern(pattern, context, VALUE_ONLY))
  .describe("How a value is matched: exactly one of WireMock's value matchers.") as z.ZodType<ValuePatternShape>;
export type ValuePattern = ValuePatternShape;
/** The name the first stub format gave it. */
export const ValueMatcherSchema = ValuePatternSchema;
export type ValueMatcher = ValuePattern;

/** `matchesJsonPath: {expression, <matcher>}`: what the expression finds matches the matcher. */
const JsonPathWithMatcherSchema: z.ZodType<{ expression: string } & ValuePatternShape> = z
  .strictObject({ expression: JsonPathExpression.describe("The JSONPath."), ...valueFields })
  .superRefine((pattern, context) => checkValuePattern(pattern, context, VALUE_ONLY)) as z.ZodType<{ expression: string } & ValuePatternShape>;

/** A body pattern: a value matcher over the body, or its bytes (`binaryEqualTo`). */
export const BodyPatternSchema: z.ZodType<ValuePatternShape> = z
  .strictObject(valueFields)
  .superRefine((pattern, context) => checkValuePattern(pattern, context, VALUE_OPERATORS))
  .describe("A pattern the body matches: a value matcher over the body as text or JSON, or binaryEqualTo.") as z.ZodType<ValuePatternShape>;
export type BodyPattern = ValuePatternShape;

/** Where several values can come (a repeated query parameter or header), matchers of the whole set. */
export const MultiValuePatternSchema = z.union([
  z.strictObject({ hasExactly: z.array(ValuePatternSchema).min(1).describe("The values are exactly these, one matcher each, in any order.") }),
  z.strictObject({ includes: z.array(ValuePatternSchema).min(1).describe("Among the values, each of these matchers finds one.") }),
  ValuePatternSchema,
]);
export type MultiValuePattern = z.infer<typeof MultiValuePatternSchema>;

export const BasicAuthSchema = z
  .strictObject({ username: z.string().describe("The user name."), password: z.string().describe("The password.") })
  .describe("The request carries `Authorization: Basic` with these credentials.");

/** A template's names: `/contacts/{contactId}` has contactId. */
export function templateNames(template: string): string[] {
  return [...template.matchAll(/\{([^{}]+)\}/g)].map((found) => found[1]);
}

export const StubRequestSchema = z
  .strictObject({
    method: z
      .string()
      .regex(/^[A-Za-z]+$/, "an HTTP method, or ANY")
      .default("ANY")
      .describe("The HTTP method; ANY matches every one."),
    url: z.string().startsWith("/").optional().describe("The path and query, exactly."),
    urlPattern: Pattern.optional().describe("A regular expression over the path and query."),
    urlPath: z.string().startsWith("/").optional().describe("The path exactly, whatever the query."),
    urlPathPattern: Pattern.optional().describe("A regular expression over the path, whatever the query."),
    urlPathTemplate: z.string().startsWith("/").optional().describe("A path with named segments, `/contacts/{contactId}`, whatever the query; pathParameters match the segments."),
    pathParameters: z.record(z.string(), ValuePatternSchema).optional().describe("With urlPathTemplate: each named segment (decoded), with how it is matched."),
    queryParameters: z.record(z.string(), MultiValuePatternSchema).optional().describe("Query parameters by name, each with how its values are matched."),
    headers: z.record(z.string(), MultiValuePatternSchema).optional().describe("Request headers by name (any case), each with how its values are matched."),
    cookies: z.record(z.string(), ValuePatternSchema).optional().describe("Cookies of the Cookie header by name, each with how its value is matched."),
    formParameters: z.record(z.string(), MultiValuePatternSchema).optional().describe("Fields of an application/x-www-form-urlencoded body by name, each with how its values are matched."),
    basicAuthCredentials: BasicAuthSchema.optional(),
    basicAuth: BasicAuthSchema.optional().describe("The same as basicAuthCredentials, in the spelling of WireMock's documentation, which WireMock also takes."),
    bodyPatterns: z.array(BodyPatternSchema).optional().describe("Patterns the body must all match."),
  })
  .describe("What the mapping matches: at most one of url, urlPattern, urlPath, urlPathPattern and urlPathTemplate.")
  .superRefine((request, context) => {
    const urls = (["url", "urlPattern", "urlPath", "urlPathPattern", "urlPathTemplate"] as const).filter((key) => request[key] !== undefined);
    if (request.basicAuth && request.basicAuthCredentials) context.addIssue({ code: "custom", path: ["basicAuth"], message: "a request has basicAuth or basicAuthCredentials, not both" });
    if (urls.length > 1) context.addIssue({ code: "custom", message: "a request has at most one of url, urlPattern, urlPath, urlPathPattern and urlPathTemplate" });
    if (request.pathParameters !== undefined) {
      if (request.urlPathTemplate === undefined) {
        context.addIssue({ code: "custom", path: ["pathParameters"], message: "pathParameters go with urlPathTemplate" });
        return;
      }
      const names = templateNames(request.urlPathTemplate);
      for (const name of Object.keys(request.pathParameters)) {
        if (!names.includes(name)) context.addIssue({ code: "custom", path: ["pathParameters", name], message: `${request.urlPathTemplate} has no {${name}}` });
      }
    }
  });
export type RequestPattern = z.infer<typeof StubRequestSchema>;
