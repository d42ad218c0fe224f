/**
 * Deeply nested JSON (issue 23, defect 6): the gateway refuses a body nested past MAX_JSON_DEPTH with
 * a 400 and a clear code on every kind of endpoint, changing nothing; the idempotency fingerprint and
 * the state's digest walk any depth without recursion; the call log still answers.
 */
import { describe, expect, it } from "vitest";
import { HEADER, sealRequest, signatureOf } from "#core/node/gateway/envelope";
import { aesEncrypt } from "#core/node/gateway/primitives";
import { gatewaySettings } from "#core/node/gateway/settings";
import { TASK_DETAIL_URL } from "#core/api/task-center";
import { createOrder, walletNotify, WALLET_SIGNATURE_HEADER } from "#core/api/shop-endpoints";
import { canonicalJson } from "./canonical-json";
import { JSON_TOO_DEEP, MAX_JSON_DEPTH, nestsDeeperThan, parseBoundedJson } from "#core/http/bounded-json";
import { walletSignature } from "./wallet-signature";
import { IN_PROCESS_BASE, freshKey, inProcess } from "./testing";

const nested = (depth: number, open = "[", close = "]", inner = "1") => `${open.repeat(depth)}${inner}${close.repeat(depth)}`;

describe("the depth bound", () => {
  it("counts arrays and objects inside each other, not brackets inside strings", () => {
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(nestsDeeperThan(`{"a":${nested(MAX_JSON_DEPTH - 1)}}`)).toBe(false);
    expect(nestsDeeperThan(`{"a":${nested(MAX_JSON_DEPTH)}}`)).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ text: "[".repeat(1000) + '\\"{{{' }))).toBe(false);
    // Siblings do not add up: depth is nesting, not count.
    expect(nestsDeeperThan(JSON.stringify(Array.from({ length: 1000 }, () => [[[1]]])))).toBe(false);
  });

  it("parses what fits, and says why it refused what does not", () => {
    expect(parseBoundedJson('{"a":[1,{"b":2}]}')).toEqual({ ok: true, value: { a: [1, { b: 2 }] } });
    expect(parseBoundedJson(nested(10_000))).toEqual({ ok: false, reason: "too-deep" });
    expect(parseBoundedJson("{not json")).toEqual({ ok: false, reason: "not-json" });
  });
});

describe("the canonical JSON of the fingerprint and the digest", () => {
  it("sorts keys at every level and leaves out undefined, as before", () => {
    expect(canonicalJson({ b: 1, a: [3, { d: null, c: "x" }], u: undefined })).toBe('{"a":[3,{"c":"x","d":null}],"b":1}');
    expect(canonicalJson([])).toBe("[]");
    expect(canonicalJson({})).toBe("{}");
    expect(canonicalJson('s"')).toBe('"s\\""');
    expect(canonicalJson({ z: { y: { x: [1, 2, [3]] } } })).toBe('{"z":{"y":{"x":[1,2,[3]]}}}');
  });

  it("walks 100,000 levels without overflowing the stack", () => {
    let value: unknown = 1;
    for (let level = 0; level < 100_000; level += 1) value = level % 2 ? [value] : { k: value };
    const text = canonicalJson(value);
    expect(text.length).toBeGreaterThan(300_000);
    expect(text.startsWith('[{"k":[{"k":')).toBe(true);
  });
});

describe("a body nested 10,000 deep", () => {
  const deep = (fields: Record<string, unknown>) => JSON.stringify(fields).replace(/}$/, `,"extra":${nested(10_000)}}`);

  it("is refused with 400 JSON_TOO_DEEP by a member's endpoint, a control, the wallet and the wallet's notice, changing nothing", async () => {
    const sandbox = inProcess();
    const api = await sandbox.client("mpay-1005");
    const digest = (await sandbox.request("/__sandbox/state")).body.digest;
    const token = (api as unknown as { options: { token: string } }).options.token;
    const order = deep({ offerId: 7, quantity: 1, mcoinUsed: 100 });
    const purchase = await sandbox.request(createOrder.path, { body: order, headers: { authorization: `Bearer ${token}`, "idempotency-key": freshKey(), mpay: "1" } });
    expect(purchase.status).toBe(400);
    expect(purchase.body).toMatchObject({ code: 400, data: { reason: JSON_TOO_DEEP } });
    expect(purchase.body.msg).toMatch(/more than 64 deep/);

    const notice = deep({ orderNo: "MC20260101000001", paymentId: "WP0000000001", amountCents: 0, status: "PAID" });
    const signed = await sandbox.request(walletNotify.path, { body: notice, headers: { [WALLET_SIGNATURE_HEADER]: walletSignature(notice, sandbox.sandbox.state.walletSecret) } });
    expect(signed.status).toBe(400);
    expect((await sandbox.request("/__wallet/pay", { body: deep({ orderNo: "MC20260101000001", amountCents: 0, outcome: "paid" }) })).status).toBe(400);
    const control = await sandbox.request("/__sandbox/clock", { body: deep({ now: null }) });
    expect(control.status).toBe(400);
    expect(control.body.error).toMatch(/more than 64 deep/);

    expect((await sandbox.request("/__sandbox/state")).body.digest).toBe(digest);
    // The call log keeps the call, as an excerpt, and still answers.
    const log = await sandbox.request("/__sandbox/log");
    expect(log.status).toBe(200);
    expect(log.body.calls.find((call: { path: string }) => call.path === createOrder.path).body).toMatchObject({ tooDeep: true });
  });

  it("sealed for the secure gateway is refused with 400 JSON_TOO_DEEP once opened", async () => {
    const sandbox = inProcess();
    const keys = sandbox.sandbox.state.gatewayKeys;
    const settings = gatewaySettings({ environment: "sandbox", vars: {}, sandboxUrl: IN_PROCESS_BASE, sandboxKeys: () => keys });
    // Sealed as the client would, with the deep text in place of the body, and signed over it.
    const sealed = sealRequest(settings, { functionUrl: TASK_DETAIL_URL, body: {} });
    const body = aesEncrypt(`{"system_name":"taskCenter","extra":${nested(10_000)}}`, sealed.key, sealed.iv);
    const signature = signatureOf({ secret: keys.signSecret, requestTime: sealed.requestTime, nonce: sealed.nonce, body, md5Key: keys.md5Key });
    sealed.headers[HEADER.signature] = JSON.stringify({ algorithm: "MD5", keyVersion: keys.keyVersion, signature });
    sealed.body = body;
    const response = await sandbox.sandbox.handle(new Request(`${IN_PROCESS_BASE}${TASK_DETAIL_URL}`, { method: "POST", headers: sealed.headers, body: sealed.body }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ result: { code: JSON_TOO_DEEP } });
  });
});
