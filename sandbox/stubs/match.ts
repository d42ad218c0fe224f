/**
 * Whether a request is what a mapping's `request` names (core/controls/wiremock/request.ts), as
 * WireMock matches: every condition the mapping names must hold.
 */
import { JSONPath } from "jsonpath-plus";
import type { BodyPattern, StubMapping, ValueMatcher } from "#core/controls/stubs";
import { wholeMatch } from "#core/text/whole-match";

/** A request as the stubs see it; `body` is the parsed JSON, else the text (the opened body for secure calls). */
export interface StubRequest {
  method: string;
  /** The path and query as sent. */
  url: string;
  headers: Headers;
  body: unknown;
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
  /** The mean of the conditions' distances: how close the request came (0 a match). */
  distance: number;
  conditions: Condition[];
}

/** Every condition a mapping's request names, each as the request met it (near misses read this). */
export function compareRequest(wanted: StubMapping["request"], request: StubRequest): RequestComparison {
  const url = new URL(request.url, "http://stub.invalid");
  const pathAndQuery = url.pathname + url.search;
  const conditions: Condition[] = [];
  const add = (field: string, matched: boolean, expected: string, actual: string) => conditions.push({ field, matched, distance: matched ? 0 : 1, expected, actual });
  if (wanted.method !== "ANY") add("method", wanted.method === request.method.toUpperCase(), wanted.method, request.method);
  if (wanted.url !== undefined) add("url", wanted.url === pathAndQuery, wanted.url, pathAndQuery);
  if (wanted.urlPattern !== undefined) add("url", wholeMatch(wanted.urlPattern, pathAndQuery), `~${wanted.urlPattern}`, pathAndQuery);
  if (wanted.urlPath !== undefined) add("url", wanted.urlPath === url.pathname, wanted.urlPath, url.pathname);
  if (wanted.urlPathPattern !== undefined) add("url", wholeMatch(wanted.urlPathPattern, url.pathname), `~${wanted.urlPathPattern}`, url.pathname);
  for (const [name, matcher] of Object.entries(wanted.queryParameters ?? {})) {
    const values = url.searchParams.getAll(name);
    add(
      `query ${name}`,
      values.some((value) => valueMatches(matcher, value)),
      JSON.stringify(matcher),
      values.join(", ") || "(absent)",
    );
  }
  for (const [name, matcher] of Object.entries(wanted.headers ?? {})) {
    const value = request.headers.get(name);
    add(`header ${name}`, value !== null && valueMatches(matcher, value), JSON.stringify(matcher), value ?? "(absent)");
  }
  for (const pattern of wanted.bodyPatterns ?? []) {
    add("body", bodyMatches(pattern, request.body), JSON.stringify(pattern), typeof request.body === "string" ? request.body : JSON.stringify(request.body ?? ""));
  }
  const distance = conditions.length === 0 ? 0 : conditions.reduce((sum, condition) => sum + condition.distance, 0) / conditions.length;
  return { matched: conditions.every((condition) => condition.matched), distance, conditions };
}

export function requestMatches(wanted: StubMapping["request"], request: StubRequest): boolean {
  return compareRequest(wanted, request).matched;
}

function valueMatches(matcher: ValueMatcher, value: string): boolean {
  const fold = (text: string) => (matcher.caseInsensitive ? text.toLowerCase() : text);
  if (matcher.equalTo !== undefined) return fold(value) === fold(matcher.equalTo);
  if (matcher.contains !== undefined) return fold(value).includes(fold(matcher.contains));
  if (matcher.matches !== undefined) return wholeMatch(matcher.matches, value, matcher.caseInsensitive);
  return false;
}

function bodyMatches(pattern: BodyPattern, body: unknown): boolean {
  if ("equalTo" in pattern || "contains" in pattern || "matches" in pattern) {
    const text = typeof body === "string" ? body : body === undefined ? "" : JSON.stringify(body);
    return valueMatches(pattern, text);
  }
  const json = typeof body === "string" ? parseJson(body) : body;
  if (json === undefined) return false;
  if ("matchesJsonPath" in pattern) {
    try {
      return JSONPath({ path: pattern.matchesJsonPath, json: json as object, wrap: true }).length > 0;
    } catch {
      return false;
    }
  }
  const expected = typeof pattern.equalToJson === "string" ? parseJson(pattern.equalToJson) : pattern.equalToJson;
  return expected !== undefined && jsonEqual(expected, json, { ignoreArrayOrder: pattern.ignoreArrayOrder ?? false, ignoreExtraElements: pattern.ignoreExtraElements ?? false });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** JSON equality as WireMock's equalToJson: numbers by value, and the two leniencies it offers. */
export function jsonEqual(expected: unknown, actual: unknown, options: { ignoreArrayOrder: boolean; ignoreExtraElements: boolean }): boolean {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return false;
    if (!options.ignoreExtraElements && actual.length !== expected.length) return false;
    if (!options.ignoreArrayOrder) return expected.every((item, index) => jsonEqual(item, actual[index], options));
    const unused = [...actual];
    return expected.every((item) => {
      const found = unused.findIndex((candidate) => jsonEqual(item, candidate, options));
      if (found < 0) return false;
      unused.splice(found, 1);
      return true;
    });
  }
  if (expected !== null && typeof expected === "object") {
    if (actual === null || typeof actual !== "object" || Array.isArray(actual)) return false;
    const want = expected as Record<string, unknown>;
    const got = actual as Record<string, unknown>;
    if (!options.ignoreExtraElements && Object.keys(got).length !== Object.keys(want).length) return false;
    return Object.entries(want).every(([key, value]) => key in got && jsonEqual(value, got[key], options));
  }
  return expected === actual;
}
