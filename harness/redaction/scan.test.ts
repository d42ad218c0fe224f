/** The secret scan that backs the redaction up, and its detectors. */
import { describe, expect, it } from "vitest";
import { jsonPath } from "#harness/recording";
import { redactValue } from "./redact";
import { rulesWith, type RedactionRule } from "./rules";
import { findSecrets, mask } from "./scan";

const rules = rulesWith();
const reply = (value: unknown) => redactValue(value, rules, "response");
const JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJtcGF5LTEwMDEifQ.Kq3V9xg2Qd0uO7nW1yT5cA8bR4eZ6fH2jL0mP3sV7wX";
const PEM = "-----BEGIN PRIVATE KEY-----\nMIICdgIBADANBgkqhkiG9w0BAQEFAASCAmAwggJcAgEAAoGBAK\n-----END PRIVATE KEY-----";
const MD5 = "9F86D081884C7D659A2FEAA0C55AD015";

describe("findSecrets", () => {
  it("catches a planted token, a phone number and a PEM key, with their JSONPath, masked", () => {
    const findings = findSecrets({
      response: { body: { data: { list: [{ note: `token ${JWT}` }], contact: "call +853 6612 3456", key: PEM } } },
    });
    expect(findings.map(({ pattern, path }) => ({ pattern, path }))).toEqual([
      { pattern: "jwt", path: "$.response.body.data.list[0].note" },
      { pattern: "phone-number", path: "$.response.body.data.contact" },
      { pattern: "pem-block", path: "$.response.body.data.key" },
    ]);
    const printed = JSON.stringify(findings);
    expect(printed).not.toContain(JWT);
    expect(printed).not.toContain("6612 3456");
  });

  it("catches hex and base64 runs, bearer tokens and values under sensitive names", () => {
    const findings = findSecrets({
      digest: MD5.toLowerCase(),
      hmac: "b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9",
      blob: "q8Zt3Lw0XvPn7RkYb2HcJ5mVd9SgA1eUo4Ff6Ti", // base64, 40 random characters
      auth: "Bearer sbx_aGVsbG8td29ybGQ",
      token: "sbx_short",
      mobile: 66123456,
    });
    expect(findings.map((finding) => finding.pattern)).toEqual(["hex-run", "hex-run", "base64-run", "bearer-token", "sensitive-field:token", "sensitive-field:phone"]);
  });

  it("looks inside JSON held in a text (a HAR comment, the Signature header) and in HAR {name, value} headers", () => {
    const har = {
      headers: [
        { name: "Signature", value: `{"algorithm":"MD5","signature":"${MD5}"}` },
        { name: "Token", value: "C5" },
      ],
      comment: '{"data":{"mobile":"66123456"}}',
    };
    expect(findSecrets(har).map(({ pattern, path }) => `${pattern} ${path}`)).toEqual([
      "sensitive-field:signature $.headers[0].value",
      "sensitive-field:signature $.headers[0].value → $.signature",
      "sensitive-field:token $.headers[1].value",
      "sensitive-field:phone $.comment → $.data.mobile",
    ]);
  });

  it("placeholders and ordinary data are not secrets", () => {
    expect(
      findSecrets({
        token: "<token>",
        Token: "<cust>",
        Authorization: "Bearer <token>",
        mobile: "<redacted:phone>",
        body: "<sealed>",
        uuid: "8f14e45f-ceea-467f-a0e6-2b2d5b5b2c1e",
        image: "/images/products/coupon-banner-2026-autumn-special/large.png",
        text: "Members earn 1 mCoin for every MOP 1 spent through MPay.",
        inline: `data:image/png;base64,${"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk".repeat(2)}`,
        nonce: "aB3dE6gH9j",
      }),
    ).toEqual([]);
  });

  it("in a recording or a HAR, the format's own keys are not data: a rule on `name` or `status` checks only the bodies", () => {
    const extended = rulesWith([{ name: "person", fields: ["name", "status"] }]);
    const recording = {
      name: "GET /x",
      kind: "api",
      request: { method: "GET", path: "/x", query: {}, headers: {}, auth: false },
      response: { status: 200, body: { data: { name: "陳大文" } } },
      ignore: [],
    };
    expect(findSecrets(recording, { rules: extended }).map((finding) => finding.path)).toEqual(["$.response.body.data.name"]);
    const har = { log: { version: "1.2", entries: [{ request: { headers: [{ name: "accept", value: "*/*" }], postData: { text: '{"name":"Ana"}' } }, response: { status: 200 } }] } };
    expect(findSecrets(har, { rules: extended }).map((finding) => finding.path)).toEqual(["$.log.entries[0].request.postData.text → $.name"]);
  });

  it("drops findings of texts it is told are known demo data", () => {
    expect(findSecrets({ mobile: "66123456" }, { allow: new Set(["66123456"]) })).toEqual([]);
  });

  it("masks and paths", () => {
    expect(mask("66123456")).toBe("66… (8 chars)");
    expect(mask(JWT)).toMatch(/^eyJh…wX \(\d+ chars\)$/);
    expect(jsonPath(["data", "list", 0, "accept-language"])).toBe("$.data.list[0]['accept-language']");
  });
});

