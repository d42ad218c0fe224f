/** Redaction by value: a secret seen once is hidden wherever it turns up afterwards (docs/decisions/008-redaction-by-value.md). */
import { describe, expect, it } from "vitest";
import { KnownSecrets } from "./known-secrets";
import { redactHeaders, redactValue } from "./redact";
import { rulesWith } from "./rules";
import { findSecrets } from "./scan";

const rules = rulesWith();
const JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJtcGF5LTEwMDEifQ.Kq3V9xg2Qd0uO7nW1yT5cA8bR4eZ6fH2jL0mP3sV7wX";
const MD5 = "9F86D081884C7D659A2FEAA0C55AD015";

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
