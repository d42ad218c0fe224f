/**
 * The wallet's side of a payment: signed settlement notices (/pay/notify), and the wallet's
 * stand-in the simulated cashier calls from the mall's pages (/__wallet/pay): CORS for the mall's
 * origins only, JSON only, at once or with the confirmation delayed.
 */
import { describe, expect, it } from "vitest";
import { WALLET_SIGNATURE_HEADER, createOrder, orderStatus, type Order } from "#core/api/shop-endpoints";
import { PAYMENT_WINDOW_MS } from "../domain/order-book";
import { HeldTimer } from "../instruments/timer";
import { inProcess, nextAnswered, withKey, type InProcess } from "../testing";
import { walletSignature } from "../wallet-signature";

const MALL = "http://localhost:3000";
const SAM = "mpay-1005";

async function anOrder(sandbox: InProcess, mcoinUsed = 300) {
  const api = await sandbox.client(SAM);
  const order = (await api.call(createOrder, { offerId: 7, quantity: 2, mcoinUsed }, withKey())).data;
  return { api, order, status: async () => (await api.call(orderStatus, { orderId: order.id })).data };
}

const pay = (order: Order, extra: Record<string, unknown> = {}) => ({ orderNo: order.orderNo, amountCents: order.cashCents, outcome: "paid", ...extra });

describe("POST /pay/notify", () => {
  it("takes a notice signed with the wallet's secret, and refuses any other with 401 and no change", async () => {
    const sandbox = inProcess();
    const { order, status } = await anOrder(sandbox);
    const body = JSON.stringify({ orderNo: order.orderNo, paymentId: "WP0000000000000001", amountCents: 4600, status: "PAID" });
    const secret = sandbox.sandbox.state.walletSecret;
    const before = (await sandbox.request("/__sandbox/state")).body.digest;
    for (const signature of [undefined, "", walletSignature(body, "not-the-secret"), walletSignature(`${body} `, secret), walletSignature(body, secret).toUpperCase()]) {
      const headers: Record<string, string> = signature === undefined ? {} : { [WALLET_SIGNATURE_HEADER]: signature };
      const response = await sandbox.request("/pay/notify", { body, headers });
      expect(response.status, String(signature)).toBe(401);
      expect(response.body.msg).toContain("Wallet-Signature");
    }
    expect((await sandbox.request("/__sandbox/state")).body.digest).toBe(before);
    const response = await sandbox.request("/pay/notify", { body, headers: { [WALLET_SIGNATURE_HEADER]: walletSignature(body, secret) } });
    expect(response.body).toMatchObject({ code: 200, data: { status: "received", paymentId: "WP0000000000000001", mcoinEarned: 46 } });
    expect((await status()).status).toBe("received");
  });
});

