/**
 * The redaction rules one by one (each default rule hides what it names, and leaves ordinary data
 * alone), extended rules and the rules file, and the secret scan that backs them up.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CliError } from "./errors";
import { DEFAULT_RULES, fieldRule, findSecrets, jsonPath, KnownSecrets, loadRulesFile, mask, redactHeaders, redactValue, rulesWith, type RedactionRule } from "./redaction";

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
        expect(error).toBeInstanceOf(CliError);
        expect((error as CliError).exitCode).toBe(2);
        return (error as CliError).message;
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

describe("redaction by value", () => {
  const TOKEN = "sbx_mwNWg7R3POhK7DqULJHLrATv";
  const sessionKnown = () => {
    const known = new KnownSecrets();
    known.learnFrom({ code: 200, data: { status: 1, token: TOKEN } }, rules, "response"); // a sign-in's reply
    return known;
  };

  it("a token learnt from a sign-in's reply becomes <token> in any field, query, header, text, key or URL", () => {
    const known = sessionKnown();
    expect(redactValue({ sessionId: TOKEN, list: [TOKEN], note: `session ${TOKEN}.` }, rules, "request", known).value).toEqual({
      sessionId: "<token>",
      list: ["<token>"],
      note: "session <token>.",
    });
    expect(redactValue({ session: TOKEN }, rules, "query", known).value).toEqual({ session: "<token>" });
    expect(redactHeaders({ "X-Mcoin-Session": TOKEN, Referer: `http://mall/mycoupons/${TOKEN}?x=1`, "accept-language": "zh" }, rules, known).value).toEqual({
      "X-Mcoin-Session": "<token>",
      Referer: "http://mall/mycoupons/<token>?x=1",
      "accept-language": "zh",
    });
    expect(redactValue({ [TOKEN]: 1 }, rules, "response", known).value).toEqual({ "<token>": 1 });
    expect(known.replaceIn(`/mycoupons/${TOKEN}`).text).toBe("/mycoupons/<token>");
  });

  it("a whole value is the placeholder a replay fills in (compared, not ignored); a part of a text says so", () => {
    const { redactions } = redactValue({ a: TOKEN, b: `x ${TOKEN}` }, rules, "response", sessionKnown());
    expect(redactions).toEqual([
      { path: ["a"], rule: "known-secret", placeholder: "<token>", whole: true },
      { path: ["b"], rule: "known-secret", placeholder: "<token>", whole: false },
    ]);
  });

  it("learns from headers: the bearer token without its scheme, cookies, the Encrypt and Signature JSON", () => {
    const known = new KnownSecrets();
    known.learnFromHeaders(
      {
        Authorization: `Bearer ${TOKEN}`,
        Cookie: "theme=dark; mall_session=s%3AAbCdEfGh12345678",
        Encrypt: '{"algorithm":"RSA","symmetricKey":"U2FsdGVkX1+abc/def=="}',
        Signature: `{"algorithm":"MD5","signature":"${MD5}"}`,
        "X-Request-Id": "4bf92f3577b34da6a3ce929d0e0e4736",
      },
      rules,
    );
    expect(known.replaceIn(`t=${TOKEN} c=s:AbCdEfGh12345678 k=U2FsdGVkX1+abc/def== s=${MD5} r=4bf92f3577b34da6a3ce929d0e0e4736`).text).toBe(
      "t=<token> c=<redacted:cookie> k=<redacted:key> s=<redacted:signature> r=4bf92f3577b34da6a3ce929d0e0e4736",
    );
  });

  it("learns the token of a JWT or a bearer token met in a text, and hides it where it recurs without its scheme", () => {
    const known = new KnownSecrets();
    known.learnFrom({ note: "send Bearer abcdef1234567 to it", hint: `jwt ${JWT}` }, rules, "response");
    expect(known.replaceIn(`t=abcdef1234567&j=${encodeURIComponent(JWT)}`).text).toBe("t=<token>&j=<token>");
  });

  it("learns a login code from the query of a URL in a header (a redirect's Location, a Referer)", () => {
    const known = new KnownSecrets();
    known.learnFromHeaders({ Location: "http://127.0.0.1:3000/index?code=3f9a1c0e5b7d2468ace13579&state=home", "content-type": "text/html" }, rules);
    expect(known.replaceIn("GET /index?code=3f9a1c0e5b7d2468ace13579").text).toBe("GET /index?code=<code>");
    expect(known.size).toBeGreaterThan(0);
    known.learnFromHeaders({ Referer: "/orders?page=2", Link: "not a url?code=abcdefgh12345" }, rules);
    expect(known.replaceIn("abcdefgh12345").text).toBe("abcdefgh12345");
  });

  it("the task center's ciphertext becomes <cust> and a login code <code> wherever they recur", () => {
    const known = new KnownSecrets();
    known.learnFrom({ task_no: "T1", cust_id_ciphertext: "Q2lwaGVyLW9mLW1wYXk" }, rules, "request");
    known.learnFrom({ code: "3f9a1c0e5b7d2468ace13579" }, rules, "query");
    expect(redactValue({ echo: "Q2lwaGVyLW9mLW1wYXk", link: "/login?code=3f9a1c0e5b7d2468ace13579" }, rules, "response", known).value).toEqual({
      echo: "<cust>",
      link: "/login?code=<code>",
    });
  });

  it("the URL-encoded and JSON-escaped spellings of a secret are replaced too", () => {
    const known = new KnownSecrets();
    known.learn('ab+c/d="e"fgh', "<token>");
    expect(known.replaceIn(`q=${encodeURIComponent('ab+c/d="e"fgh')}`).text).toBe("q=<token>");
    expect(known.replaceIn(JSON.stringify({ t: 'ab+c/d="e"fgh' })).text).toBe('{"t":"<token>"}');
  });

  it("a placeholder a replay fills in wins over another; otherwise the first one stays", () => {
    const known = new KnownSecrets();
    known.learn(TOKEN, "<redacted:cookie>");
    known.learn(TOKEN, "<token>");
    known.learn(TOKEN, "<redacted:key>");
    known.learn(TOKEN, "<cust>");
    expect(known.placeholderFor(TOKEN)).toBe("<token>");
  });

  it("a known value is not cut out of a longer run of letters and digits, and short values are not hunted", () => {
    const known = new KnownSecrets();
    known.learnFrom({ mobile: "66123456", password: "hunter2", cust_id_ciphertext: "C1" }, rules, "request");
    expect(known.size).toBe(1);
    expect(known.replaceIn("order 2026661234567, tel 66123456, C1, hunter2").text).toBe("order 2026661234567, tel <redacted:phone>, C1, hunter2");
  });

  it("idempotency keys, nonces and request ids are not secrets: never learnt, never found", () => {
    const known = new KnownSecrets();
    const headers = { "Idempotency-Key": "eb29c8a04f6d4e1f9b3a7c5d2e8f0a1c", Nonce: "q8Zt3Lw0XvPn7RkYb2HcJ5mVd9SgA1eUo4Ff6Ti", "X-Request-Id": "4bf92f3577b34da6a3ce929d0e0e4736" };
    known.learnFromHeaders(headers, rules);
    expect(known.size).toBe(0);
    expect(findSecrets(headers)).toEqual([]);
    const har = { log: { entries: [{ request: { headers: Object.entries({ ...headers, "Idempotency-Key": "<key:1>" }).map(([name, value]) => ({ name, value })) } }] } };
    expect(findSecrets(har)).toEqual([]);
    expect(findSecrets({ log: { entries: [{ request: { headers: [{ name: "Idempotency-Key", value: "eb29c8a04f6d4e1f9b3a7c5d2e8f0a1c" }] } }] } })).toEqual([]);
    expect(findSecrets({ idempotencyKey: JWT }).map((finding) => finding.pattern)).toEqual(["jwt"]); // the other detectors still look
  });

  it("the scan finds a known secret that survived, masked, and leaves a recording's needs alone", () => {
    const known = sessionKnown();
    const findings = findSecrets({ kind: "api", needs: { member: TOKEN }, request: { body: { note: `x${TOKEN}` } }, response: { body: {} } }, { known });
    expect(findings).toEqual([{ pattern: "known-secret", path: "$.request.body.note", excerpt: "sbx_…Tv (28 chars)" }]);
  });
});
