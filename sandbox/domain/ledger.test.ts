/**
 * The mCoin ledger on its own: how an account opens, what a posting writes, the postings it refuses
 * (and that a refused one writes nothing), and the account as a --state file holds it.
 */
import { describe, expect, it } from "vitest";
import { AccountSchema, MAX_CHECK_IN_DAYS, balanceOf, openAccount, post, type Account } from "./ledger";

const T0 = Date.UTC(2025, 2, 1, 4);

/** An account opened with 500 mCoin that spent 380 on order 7 and earned 38 from its cash. */
function used(): Account {
  const account = openAccount(500, T0);
  post(account, { type: "purchase", amount: -380, at: T0 + 1_000, orderId: 7, orderNo: "MC20250301000007" });
  post(account, { type: "earning", amount: 38, at: T0 + 2_000, orderId: 7, orderNo: "MC20250301000007" });
  return account;
}

/** The account as a --state file holds it: JSON, so nothing of the objects in memory is carried over. */
const saved = (account: Account) => JSON.parse(JSON.stringify(account)) as Record<string, unknown> & { ledger: Record<string, unknown>[] };

describe("opening an account", () => {
  it("writes one opening entry of the starting balance, and counts as no change", () => {
    const account = openAccount(500, T0);
    expect(account).toEqual({
      ledger: [{ seq: 1, at: T0, type: "opening", amount: 500, balanceAfter: 500, orderId: null, orderNo: null }],
      revision: 0,
      likes: [],
      collections: [],
      mcoinCoupons: [],
      redeemedCodes: [],
      checkIns: [],
    });
    expect(balanceOf(account)).toBe(500);
  });

  it("with no mCoin still opens the ledger, at zero", () => {
    const account = openAccount(0, T0);
    expect(account.ledger).toEqual([{ seq: 1, at: T0, type: "opening", amount: 0, balanceAfter: 0, orderId: null, orderNo: null }]);
    expect(balanceOf(account)).toBe(0);
  });
});

describe("a posting", () => {
  it("appends the next entry with the balance after it, and grows the revision by one", () => {
    const account = used();
    expect(account.ledger.slice(1)).toEqual([
      { seq: 2, at: T0 + 1_000, type: "purchase", amount: -380, balanceAfter: 120, orderId: 7, orderNo: "MC20250301000007" },
      { seq: 3, at: T0 + 2_000, type: "earning", amount: 38, balanceAfter: 158, orderId: 7, orderNo: "MC20250301000007" },
    ]);
    expect(account.revision).toBe(2);
    expect(balanceOf(account)).toBe(158);
  });

  it("returns the entry it wrote", () => {
    const account = openAccount(100, T0);
    const entry = post(account, { type: "check_in", amount: 5, at: T0 + 1 });
    expect(entry).toEqual({ seq: 2, at: T0 + 1, type: "check_in", amount: 5, balanceAfter: 105, orderId: null, orderNo: null });
    expect(account.ledger.at(-1)).toEqual(entry);
  });

  it("may take the balance to exactly zero", () => {
    const account = openAccount(380, T0);
    post(account, { type: "purchase", amount: -380, at: T0 + 1 });
    expect(balanceOf(account)).toBe(0);
  });
});

describe("the ledger refuses, and writes nothing", () => {
  const untouched = (account: Account, attempt: () => unknown, reason: RegExp) => {
    const before = structuredClone(account);
    expect(attempt).toThrow(reason);
    expect(account).toEqual(before);
  };

  it("a posting that would take the balance below zero", () => {
    const account = used();
    untouched(account, () => post(account, { type: "purchase", amount: -159, at: T0 + 3_000 }), /ledger: a purchase of -159 would take the balance below zero/);
  });

  it("any posting on an account with no mCoin that takes some away", () => {
    const account = openAccount(0, T0);
    untouched(account, () => post(account, { type: "adjustment", amount: -1, at: T0 + 1 }), /below zero/);
  });

  it.each([0.5, -0.5, 380.01, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])("an amount of %d mCoin, which is not a whole number it can count", (amount) => {
    const account = used();
    untouched(account, () => post(account, { type: "adjustment", amount, at: T0 + 3_000 }), new RegExp(`ledger: ${amount} is not a whole number of mCoin`));
  });
});