describe("POST /__wallet/pay", () => {
  it("answers the preflight of the mall's origins only", async () => {
    const sandbox = inProcess({ mallOrigins: [MALL, "http://localhost:3100"] });
    for (const origin of [MALL, "http://localhost:3100"]) {
      const response = await sandbox.request("/__wallet/pay", { method: "OPTIONS", headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type" } });
      expect(response.status).toBe(204);
      expect(Object.fromEntries(response.headers)).toMatchObject({
        "access-control-allow-origin": origin,
        "access-control-allow-methods": "POST",
        "access-control-allow-headers": "content-type",
        vary: "Origin",
      });
    }
    for (const origin of ["http://evil.example", "http://localhost:3001", "https://localhost:3000", "null"]) {
      const response = await sandbox.request("/__wallet/pay", { method: "OPTIONS", headers: { origin } });
      expect(response.status, origin).toBe(403);
      expect(response.headers.get("access-control-allow-origin")).toBeNull();
    }
  });

  it("pays at once for the mall's pages: the order is settled through the signed notice", async () => {
    const sandbox = inProcess();
    const { order, status } = await anOrder(sandbox);
    const response = await sandbox.request("/__wallet/pay", { body: pay(order), headers: { origin: MALL } });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe(MALL);
    expect(response.body).toMatchObject({
      ok: true,
      delivered: true,
      accepted: true,
      notice: { orderNo: order.orderNo, amountCents: 4600, status: "PAID" },
      reply: { status: 200, body: { data: { status: "received" } } },
    });
    expect(await status()).toMatchObject({ status: "received", paymentId: response.body.notice.paymentId, mcoinEarned: 46 });
    // The notice went through the gateway's own endpoint.
    expect(sandbox.sandbox.instruments.calls.since().map((call) => call.path)).toContain("/pay/notify");
  });

  it("refuses other origins (403), bodies that are not JSON (415) and bad fields (400), changing nothing", async () => {
    const sandbox = inProcess();
    const { order, status } = await anOrder(sandbox);
    const before = (await sandbox.request("/__sandbox/state")).body.digest;
    expect((await sandbox.request("/__wallet/pay", { body: pay(order), headers: { origin: "http://evil.example" } })).status).toBe(403);
    expect((await sandbox.request("/__wallet/pay", { body: JSON.stringify(pay(order)), headers: { origin: MALL, "content-type": "text/plain" } })).status).toBe(415);
    expect((await sandbox.request("/__wallet/pay", { body: "{not json", headers: { origin: MALL } })).status).toBe(400);
    for (const body of [pay(order, { outcome: "maybe" }), pay(order, { delayMs: 60_001 }), pay(order, { amountCents: -1 }), pay(order, { orderNo: "mc1" }), pay(order, { extra: true })]) {
      expect((await sandbox.request("/__wallet/pay", { body, headers: { origin: MALL } })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await sandbox.request("/__sandbox/state")).body.digest).toBe(before);
    expect((await status()).status).toBe("awaiting_payment");
  });

  it("a failed payment leaves the order awaiting payment, with why", async () => {
    const sandbox = inProcess();
    const { order, status } = await anOrder(sandbox);
    const response = await sandbox.request("/__wallet/pay", { body: pay(order, { outcome: "failed" }) });
    expect(response.body).toMatchObject({ accepted: true, notice: { status: "FAILED" } });
    expect(await status()).toMatchObject({ status: "awaiting_payment", failure: { code: "PAYMENT_FAILED", message: "Payment Failed" } });
  });

  it("'paid, confirmation delayed': 202 now, settled once the delay has passed, unless the sandbox is reset", async () => {
    // The delay is the sandbox's timer's: held until the test lets it pass.
    const timer = new HeldTimer();
    const sandbox = inProcess({ timer });
    const { order, status } = await anOrder(sandbox);
    const response = await sandbox.request("/__wallet/pay", { body: pay(order, { delayMs: 50 }), headers: { origin: MALL } });
    expect(response.status).toBe(202);
    expect(response.body).toMatchObject({ ok: true, delivered: false, delayMs: 50 });
    expect(timer.held).toEqual([50]);
    expect((await status()).status).toBe("awaiting_payment");
    const notice = nextAnswered(sandbox.sandbox, (call) => call.path === "/pay/notify");
    timer.release();
    expect(await notice).toMatchObject({ status: 200 });
    expect((await status()).status).toBe("received");

    const seeded = sandbox.sandbox.store.data.orders.size - 1;
    const { order: another } = await anOrder(sandbox, 200);
    await sandbox.request("/__wallet/pay", { body: pay(another, { delayMs: 50 }) });
    expect(timer.held).toEqual([50]);
    sandbox.sandbox.reset();
    // The reset cancelled the delayed notice: nothing is left to pass.
    expect(timer.held).toEqual([]);
    // Back to the seeded history only: the delayed notice found no order to settle.
    expect(sandbox.sandbox.store.data.orders.size).toBe(seeded);
    expect([...sandbox.sandbox.store.data.orders.values()].some((order) => order.orderNo === another.orderNo && order.status !== "awaiting_payment")).toBe(false);
  });

  it("cash arriving after the window closed is refused and recorded: 'payment failed', refunded automatically", async () => {
    const sandbox = inProcess();
    const { order, status } = await anOrder(sandbox);
    await sandbox.request("/__sandbox/clock", { body: { now: order.payBy + 1, frozen: true } });
    const response = await sandbox.request("/__wallet/pay", { body: pay(order) });
    expect(response.body).toMatchObject({ delivered: true, accepted: false, reply: { body: { code: 409, data: { reason: "ORDER_CLOSED" } } } });
    expect(await status()).toMatchObject({ status: "closed", failure: { code: "PAID_AFTER_CLOSE" }, mcoinEarned: 0 });
    expect(order.payBy - order.createdAt).toBe(PAYMENT_WINDOW_MS);
  });

  it("a second payment of a paid order is refused, the wallet told to refund it, and kept on the order; the same payment delivered again is not", async () => {
    const sandbox = inProcess();
    const { order, status } = await anOrder(sandbox);
    const first = await sandbox.request("/__wallet/pay", { body: pay(order), headers: { origin: MALL } });
    expect(first.body).toMatchObject({ accepted: true });
    const paymentId = first.body.notice.paymentId as string;
    // The same payment's notice again: answered as the first, kept once.
    expect((await sandbox.request("/__wallet/pay", { body: pay(order, { paymentId }), headers: { origin: MALL } })).body).toMatchObject({ accepted: true, notice: { paymentId } });
    // Eight more payments at once: each refused and kept.
    const seconds = await Promise.all(Array.from({ length: 8 }, () => sandbox.request("/__wallet/pay", { body: pay(order), headers: { origin: MALL } })));
    for (const reply of seconds) expect(reply.body).toMatchObject({ delivered: true, accepted: false, reply: { body: { code: 409, data: { reason: "DUPLICATE_PAYMENT" } } } });
    const now = await status();
    expect(now).toMatchObject({ status: "received", paymentId, mcoinEarned: 46 });
    expect(now.payments.filter((payment) => payment.outcome === "settled").map((payment) => payment.paymentId)).toEqual([paymentId]);
    expect(now.payments.filter((payment) => payment.outcome === "refunded").map((payment) => [payment.paymentId, payment.reason, payment.amountCents])).toEqual(
      seconds.map((reply) => [reply.body.notice.paymentId, "DUPLICATE_PAYMENT", 4600]),
    );
  });
});
