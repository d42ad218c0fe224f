/**
 * Idempotency keys on their own (sandbox/domain/idempotency.ts): a repeat gets the first reply, a key
 * reused with another request is refused (also while the first is still being answered), a refusal
 * is not remembered, keys are per member, last a day and are bounded per member.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemberFixtureSchema } from "../fixtures";
import { ANONYMOUS_SCOPE, IDEMPOTENCY_TTL_MS, IdempotencyKeys, MAX_KEYS_PER_SCOPE, StoredReplySchema, type Claim, type IdempotencyData } from "./idempotency";

const T0 = Date.UTC(2025, 2, 1, 4);
const OK = { status: 200, body: '{"code":"200","data":{"orderId":1}}' };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(T0);
});

afterEach(() => {
  vi.useRealTimers();
});

function keys() {
  const data: IdempotencyData = new Map();
  const changed = vi.fn();
  return { data, changed, keys: new IdempotencyKeys(() => data, changed) };
}

function first(claim: Claim) {
  if (claim.kind !== "first") throw new Error(`expected the first claim, got ${claim.kind}`);
  return claim;
}

/** Claims `key` and answers it with `reply` at once. */
function answered(idempotency: IdempotencyKeys, scope: string, key: string, fingerprint: string, reply = OK) {
  first(idempotency.claim(scope, key, fingerprint)).settle(reply);
}

