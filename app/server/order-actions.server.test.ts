/**
 * A state change whose outcome is unknown (the gateway may have acted, its reply was lost) stays on
 * its form with its idempotency key, so the member's retry acts once; every other failure goes where
 * the spec sends it. Found by e2e/fault-screens.spec.ts: a checkout that timed out went to the error
 * route, the order existed, and buying again from a fresh confirmation placed a second one.
 */
import { describe, expect, it } from "vitest";
import type { ApiClient } from "#core/api/client";
import { ApiError, type ApiErrorCode } from "#core/api/errors";
import { IDEMPOTENCY_HEADER, createOrder } from "#core/api/shop-endpoints";
import { apiTimeoutMs } from "./config.server";
import { MemberApi, carriesIdempotencyKey } from "./gateway.server";
import { fixedT } from "./i18n.server";
import { refusable } from "./order-actions.server";
import { testScope } from "./testing.server";

const KEY = "0123456789abcdef0123456789abcdef";
const ORDER = { offerId: 53, quantity: 1, mcoinUsed: 50, adult: false };

/** A member's API client on /coupon_details/53 whose gateway fails every call with `code`. */
async function failingApi(code: ApiErrorCode): Promise<MemberApi> {
  const scope = await testScope("http://localhost/coupon_details/53", { token: "sbx_member", init: { method: "POST" } });
  const failing = { call: () => Promise.reject(new ApiError(code, code, { endpoint: "createOrder" })) } as unknown as ApiClient;
  return new MemberApi(scope, { clientFor: () => failing });
}

async function checkout(code: ApiErrorCode, keyed: boolean, locale: "en" | "zh" = "en") {
  const api = await failingApi(code);
  const t = await fixedT(locale);
  return refusable(t, "checkout", () => api.call(createOrder, ORDER, keyed ? { headers: { [IDEMPOTENCY_HEADER]: KEY } } : undefined));
}

describe("a keyed state change whose outcome is unknown", () => {
  it.each([
    ["TIMEOUT", 504],
    ["NETWORK", 502],
    ["BAD_RESPONSE", 502],
  ] as const)("%s is answered in place (%i), marked unconfirmed, for a retry with the same key", async (code, status) => {
    const result = await checkout(code, true);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.response.init?.status).toBe(status);
    expect(result.response.data).toMatchObject({ ok: false, intent: "checkout", reason: null, unconfirmed: true });
    const message = (result.response.data as { message: string }).message;
    expect(message).toContain("Tap again to retry");
    if (code === "TIMEOUT") expect(message).toMatch(new RegExp(`^timeout of ${apiTimeoutMs} ms exceeded\\.`));
  });

  it("speaks the member's language", async () => {
    const result = await checkout("TIMEOUT", true, "zh");
    expect(result.ok ? null : (result.response.data as { message: string }).message).toBe(`請求超時（${apiTimeoutMs} 毫秒），未能確認結果，請再按一次重試，不會重複處理。`);
  });
});

describe("every other failure goes where the spec sends it", () => {
  it.each(["TIMEOUT", "NETWORK", "BAD_RESPONSE"] as const)("%s of a call without a key: the error route", async (code) => {
    const thrown = await checkout(code, false).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("location")).toMatch(new RegExp(`^/error\\?code=${code}&from=%2Fcoupon_details%2F53`));
  });

  it.each(["SERVER_ERROR", "RATE_LIMITED"] as const)("%s of a keyed call: the error route (spec section 8: HTTP 500 or 429)", async (code) => {
    const thrown = await checkout(code, true).catch((error: unknown) => error);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("location")).toContain(`/error?code=${code}`);
  });

  it("'not login' of a keyed call: the login page", async () => {
    const thrown = await checkout("NOT_LOGIN", true).catch((error: unknown) => error);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("location")).toContain("/oauth/authorize");
  });
});

describe("carriesIdempotencyKey", () => {
  it("reads the header in any case, and only with a value", () => {
    expect(carriesIdempotencyKey({ headers: { [IDEMPOTENCY_HEADER]: KEY } })).toBe(true);
    expect(carriesIdempotencyKey({ headers: { "idempotency-key": KEY } })).toBe(true);
    expect(carriesIdempotencyKey({ headers: { "Idempotency-Key": "" } })).toBe(false);
    expect(carriesIdempotencyKey({ headers: { "X-Other": KEY } })).toBe(false);
    expect(carriesIdempotencyKey(undefined)).toBe(false);
  });
});
