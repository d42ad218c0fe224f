/**
 * WireMock's value matchers over query parameters, headers, cookies, form fields and the body as
 * text (sandbox/stubs/match-values.ts), each with a request that matches and one that does not, as
 * WireMock 3.13's jar answered the same mapping and request.
 */
import { describe, expect, it } from "vitest";
import { StubRequestSchema } from "#core/controls/stubs";
import { compareRequest, type StubRequest } from "./match";
import { editDistance } from "./match-values";

type Sent = Partial<Omit<StubRequest, "headers">> & { headers?: Record<string, string> };

function compare(request: unknown, sent: Sent = {}) {
  const text = typeof sent.body === "string" ? sent.body : undefined;
  return compareRequest(StubRequestSchema.parse(request), { method: "GET", url: "/t", body: undefined, ...sent, headers: new Headers(sent.headers), text });
}
const matches = (request: unknown, sent: Sent = {}) => compare(request, sent).matched;
const header = (matcher: unknown, value?: string) => matches({ headers: { X: matcher } }, value === undefined ? {} : { headers: { X: value } });

describe("WireMock's value matchers", () => {
  it("equalTo, with caseInsensitive, and its distance an edit distance", () => {
    expect(header({ equalTo: "WireMock" }, "WireMock")).toBe(true);
    expect(header({ equalTo: "WireMock" }, "wiremock")).toBe(false);
    expect(header({ equalTo: "WireMock", caseInsensitive: true }, "wiremock")).toBe(true);
    expect(compare({ headers: { X: { equalTo: "abcd" } } }, { headers: { X: "abcx" } }).conditions[0]).toMatchObject({ field: "header X", matched: false, distance: 0.25 });
    expect(editDistance("kitten", "sitting")).toBeCloseTo(3 / 7);
  });

  it("contains and doesNotContain (an absent value contains nothing)", () => {
    expect(header({ contains: "json" }, "application/json")).toBe(true);
    expect(header({ contains: "json" }, "text/html")).toBe(false);
    expect(header({ doesNotContain: "json" }, "text/html")).toBe(true);
    expect(header({ doesNotContain: "json" }, "application/json")).toBe(false);
    expect(header({ doesNotContain: "json" })).toBe(true);
  });

  it("matches and doesNotMatch over the whole value, . across lines as WireMock's DOTALL", () => {
    expect(header({ matches: "[0-9]+" }, "123")).toBe(true);
    expect(header({ matches: "[0-9]+" }, "123a")).toBe(false);
    expect(header({ doesNotMatch: "[0-9]+" }, "abc")).toBe(true);
    expect(header({ doesNotMatch: "[0-9]+" }, "123")).toBe(false);
    expect(header({ doesNotMatch: "a+" })).toBe(true);
    expect(matches({ bodyPatterns: [{ matches: "first.*second" }] }, { method: "POST", body: "first\nsecond" })).toBe(true);
    // WireMock reads caseInsensitive with equalTo only.
    expect(header({ matches: "A", caseInsensitive: true }, "a")).toBe(false);
    expect(header({ matches: "(?i)A" }, "a")).toBe(true);
  });

  it("absent, whatever its value, and anything", () => {
    expect(header({ absent: true })).toBe(true);
    expect(header({ absent: true }, "here")).toBe(false);
    expect(header({ absent: false })).toBe(true);
    expect(header({ anything: "anything" }, "x")).toBe(true);
    expect(matches({ queryParameters: { q: { absent: true } } }, { url: "/t?q=1" })).toBe(false);
  });

  it("and, or (nested) and not", () => {
    const between = { and: [{ matches: "[a-z]+" }, { or: [{ contains: "mock" }, { equalTo: "stub" }] }] };
    expect(header(between, "wiremock")).toBe(true);
    expect(header(between, "stub")).toBe(true);
    expect(header(between, "wire")).toBe(false);
    expect(header(between, "Wiremock")).toBe(false);
    expect(header({ not: { contains: "x" } }, "abc")).toBe(true);
    expect(header({ not: { contains: "x" } }, "xyz")).toBe(false);
  });

  it("before, after and equalToDateTime, with now and offsets, formats and truncation", () => {
    expect(header({ before: "now +3 days" }, "2020-01-01T00:00:00Z")).toBe(true);
    expect(header({ before: "now -3 days" }, "2999-01-01T00:00:00Z")).toBe(false);
    expect(header({ after: "now", expectedOffset: -1, expectedOffsetUnit: "days" }, "Sun, 29 Nov 2099 00:00:00 GMT")).toBe(true);
    expect(header({ after: "2021-06-01T00:00:00Z", actualFormat: "dd/MM/yyyy" }, "02/06/2021")).toBe(true);
    expect(header({ after: "2021-06-01T00:00:00Z", actualFormat: "dd/MM/yyyy" }, "31/05/2021")).toBe(false);
    expect(header({ equalToDateTime: "2021-06-01T00:00:00Z", truncateActual: "first day of month" }, "2021-06-15T10:00:00Z")).toBe(true);
    expect(header({ equalToDateTime: "2021-06-01T00:00:00Z" }, "2021-06-01T08:00:00+08:00")).toBe(true);
    expect(header({ equalToDateTime: "2021-06-01T00:00:00Z" }, "2021-06-15T10:00:00Z")).toBe(false);
    expect(header({ before: "2021-06-01T00:00:00Z", actualFormat: "unix" }, "1600000000")).toBe(true);
    expect(header({ before: "2021-06-01T00:00:00Z" }, "not a date")).toBe(false);
  });

  it("hasExactly and includes over a repeated query parameter, a single matcher over any of its values", () => {
    const exactly = { queryParameters: { id: { hasExactly: [{ equalTo: "1" }, { equalTo: "2" }] } } };
    expect(matches(exactly, { url: "/t?id=2&id=1" })).toBe(true);
    expect(matches(exactly, { url: "/t?id=2&id=1&id=3" })).toBe(false);
    expect(matches({ queryParameters: { id: { includes: [{ equalTo: "1" }] } } }, { url: "/t?id=2&id=1" })).toBe(true);
    expect(matches({ queryParameters: { id: { includes: [{ equalTo: "4" }] } } }, { url: "/t?id=2&id=1" })).toBe(false);
    expect(matches({ queryParameters: { id: { equalTo: "2" } } }, { url: "/t?id=1&id=2" })).toBe(true);
    expect(matches({ queryParameters: { q: { equalTo: "a b" } } }, { url: "/t?q=a%20b" })).toBe(true);
    // A repeated header reaches the sandbox joined ("1, 2"), so its parts are its values (WireMock would
    // read one line "X: 1, 2" as one value; docs/decisions/035-wiremock-request-matching.md).
    expect(header({ hasExactly: [{ equalTo: "1" }, { equalTo: "2" }] }, "1, 2")).toBe(true);
    expect(header({ equalTo: "2" }, "1, 2")).toBe(true);
  });

  it("cookies, form parameters and basic auth", () => {
    expect(matches({ cookies: { s: { equalTo: "1" } } }, { headers: { cookie: "a=2; s=1" } })).toBe(true);
    expect(matches({ cookies: { s: { equalTo: "1" } } }, { headers: { cookie: "s=2" } })).toBe(false);
    expect(matches({ cookies: { s: { absent: true } } }, { headers: { cookie: "a=1" } })).toBe(true);
    const form = { method: "POST", formParameters: { s: { equalTo: "a b" }, n: { includes: [{ equalTo: "2" }] } } };
    expect(matches(form, { method: "POST", body: "s=a+b&n=1&n=2" })).toBe(true);
    expect(matches(form, { method: "POST", body: "s=a%20b&n=1" })).toBe(false);
    const auth = { basicAuthCredentials: { username: "u", password: "p" } };
    expect(matches(auth, { headers: { authorization: `Basic ${btoa("u:p")}` } })).toBe(true);
    expect(matches(auth, { headers: { authorization: `Basic ${btoa("u:q")}` } })).toBe(false);
    expect(matches(auth)).toBe(false);
    // The spelling of WireMock's documentation, which WireMock takes too.
    expect(matches({ basicAuth: { username: "u", password: "p" } }, { headers: { authorization: `Basic ${btoa("u:p")}` } })).toBe(true);
    expect(matches({ basicAuth: { username: "u", password: "p" } }, { headers: { authorization: `Basic ${btoa("u:q")}` } })).toBe(false);
  });

  it("the body as text, and its bytes (binaryEqualTo)", () => {
    expect(matches({ bodyPatterns: [{ contains: "Cancel newspaper" }, { doesNotContain: "milk" }] }, { body: "<item>Cancel newspaper</item>" })).toBe(true);
    expect(matches({ bodyPatterns: [{ equalTo: "hi" }] }, { body: "hi!" })).toBe(false);
    expect(matches({ bodyPatterns: [{ binaryEqualTo: "aGk=" }] }, { body: "hi" })).toBe(true);
    expect(matches({ bodyPatterns: [{ binaryEqualTo: "aGk=" }] }, { body: "ho" })).toBe(false);
  });

  it("weighs the URL and the method above the rest, as WireMock's near misses do", () => {
    const wanted = { method: "POST", urlPath: "/orders", headers: { X: { equalTo: "1" } } };
    const wrongHeader = compare(wanted, { method: "POST", url: "/orders", headers: { X: "2" } });
    const wrongUrl = compare(wanted, { method: "POST", url: "/refunds", headers: { X: "1" } });
    expect(wrongHeader.distance).toBeLessThan(wrongUrl.distance);
    expect(compare(wanted, { method: "POST", url: "/orders", headers: { X: "1" } })).toMatchObject({ matched: true, distance: 0 });
  });
});
