/**
 * The redaction rules one by one (each default rule hides what it names, and leaves ordinary data
 * alone), extended rules and the rules file.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { HarnessError } from "#harness/errors";
import { redactHeaders, redactValue } from "./redact";
import { DEFAULT_RULES, fieldRule, loadRulesFile, rulesWith, type RedactionRule } from "./rules";
import { findSecrets } from "./scan";

const rules = rulesWith();
const reply = (value: unknown) => redactValue(value, rules, "response");
const JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJtcGF5LTEwMDEifQ.Kq3V9xg2Qd0uO7nW1yT5cA8bR4eZ6fH2jL0mP3sV7wX";
const PEM = "-----BEGIN PRIVATE KEY-----\nMIICdgIBADANBgkqhkiG9w0BAQEFAASCAmAwggJcAgEAAoGBAK\n-----END PRIVATE KEY-----";
const MD5 = "9F86D081884C7D659A2FEAA0C55AD015";

describe("the default redaction rules", () => {
  it("every rule has a name and matches something", () => {
    for (const rule of DEFAULT_RULES) expect(Boolean(rule.fields?.length || rule.headers?.length || rule.pattern), rule.name).toBe(true);
    expect(new Set(DEFAULT_RULES.map((rule) => rule.name)).size).toBe(DEFAULT_RULES.length);
  });

  it("token: session, access and refresh tokens become <token>, whatever the field's spelling", () => {
    const { value, redactions } = reply({ data: { token: "sbx_abc", accessToken: "a1", refresh_token: "r1", "Session-Token": "s1", status: 1 } });
    expect(value).toEqual({ data: { token: "<token>", accessToken: "<token>", refresh_token: "<token>", "Session-Token": "<token>", status: 1 } });
    expect(redactions.map((redaction) => redaction.rule)).toEqual(["token", "token", "token", "token"]);
  });

  it("password and secret: <token>, as recordings always had them", () => {
    expect(redactValue({ password: "hunter2", signSecret: "sbx-sign-x" }, rules, "request").value).toEqual({ password: "<token>", signSecret: "<token>" });
  });

  it("key: symmetric, private and API keys, and the Encrypt header", () => {
    expect(reply({ symmetricKey: "k", apiKey: "a", private_key: "p" }).value).toEqual({ symmetricKey: "<redacted:key>", apiKey: "<redacted:key>", private_key: "<redacted:key>" });
    expect(redactHeaders({ Encrypt: '{"symmetricKey":"abc"}', "X-Api-Key": "k1" }, rules).value).toEqual({ Encrypt: "<redacted:key>", "X-Api-Key": "<redacted:key>" });
  });

  it("signature: the Signature header, signature fields and the wallet's Wallet-Signature", () => {
    expect(redactHeaders({ Signature: `{"algorithm":"MD5","signature":"${MD5}"}`, "Wallet-Signature": "ab12" }, rules).value).toEqual({
      Signature: "<redacted:signature>",
      "Wallet-Signature": "<redacted:signature>",
    });
    expect(reply({ data: { signature: "7ec05cb4", sign: "x" } }).value).toEqual({ data: { signature: "<redacted:signature>", sign: "<redacted:signature>" } });
  });

  it("customer: the task center's ciphertext and Token header become <cust>", () => {
    expect(redactValue({ task_no: "T1", cust_id_ciphertext: "C1" }, rules, "request").value).toEqual({ task_no: "T1", cust_id_ciphertext: "<cust>" });
    expect(redactHeaders({ Token: "C1" }, rules).value).toEqual({ Token: "<cust>" });
  });

  it("login-code: code is the single-use login code in a query, and a reply code elsewhere", () => {
    expect(redactValue({ code: "abc123", lang: "zh" }, rules, "query")).toMatchObject({ value: { code: "<code>", lang: "zh" }, redactions: [{ rule: "login-code" }] });
    expect(reply({ code: 200, msg: "success" }).value).toEqual({ code: 200, msg: "success" });
  });

  it("phone: mobile/phone/tel fields, and phone numbers inside any text", () => {
    expect(reply({ mobile: "66123456", phone: "+853 2836 5568", tel: 91234567, areaCode: "+853" }).value).toEqual({
      mobile: "<redacted:phone>",
      phone: "<redacted:phone>",
      tel: "<redacted:phone>",
      areaCode: "+853",
    });
    for (const text of ["+853 6612 3456", "+85366123456", "+852-9123-4567", "+86 138 0013 8000", "13800138000", "6612-3456", "00853 66123456"]) {
      expect(reply({ note: `call ${text} after 6pm` }).value, text).toEqual({ note: "call <redacted:phone> after 6pm" });
    }
  });

  it("phone: ordinary numbers are not phone numbers", () => {
    const ordinary = {
      orderNo: "202610150001",
      bigOrderNo: "612345678901",
      date: "20261015",
      createdAt: "2026-10-15 10:00:00",
      price: "688.00",
      point: "12580",
      amount: 61234567,
      sysTime: "1795242286166",
      url: "/images/61234567.png",
      version: "6.1234567",
      id: "ORD-61234567",
    };
    expect(reply(ordinary)).toEqual({ value: ordinary, redactions: [] });
    expect(findSecrets(ordinary)).toEqual([]);
  });

  it("cookie, jwt, bearer and pem", () => {
    expect(redactHeaders({ Cookie: "sid=1", "set-cookie": "sid=2; HttpOnly", Authorization: "Bearer sbx_abcdef123" }, rules).value).toEqual({
      Cookie: "<redacted:cookie>",
      "set-cookie": "<redacted:cookie>",
      Authorization: "Bearer <token>",
    });
    expect(reply({ note: `jwt ${JWT} end`, hint: "send Bearer abcdef1234567 to it", key: `pem:\n${PEM}\n` }).value).toEqual({
      note: "jwt <token> end",
      hint: "send Bearer <token> to it",
      key: "pem:\n<redacted:key>\n",
    });
  });

  it("trace-id: request ids and ETags are redacted, but they are not secrets: the scan lets them through either way", () => {
    const headers = { "X-Request-Id": "4bf92f3577b34da6a3ce929d0e0e4736", etag: 'W/"b94d27b9934d3e08a52e52d7da7dabfa"', "content-type": "application/json" };
    expect(findSecrets(headers)).toEqual([]);
    const redacted = redactHeaders(headers, rules).value;
    expect(redacted).toEqual({ "X-Request-Id": "<redacted:trace-id>", etag: "<redacted:trace-id>", "content-type": "application/json" });
    expect(findSecrets(redacted)).toEqual([]);
  });

  it("leaves placeholders, empty values and objects under a sensitive name alone (objects are walked)", () => {
    expect(reply({ token: "<token>", mobile: "", signature: { value: "x" } }).value).toEqual({ token: "<token>", mobile: "", signature: { value: "x" } });
  });
});

describe("extended rules", () => {
  it("--redact-field adds a field rule with a <redacted:NAME> placeholder", () => {
    const extended = rulesWith([fieldRule("openId")]);
    expect(redactValue({ openId: "mpay-1001" }, extended, "request").value).toEqual({ openId: "<redacted:openid>" });
    expect(findSecrets({ openId: "mpay-1001" }, { rules: extended })).toMatchObject([{ pattern: "sensitive-field:openid", path: "$.openId" }]);
    expect(findSecrets({ openId: "mpay-1001" })).toEqual([]);
  });

  it("a rule's pattern, placeholder and scope", () => {
    const staff: RedactionRule = { name: "staff-card", pattern: String.raw`SC-\d{6}`, placeholder: "<staff>", in: ["response"] };
    const extended = rulesWith([staff]);
    expect(redactValue({ note: "card SC-123456" }, extended, "response").value).toEqual({ note: "card <staff>" });
    expect(redactValue({ note: "card SC-123456" }, extended, "request").value).toEqual({ note: "card SC-123456" });
  });

  it("an extra rule wins over a default one on the same field", () => {
    expect(redactValue({ mobile: "66123456" }, rulesWith([{ name: "contact", fields: ["mobile"] }]), "response").value).toEqual({ mobile: "<redacted:contact>" });
  });

  it("reads a rules file, and says clearly what is wrong with a bad one", () => {
    const dir = mkdtempSync(join(tmpdir(), "mcoin-rules-"));
    const write = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    expect(loadRulesFile(write("good.json", JSON.stringify({ rules: [{ name: "member-id", fields: ["openId"] }] })))).toEqual([{ name: "member-id", fields: ["openId"] }]);
    const failure = (file: string) => {
      try {
        loadRulesFile(file);
      } catch (error) {
        expect(error).toBeInstanceOf(HarnessError);
        expect((error as HarnessError).exitCode).toBe(2);
        return (error as HarnessError).message;
      }
      throw new Error("no error");
    };
    expect(failure(join(dir, "missing.json"))).toContain("cannot read the redaction rules");
    expect(failure(write("text.json", "{rules:"))).toContain("are not JSON");
    expect(failure(write("regex.json", JSON.stringify({ rules: [{ name: "x", pattern: "(" }] })))).toMatch(/rules\[0\]\.pattern: not a valid regular expression/);
    expect(failure(write("empty.json", JSON.stringify({ rules: [{ name: "x", pattern: ".*" }] })))).toContain("matches an empty text");
    expect(failure(write("nothing.json", JSON.stringify({ rules: [{ name: "x" }] })))).toContain("needs fields, headers or a pattern");
    expect(failure(write("typo.json", JSON.stringify({ rules: [{ name: "x", field: ["a"] }] })))).toContain("field");
    expect(failure(write("name.json", JSON.stringify({ rules: [{ name: "Member ID", fields: ["a"] }] })))).toContain("rules[0].name");
    expect(
      failure(
        write(
          "twice.json",
          JSON.stringify({
            rules: [
              { name: "a", fields: ["a"] },
              { name: "a", fields: ["b"] },
            ],
          }),
        ),
      ),
    ).toContain("used twice");
  });
});
