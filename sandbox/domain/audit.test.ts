/**
 * The audit of the books (audit.ts): silent on books the rules kept, the demo history included, and
 * loud on each way books can go wrong (a charge twice, a refund missing, a balance or a stock that
 * does not follow from the entries and orders, a ledger rewritten). The model test runs it after
 * every random run too.
 */
import { describe, expect, it } from "vitest";
import type { LedgerEntry } from "#core/api/shop-endpoints";
import { loadFixtures } from "../fixtures";
import { auditMoney, type MoneyView } from "./audit";
import { PAYMENT_WINDOW_MS, REFUND_PROCESSING_MS } from "./order-book";
import { ANA, CHAN, LEI, PORK_CHOP_BUN, SAM, buy, later, paid, placed, setup, world, type World } from "./test-support";

/** The books as GET /__sandbox/state sends them: a copy, not the live objects. */
const view = (state: World): MoneyView => JSON.parse(JSON.stringify(state.view())) as MoneyView;

/** Books after some of everything: paid, refunded, left unpaid to close, cancelled, checked in, a gift. */
function busyDay() {
  const { state } = setup();
  const before = view(state);
  const refunded = placed(state, SAM, buy({ quantity: 2, mcoinUsed: 300 }));
  state.orders.notice(paid(refunded));
  expect(state.afterSale.requestRefund(SAM, { orderId: refunded.id, reason: "bought_wrongly", remarks: "" }).ok).toBe(true);
  const kept = placed(state, CHAN, buy({ quantity: 1, mcoinUsed: 380 }));
  const unpaid = placed(state, ANA, buy({ quantity: 1, mcoinUsed: 100 }));
  const cancelled = placed(state, ANA, buy({ quantity: 3, mcoinUsed: 0 }));
  expect(state.orders.cancel(ANA, cancelled.id).ok).toBe(true);
  expect(state.promotions.checkIn(SAM).ok).toBe(true);
  expect(state.afterSale.redeemCode(CHAN, "GIFT-CONGEE").ok).toBe(true);
  later(state, Math.max(PAYMENT_WINDOW_MS, REFUND_PROCESSING_MS) + 1);
  state.books.closeDue();
  expect([refunded.status, kept.status, unpaid.status, cancelled.status]).toEqual(["refunded", "received", "closed", "closed"]);
  return { state, before, after: view(state), refunded, kept };
}

/** Renumbers a tampered ledger's running balances, so only the rule the tampering broke is broken. */
function rebalance(ledger: MoneyView["accounts"][string]["ledger"]) {
  let balance = 0;
  ledger.forEach((entry, index) => {
    balance += entry.amount;
    entry.seq = index + 1;
    entry.balanceAfter = balance;
  });
}

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
    before.orders.push(structuredClone(kept));
    expect(auditMoney(after, before)).toEqual([
      `${CHAN} entry 2 (purchase -380): names order ${kept.id}, which is not this member's`,
      `${SAM}: the ledger was rewritten, not only added to`,
      `order ${kept.id} (${CHAN}) went away`,
      `offer ${PORK_CHOP_BUN}: stock went from ${before.offers[String(PORK_CHOP_BUN)].stock} to ${after.offers[String(PORK_CHOP_BUN)].stock}, but the pieces orders hold changed by -1`,
    ]);
  });
});

/** The wallet's notice that `order` was paid, by a payment of its own (`paid` gives every order the same one). */
const paidBy = (order: { orderNo: string; cashCents: number }, paymentId: string) => ({ ...paid(order), paymentId });

/**
 * Books where refunds took the earning back from each place it can come from: from the balance
 * (Sam's order paid in cash alone), from the mCoin refunded (Chan's), and from both (Sam's order paid
 * mostly in cash); with payments refused for each reason, an order paid and kept (Ana's), one left
 * unpaid, and one paid after it closed, that payment coming in after `processing`.
 */
function keptBack() {
  const { state } = setup();
  const before = view(state);
  // MOP 76 in cash earns 76: taken from Sam's balance.
  const cashOnly = placed(state, SAM, buy({ quantity: 2, mcoinUsed: 0 }));
  state.orders.notice(paidBy(cashOnly, "WPCASHONLY000001"));
  // 300 mCoin and MOP 46 earn 46: taken from the 300 mCoin refunded.
  const mixed = placed(state, CHAN, buy({ quantity: 2, mcoinUsed: 300 }));
  state.orders.notice(paidBy(mixed, "WPMIXED000000001"));
  expect(state.orders.notice(paidBy(mixed, "WPSECOND00000001"))).toEqual({ ok: false, reason: "DUPLICATE_PAYMENT" });
  // 100 mCoin and MOP 104 earn 104: 100 from the mCoin refunded, 4 from Sam's balance.
  const both = placed(state, SAM, buy({ quantity: 3, mcoinUsed: 100 }));
  state.orders.notice(paidBy(both, "WPBOTH0000000001"));
  for (const order of [cashOnly, mixed, both]) expect(state.afterSale.requestRefund(order.openId, { orderId: order.id, reason: "bought_wrongly", remarks: "" }).ok).toBe(true);
  const unpaid = placed(state, ANA, buy({ quantity: 1, mcoinUsed: 100 }));
  expect(state.orders.notice({ ...paidBy(unpaid, "WPWRONG000000001"), amountCents: 1 })).toEqual({ ok: false, reason: "AMOUNT_MISMATCH" });
  const late = placed(state, ANA, buy({ quantity: 1, mcoinUsed: 100 }));
  state.orders.lapse(late.orderNo);
  const kept = placed(state, ANA, buy({ quantity: 1, mcoinUsed: 100 }));
  state.orders.notice(paidBy(kept, "WPKEPT0000000001"));
  const processing = view(state);
  expect(state.orders.notice(paidBy(late, "WPLATE0000000001"))).toEqual({ ok: false, reason: "ORDER_CLOSED" });
  later(state, REFUND_PROCESSING_MS);
  const after = view(state);
  expect([cashOnly.status, mixed.status, both.status, unpaid.status, late.status, kept.status]).toEqual(["refunded", "refunded", "refunded", "awaiting_payment", "closed", "received"]);
  expect([cashOnly, mixed, both].map((order) => [order.mcoinEarned, order.refund!.earningReversal])).toEqual([
    [76, { fromMcoinRefund: 0, fromBalance: 76 }],
    [46, { fromMcoinRefund: 46, fromBalance: 0 }],
    [104, { fromMcoinRefund: 100, fromBalance: 4 }],
  ]);
  // Sam's two purchases and their refunds left him where he started.
  expect(state.books.balance(SAM)).toBe(500);
  return { before, processing, after, cashOnly, mixed, both, unpaid, late, kept };
}

const orderOf = (books: MoneyView, id: number) => books.orders.find((order) => order.id === id)!;
const entry = (type: LedgerEntry["type"], amount: number, order?: { id: number; orderNo: string }): LedgerEntry => ({
  seq: 0,
  at: 0,
  type,
  amount,
  balanceAfter: 0,
  orderId: order?.id ?? null,
  orderNo: order?.orderNo ?? null,
});

/** Changes a member's ledger and keeps it adding up (numbers, running balances, the member's balance). */
function rewrite(books: MoneyView, openId: string, change: (ledger: LedgerEntry[]) => void) {
  const ledger = books.accounts[openId].ledger;
  change(ledger);
  rebalance(ledger);
  books.members.find((member) => member.openId === openId)!.point = ledger.at(-1)?.balanceAfter ?? 0;
}

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
      orderOf(after, unpaid.id).refund = structuredClone(orderOf(after, cashOnly.id).refund);
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
