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

export function requestMatches(wanted: StubMapping["request"], request: StubRequest): boolean {
  const url = new URL(request.url, "http://stub.invalid");
  if (wanted.method !== "ANY" && wanted.method !== request.method.toUpperCase()) return false;
  const pathAndQuery = url.pathname + url.search;
  if (wanted.url !== undefined && wanted.url !== pathAndQuery) return false;
  if (wanted.urlPattern !== undefined && !wholeMatch(wanted.urlPattern, pathAndQuery)) return false;
  if (wanted.urlPath !== undefined && wanted.urlPath !== url.pathname) return false;
  if (wanted.urlPathPattern !== undefined && !wholeMatch(wanted.urlPathPattern, url.pathname)) return false;
  for (const [name, matcher] of Object.entries(wanted.queryParameters ?? {})) {
    if (!url.searchParams.getAll(name).some((value) => valueMatches(matcher, value))) return false;
  }
  for (const [name, matcher] of Object.entries(wanted.headers ?? {})) {
    const value = request.headers.get(name);
    if (value === null || !valueMatches(matcher, value)) return false;
  }
  return (wanted.bodyPatterns ?? []).every((pattern) => bodyMatches(pattern, request.body));
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
