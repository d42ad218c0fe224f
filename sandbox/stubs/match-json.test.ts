/**
 * The JSON body matchers (sandbox/stubs/match-json.ts, core/text/json-path.ts) as WireMock 3.13's jar
 * answered the same mapping and body: equalToJson with its leniencies and JsonUnit's placeholders,
 * and matchesJsonPath read as Jayway reads it, among them the mappings issue 46 found loaded but
 * never matching (a filter over an object, `=~ /Required.*\/i`, `size()`, placeholders).
 */
import { describe, expect, it } from "vitest";
import { StubRequestSchema } from "#core/controls/stubs";
import { compareRequest } from "./match";

/** Whether a POST of this body matches these body patterns; a body object is sent as JSON. */
function matches(bodyPatterns: unknown[], body: unknown, { parsed = false } = {}): boolean {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  // The secure gateway hands the opened body already parsed; plain calls hand the text too.
  const request = parsed ? { body } : { body: typeof body === "string" ? body : body, text };
  return compareRequest(StubRequestSchema.parse({ method: "POST", bodyPatterns }), { method: "POST", url: "/t", headers: new Headers(), ...request }).matched;
}
const path = (expression: unknown, body: unknown) => matches([{ matchesJsonPath: expression }], body);

describe("equalToJson", () => {
  it("as a value or as a JSON text, numbers by value", () => {
    expect(matches([{ equalToJson: { a: 1, b: [1, 2] } }], { b: [1, 2], a: 1.0 })).toBe(true);
    expect(matches([{ equalToJson: '{"a": 1}' }], '{ "a" : 1 }')).toBe(true);
    expect(matches([{ equalToJson: { a: 1 } }], { a: 1, b: 2 })).toBe(false);
    expect(matches([{ equalToJson: { a: 1 } }], "not json")).toBe(false);
  });

  it("ignoreArrayOrder and ignoreExtraElements (extra elements of a list only at its end)", () => {
    expect(matches([{ equalToJson: [1, 2], ignoreArrayOrder: true }], [2, 1])).toBe(true);
    expect(matches([{ equalToJson: [1, 2] }], [2, 1])).toBe(false);
    expect(matches([{ equalToJson: [1, 2], ignoreExtraElements: true }], [1, 2, 3])).toBe(true);
    expect(matches([{ equalToJson: [1, 2], ignoreExtraElements: true }], [1, 3, 2])).toBe(false);
    expect(matches([{ equalToJson: { a: 1 }, ignoreExtraElements: true }], { a: 1, b: 2 })).toBe(true);
  });

  it("JsonUnit's placeholders", () => {
    const placeholders = { a: "${json-unit.any-string}", n: "${json-unit.any-number}", b: "${json-unit.any-boolean}", i: "${json-unit.ignore}", r: "${json-unit.regex}[0-9]+" };
    expect(matches([{ equalToJson: placeholders }], { a: "x", n: 1.5, b: false, i: [1], r: "123" })).toBe(true);
    expect(matches([{ equalToJson: { a: "${json-unit.any-string}" } }], { a: 1 })).toBe(false);
    expect(matches([{ equalToJson: { a: "${json-unit.any-string}" } }], { a: null })).toBe(false);
    expect(matches([{ equalToJson: { a: "${json-unit.any-string}", i: "${json-unit.ignore}" } }], { a: "x" })).toBe(false);
    expect(matches([{ equalToJson: { r: "${json-unit.regex}[0-9]" } }], { r: "123" })).toBe(false);
    expect(matches([{ equalToJson: { r: "${json-unit.regex}[0-9]+" } }], { r: 123 })).toBe(false);
  });

  it("on the secure gateway's opened body, parsed already", () => {
    expect(matches([{ equalToJson: { task_no: "T9" }, ignoreExtraElements: true }], { task_no: "T9", cust: "C1" }, { parsed: true })).toBe(true);
    expect(matches([{ matchesJsonPath: "$[?(@.task_no == 'T9')]" }], { task_no: "T8" }, { parsed: true })).toBe(false);
  });
});