describe("a key", () => {
  it("the first time it is seen, is the caller's to answer", () => {
    const { keys: idempotency } = keys();
    expect(idempotency.claim("mpay-1001", "k1", "f1")).toEqual({ kind: "first", settle: expect.any(Function) });
  });

  it("once answered, gives the same request the same reply, remembered with when and for what", () => {
    const { keys: idempotency, changed, data } = keys();
    answered(idempotency, "mpay-1001", "k1", "f1");
    expect(changed).toHaveBeenCalledTimes(1);
    vi.setSystemTime(T0 + 60_000);
    const stored = { at: T0, fingerprint: "f1", ...OK };
    expect(idempotency.claim("mpay-1001", "k1", "f1")).toEqual({ kind: "repeat", reply: stored });
    expect(data.get("mpay-1001")?.get("k1")).toEqual(stored);
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it("once answered, refuses another request", () => {
    const { keys: idempotency } = keys();
    answered(idempotency, "mpay-1001", "k1", "f1");
    expect(idempotency.claim("mpay-1001", "k1", "f2")).toEqual({ kind: "reused" });
    expect(idempotency.claim("mpay-1001", "k1", "f1")).toMatchObject({ kind: "repeat" });
  });

  it("whose first request took no effect is not remembered: the next request with it is tried again", () => {
    const { keys: idempotency, changed, data } = keys();
    first(idempotency.claim("mpay-1001", "k1", "f1")).settle(null);
    expect(changed).not.toHaveBeenCalled();
    expect(data.get("mpay-1001")?.size ?? 0).toBe(0);
    answered(idempotency, "mpay-1001", "k1", "f2");
    expect(idempotency.claim("mpay-1001", "k1", "f2")).toMatchObject({ kind: "repeat", reply: { fingerprint: "f2" } });
  });

  it("belongs to one member: another member's key of the same name is theirs to answer", () => {
    const { keys: idempotency } = keys();
    answered(idempotency, "mpay-1001", "k1", "f1");
    expect(idempotency.claim("mpay-1002", "k1", "f2").kind).toBe("first");
    expect(idempotency.claim(ANONYMOUS_SCOPE, "k1", "f2").kind).toBe("first");
  });

  it("used without a token is in a scope of its own, which no member's open id can be", () => {
    expect(MemberFixtureSchema.shape.openId.safeParse(ANONYMOUS_SCOPE).success).toBe(false);
  });
});

describe("a key while its first request is being answered", () => {
  it("makes the same request wait for the first reply instead of running beside it", async () => {
    const { keys: idempotency } = keys();
    const claim = first(idempotency.claim("mpay-1001", "k1", "f1"));
    const repeat = idempotency.claim("mpay-1001", "k1", "f1");
    expect(repeat).toEqual({ kind: "repeat", reply: expect.any(Promise) });
    vi.setSystemTime(T0 + 500);
    claim.settle(OK);
    await expect(repeat.kind === "repeat" && repeat.reply).resolves.toEqual({ at: T0 + 500, fingerprint: "f1", ...OK });
  });

  it("gives a waiting repeat nothing when the first took no effect, so it is tried again", async () => {
    const { keys: idempotency } = keys();
    const claim = first(idempotency.claim("mpay-1001", "k1", "f1"));
    const repeat = idempotency.claim("mpay-1001", "k1", "f1");
    claim.settle(null);
    await expect(repeat.kind === "repeat" && repeat.reply).resolves.toBeNull();
    expect(idempotency.claim("mpay-1001", "k1", "f1").kind).toBe("first");
  });

  it("refuses another request with it", () => {
    const { keys: idempotency } = keys();
    first(idempotency.claim("mpay-1001", "k1", "f1"));
    expect(idempotency.claim("mpay-1001", "k1", "f2")).toEqual({ kind: "reused" });
  });

  it("is not another member's: their key of the same name is theirs to answer at the same time", () => {
    const { keys: idempotency } = keys();
    first(idempotency.claim("mpay-1001", "k1", "f1"));
    expect(idempotency.claim("mpay-1002", "k1", "f2").kind).toBe("first");
    expect(idempotency.claim("mpay-1001", "k2", "f2").kind).toBe("first");
  });

  it("after a reset, is the caller's to answer again: nobody waits for a request the reset forgot", () => {
    const { keys: idempotency } = keys();
    first(idempotency.claim("mpay-1001", "k1", "f1"));
    idempotency.clearInFlight();
    expect(idempotency.claim("mpay-1001", "k1", "f2").kind).toBe("first");
  });
});

describe("keys expire", () => {
  it("24 hours after their reply: until then a repeat gets it, after it the key is new", () => {
    const { keys: idempotency, data } = keys();
    answered(idempotency, "mpay-1001", "k1", "f1");
    vi.setSystemTime(T0 + IDEMPOTENCY_TTL_MS);
    expect(idempotency.claim("mpay-1001", "k1", "f2").kind).toBe("reused");
    vi.setSystemTime(T0 + IDEMPOTENCY_TTL_MS + 1);
    expect(idempotency.claim("mpay-1001", "k1", "f2").kind).toBe("first");
    expect(data.get("mpay-1001")?.has("k1")).toBe(false);
  });

  it("each on its own clock: the older one goes, the newer stays", () => {
    const { keys: idempotency, data } = keys();
    answered(idempotency, "mpay-1001", "old", "f1");
    vi.setSystemTime(T0 + 12 * 3_600_000);
    answered(idempotency, "mpay-1001", "new", "f2");
    vi.setSystemTime(T0 + IDEMPOTENCY_TTL_MS + 1);
    expect(idempotency.claim("mpay-1001", "new", "f2")).toMatchObject({ kind: "repeat", reply: { fingerprint: "f2" } });
    expect([...(data.get("mpay-1001")?.keys() ?? [])]).toEqual(["new"]);
  });

  it("all at once when their member is next seen", () => {
    const { keys: idempotency, data } = keys();
    answered(idempotency, "mpay-1001", "k1", "f1");
    answered(idempotency, "mpay-1001", "k2", "f1");
    vi.setSystemTime(T0 + IDEMPOTENCY_TTL_MS + 1);
    expect(idempotency.claim("mpay-1001", "k3", "f1").kind).toBe("first");
    expect(data.get("mpay-1001")?.size).toBe(0);
  });
});

describe("a member's keys", () => {
  it(`are at most MAX_KEYS_PER_SCOPE (${MAX_KEYS_PER_SCOPE}): past it the oldest is forgotten, and only for that member`, () => {
    const { keys: idempotency, data } = keys();
    answered(idempotency, "mpay-1002", "k0", "f");
    for (let i = 0; i < MAX_KEYS_PER_SCOPE; i++) answered(idempotency, "mpay-1001", `k${i}`, `f${i}`);
    expect(data.get("mpay-1001")?.size).toBe(MAX_KEYS_PER_SCOPE);
    expect(idempotency.claim("mpay-1001", "k0", "f0").kind).toBe("repeat");

    answered(idempotency, "mpay-1001", "one more", "f");
    expect(data.get("mpay-1001")?.size).toBe(MAX_KEYS_PER_SCOPE);
    expect(data.get("mpay-1001")?.has("k0")).toBe(false);
    expect(idempotency.claim("mpay-1001", "k1", "f1").kind).toBe("repeat");
    expect(idempotency.claim("mpay-1001", "one more", "f").kind).toBe("repeat");
    expect(idempotency.claim("mpay-1002", "k0", "f").kind).toBe("repeat");
  });
});

describe("a remembered reply in a --state file", () => {
  it("reads back as it was written", () => {
    const reply = { at: T0, fingerprint: "f1", ...OK };
    expect(StoredReplySchema.parse(JSON.parse(JSON.stringify(reply)))).toEqual(reply);
    expect(StoredReplySchema.safeParse({ ...reply, status: 200.5 }).success).toBe(false);
  });
});
