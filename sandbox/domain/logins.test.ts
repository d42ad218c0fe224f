/** Logins (logins.ts): login codes and tokens expire by real time, and each kind is bounded. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { createSandbox } from "../index";
import { AUTH_CODE_TTL_MS, MAX_AUTH_CODES, MAX_TOKENS_PER_MEMBER, TOKEN_TTL_MS } from "./logins";
import { world } from "./test-support";

afterEach(() => {
  vi.useRealTimers();
});

/** Moves real time (Date.now) on; the sandbox clock follows it. */
function later(ms: number) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() + ms);
}

describe("login codes", () => {
  it("are dropped once expired", () => {
    const state = world();
    const stale = state.logins.issueAuthCode("mpay-1001");
    later(AUTH_CODE_TTL_MS + 1_000);
    const live = state.logins.issueAuthCode("mpay-1002");
    expect([...state.data.authCodes.keys()]).toEqual([live]);
    expect(state.logins.redeemAuthCode(stale)).toBeUndefined();
    expect(state.logins.redeemAuthCode(live)).toBe("mpay-1002");
  });

  it("are bounded: past the limit the oldest goes first", () => {
    const state = world();
    const first = state.logins.issueAuthCode("mpay-1001");
    const second = state.logins.issueAuthCode("mpay-1001");
    for (let i = 2; i <= MAX_AUTH_CODES; i++) state.logins.issueAuthCode("mpay-1002");
    expect(state.data.authCodes.size).toBe(MAX_AUTH_CODES);
    expect(state.logins.redeemAuthCode(first)).toBeUndefined();
    expect(state.logins.redeemAuthCode(second)).toBe("mpay-1001");
  });
});

describe("tokens", () => {
  it("are 'not login' after seven days of real time, and dropped", async () => {
    const sandbox = createSandbox();
    const token = sandbox.domain.logins.issueToken("mpay-1001");
    const basicInformation = () => sandbox.handle(new Request("http://127.0.0.1/api/auth/basicinformation", { headers: { authorization: `Bearer ${token}` } }));
    later(TOKEN_TTL_MS - 60_000);
    expect(await (await basicInformation()).json()).toMatchObject({ code: 200, data: { point: 12580 } });
    later(120_000);
    expect(await (await basicInformation()).json()).toMatchObject({ msg: "not login" });
    sandbox.domain.logins.issueToken("mpay-1002");
    expect(sandbox.store.data.tokens.has(token)).toBe(false);
  });

  it(`are at most ${MAX_TOKENS_PER_MEMBER} per member, the oldest dropped first`, () => {
    const state = world();
    const other = state.logins.issueToken("mpay-1002");
    const tokens = Array.from({ length: MAX_TOKENS_PER_MEMBER + 1 }, () => state.logins.issueToken("mpay-1001"));
    expect(state.logins.memberByToken(tokens[0])).toBeUndefined();
    expect(tokens.slice(1).every((token) => state.logins.memberByToken(token)?.openId === "mpay-1001")).toBe(true);
    expect(state.logins.memberByToken(other)?.openId).toBe("mpay-1002");
    expect(state.data.tokens.size).toBe(MAX_TOKENS_PER_MEMBER + 1);
  });
});