describe("matchesJsonPath as Jayway reads it", () => {
  it("a filter over an object tests the object itself", () => {
    const required = "$.things[?(@.name == 'RequiredThing')]";
    expect(path(required, { things: { name: "RequiredThing" } })).toBe(true);
    expect(path(required, { things: { name: "Other" } })).toBe(false);
    expect(path(required, { things: [{ name: "Other" }, { name: "RequiredThing" }] })).toBe(true);
  });

  it("=~ matches the whole text, on RE2, with the i flag", () => {
    expect(path("$.things[?(@.name =~ /Required.*/i)]", { things: [{ name: "requiredX" }] })).toBe(true);
    expect(path("$.things[?(@.name =~ /Required/)]", { things: [{ name: "RequiredX" }] })).toBe(false);
  });

  it("size() and length(), in a filter and at the end of a path", () => {
    expect(path("$[?(@.things.size() == 2)]", { things: [1, 2] })).toBe(true);
    expect(path("$[?(@.things.size() == 2)]", { things: [1, 2, 3] })).toBe(false);
    expect(path("$.things.length()", { things: [1, 2] })).toBe(true);
    expect(path({ expression: "$.things.size()", equalTo: "2" }, { things: [1, 2] })).toBe(true);
    expect(path({ expression: "$.things.size()", equalTo: "2" }, { things: [1] })).toBe(false);
  });

  it("every filter operator", () => {
    const one = (filter: string, item: unknown) => path(`$.a[?(${filter})]`, { a: [item] });
    expect(one("@.n != 'x'", { other: 1 })).toBe(true);
    expect(one("@.n == '1'", { n: 1 })).toBe(true);
    expect(one("@.n == 2", { n: 1 })).toBe(false);
    expect(one("@.n < 2 && @.n <= 1", { n: 1 })).toBe(true);
    expect(one("@.n <= 1 || @.n > 5", { n: 3 })).toBe(false);
    expect(one("@.n >= 3", { n: 3 })).toBe(true);
    expect(one("@.s < 2", { s: "1" })).toBe(false);
    expect(one("@.n in [1,2]", { n: 2 })).toBe(true);
    expect(one("@.n nin [1]", { n: 1 })).toBe(false);
    expect(one("@.n subsetof [1,2]", { n: [2] })).toBe(true);
    expect(one("@.n subsetof [1,2]", { n: [3] })).toBe(false);
    expect(one('@.tags anyof ["x"]', { tags: ["x", "y"] })).toBe(true);
    expect(one('@.tags noneof ["x"]', { tags: ["x", "y"] })).toBe(false);
    expect(one("@.n size 2", { n: "ab" })).toBe(true);
    expect(one("@.n size 2", { n: [1] })).toBe(false);
    expect(one("@.n empty true", { n: [] })).toBe(true);
    expect(one("@.s empty false", { s: "" })).toBe(false);
    expect(one("@.n", { n: null })).toBe(true);
    expect(one("!@.n", { n: null })).toBe(false);
  });

  it("a path that finds nothing, null, an empty list or an empty object does not match", () => {
    expect(path("$.items", { items: [] })).toBe(false);
    expect(path("$.items", { items: {} })).toBe(false);
    expect(path("$.items", { items: null })).toBe(false);
    expect(path("$.items", { other: 1 })).toBe(false);
    expect(path("$.a", { a: false })).toBe(true);
    expect(path("$.a", { a: "" })).toBe(true);
    expect(path("$..n", { things: [{ x: { n: 0 } }] })).toBe(true);
    expect(path("$.a", "not json")).toBe(false);
  });

  it("with a sub-matcher: what the path finds, as text", () => {
    expect(path({ expression: "$.name", matches: "Required.*" }, { name: "RequiredThing" })).toBe(true);
    expect(path({ expression: "$.name", contains: "Other" }, { name: "RequiredThing" })).toBe(false);
    expect(path({ expression: "$.things", equalToJson: { a: 1 } }, { things: { a: 1 } })).toBe(true);
    expect(path({ expression: "$.things", equalToJson: "[1,2]" }, { things: [1, 2] })).toBe(true);
    expect(path({ expression: "$.things[*].n", contains: "b" }, { things: [{ n: "a" }, { n: "abc" }] })).toBe(true);
    expect(path({ expression: "$.things[*].n", equalTo: "2" }, { things: [{ n: 1 }, { n: 3 }] })).toBe(false);
    expect(path({ expression: "$.n", doesNotMatch: "[0-9]+" }, { n: 12 })).toBe(false);
    expect(path({ expression: "$.n", absent: true }, { n: null })).toBe(true);
    expect(path({ expression: "$.missing", absent: true }, { n: 1 })).toBe(true);
    expect(path({ expression: "$.n", absent: true }, { n: 1 })).toBe(false);
    expect(path({ expression: "$.d", before: "now" }, { d: "2020-01-01T00:00:00Z" })).toBe(true);
  });

  it("slices, indexes, names, wildcards and deep scans", () => {
    expect(path({ expression: "$.a[-1]", equalTo: "3" }, { a: [1, 2, 3] })).toBe(true);
    expect(path({ expression: "$.a[1:]", equalToJson: [2, 3] }, { a: [1, 2, 3] })).toBe(true);
    // Several names find one object of them, not a list.
    expect(path({ expression: "$['a','b']", equalTo: "2" }, { a: 1, b: 2, c: 3 })).toBe(false);
    expect(path({ expression: "$['a','b']", equalToJson: { a: 1, b: 2 } }, { a: 1, b: 2, c: 3 })).toBe(true);
    expect(path({ expression: "$.a.*", equalTo: "2" }, { a: { x: 1, y: 2 } })).toBe(true);
    expect(path("$..[?(@.id == 2)]", { a: [{ id: 1 }, { c: { id: 2 } }] })).toBe(true);
    expect(path("$..[?(@.id == 3)]", { a: [{ id: 1 }, { c: { id: 2 } }] })).toBe(false);
  });
});