describe("the detectors", () => {
  const note = (text: string) => reply({ note: text }).value as { note: string };

  it("e-mail addresses, anywhere in a text", () => {
    for (const address of ["ana.lopez@example.mo", "a+tag@mail.example.com.mo", "ZHANG_wei-1@sub.example.cn"]) {
      expect(note(`write to ${address}, thanks`).note, address).toBe("write to <redacted:email>, thanks");
      expect(
        findSecrets({ note: `to ${address}` }).map((finding) => finding.pattern),
        address,
      ).toEqual(["email-address"]);
    }
    expect(reply({ email: "x@y" }).value).toEqual({ email: "<redacted:email>" }); // a field named email, whatever it holds
  });

  it("e-mail: an @ that is not an address is left alone", () => {
    for (const text of ["@remix-run/node", "user@localhost", "meet @ 10:00", "a@b.c", "price@2x.png"]) {
      expect(note(text).note, text).toBe(text);
      expect(findSecrets({ note: text }), text).toEqual([]);
    }
  });

  it("card numbers: Visa, Mastercard, Amex and UnionPay, grouped or not, when the Luhn digit holds", () => {
    for (const card of ["4111 1111 1111 1111", "4111111111111111", "4111-1111-1111-1111", "5555 5555 5555 4444", "2223 0031 2200 3222", "3782 822463 10005", "6212345678901265"]) {
      expect(note(`pay ${card} now`).note, card).toBe("pay <redacted:card> now");
      expect(
        findSecrets({ note: `pay ${card}` }).map((finding) => finding.pattern),
        card,
      ).toEqual(["card-number"]);
    }
  });

  it("card numbers: a wrong check digit, an order number, an epoch time, a date or mixed separators are not cards", () => {
    for (const text of ["4111 1111 1111 1112", "4111111111111112", "202610150001", "MC20261126000013", "1795242286166", "2026-10-15", "2026101512345678", "4111 1111-1111 1111"]) {
      expect(note(text).note, text).toBe(text);
      expect(findSecrets({ note: text }), text).toEqual([]);
    }
    expect(redactValue({ amountCents: 4111111111111111 }, rules, "response").value).toEqual({ amountCents: 4111111111111111 }); // numbers are data
  });

  it("phone numbers: any country in international form, besides Macau, Hong Kong and the mainland", () => {
    for (const phone of ["+1 415 555 2671", "+1 (415) 555-2671", "+44 20 7946 0958", "+6561234567", "+81 3-1234-5678"]) {
      expect(note(`call ${phone} today`).note, phone).toBe("call <redacted:phone> today");
      expect(
        findSecrets({ note: `call ${phone}` }).map((finding) => finding.pattern),
        phone,
      ).toEqual(["phone-number"]);
    }
  });

  it("phone numbers: short international numbers, order numbers, dates and amounts are not phones", () => {
    for (const text of ["+1 234 5", "+100", "202610150001", "2026-10-15", "2026-10-15 10:00:00", "MOP 1,280.00", "+12.5%"]) {
      expect(note(text).note, text).toBe(text);
      expect(findSecrets({ note: text }), text).toEqual([]);
    }
  });

  it("a rules file's pattern is a detector too: what it matches is redacted, and refused if it survives", () => {
    const staff: RedactionRule = { name: "staff-card", pattern: String.raw`SC-\d{6}` };
    const extended = rulesWith([staff]);
    expect(redactValue({ note: "card SC-123456" }, extended, "request").value).toEqual({ note: "card <redacted:staff-card>" });
    expect(findSecrets({ note: "card SC-123456" }, { rules: extended }).map((finding) => finding.pattern)).toEqual(["rule:staff-card"]);
    expect(findSecrets({ note: "card SC-123456" })).toEqual([]);
  });
});
