/**
 * /resources/order, where every screen sends the member's order intents: a visitor is sent to sign
 * in, bad input is a 400, the gateway's refusal an answer in place, and the intent reaches the
 * gateway with the form's idempotency key.
 */
import type { ApiClient } from "#core/api/client";
import { ApiError } from "#core/api/errors";
import { IDEMPOTENCY_HEADER } from "#core/api/shop-endpoints";
import { describe, expect, it, vi } from "vitest";
import { testArgs, testMallContext, testScope } from "../server/testing.server";
import { action } from "./resources.order";

const KEY = "order-intent-key-0123456789";

/** Posts `fields` as a member holding `token` (none: a visitor) whose gateway answers with `answer`. */
async function post(fields: Record<string, string>, answer: ApiClient["call"], token: string | null = "sbx_member") {
  const scope = await testScope("http://localhost/resources/order", { token: token ?? undefined, init: { method: "POST", body: new URLSearchParams(fields) } });
  const mall = testMallContext(scope, () => ({ call: answer }) as unknown as ApiClient);
  return action(testArgs(mall)).catch((thrown: unknown) => thrown as Response);
}

describe("/resources/order", () => {
  it("sends the intent to the gateway with the form's key", async () => {
    const call = vi.fn(async () => ({ data: { id: 7, status: "closed" }, headers: new Headers() }));
    const reply = await post({ intent: "cancel", orderId: "7", idempotencyKey: KEY }, call as never);
    expect(reply.status).toBe(200);
    expect(await reply.json()).toMatchObject({ ok: true, intent: "cancel", order: { id: 7 } });
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ name: expect.any(String) }), { orderId: 7 }, { headers: { [IDEMPOTENCY_HEADER]: KEY } });
  });

  it("answers a refusal in place, and bad input with 400, asking the gateway nothing", async () => {
    const refusing = async () => {
      throw new ApiError("NOT_FOUND", "no such order", { status: 200, endpoint: "cancelPayment", body: { resultCode: "404", data: { reason: "ORDER_NOT_FOUND" } } });
    };
    const refused = await post({ intent: "cancel", orderId: "8", idempotencyKey: KEY }, refusing);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ ok: false, intent: "cancel" });
    const untouched = vi.fn();
    const bad: Record<string, string>[] = [
      { intent: "cancel", orderId: "x", idempotencyKey: KEY },
      { intent: "refund-everything", orderId: "7" },
      { intent: "delete", orderId: "7" },
    ];
    for (const fields of bad) {
      expect((await post(fields, untouched)).status, JSON.stringify(fields)).toBe(400);
    }
    expect(untouched).not.toHaveBeenCalled();
  });

  it("sends a visitor to sign in", async () => {
    const reply = await post({ intent: "cancel", orderId: "7", idempotencyKey: KEY }, vi.fn(), null);
    expect(reply.status).toBe(302);
    expect(new URL(reply.headers.get("location")!).pathname).toBe("/oauth/authorize");
  });
});
