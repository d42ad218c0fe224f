/**
 * The one typed client of the controls (core/controls/client.ts) against the sandbox serving them by
 * the same declarations: typed answers, input checked before anything is sent, refusals carrying
 * the sandbox's words and reason, the control token, and answers a control declares besides 2xx.
 */
import { describe, expect, it } from "vitest";
import { ControlError, createControlClient } from "#core/controls/client";
import * as controls from "#core/controls/declarations";
import { createSandbox } from "./index";

const BASE = "http://127.0.0.1:4999";

function client(options: { controlToken?: string; token?: string } = {}) {
  const sandbox = createSandbox({ controlToken: options.controlToken });
  const sent: { url: string; init: RequestInit }[] = [];
  const api = createControlClient({
    baseUrl: `${BASE}/`,
    token: options.token,
    fetch: async (url, init) => {
      sent.push({ url, init });
      return sandbox.handle(new Request(url, init));
    },
  });
  return { sandbox, api, sent };
}

describe("the controls' client", () => {
  it("answers with the declared shapes, path parameters filled in", async () => {
    const { api } = client();
    expect(await api.get(controls.health)).toMatchObject({ ok: true, name: "mcoin-sandbox" });
    const ledger = await api.get(controls.ledger, { params: { openId: "mpay-1005" } });
    expect(ledger).toMatchObject({ openId: "mpay-1005", balance: 500 });
    expect(ledger.entries[0]).toMatchObject({ type: "opening", amount: 500 });
    const offer = await api.get(controls.patchOffer, { params: { id: 7 }, input: { stock: 3 } });
    expect(offer).toMatchObject({ id: 7, stock: 3 });
    const log = await api.get(controls.log, { input: { since: 0, unmatched: "1" } });
    expect(log.calls).toEqual([]);
  });

  it("audits the money: the fixtures' books balance, and a check-in day kept twice is named", async () => {
    const { sandbox, api } = client();
    expect(await api.get(controls.audit)).toEqual({ ok: true, problems: [] });
    const days = sandbox.state.books.account("mpay-1005").checkIns;
    days.push("2026-11-20", "2026-11-20");
    const audit = await api.get(controls.audit);
    expect(audit.ok).toBe(false);
    expect(audit.problems.join("\n")).toContain("mpay-1005");
  });

  it("names a wrong field before sending anything", async () => {
    const { api, sent } = client();
    await expect(api.call(controls.patchOffer, { params: { id: 7 }, input: { stock: -1 } })).rejects.toMatchObject({ code: "INVALID_INPUT", message: expect.stringMatching(/^patchOffer: stock: /) });
    await expect(api.call(controls.redeem, { input: { code: "12", storeId: 4 } })).rejects.toMatchObject({ code: "INVALID_INPUT", message: "redeem: code: a redemption code is 12 digits" });
    await expect(api.call(controls.ledger, { params: { openId: "" } })).rejects.toBeInstanceOf(ControlError);
    expect(sent).toEqual([]);
  });

  it("turns a refusal into a ControlError with the sandbox's status, words and reason", async () => {
    const { api } = client();
    const unknown = await api.call(controls.ledger, { params: { openId: "nobody" } }).catch((error: unknown) => error);
    expect(unknown).toMatchObject({ code: "REFUSED", status: 404, message: "the sandbox refused ledger: HTTP 404: no such member" });
    const till = await api.call(controls.redeem, { input: { code: "000000000000", storeId: 4 } }).catch((error: unknown) => error);
    expect(till).toMatchObject({ code: "REFUSED", status: 409, reason: "CODE_INVALID" });
  });

  it("takes a status a control declares as an answer: verify's 409 says the calls do not match", async () => {
    const { api } = client();
    const answer = await api.call(controls.verify, { input: { path: "system/time", count: 1 } });
    expect(answer.status).toBe(409);
    expect(answer.data).toMatchObject({ ok: false, matched: 0 });
  });

  it("sends the control token, and without it is told what the sandbox needs", async () => {
    const { api, sent } = client({ controlToken: "s3cret-token-0123456789", token: "s3cret-token-0123456789" });
    expect((await api.get(controls.clock)).now).toBeGreaterThan(0);
    expect(new Headers(sent[0].init.headers).get("x-sandbox-token")).toBe("s3cret-token-0123456789");
    const { api: without } = client({ controlToken: "s3cret-token-0123456789" });
    await expect(without.get(controls.clock)).rejects.toMatchObject({ status: 401, message: expect.stringContaining("need the control token") });
  });

  it("says which sandbox did not answer", async () => {
    const api = createControlClient({ baseUrl: "http://127.0.0.1:1", fetch: () => Promise.reject(new TypeError("fetch failed")) });
    await expect(api.get(controls.health)).rejects.toMatchObject({ code: "NETWORK", message: "the sandbox at http://127.0.0.1:1 did not answer health: fetch failed" });
  });
});
