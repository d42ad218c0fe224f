/**
 * Whether a request is what a mapping's `request` names (core/controls/wiremock/request.ts), as
 * WireMock 3 matches: every condition the mapping names must hold. Each condition also says how far
 * the request was from it, as WireMock's near misses measure (sandbox/stubs/match-values.ts), so the
 * closest stub is the one a person would name.
 */
import type { StubMapping } from "#core/controls/stubs";
import { templateNames } from "#core/controls/stubs";
import { wholeMatch } from "#core/text/whole-match";
import { editDistance, matchJsonValue, matchValue, matchValues, type Verdict } from "./match-values";

export { jsonEqual } from "./match-json";

/** A request as the stubs see it; `body` is the parsed JSON, else the text (the opened body for secure calls). */
export interface StubRequest {
  method: string;
  /** The path and query as sent. */
  url: string;
  headers: Headers;
  body: unknown;
  /** The body as sent, when it was text; the text matchers read it (else the body written as JSON). */
  text?: string;
}

/** One condition of a mapping's request, as a request met it. */
export interface Condition {
  /** Which condition, as WireMock's near-miss report names it: "method", "url", "query tab", "header Accept", "body". */
  field: string;
  matched: boolean;
  /** 0 when it matched, up to 1 when it is as far as it can be. */
  distance: number;
  /** What the mapping wants, and what the request had, in one line each. */
  expected: string;
  actual: string;
}

export interface RequestComparison {
  matched: boolean;
  /**
   * How close the request came (0 a match): the conditions' distances averaged with WireMock's
   * weights, the URL ten times and the method three times any other condition.
   */
  distance: number;
  conditions: Condition[];
}

const WEIGHTS: Record<string, number> = { url: 10, method: 3 };

