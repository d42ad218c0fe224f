/**
 * Stubs against hostile text over HTTP: patterns that backtrack in JavaScript's engine meet long text
 * (a header of 10,000 `a`s and a `!`, a refund remark of 5,000 characters a member typed) and are
 * answered, the right stub or none, while another call is answered meanwhile. Nothing here is
 * timed: on a backtracking engine these requests would not finish, so the test finishing is the
 * proof (core/text/whole-match.ts runs them on RE2).
 */
import { describe, expect, it } from "vitest";
import { systemTime } from "#core/api/endpoints";
import { client, control, start } from "./http-testing";

async function withStubs(mappings: unknown[]) {
  const { url } = await start();
  expect((await control(url, "/__sandbox/stubs", { body: { mappings } })).status).toBe(200);
  return url;
}

describe("stub patterns against hostile text", () => {
  it("a header pattern ^(a+)+$ against 10,000 a's and a !: no stub, at once, and other calls answered", async () => {
    const url = await withStubs([
      { request: { urlPath: "/probe", headers: { "x-probe": { matches: "^(a+)+$" } } }, response: { status: 204 } },
      { request: { urlPath: "/probe", headers: { "x-probe": { matches: "^(a+)+!$" } } }, priority: 9, response: { status: 202 } },
    ]);
    const hostile = `${"a".repeat(10_000)}!`;
    const [probe, meanwhile, plain] = await Promise.all([
      fetch(`${url}/probe`, { headers: { "x-probe": hostile } }),
      client(url).call(systemTime),
      fetch(`${url}/probe`, { headers: { "x-probe": "aaa" } }),
    ]);
    // The first stub does not match; the second, of lower precedence, does.
    expect(probe.status).toBe(202);
    expect(meanwhile.data.sysTime).toBeGreaterThan(0);
    expect(plain.status).toBe(204);
  });

  it("a body pattern that backtracks against a refund remark of 5,000 characters: the right stub or none", async () => {
    const url = await withStubs([{ request: { method: "POST", urlPath: "/api/auth/refund", bodyPatterns: [{ matches: '.*"remarks":"(\\w+\\s?)*".*' }] }, response: { status: 418 } }]);
    const refund = (remarks: string) =>
      fetch(`${url}/api/auth/refund`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ orderId: 1, reason: "other", remarks }) });
    const wordy = "wrong size ".repeat(455).slice(0, 4_999);
    const [typed, matching, meanwhile] = await Promise.all([refund(`${wordy}!`), refund(`${wordy}x`), client(url).call(systemTime)]);
    expect(`${wordy}!`).toHaveLength(5_000);
    expect(typed.status).not.toBe(418);
    expect(matching.status).toBe(418);
    expect(meanwhile.data.sysTime).toBeGreaterThan(0);
  });

  it("JSONPath's =~ against the same remark", async () => {
    const url = await withStubs([{ request: { method: "POST", urlPath: "/api/auth/refund", bodyPatterns: [{ matchesJsonPath: "$[?(@.remarks =~ /(\\w+\\s?)*/)]" }] }, response: { status: 418 } }]);
    const remarks = `${"wrong size ".repeat(455).slice(0, 4_999)}!`;
    const typed = await fetch(`${url}/api/auth/refund`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ orderId: 1, remarks }) });
    expect(typed.status).not.toBe(418);
    expect((await client(url).call(systemTime)).data.sysTime).toBeGreaterThan(0);
  });
});
