/**
 * The audit of the books (audit.ts): silent on books the rules kept, the demo history included, and
 * loud on each way books can go wrong (a charge twice, a refund missing, a balance or a stock that
 * does not follow from the entries and orders, a ledger rewritten). The model test runs it after
 * every random run too.
 */
import { describe, expect, it } from "vitest";
import { loadFixtures } from "../fixtures";
import { auditMoney } from "./audit";
import { ANA, CHAN, PORK_CHOP_BUN, SAM, world, copy } from "./test-support";
import { busyDay, keptBack, rebalance, view } from "./audit-support";

describe("the audit of the books", () => {
  it("finds nothing wrong with books the rules kept, before and since", () => {
    const { before, after } = busyDay();
    expect(auditMoney(before)).toEqual([]);
    expect(auditMoney(after, before)).toEqual([]);
  });

  it("finds nothing wrong with the demo history", () => {
    const state = world(loadFixtures());
    expect(view(state).orders.length).toBeGreaterThan(0);
    expect(auditMoney(view(state))).toEqual([]);
  });

  it("finds an order charged twice", () => {
    const { before, after, kept } = busyDay();
    const ledger = after.accounts[CHAN].ledger;
    ledger.push({ ...ledger.find((entry) => entry.orderId === kept.id && entry.type === "purchase")! });
    rebalance(ledger);
    after.members.find((member) => member.openId === CHAN)!.point = ledger.at(-1)!.balanceAfter;
    expect(auditMoney(after, before)).toEqual([`order ${kept.id} (${CHAN}, received): purchase entries [-380,-380], expected [-380]`]);
  });

  it("finds a refund that never gave the mCoin back", () => {
    const { before, after, refunded } = busyDay();
    const ledger = after.accounts[SAM].ledger;
    ledger.splice(
      ledger.findIndex((entry) => entry.orderId === refunded.id && entry.type === "refund"),
      1,
    );
    rebalance(ledger);
    after.members.find((member) => member.openId === SAM)!.point = ledger.at(-1)!.balanceAfter;
    expect(auditMoney(after, before)).toEqual([`order ${refunded.id} (${SAM}, refunded): refund entries [], expected [300]`]);
  });

  it("finds a refunded order whose earning was not taken back (the refund-and-park farming)", () => {
    const { before, after, refunded } = busyDay();
    const ledger = after.accounts[SAM].ledger;
    ledger.splice(
      ledger.findIndex((entry) => entry.orderId === refunded.id && entry.type === "earning_reversed"),
      1,
    );
    rebalance(ledger);
    after.members.find((member) => member.openId === SAM)!.point = ledger.at(-1)!.balanceAfter;
    expect(auditMoney(after, before)).toEqual([`order ${refunded.id} (${SAM}, refunded): earning_reversed entries [], expected [-46]`]);
  });

  it("finds refund terms that take back less than the order earned, and a refund that gave back more than its terms", () => {
    const { before, after, refunded } = busyDay();
    const order = after.orders.find((candidate) => candidate.id === refunded.id)!;
    order.refund!.earningReversal = { fromMcoinRefund: 40, fromBalance: 0 };
    order.refund!.cashRefundedCents += 1;
    expect(auditMoney(after, before)).toEqual([
      `order ${refunded.id} (${SAM}, refunded): the refund takes back {"fromMcoinRefund":40,"fromBalance":0} of the 46 mCoin it earned, not all of it in mCoin`,
      `order ${refunded.id} (${SAM}, refunded): earning_reversed entries [-46], expected [-40]`,
      `order ${refunded.id} (${SAM}, refunded): its refund gave back 4601 cents and 254 mCoin, not 4600 and 260`,
    ]);
  });

  it("finds a second payment settled, and a refused payment with a reason that does not fit its order", () => {
    const { before, after, refunded } = busyDay();
    const order = after.orders.find((candidate) => candidate.id === refunded.id)!;
    const settled = order.payments![0];
    order.payments!.push({ ...settled, paymentId: "WPSECOND00000001" }, { ...settled, paymentId: "WPCLOSED00000001", outcome: "refunded", reason: "ORDER_CLOSED" });
    expect(auditMoney(after, before)).toEqual([
      `order ${refunded.id} (${SAM}, refunded): settled payments ${JSON.stringify([settled, { ...settled, paymentId: "WPSECOND00000001" }])} for payment ${settled.paymentId}`,
      `order ${refunded.id} (${SAM}, refunded): payment WPCLOSED00000001 refunded as ORDER_CLOSED`,
    ]);
  });

  it("finds a payment kept twice, and a payment settled on an order that was never paid", () => {
    const { before, after, refunded } = busyDay();
    const closed = after.orders.find((candidate) => candidate.status === "closed" && candidate.openId === ANA)!;
    closed.payments!.push({ paymentId: "WPLATE0000000001", amountCents: closed.cashCents!, at: 0, outcome: "settled", reason: null });
    const order = after.orders.find((candidate) => candidate.id === refunded.id)!;
    order.payments!.push(order.payments![0]);
    const problems = auditMoney(after, before);
    expect(problems).toContain(`order ${refunded.id} (${SAM}, refunded): a payment kept twice`);
    expect(problems.some((problem) => problem.startsWith(`order ${closed.id} (${ANA}, closed): settled payments`))).toBe(true);
  });

  it("finds a balance that is not the ledger's, and a running balance that does not follow", () => {
    const { before, after } = busyDay();
    after.members.find((member) => member.openId === ANA)!.point += 1;
    after.accounts[SAM].ledger[1].balanceAfter += 10;
    const problems = auditMoney(after, before);
    expect(problems).toHaveLength(2);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^${SAM} entry 2 \\(purchase -300\\): balance after \\d+, but the entries up to it sum to \\d+$`)),
        expect.stringMatching(new RegExp(`^${ANA}: balance \\d+, but the ledger ends at \\d+$`)),
      ]),
    );
  });

  it("finds an entry on another member's order", () => {
    const { before, after, kept } = busyDay();
    const entry = after.accounts[ANA].ledger.find((candidate) => candidate.type === "purchase")!;
    entry.orderId = kept.id;
    expect(auditMoney(after, before)).toContain(`${ANA} entry ${entry.seq} (purchase -100): names order ${kept.id}, which is not this member's`);
  });

  it("finds pieces lost or made, and stock that orders do not account for", () => {
    const { before, after } = busyDay();
    after.offers[String(PORK_CHOP_BUN)].stock -= 1;
    const was = before.offers[String(PORK_CHOP_BUN)];
    expect(auditMoney(after, before)).toEqual([
      `offer ${PORK_CHOP_BUN}: stock + sold ${was.stock - 2} + ${was.sold + 1}, was ${was.stock} + ${was.sold}`,
      `offer ${PORK_CHOP_BUN}: stock went from ${was.stock} to ${was.stock - 2}, but the pieces orders hold changed by 1`,
    ]);
  });

  it("finds a ledger rewritten rather than added to, and an order gone with its entries left behind", () => {
    const { before, after, kept } = busyDay();
    after.accounts[SAM].ledger[0].at -= 1;
    after.orders = after.orders.filter((order) => order.id !== kept.id);
    before.orders.push(copy(kept));
    expect(auditMoney(after, before)).toEqual([
      `${CHAN} entry 2 (purchase -380): names order ${kept.id}, which is not this member's`,
      `${SAM}: the ledger was rewritten, not only added to`,
      `order ${kept.id} (${CHAN}) went away`,
      `offer ${PORK_CHOP_BUN}: stock went from ${before.offers[String(PORK_CHOP_BUN)].stock} to ${after.offers[String(PORK_CHOP_BUN)].stock}, but the pieces orders hold changed by -1`,
    ]);
  });
});

describe("the audit, rule by rule", () => {
  it("finds nothing wrong when refunds took the earning back from the balance, the mCoin refunded or both, and payments were refused for every reason, while processed and once done", () => {
    const { before, processing, after } = keptBack();
    expect(auditMoney(processing, before)).toEqual([]);
    expect(auditMoney(after, processing)).toEqual([]);
    expect(auditMoney(after, before)).toEqual([]);
  });

  it("reads books without cash amounts or payments (an older sandbox's) without asking for them", () => {
    const { processing, after } = keptBack();
    for (const books of [processing, after]) {
      for (const order of books.orders) {
        delete order.cashCents;
        delete order.paymentId;
        delete order.payments;
      }
    }
    expect(auditMoney(after, processing)).toEqual([]);
  });
});
