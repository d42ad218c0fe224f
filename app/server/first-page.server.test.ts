import { describe, expect, it } from "vitest";
import { ApiError, type ApiErrorCode } from "#core/api/errors";
import { firstPage } from "./first-page.server";
import type { MemberApi } from "./gateway.server";

/** The member's client as far as firstPage uses it: what to throw for a failure that leaves the screen. */
const api = { failure: async (error: unknown) => ({ left: (error as ApiError).code }) } as unknown as MemberApi;
const failing = (code: ApiErrorCode) => () => Promise.reject(new ApiError(code, "failed"));

describe("a wallet list's first page", () => {
  it("is the page when the call answers", async () => {
    expect(await firstPage(api, async () => ({ list: [1], page: 1 }))).toEqual({ list: [1], page: 1 });
  });

  it("is said in place (null) for a refusal, a missing thing, a lost connection, a timeout or an unreadable reply", async () => {
    for (const code of ["BUSINESS", "NOT_FOUND", "NETWORK", "TIMEOUT", "BAD_RESPONSE", "HTTP"] as const) expect(await firstPage(api, failing(code)), code).toBeNull();
  });

  it("leaves the screen as the spec says for 'not login', an HTTP 500 or 429, and a request the endpoint refuses", async () => {
    for (const code of ["NOT_LOGIN", "SERVER_ERROR", "RATE_LIMITED", "BAD_REQUEST"] as const) await expect(firstPage(api, failing(code)), code).rejects.toEqual({ left: code });
  });

  it("throws anything that is not the gateway's as it is", async () => {
    const bug = new TypeError("a bug");
    await expect(firstPage({ failure: async (error: unknown) => error } as unknown as MemberApi, () => Promise.reject(bug))).rejects.toBe(bug);
  });
});