describe("an account in a --state file", () => {
  it("reads back as it was written: ledger, revision, likes, favourites, mCoin coupons, codes and check-ins", () => {
    const account = used();
    account.likes.push(7, 12);
    account.collections.push(12);
    account.mcoinCoupons.push(
      { id: 1, title: { zh: "50 mCoin 券", en: "50 mCoin coupon" }, mcoin: 50, status: "unused", useUntil: T0 + 86_400_000, usedAt: null },
      { id: 2, title: { zh: "20 mCoin 券", en: "20 mCoin coupon" }, mcoin: 20, status: "used", useUntil: T0 + 86_400_000, usedAt: T0 + 5_000 },
    );
    account.redeemedCodes.push("WELCOME50");
    account.checkIns.push("2025-02-28", "2025-03-01");
    expect(AccountSchema.parse(saved(account))).toEqual(account);
  });

  it("written before codes and check-ins existed reads with none", () => {
    const { mcoinCoupons: _coupons, redeemedCodes: _codes, checkIns: _days, ...older } = saved(used());
    expect(AccountSchema.parse(older)).toEqual({ ...used(), mcoinCoupons: [], redeemedCodes: [], checkIns: [] });
  });

  it("is refused when an entry's balance does not follow from the entries before it, naming the entry", () => {
    const account = saved(used());
    account.ledger[1].balanceAfter = 9_999;
    const result = AccountSchema.safeParse(account);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ code: "custom", path: ["ledger", 1], message: "ledger entry 2 does not follow from the ones before it" })]);
  });

  it("is refused when an amount was changed but the balances were not", () => {
    const account = saved(used());
    account.ledger[2].amount = 380;
    expect(AccountSchema.safeParse(account).error?.issues).toEqual([expect.objectContaining({ path: ["ledger", 2], message: "ledger entry 3 does not follow from the ones before it" })]);
  });

  it("is refused when entries are missing, repeated or out of order, even when the balances add up", () => {
    const account = saved(used());
    const [opening, purchase, earning] = account.ledger;
    const cases: [string, Record<string, unknown>[], number][] = [
      ["an entry dropped", [opening, { ...earning, seq: 3, balanceAfter: 538 }], 1],
      ["a number skipped", [opening, { ...purchase, seq: 3 }, { ...earning, seq: 4 }], 1],
      ["an entry repeated", [opening, purchase, { ...purchase, amount: 0, balanceAfter: 120 }], 2],
      ["not opening with the first", [{ ...opening, seq: 2 }], 0],
    ];
    for (const [what, ledger, at] of cases) {
      expect(AccountSchema.safeParse({ ...account, ledger }).error?.issues, what).toEqual([expect.objectContaining({ path: ["ledger", at] })]);
    }
  });

  it("names only the first entry that does not follow", () => {
    const account = saved(used());
    account.ledger[1].balanceAfter = 121;
    account.ledger[2].balanceAfter = 159;
    expect(AccountSchema.safeParse(account).error?.issues.map((issue) => issue.path)).toEqual([["ledger", 1]]);
  });

  it("keeps check-in days as yyyy-mm-dd, at most MAX_CHECK_IN_DAYS of them", () => {
    const account = saved(used());
    const accepts = (checkIns: string[]) => AccountSchema.safeParse({ ...account, checkIns }).success;
    expect(accepts(["2025-03-01"])).toBe(true);
    for (const day of ["2025-3-01", "2025-03-1", "25-03-01", "x2025-03-01", "2025-03-01x", "2025-03-01T00:00", "yyyy-mm-dd"]) expect(accepts([day]), day).toBe(false);
    const days = Array.from({ length: MAX_CHECK_IN_DAYS + 1 }, (_, index) => new Date(T0 + index * 86_400_000).toISOString().slice(0, 10));
    expect(accepts(days.slice(1))).toBe(true);
    expect(accepts(days)).toBe(false);
  });

  it("keeps an mCoin coupon only unused or used (expired is read from its date, never kept)", () => {
    const account = saved(used());
    const coupon = { id: 1, title: { zh: "券", en: "coupon" }, mcoin: 50, useUntil: T0, usedAt: null };
    const accepts = (status: string) => AccountSchema.safeParse({ ...account, mcoinCoupons: [{ ...coupon, status }] }).success;
    expect(accepts("unused")).toBe(true);
    expect(accepts("used")).toBe(true);
    expect(accepts("expired")).toBe(false);
  });
});
