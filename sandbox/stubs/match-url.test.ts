/**
 * The URL and method matchers (sandbox/stubs/match.ts), and what the request schema refuses at load
 * (core/controls/wiremock/request.ts): XML matching, named with the feature, and what could never run
 * or never match.
 */
import { describe, expect, it } from "vitest";
import { StubFileSchema, StubRequestSchema } from "#core/controls/stubs";
import { compareRequest } from "./match";

const matches = (request: unknown, url: string, method = "GET") => compareRequest(StubRequestSchema.parse(request), { method, url, headers: new Headers(), body: undefined }).matched;

/** The messages a mapping file is refused with, each after its path. */
function refusals(request: unknown): string[] {
  const parsed = StubFileSchema.safeParse({ request, response: { status: 200 } });
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe("the URL and the method", () => {
  it("method, ANY, and a method WireMock knows beyond the usual", () => {
    expect(matches({ method: "POST", url: "/t" }, "/t", "POST")).toBe(true);
    expect(matches({ method: "POST", url: "/t" }, "/t", "GET")).toBe(false);
    expect(matches({ method: "ANY", url: "/t" }, "/t", "DELETE")).toBe(true);
    expect(matches({ method: "PROPFIND", url: "/t" }, "/t", "PROPFIND")).toBe(true);
  });

  it("url is the path and query exactly; urlPath the path whatever the query", () => {
    expect(matches({ url: "/some/thing?x=1" }, "/some/thing?x=1")).toBe(true);
    expect(matches({ url: "/some/thing" }, "/some/thing?x=1")).toBe(false);
    expect(matches({ urlPath: "/some/thing" }, "/some/thing?x=1")).toBe(true);
    expect(matches({ urlPath: "/some/thing" }, "/some/other")).toBe(false);
  });

  it("urlPattern over the path and query, urlPathPattern over the path, each whole", () => {
    expect(matches({ urlPattern: "/api/.*" }, "/api/x?y=1")).toBe(true);
    expect(matches({ urlPattern: "/api/[a-z]+" }, "/api/x?y=1")).toBe(false);
    expect(matches({ urlPathPattern: "/api/[a-z]+" }, "/api/x?y=1")).toBe(true);
    expect(matches({ urlPathPattern: "/api" }, "/api/x")).toBe(false);
  });

  it("urlPathTemplate with pathParameters, each segment as sent", () => {
    const contact = { urlPathTemplate: "/contacts/{contactId}/addresses/{addressId}", pathParameters: { contactId: { equalTo: "12345" }, addressId: { matches: "[0-9]+" } } };
    expect(matches(contact, "/contacts/12345/addresses/99?full=1")).toBe(true);
    expect(matches(contact, "/contacts/12345/addresses/main")).toBe(false);
    expect(matches(contact, "/contacts/12345/addresses")).toBe(false);
    expect(matches({ urlPathTemplate: "/c/{id}" }, "/c/5/6")).toBe(false);
    expect(matches({ urlPathTemplate: "/c/{id}.json", pathParameters: { id: { equalTo: "5" } } }, "/c/5.json")).toBe(true);
    expect(matches({ urlPathTemplate: "/c/{id}", pathParameters: { id: { equalTo: "a%20b" } } }, "/c/a%20b")).toBe(true);
  });

  it("an URL one character off is nearer than one with nothing in common", () => {
    const near = compareRequest(StubRequestSchema.parse({ urlPath: "/api/orders" }), { method: "GET", url: "/api/order", headers: new Headers(), body: undefined });
    const far = compareRequest(StubRequestSchema.parse({ urlPath: "/api/orders" }), { method: "GET", url: "/zzz", headers: new Headers(), body: undefined });
    expect(near.matched).toBe(false);
    expect(near.distance).toBeLessThan(far.distance);
  });
});

describe("refused at load, saying why", () => {
  it("XML matching, named with the feature", () => {
    expect(refusals({ bodyPatterns: [{ equalToXml: "<a/>" }] })).toEqual([
      "request.bodyPatterns.0.equalToXml: equalToXml (XML matching) is not served by the sandbox; match the body as text (contains, matches) or use WireMock itself for it",
    ]);
    expect(refusals({ bodyPatterns: [{ matchesXPath: "/todo-list[count(todo-item) = 3]" }] })).toEqual([
      expect.stringMatching(/^request\.bodyPatterns\.0\.matchesXPath: matchesXPath \(XPath matching over XML\) is not served/),
    ]);
    expect(refusals({ bodyPatterns: [{ equalToXml: "<a/>", enablePlaceholders: true }] })).toEqual([
      expect.stringContaining("equalToXml (XML matching) is not served"),
      expect.stringContaining("enablePlaceholders (equalToXml's placeholders, XML matching) is not served"),
    ]);
    expect(refusals({ headers: { X: { matchesXPath: { expression: "//a", equalTo: "1" } } } })).toEqual([expect.stringContaining("matchesXPath (XPath matching over XML) is not served")]);
    expect(refusals({ bodyPatterns: [{ matchesJsonSchema: { type: "object" } }] })).toEqual([expect.stringContaining("matchesJsonSchema (JSON Schema matching) is not served")]);
  });

  it("matchesJsonPath with a sub-matcher loads (it once got the wrong message)", () => {
    expect(refusals({ bodyPatterns: [{ matchesJsonPath: { expression: "$.name", contains: "Required" } }] })).toEqual([]);
  });

  it("a pattern RE2 cannot run, wherever it is: matches, =~ in a JSONPath, ${json-unit.regex}", () => {
    expect(refusals({ headers: { X: { doesNotMatch: "(a)\\1" } } })).toEqual([expect.stringMatching(/^request\.headers\.X\.doesNotMatch: not a regular expression that runs in linear time/)]);
    expect(refusals({ bodyPatterns: [{ matchesJsonPath: "$[?(@.a =~ /(x)\\1/)]" }] })).toEqual([
      expect.stringMatching(/^request\.bodyPatterns\.0\.matchesJsonPath: =~ \/\(x\)\\1\/: not a regular expression that runs in linear time/),
    ]);
    expect(refusals({ bodyPatterns: [{ equalToJson: { a: "${json-unit.regex}(?=x)" } }] })).toEqual([expect.stringMatching(/equalToJson: \$\{json-unit\.regex\}\(\?=x\): not a regular expression/)]);
  });

  it("a JSONPath this engine cannot read, a matcher with two operators, pathParameters the template lacks", () => {
    expect(refusals({ bodyPatterns: [{ matchesJsonPath: "$.a[?(@.b ~~ 1)]" }] })).toEqual([expect.stringMatching(/^request\.bodyPatterns\.0\.matchesJsonPath: .* at character/)]);
    expect(refusals({ bodyPatterns: [{ matchesJsonPath: "$.a.nofunction()" }] })).toEqual([expect.stringContaining("the function nofunction() is not one of")]);
    expect(refusals({ queryParameters: { q: { equalTo: "1", contains: "1" } } })).toEqual([
      expect.stringMatching(/^request\.queryParameters\.q: a matcher has exactly one of .*; this one has equalTo and contains/),
    ]);
    expect(refusals({ urlPathTemplate: "/c/{id}", pathParameters: { other: { equalTo: "1" } } })).toEqual(["request.pathParameters.other: /c/{id} has no {other}"]);
    expect(refusals({ urlPath: "/c/1", pathParameters: { id: { equalTo: "1" } } })).toEqual(["request.pathParameters: pathParameters go with urlPathTemplate"]);
    expect(refusals({ headers: { D: { before: "now", expectedOffset: 1 } } })).toEqual(["request.headers.D: expectedOffset and expectedOffsetUnit go together"]);
    expect(refusals({ headers: { D: { equalTo: "x", actualFormat: "unix" } } })).toEqual(["request.headers.D.actualFormat: actualFormat goes with before, after or equalToDateTime"]);
  });
});
