/** The audit (audit.ts) finds each way an order's payments can go wrong, on books that are otherwise right (audit-support.ts). */
import { describe, expect, it } from "vitest";
import { auditMoney, type MoneyView } from "./audit";
import { ANA, CHAN, SAM } from "./test-support";
import { keptBack, orderOf } from "./audit-support";

describe("the audit, rule by rule", () => {
  describe("a payment", () => {
    it("settled that is not the order's own payment of the cash due", () => {
      const { cashOnly } = keptBack();
      const audited = (change: (order: MoneyView["orders"][number]) => void) => {
        const { after } = keptBack();
        change(orderOf(after, cashOnly.id));
        return auditMoney(after);
      };
      const settledProblem = [expect.stringMatching(new RegExp(`^order ${cashOnly.id} \\(${SAM}, refunded\\): settled payments \\[.*\\] for payment `))];
      expect(audited((order) => (order.paymentId = "WPOTHER000000001"))).toEqual(settledProblem);
      expect(audited((order) => (order.payments![0].amountCents = 7599))).toEqual(settledProblem);
      expect(audited((order) => (order.payments![0].reason = "DUPLICATE_PAYMENT"))).toEqual(settledProblem);
    });

    it("settled or refunded as a second payment on an order awaiting payment, or refunded as another amount when it was the amount due", () => {
      const { after, unpaid } = keptBack();
      const order = orderOf(after, unpaid.id);
      const base = { amountCents: order.cashCents!, at: 0 };
      order.payments!.push(
        { ...base, paymentId: "WPSETTLED0000001", outcome: "settled", reason: null },
        { ...base, paymentId: "WPSECOND00000001", outcome: "refunded", reason: "DUPLICATE_PAYMENT" },
        { ...base, paymentId: "WPRIGHT000000001", outcome: "refunded", reason: "AMOUNT_MISMATCH" },
      );
      const at = `order ${unpaid.id} (${ANA}, awaiting_payment)`;
      expect(auditMoney(after)).toEqual([
        `${at}: settled payments ${JSON.stringify([order.payments![1]])} for payment null`,
        `${at}: payment WPSECOND00000001 refunded as DUPLICATE_PAYMENT`,
        `${at}: payment WPRIGHT000000001 refunded as AMOUNT_MISMATCH`,
      ]);
    });

    it("settled, or refunded as a second payment, on an order that closed unpaid", () => {
      const { after, late } = keptBack();
      const order = orderOf(after, late.id);
      // Even when the order names the settled payment as its own.
      order.paymentId = "WPSETTLED0000001";
      order.payments!.push(
        { paymentId: "WPSETTLED0000001", amountCents: order.cashCents!, at: 0, outcome: "settled", reason: null },
        { paymentId: "WPSECOND00000001", amountCents: order.cashCents!, at: 0, outcome: "refunded", reason: "DUPLICATE_PAYMENT" },
      );
      const at = `order ${late.id} (${ANA}, closed)`;
      expect(auditMoney(after)).toEqual([
        `${at}: settled payments ${JSON.stringify([order.payments![1]])} for payment WPSETTLED0000001`,
        `${at}: payment WPSECOND00000001 refunded as DUPLICATE_PAYMENT`,
      ]);
    });

    it("of its own missing from a paid order that keeps its payments (one that kept none is an older sandbox's)", () => {
      const { after, mixed, kept } = keptBack();
      const order = orderOf(after, mixed.id);
      order.payments = order.payments!.filter((payment) => payment.outcome !== "settled");
      orderOf(after, kept.id).payments = [];
      expect(auditMoney(after)).toEqual([`order ${mixed.id} (${CHAN}, refunded): paid by WPMIXED000000001, which is not among its payments`]);
    });

    it("settling two orders, each of which it fits; refused on another order it settles one", () => {
      const { after, cashOnly, unpaid, kept } = keptBack();
      // Sam's payment sent again for Ana's unpaid order, of another amount: kept there as refunded.
      orderOf(after, unpaid.id).payments!.push({ paymentId: "WPCASHONLY000001", amountCents: 7600, at: 0, outcome: "refunded", reason: "AMOUNT_MISMATCH" });
      expect(auditMoney(after)).toEqual([]);
      // Ana's order, paid by Sam's payment: the same id, of the cash Ana's order was due.
      const order = orderOf(after, kept.id);
      order.paymentId = "WPCASHONLY000001";
      order.payments![0].paymentId = "WPCASHONLY000001";
      expect(auditMoney(after)).toEqual([`payment WPCASHONLY000001 settles orders ${cashOnly.id} and ${kept.id}`]);
    });

    it("rewritten or dropped since, while payments added since are not a problem", () => {
      const { processing, after, mixed, late, kept } = keptBack();
      expect(orderOf(processing, late.id).payments).toEqual([]);
      expect(orderOf(after, late.id).payments).toMatchObject([{ paymentId: "WPLATE0000000001", reason: "ORDER_CLOSED" }]);
      orderOf(after, mixed.id).payments!.pop();
      orderOf(after, kept.id).payments![0].at += 1;
      expect(auditMoney(after, processing)).toEqual([
        `order ${mixed.id} (${CHAN}): its payments were rewritten, not only added to`,
        `order ${kept.id} (${ANA}): its payments were rewritten, not only added to`,
      ]);
    });

    it("dropped along with every other, since", () => {
      const { processing, after, kept } = keptBack();
      delete orderOf(after, kept.id).payments;
      expect(auditMoney(after, processing)).toEqual([`order ${kept.id} (${ANA}): its payments were rewritten, not only added to`]);
    });

    it("refunded without a reason", () => {
      const { after, mixed } = keptBack();
      orderOf(after, mixed.id).payments!.push({ paymentId: "WPNOREASON000001", amountCents: 4600, at: 0, outcome: "refunded", reason: null });
      expect(auditMoney(after)).toEqual([`order ${mixed.id} (${CHAN}, refunded): payment WPNOREASON000001 refunded as null`]);
    });
  });
});
