/** The audit (audit.ts) finds each way a ledger or an offer's stock can go wrong, on books that are otherwise right (audit-support.ts). */
import { describe, expect, it } from "vitest";
import { auditMoney } from "./audit";
import { ANA, CHAN, LEI, PORK_CHOP_BUN, SAM } from "./test-support";
import { entry, keptBack, rewrite } from "./audit-support";

describe("the audit, rule by rule", () => {
  describe("a ledger", () => {
    it("that does not open with its opening entry, or whose opening names an order", () => {
      const { after, cashOnly } = keptBack();
      after.accounts[CHAN].ledger[0].type = "adjustment";
      after.accounts[SAM].ledger[0].orderId = cashOnly.id;
      after.accounts[LEI].ledger = [];
      expect(auditMoney(after)).toEqual([
        `${CHAN}: the ledger does not open with its opening entry`,
        `${LEI}: the ledger does not open with its opening entry`,
        `${SAM}: the ledger does not open with its opening entry`,
        `${SAM} entry 1 (opening 500): names order ${cashOnly.id}, but is no order's`,
      ]);
    });

    it("numbered out of turn, with a second opening, or going below zero", () => {
      const { after } = keptBack();
      after.accounts[ANA].ledger[1].seq = 7;
      rewrite(after, CHAN, (ledger) => ledger.push(entry("opening", 0)));
      rewrite(after, LEI, (ledger) => ledger.push(entry("adjustment", -5)));
      const chan = after.accounts[CHAN].ledger.length;
      expect(auditMoney(after)).toEqual([`${CHAN} entry ${chan} (opening 0): a second opening`, `${ANA} entry 2 (purchase -100): numbered 7`, `${LEI} entry 2 (adjustment -5): balance below zero`]);
    });

    it("with an entry of no order that names one, or an order's entry naming none, another number or another member's order", () => {
      const { after, mixed, unpaid, late } = keptBack();
      rewrite(after, CHAN, (ledger) => ledger.push(entry("check_in", 10, mixed)));
      const [, first, second] = after.accounts[ANA].ledger;
      expect([first.orderId, second.orderId]).toEqual([unpaid.id, late.id]);
      first.orderId = null;
      second.orderNo = "MC20250101000001";
      rewrite(after, SAM, (ledger) => ledger.push(entry("earning", 1, mixed)));
      const at = (openId: string, type: string, amount: number) =>
        `${openId} entry ${after.accounts[openId].ledger.findIndex((candidate) => candidate.type === type && candidate.amount === amount) + 1} (${type} ${amount})`;
      expect(auditMoney(after)).toEqual([
        `${at(CHAN, "check_in", 10)}: names order ${mixed.id}, but is no order's`,
        `${ANA} entry 2 (purchase -100): names order null, which is not this member's`,
        `${ANA} entry 3 (purchase -100): names order ${late.id} as MC20250101000001, not ${late.orderNo}`,
        `${at(SAM, "earning", 1)}: names order ${mixed.id}, which is not this member's`,
        `order ${mixed.id} (${CHAN}, refunded): earning entries [46,1], expected [46]`,
        `order ${unpaid.id} (${ANA}, awaiting_payment): purchase entries [], expected [-100]`,
      ]);
    });

    it("of a member the view has no balance for is audited on its own; a balance with no ledger is wrong unless it is zero", () => {
      const { after } = keptBack();
      after.members = after.members.filter((member) => member.openId !== SAM);
      expect(auditMoney(after)).toEqual([]);
      delete after.accounts["mpay-1003"];
      delete after.accounts[LEI];
      expect(auditMoney(after)).toEqual([`mpay-1003: balance 56800 without a ledger`]);
    });

    it("that went away since", () => {
      const { processing, after } = keptBack();
      delete after.accounts["mpay-1003"];
      expect(auditMoney(after, processing)).toEqual([`mpay-1003: balance 56800 without a ledger`, `mpay-1003: the ledger went away`]);
    });
  });

  describe("an offer", () => {
    it("with stock below zero", () => {
      const { after } = keptBack();
      after.offers[String(PORK_CHOP_BUN)].stock = -1;
      expect(auditMoney(after)).toContain(`offer ${PORK_CHOP_BUN}: stock -1`);
    });

    it("that went away since", () => {
      const { processing, after } = keptBack();
      delete after.offers[String(PORK_CHOP_BUN)];
      expect(auditMoney(after, processing)).toEqual([`offer ${PORK_CHOP_BUN} went away`]);
    });
  });
});
