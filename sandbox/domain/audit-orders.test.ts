/** The audit (audit.ts) finds each way an order's entries, earning and refund can go wrong, on books that are otherwise right (audit-support.ts). */
import { describe, expect, it } from "vitest";
import { auditMoney, type MoneyView } from "./audit";
import { ANA, CHAN, SAM, copy } from "./test-support";
import { entry, keptBack, orderOf, rewrite } from "./audit-support";

describe("the audit, rule by rule", () => {
  describe("an order", () => {
    it("unpaid that earned, or closed that earned or did not give its mCoin back", () => {
      const { after, unpaid, late } = keptBack();
      orderOf(after, unpaid.id).mcoinEarned = 28;
      orderOf(after, late.id).mcoinEarned = 5;
      rewrite(after, ANA, (ledger) => {
        ledger.push(entry("earning", 28, unpaid), entry("earning", 5, late));
        ledger.splice(
          ledger.findIndex((candidate) => candidate.type === "purchase_released"),
          1,
        );
      });
      expect(auditMoney(after)).toEqual([
        `order ${unpaid.id} (${ANA}, awaiting_payment): earned 28 before it was paid`,
        `order ${late.id} (${ANA}, closed): purchase_released entries [], expected [100]`,
        `order ${late.id} (${ANA}, closed): a closed order earned 5`,
      ]);
    });

    it("not closed that released its mCoin, or not refunded that has refund entries or a refund record", () => {
      const { after, cashOnly, unpaid } = keptBack();
      rewrite(after, ANA, (ledger) => ledger.push(entry("purchase_released", 100, unpaid), entry("refund", 100, unpaid), entry("earning_reversed", -5, unpaid)));
      orderOf(after, unpaid.id).refund = copy(orderOf(after, cashOnly.id).refund);
      expect(auditMoney(after)).toEqual([
        `order ${unpaid.id} (${ANA}, awaiting_payment): purchase_released entries [100], expected []`,
        `order ${unpaid.id} (${ANA}, awaiting_payment): refund entries [100], expected []`,
        `order ${unpaid.id} (${ANA}, awaiting_payment): earning_reversed entries [-5], expected []`,
        `order ${unpaid.id} (${ANA}, awaiting_payment): a refund record on an order that is not refunded`,
      ]);
    });

    it("refunded without a refund record, or one that does not match the order", () => {
      // Every keptBack() starts from an empty order book, so its orders have the same ids each time.
      const { cashOnly, mixed } = keptBack();
      const audited = (change: (books: MoneyView) => void) => {
        const { after } = keptBack();
        change(after);
        return auditMoney(after);
      };
      const sam = `order ${cashOnly.id} (${SAM}, refunded)`;
      const chan = `order ${mixed.id} (${CHAN}, refunded)`;
      expect(audited((books) => (orderOf(books, cashOnly.id).refund = null))).toEqual([`${sam}: no refund record`]);
      expect(audited((books) => (orderOf(books, cashOnly.id).refund!.status = "refunding"))).toEqual([`${sam}: its refund record is refunding, asks back 0 mCoin and 7600 cents`]);
      expect(audited((books) => (orderOf(books, mixed.id).refund!.mcoinRequested = 299))).toEqual([
        `${chan}: its refund record is refunded, asks back 299 mCoin and 4600 cents`,
        `${chan}: its refund gave back 4600 cents and 254 mCoin, not 4600 and 253`,
      ]);
      expect(audited((books) => (orderOf(books, cashOnly.id).refund!.cashRequestedCents = 7500))).toEqual([
        `${sam}: its refund record is refunded, asks back 0 mCoin and 7500 cents`,
        `${sam}: its refund gave back 7600 cents and 0 mCoin, not 7500 and 0`,
      ]);
      expect(audited((books) => (orderOf(books, cashOnly.id).refund!.cashRefundedCents -= 760))).toEqual([`${sam}: its refund gave back 6840 cents and 0 mCoin, not 7600 and 0`]);
      expect(audited((books) => (orderOf(books, mixed.id).refund!.mcoinRefunded += 1))).toEqual([`${chan}: its refund gave back 4600 cents and 255 mCoin, not 4600 and 254`]);
    });

    it("paid that earned other than 1 mCoin per MOP 1 of its cash, even when its entries say the same", () => {
      const { after, kept, both } = keptBack();
      orderOf(after, kept.id).mcoinEarned = 29;
      rewrite(after, ANA, (ledger) => (ledger.find((candidate) => candidate.type === "earning" && candidate.orderId === kept.id)!.amount = 29));
      // A refunded order's earning is the cash's too: 103 on MOP 104, taken back in full.
      orderOf(after, both.id).mcoinEarned = 103;
      orderOf(after, both.id).refund!.earningReversal.fromBalance = 3;
      rewrite(after, SAM, (ledger) => {
        for (const candidate of ledger.filter((entry) => entry.orderId === both.id)) {
          if (candidate.type === "earning") candidate.amount = 103;
          if (candidate.type === "earning_reversed" && candidate.amount === -4) candidate.amount = -3;
        }
      });
      expect(auditMoney(after)).toEqual([`order ${both.id} (${SAM}, refunded): earned 103 on 10400 cents of cash`, `order ${kept.id} (${ANA}, received): earned 29 on 2800 cents of cash`]);
    });

    it("refunded on terms that do not add up to the earning, or that keep back more of the mCoin refunded than the order used", () => {
      const audited = (id: number, reversal: { fromMcoinRefund: number; fromBalance: number }) => {
        const { after } = keptBack();
        orderOf(after, id).refund!.earningReversal = reversal;
        return auditMoney(after);
      };
      const { cashOnly, both } = keptBack();
      const sam = (order: { id: number }) => `order ${order.id} (${SAM}, refunded)`;
      // The balance's part as it was taken, but one mCoin short of the earning.
      expect(audited(cashOnly.id, { fromMcoinRefund: 0, fromBalance: 75 })).toEqual([
        `${sam(cashOnly)}: the refund takes back {"fromMcoinRefund":0,"fromBalance":75} of the 76 mCoin it earned, not all of it in mCoin`,
        `${sam(cashOnly)}: earning_reversed entries [-76], expected [-75]`,
      ]);
      // All of the earning from the mCoin refunded, 4 more than the 100 the order used.
      expect(audited(both.id, { fromMcoinRefund: 104, fromBalance: 0 })).toEqual([
        `${sam(both)}: the refund takes back {"fromMcoinRefund":104,"fromBalance":0} of the 104 mCoin it earned, not all of it in mCoin`,
        `${sam(both)}: earning_reversed entries [-4,-100], expected [-104]`,
        `${sam(both)}: its refund gave back 10400 cents and 0 mCoin, not 10400 and -4`,
      ]);
    });
  });
});
