/**
 * Response templating (sandbox/stubs/template.ts) held to WireMock's own jar: each case of
 * template-cases.json is what WireMock 3.13.2 printed for the template, and the sandbox prints the
 * same; a template WireMock refuses fails here too. Random and clock-bound helpers are checked by shape.
 */
import { describe, expect, it } from "vitest";
import cases from "./template-cases.json";
import { TemplateError, templater } from "./template";

const request = {
  method: "POST",
  url: new URL("http://localhost:18946/h/10/seg?a=1&a=2"),
  headers: new Headers({ "X-One": "one", "content-type": "application/json", cookie: "k=v; other=w" }),
  body: JSON.stringify(cases.body),
};
const NOW = Date.UTC(2021, 5, 14, 10, 0, 0, 123);
const render = templater(request, { now: () => NOW, parameters: { greeting: "hi" } });

describe("templates print what WireMock prints", () => {
  for (const one of cases.cases) {
    if ("fails" in one) {
      it(`${one.template} fails, as in WireMock`, () => expect(() => render(one.template)).toThrow(TemplateError));
    } else {
      // A case where the sandbox differs on purpose says what it prints, and why.
      it(one.template, () => expect(render(one.template)).toBe("sandbox" in one ? one.sandbox : one.wiremock));
    }
  }
});

describe("the request, the parameters and the clock", () => {
  it("reads cookies, the host and port, the path's segments and the mapping's parameters", () => {
    expect(render("{{request.cookies.k}}|{{request.cookies.other}}")).toBe("v|w");
    expect(render("{{request.host}}|{{request.port}}|{{request.scheme}}|{{request.baseUrl}}")).toBe("localhost|18946|http|http://localhost:18946");
    expect(render("{{request.path.[0]}}|{{request.pathSegments.[1]}}|{{request.method}}")).toBe("h|10|POST");
    expect(render("{{parameters.greeting}}")).toBe("hi");
  });

  it("names a urlPathTemplate's parameters", () => {
    const contact = templater({ ...request, url: new URL("http://x.test/contacts/12/addresses/99"), pathTemplate: "/contacts/{contactId}/addresses/{addressId}" });
    expect(contact("{{request.path.contactId}}-{{request.path.addressId}} of {{request.path}}")).toBe("12-99 of /contacts/12/addresses/99");
  });

  it("now reads the sandbox's clock, with an offset and a format", () => {
    expect(render("{{now}}")).toBe("2021-06-14T10:00:00Z");
    expect(render("{{now offset='3 days' format='yyyy-MM-dd'}}")).toBe("2021-06-17");
    expect(render("{{now format='epoch'}}")).toBe(String(NOW));
    expect(render("{{now format='unix'}}")).toBe(String(Math.floor(NOW / 1000)));
    expect(render("{{now timezone='Asia/Macau' format='HH:mm XXX'}}")).toBe("18:00 +08:00");
    expect(render("{{now offset='-1 months' format=\"EEE, d MMM yyyy\"}}")).toBe("Fri, 14 May 2021");
  });

  it("random values have the length and the alphabet asked for", () => {
    expect(render("{{randomValue length=12 type='NUMERIC'}}")).toMatch(/^\d{12}$/);
    expect(render("{{randomValue length=6 type='ALPHABETIC' uppercase=true}}")).toMatch(/^[A-Z]{6}$/);
    expect(render("{{randomValue length=8 type='HEXADECIMAL'}}")).toMatch(/^[0-9a-f]{8}$/);
    expect(render("{{randomValue type='UUID'}}")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(["a", "b"]).toContain(render("{{pickRandom 'a' 'b'}}"));
  });
});

describe("a template is never code", () => {
  it("what the request sends is printed, not compiled again", () => {
    const hostile = templater({ ...request, body: "{{#each (range 1 9999)}}x{{/each}} {{constructor.constructor}}" });
    expect(hostile("{{request.body}}")).toBe("{{#each (range 1 9999)}}x{{/each}} {{constructor.constructor}}");
  });

  it("prototypes are out of reach, and a list is bounded", () => {
    expect(render("{{request.constructor}}|{{request.__proto__}}")).toBe("|");
    expect(() => render("{{range 1 100000000}}")).toThrow(TemplateError);
  });

  it("a pattern runs on RE2: one that needs backtracking is refused, not run", () => {
    expect(() => render("{{matches 'aaa' '(a)\\1'}}")).toThrow(TemplateError);
  });
});