/** Every condition a mapping's request names, each as the request met it (near misses read this). */
export function compareRequest(wanted: StubMapping["request"], request: StubRequest): RequestComparison {
  const url = new URL(request.url, "http://stub.invalid");
  const pathAndQuery = url.pathname + url.search;
  const conditions: Condition[] = [];
  const add = (field: string, { matched, distance }: Verdict, expected: string, actual: string) =>
    conditions.push({ field, matched, distance: matched ? 0 : Math.max(distance, 0.01), expected, actual });
  const equal = (expected: string, actual: string): Verdict => ({ matched: expected === actual, distance: editDistance(expected, actual) });
  const pattern = (source: string, actual: string): Verdict => ({ matched: wholeMatch(`(?s)${source}`, actual), distance: 1 });
  const method = request.method.toUpperCase();
  const wantedMethod = wanted.method.toUpperCase();
  if (wantedMethod !== "ANY") add("method", { matched: wantedMethod === method, distance: 1 }, wantedMethod, method);
  if (wanted.url !== undefined) add("url", equal(wanted.url, pathAndQuery), wanted.url, pathAndQuery);
  if (wanted.urlPattern !== undefined) add("url", pattern(wanted.urlPattern, pathAndQuery), `~${wanted.urlPattern}`, pathAndQuery);
  if (wanted.urlPath !== undefined) add("url", equal(wanted.urlPath, url.pathname), wanted.urlPath, url.pathname);
  if (wanted.urlPathPattern !== undefined) add("url", pattern(wanted.urlPathPattern, url.pathname), `~${wanted.urlPathPattern}`, url.pathname);
  if (wanted.urlPathTemplate !== undefined) {
    const values = templateValues(wanted.urlPathTemplate, url.pathname);
    add("url", values ? { matched: true, distance: 0 } : { matched: false, distance: Math.max(0.1, editDistance(wanted.urlPathTemplate, url.pathname)) }, wanted.urlPathTemplate, url.pathname);
    for (const [name, matcher] of Object.entries(wanted.pathParameters ?? {})) {
      const value = values?.get(name);
      add(`path parameter ${name}`, matchValue(matcher, value), describe(matcher), value ?? "(absent)");
    }
  }
  for (const [name, matcher] of Object.entries(wanted.queryParameters ?? {})) {
    const values = url.searchParams.getAll(name);
    add(`query ${name}`, matchValues(matcher, values), describe(matcher), values.join(", ") || "(absent)");
  }
  for (const [name, matcher] of Object.entries(wanted.headers ?? {})) {
    const value = request.headers.get(name);
    // A fetch Headers joins a repeated header's values with ", ": each part is a value, and so is the whole.
    const parts = value === null ? [] : value.split(/,\s*/);
    const values = value === null ? [] : "hasExactly" in matcher || "includes" in matcher ? parts : [...new Set([value, ...parts])];
    add(`header ${name}`, matchValues(matcher, values), describe(matcher), value ?? "(absent)");
  }
  const credentials = wanted.basicAuthCredentials ?? wanted.basicAuth;
  if (credentials) {
    const { username, password } = credentials;
    const expected = `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;
    const actual = request.headers.get("authorization");
    add("header Authorization", actual === null ? { matched: false, distance: 1 } : equal(expected, actual), expected, actual ?? "(absent)");
  }
  const cookies = cookiesOf(request.headers.get("cookie"));
  for (const [name, matcher] of Object.entries(wanted.cookies ?? {})) {
    add(`cookie ${name}`, matchValue(matcher, cookies.get(name)), describe(matcher), cookies.get(name) ?? "(absent)");
  }
  const text = request.text ?? (typeof request.body === "string" ? request.body : request.body === undefined ? "" : JSON.stringify(request.body));
  if (wanted.formParameters) {
    const form = new URLSearchParams(text);
    for (const [name, matcher] of Object.entries(wanted.formParameters)) {
      const values = form.getAll(name);
      add(`form ${name}`, matchValues(matcher, values), describe(matcher), values.join(", ") || "(absent)");
    }
  }
  for (const body of wanted.bodyPatterns ?? []) {
    const parsed = typeof request.body === "string" ? undefined : request.body;
    // A body already parsed (the secure gateway's opened one) is matched as JSON without a round trip.
    const verdict = parsed !== undefined && (body.equalToJson !== undefined || body.matchesJsonPath !== undefined) ? matchJsonValue(body, parsed) : matchValue(body, text);
    add("body", verdict, describe(body), text);
  }
  const weight = (condition: Condition) => WEIGHTS[condition.field] ?? 1;
  const total = conditions.reduce((sum, condition) => sum + weight(condition), 0);
  const distance = total === 0 ? 0 : conditions.reduce((sum, condition) => sum + weight(condition) * condition.distance, 0) / total;
  return { matched: conditions.every((condition) => condition.matched), distance, conditions };
}

export function requestMatches(wanted: StubMapping["request"], request: StubRequest): boolean {
  return compareRequest(wanted, request).matched;
}

const describe = (matcher: unknown) => JSON.stringify(matcher);

function cookiesOf(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of (header ?? "").split(";")) {
    const at = pair.indexOf("=");
    if (at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  return cookies;
}

/**
 * The named segments of a path that fits a template (`/contacts/{contactId}` and `/contacts/12`
 * give contactId 12, as sent: WireMock does not decode it), or undefined when it does not fit: each `{name}` takes text within
 * one segment, the rest of the template is literal.
 */
export function templateValues(template: string, path: string): Map<string, string> | undefined {
  const wanted = template.split("/");
  const actual = path.split("/");
  if (wanted.length !== actual.length) return undefined;
  const values = new Map<string, string>();
  for (const [index, segment] of wanted.entries()) {
    const names = templateNames(segment);
    if (names.length === 0) {
      if (segment !== actual[index]) return undefined;
      continue;
    }
    // Literal text between the names; each name takes what lies between its neighbours.
    const literals = segment.split(/\{[^{}]+\}/);
    let rest = actual[index];
    if (!rest.startsWith(literals[0])) return undefined;
    rest = rest.slice(literals[0].length);
    for (const [at, name] of names.entries()) {
      const next = literals[at + 1];
      const end = next === "" ? (at === names.length - 1 ? rest.length : -1) : rest.indexOf(next);
      if (end <= 0) return undefined;
      values.set(name, rest.slice(0, end));
      rest = rest.slice(end + next.length);
    }
    if (rest !== "") return undefined;
  }
  return values;
}
