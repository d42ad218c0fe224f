/**
 * A member's account at the gateway: the mCoin ledger, append-only, whose last `balanceAfter` is the
 * member's balance wherever it is shown (there is no other copy to drift from it); a revision that
 * grows with every change of the ledger or of the member's orders; and their likes and favourites.
 */
import { z } from "zod";
import { LedgerEntrySchema, type LedgerEntry } from "#core/api/shop-endpoints";

export interface Account {
  /** Oldest first; entries are only ever appended. */
  ledger: LedgerEntry[];
  /** Grows with every change of the ledger or the member's orders (basicInformation's `revision`). */
  revision: number;
  /** Offer ids the member liked / collected, in the order they did it. */
  likes: number[];
  collections: number[];
  /** Coupons worth mCoin the member got from codes; using one posts an `mcoin_coupon` entry. */
  mcoinCoupons: McoinCouponRecord[];
  /** Codes the member redeemed (each works once per member), upper-cased. */
  redeemedCodes: string[];
  /** The days of Macau the member checked in on (yyyy-mm-dd), oldest first; the last MAX_CHECK_IN_DAYS. */
  checkIns: string[];
}

/** Check-in days kept per member: enough for any streak the ladder counts. */
export const MAX_CHECK_IN_DAYS = 400;

/** An mCoin coupon as kept: its title in both languages; "expired" is read lazily from useUntil. */
export const McoinCouponRecordSchema = z.object({
  id: z.number().int().positive(),
  title: z.object({ zh: z.string(), en: z.string() }),
  mcoin: z.number().int().positive(),
  status: z.enum(["unused", "used"]),
  useUntil: z.number(),
  usedAt: z.number().nullable(),
});
export type McoinCouponRecord = z.infer<typeof McoinCouponRecordSchema>;

export const AccountSchema = z
  .object({
    ledger: z.array(LedgerEntrySchema),
    revision: z.number().int().nonnegative(),
    likes: z.array(z.number().int().positive()),
    collections: z.array(z.number().int().positive()),
    // A state file written before codes existed has neither.
    mcoinCoupons: z.array(McoinCouponRecordSchema).default([]),
    redeemedCodes: z.array(z.string()).default([]),
    checkIns: z
      .array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/))
      .max(MAX_CHECK_IN_DAYS)
      .default([]),
  })
  .superRefine((account, context) => {
    let balance = 0;
    for (const [index, entry] of account.ledger.entries()) {
      balance += entry.amount;
      if (entry.seq !== index + 1 || entry.balanceAfter !== balance) {
        context.addIssue({ code: "custom", message: `ledger entry ${index + 1} does not follow from the ones before it`, path: ["ledger", index] });
        return;
      }
    }
  });

export type LedgerPosting = Pick<LedgerEntry, "type" | "amount" | "at"> & Partial<Pick<LedgerEntry, "orderId" | "orderNo">>;

/** A new account whose ledger opens with `point` mCoin. */
export function openAccount(point: number, at: number): Account {
  const account: Account = { ledger: [], revision: 0, likes: [], collections: [], mcoinCoupons: [], redeemedCodes: [], checkIns: [] };
  post(account, { type: "opening", amount: point, at });
  // Opening is the account's starting point, not a change a screen has to notice.
  account.revision = 0;
  return account;
}

export function balanceOf(account: Account): number {
  return account.ledger.at(-1)?.balanceAfter ?? 0;
}

/**
 * Appends an entry. The rules check the balance before they post; a posting that would take it
 * below zero is a bug in a rule, thrown before anything is written.
 */
export function post(account: Account, posting: LedgerPosting): LedgerEntry {
  if (!Number.isSafeInteger(posting.amount)) throw new Error(`ledger: ${posting.amount} is not a whole number of mCoin`);
  const balanceAfter = balanceOf(account) + posting.amount;
  if (balanceAfter < 0) throw new Error(`ledger: a ${posting.type} of ${posting.amount} would take the balance below zero`);
  const entry: LedgerEntry = {
    seq: account.ledger.length + 1,
    at: posting.at,
    type: posting.type,
    amount: posting.amount,
    balanceAfter,
    orderId: posting.orderId ?? null,
    orderNo: posting.orderNo ?? null,
  };
  account.ledger.push(entry);
  account.revision += 1;
  return entry;
}
