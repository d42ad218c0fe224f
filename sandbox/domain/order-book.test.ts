/**
 * The order book's rules one by one (order-book.ts), on the sandbox's state with its clock frozen:
 * placing orders (and every refusal, which changes nothing), settlement notices, cancelling, what a
 * member's lists leave out, the sandbox's controls, expiry (also after a reload from a --state file),
 * and the ledger always summing to the balance.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_PIECES_PER_ORDER } from "#core/money/purchase";
import { saveAddress, updateAddress } from "./addresses";
import { MAX_PAYMENTS_PER_ORDER } from "./settlement";
import { MAX_ORDERS_PER_MEMBER, PAYMENT_WINDOW_MS, REFUND_PROCESSING_MS, type PlaceOrder } from "./order-book";
import { ANA, CHAN, LEI, PORK_CHOP_BUN, SAM, buy, expectLedgersSum, fixtures, later, paid, placed, setup, world, type World } from "./test-support";

const WONG = "mpay-1003"; // 56,800 mCoin, addresses 2 (the default, first in her book) and 3
/** Delivery goods: MOP 9, mCoin only (90), 9 per member. */
const TOTE_BAG = 64;
/** The coupon GIFT-CONGEE gives (fixtures/wallet.json): 7 per member. */
const CONGEE = 8;
const DAY = 24 * 3_600_000;

describe("placing an order", () => {
  it("takes the stock and holds the mCoin in one step; the cash part waits for the wallet", () => {
    const { state } = setup();
    const now = state.now();
    const order = placed(state, SAM);
    expect(order).toMatchObject({
      status: "awaiting_payment",
      quantity: 2,
      amountCents: 7600,
      mcoinUsed: 300,
      cashCents: 4600,
      createdAt: now,
      payBy: now + PAYMENT_WINDOW_MS,
      paidAt: null,
      paymentId: null,
      mcoinEarned: 0,
      paymentType: 0,
      couponUrl: null,
      otherCode: null,
      failure: null,
    });
    expect(order.orderNo).toMatch(/^MC\d{8}000001$/);
    expect(state.orders.live(PORK_CHOP_BUN)).toMatchObject({ stock: 158, sold: 2485 });
    expect(state.books.balance(SAM)).toBe(200);
    expect(state.books.ledger(SAM)[0]).toMatchObject({ type: "purchase", amount: -300, balanceAfter: 200, orderId: order.id, orderNo: order.orderNo, at: now });
    expect(state.orders.pending(SAM)).toBe(1);
    expect(state.orders.piecesHeld(SAM, PORK_CHOP_BUN)).toBe(2);
    expectLedgersSum(state);
  });

  it("settles at once what mCoin pays in full: coupons are received, goods await shipment", () => {
    const { state } = setup();
    const coupon = placed(state, ANA, buy({ offerId: 53, quantity: 1, mcoinUsed: 50 }));
    expect(coupon).toMatchObject({ status: "received", cashCents: 0, paidAt: state.now(), mcoinEarned: 0 });
    const goods = placed(state, CHAN, buy({ offerId: 64, quantity: 1, mcoinUsed: 90 }));
    expect(goods).toMatchObject({ status: "awaiting_shipment", fulfilment: "delivery", address: { id: 1, isDefault: 1 }, coupons: [] });
    expect(state.books.ledger(ANA).map((entry) => entry.type)).toEqual(["purchase", "opening"]);
    expect(state.orders.pending(ANA)).toBe(0);
    expect(state.orders.couponsHeld(ANA)).toBe(1);
  });

  it("with no mCoin, holds none and writes no ledger entry", () => {
    const { state } = setup();
    const order = placed(state, LEI, buy({ quantity: 1, mcoinUsed: 0 }));
    expect(order.cashCents).toBe(3800);
    expect(state.books.ledger(LEI)).toHaveLength(1);
    expect(state.books.revision(LEI)).toBeGreaterThan(0);
  });

  it("carries an external coupon's URL, and gives a third-party voucher its code once received", () => {
    const { state } = setup();
    const external = placed(state, CHAN, buy({ offerId: 35, quantity: 1, mcoinUsed: 100 }));
    expect(external).toMatchObject({ paymentType: 9, couponUrl: fixtures.catalog.offers.find((offer) => offer.id === 35)!.couponUrl });
    const voucher = placed(state, CHAN, buy({ offerId: 9, quantity: 1, mcoinUsed: 50 }));
    expect(voucher).toMatchObject({ paymentType: 11, otherCode: null });
    state.orders.notice(paid(voucher));
    expect(voucher.otherCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  });

  it("lets an adult buy an age-restricted offer", () => {
    const { state } = setup();
    expect(placed(state, CHAN, buy({ offerId: 58, quantity: 1, mcoinUsed: 1000, adult: true })).status).toBe("awaiting_payment");
  });

  it("may take the last pieces left; the offer is then sold out", () => {
    const { state } = setup();
    state.orders.setOffer(PORK_CHOP_BUN, { stock: 2 });
    placed(state, SAM, buy({ quantity: 2 }));
    expect(state.orders.live(PORK_CHOP_BUN)?.stock).toBe(0);
    expect(state.orders.place(CHAN, buy({ quantity: 1, mcoinUsed: 0 }))).toEqual({ ok: false, reason: "SOLD_OUT" });
  });

  it("sends goods to the address the member names, else to their default wherever it is in their book, and keeps the address as it was when placed", () => {
    const { state } = setup();
    const tote = (addressId?: number) => buy({ offerId: TOTE_BAG, quantity: 1, mcoinUsed: 90, addressId });
    expect(placed(state, WONG, tote(3)).address).toMatchObject({ id: 3, isDefault: 0 });
    expect(placed(state, WONG, tote()).address).toMatchObject({ id: 2, isDefault: 1 });
    // Address 3, the second in her book, becomes her default.
    const book = state.members.get(WONG)!;
    expect(updateAddress(book, 3, "DEFAULT").ok).toBe(true);
    const order = placed(state, WONG, tote());
    expect(order.address).toMatchObject({ id: 3, isDefault: 1 });
    const asPlaced = structuredClone(order.address);
    const edit = { id: 3, isDefault: 1, name: "Wong Mei Ling", areaCode: "+853", mobile: "62888999", area: "Taipa", address: "Rua Nova 1" } as const;
    expect(saveAddress(book, edit, () => state.members.nextAddressId()).ok).toBe(true);
    expect(book.addresses.find((address) => address.id === 3)).toMatchObject({ address: "Rua Nova 1" });
    expect(state.orders.get(WONG, order.id)?.address).toEqual(asPlaced);
  });

  it("does not count a gifted coupon of the offer against the member's limit", () => {
    const { state } = setup();
    expect(state.afterSale.redeemCode(CHAN, "GIFT-CONGEE")).toMatchObject({ ok: true, value: { kind: "coupon", order: { offerId: CONGEE, orderKind: "gift" } } });
    const limit = fixtures.catalog.offers.find((offer) => offer.id === CONGEE)!.limitPerMember;
    expect(placed(state, CHAN, buy({ offerId: CONGEE, quantity: limit, mcoinUsed: 0 })).quantity).toBe(limit);
    expect(state.orders.piecesHeld(CHAN, CONGEE)).toBe(limit);
  });
});

describe("a refused order changes nothing", () => {
  const cases: [string, (state: World) => void, string, PlaceOrder][] = [
    ["an unknown offer", () => {}, SAM, buy({ offerId: 999 })],
    ["a taken-down offer", () => {}, SAM, buy({ offerId: 10, mcoinUsed: 0 })],
    ["an offer taken down since", (state) => state.orders.setOffer(PORK_CHOP_BUN, { status: "offline" }), SAM, buy()],
    ["an offer not started", () => {}, CHAN, buy({ offerId: 20, quantity: 1, mcoinUsed: 0 })],
    ["an offer that has ended", (state) => later(state, 3 * 86_400_000), CHAN, buy({ offerId: 11, quantity: 1, mcoinUsed: 0 })],
    ["an age-restricted offer without the member's word", () => {}, CHAN, buy({ offerId: 58, quantity: 1, mcoinUsed: 0 })],
    ["a sold-out offer", () => {}, CHAN, buy({ offerId: 6, quantity: 1, mcoinUsed: 0 })],
    ["more pieces than are left", (state) => state.orders.setOffer(PORK_CHOP_BUN, { stock: 1 }), SAM, buy()],
    ["more than the member's limit", () => {}, CHAN, buy({ offerId: 40, quantity: 2, mcoinUsed: 0 })],
    ["more than one order's pieces", (state) => state.orders.setOffer(PORK_CHOP_BUN, { stock: 500 }), CHAN, buy({ quantity: 11, mcoinUsed: 0 })],
    ["a balance below the offer's minimum", () => {}, LEI, buy({ offerId: 53, quantity: 1, mcoinUsed: 50 })],
    ["more mCoin than the balance", () => {}, SAM, buy({ mcoinUsed: 600 })],
    ["mCoin off the offer's step", () => {}, SAM, buy({ mcoinUsed: 150 })],
    ["mCoin above the amount due", () => {}, CHAN, buy({ quantity: 1, mcoinUsed: 400 })],
    ["mCoin for a cash-only offer", () => {}, CHAN, buy({ offerId: 49, quantity: 1, mcoinUsed: 100 })],
    ["too little mCoin for an mCoin-only offer", () => {}, CHAN, buy({ offerId: 53, quantity: 1, mcoinUsed: 0 })],
    ["a balance below the offer's minimum, whatever mCoin is chosen", () => {}, LEI, buy({ offerId: 53, quantity: 1, mcoinUsed: 0 })],
    ["more mCoin than the balance, off the offer's step", () => {}, SAM, buy({ mcoinUsed: 650 })],
  ];
  const expected = [
    "TAKEN_DOWN",
    "TAKEN_DOWN",
    "TAKEN_DOWN",
    "NOT_STARTED",
    "ENDED",
    "ADULTS_ONLY",
    "SOLD_OUT",
    "OUT_OF_STOCK",
    "LIMIT_REACHED",
    "LIMIT_REACHED",
    "INSUFFICIENT_MCOIN",
    "INSUFFICIENT_MCOIN",
    "MCOIN_NOT_ALLOWED",
    "MCOIN_NOT_ALLOWED",
    "MCOIN_NOT_ALLOWED",
    "MCOIN_NOT_ALLOWED",
    "INSUFFICIENT_MCOIN",
    "MCOIN_NOT_ALLOWED",
  ];

  it.each(cases.map((item, index) => [...item, expected[index]] as const))("%s", (_, arrange, openId, order, reason) => {
    const { state } = setup();
    arrange(state);
    const before = state.view().digest;
    const revision = state.books.revision(openId);
    expect(state.orders.place(openId, order)).toEqual({ ok: false, reason });
    expect(state.view().digest).toBe(before);
    expect(state.books.revision(openId)).toBe(revision);
    expect(state.data.orderSeq).toBe(0);
  });

  it("counts the member's pieces in orders not closed against their limit", () => {
    const { state } = setup();
    const first = placed(state, CHAN, buy({ offerId: 12, quantity: 2, mcoinUsed: 0 }));
    expect(state.orders.place(CHAN, buy({ offerId: 12, quantity: 1, mcoinUsed: 0 }))).toEqual({ ok: false, reason: "LIMIT_REACHED" });
    expect(state.orders.cancel(CHAN, first.id).ok).toBe(true);
    expect(state.orders.place(CHAN, buy({ offerId: 12, quantity: 2, mcoinUsed: 0 })).ok).toBe(true);
  });

  it("takes at most MAX_PIECES_PER_ORDER pieces in one order, even of an offer that lets a member have more", () => {
    const generous = { ...fixtures, catalog: { ...fixtures.catalog, offers: fixtures.catalog.offers.map((offer) => (offer.id === PORK_CHOP_BUN ? { ...offer, limitPerMember: 20 } : offer)) } };
    const state = world(generous);
    const lots = (quantity: number) => buy({ quantity, mcoinUsed: 0 });
    expect(state.orders.place(CHAN, lots(MAX_PIECES_PER_ORDER + 1))).toEqual({ ok: false, reason: "LIMIT_REACHED" });
    placed(state, CHAN, lots(MAX_PIECES_PER_ORDER));
    placed(state, CHAN, lots(20 - MAX_PIECES_PER_ORDER));
    expect(state.orders.piecesHeld(CHAN, PORK_CHOP_BUN)).toBe(20);
  });

  it("keeps at most MAX_ORDERS_PER_MEMBER orders of a member, closed ones too: the next is refused", () => {
    const { state } = setup();
    for (let count = 0; count < MAX_ORDERS_PER_MEMBER; count += 1) {
      const order = placed(state, CHAN, buy({ quantity: 1, mcoinUsed: 0 }));
      expect(state.orders.cancel(CHAN, order.id).ok).toBe(true);
    }
    const before = state.view().digest;
    expect(state.orders.place(CHAN, buy({ quantity: 1, mcoinUsed: 0 }))).toEqual({ ok: false, reason: "LIMIT_REACHED" });
    expect(state.view().digest).toBe(before);
    // Another member's count is their own.
    expect(state.orders.place(SAM, buy({ quantity: 1, mcoinUsed: 0 })).ok).toBe(true);
  });
});

describe("the wallet's settlement notice", () => {
  it("settles once: the coupon is received, the cash earns mCoin and the payment is kept; the same notice again changes nothing", () => {
    const { state } = setup();
    const order = placed(state, SAM);
    later(state, 60_000);
    const outcome = state.orders.notice(paid(order));
    expect(outcome).toMatchObject({ ok: true, value: { status: "received", paymentId: "WPTEST0000000001", paidAt: state.now(), mcoinEarned: 46 } });
    expect(order.payments).toEqual([{ paymentId: "WPTEST0000000001", amountCents: 4600, at: state.now(), outcome: "settled", reason: null }]);
    expect(state.books.balance(SAM)).toBe(246);
    expect(state.books.ledger(SAM)[0]).toMatchObject({ type: "earning", amount: 46, balanceAfter: 246, orderNo: order.orderNo });
    const before = state.view().digest;
    later(state, 1_000);
    expect(state.orders.notice(paid(order))).toMatchObject({ ok: true, value: { status: "received", mcoinEarned: 46 } });
    expect(state.view().digest).toBe(before);
    expectLedgersSum(state);
  });

  it("gives an order that is not a third-party voucher no voucher code, and numbers its coupons by order and piece, as their coupon numbers are", () => {
    const { state } = setup();
    const order = placed(state, SAM);
    state.orders.notice(paid(order));
    expect(order).toMatchObject({ id: 1, status: "received", paymentType: 0, otherCode: null });
    expect(order.coupons.map(({ id, couponNo }) => [id, couponNo])).toEqual([
      [101, `${order.orderNo}01`],
      [102, `${order.orderNo}02`],
    ]);
  });

  it("refuses a second, different payment of a paid order, telling the wallet to refund it, and keeps it on the order as refunded", () => {
    const { state } = setup();
    const order = placed(state, SAM);
    state.orders.notice(paid(order));
    const balance = state.books.balance(SAM);
    const revision = state.books.revision(SAM);
    later(state, 5_000);
    expect(state.orders.notice({ ...paid(order), paymentId: "WPOTHER000000002" })).toEqual({ ok: false, reason: "DUPLICATE_PAYMENT" });
    expect(order).toMatchObject({ status: "received", paymentId: "WPTEST0000000001", mcoinEarned: 46 });
    expect(order.payments.map(({ paymentId, outcome, reason, at }) => [paymentId, outcome, reason, at])).toEqual([
      ["WPTEST0000000001", "settled", null, state.now() - 5_000],
      ["WPOTHER000000002", "refunded", "DUPLICATE_PAYMENT", state.now()],
    ]);
    expect(state.books.balance(SAM), "a refused payment earns nothing").toBe(balance);
    expect(state.books.revision(SAM), "the member's screens see the change").toBeGreaterThan(revision);
    // The same refused notice again is refused the same way and kept once.
    const digest = state.view().digest;
    expect(state.orders.notice({ ...paid(order), paymentId: "WPOTHER000000002" })).toEqual({ ok: false, reason: "DUPLICATE_PAYMENT" });
    expect(state.view().digest).toBe(digest);
    expectLedgersSum(state);
  });

  it("refuses every one of eight different payments of a paid order, keeping each", () => {
    const { state } = setup();
    const order = placed(state, SAM);
    state.orders.notice(paid(order));
    const ids = Array.from({ length: 8 }, (_, index) => `WPBURST0000000${index}`);
    for (const paymentId of ids) expect(state.orders.notice({ ...paid(order), paymentId })).toEqual({ ok: false, reason: "DUPLICATE_PAYMENT" });
    expect(order.payments.filter((payment) => payment.outcome === "refunded").map((payment) => payment.paymentId)).toEqual(ids);
    expect(order.payments.filter((payment) => payment.outcome === "settled")).toHaveLength(1);
  });

  it("refuses another payment in every status after payment: refunding, refunded, used, goods on their way", () => {
    const { state } = setup();
    const refunding = placed(state, SAM);
    state.orders.notice(paid(refunding));
    expect(state.afterSale.requestRefund(SAM, { orderId: refunding.id, reason: "bought_wrongly", remarks: "" }).ok).toBe(true);
    const goods = placed(state, CHAN, buy({ offerId: 25, quantity: 1, mcoinUsed: 1500 }));
    state.orders.notice(paid(goods));
    expect(state.afterSale.ship(goods.orderNo).ok).toBe(true);
    const used = placed(state, CHAN, buy({ quantity: 1, mcoinUsed: 0 }));
    state.orders.notice(paid(used));
    expect(state.afterSale.redeem(used.coupons[0].redemptionCode).ok).toBe(true);
    for (const order of [refunding, goods, used]) {
      expect(state.orders.notice({ ...paid(order), paymentId: "WPSECOND00000001" }), order.status).toEqual({ ok: false, reason: "DUPLICATE_PAYMENT" });
    }
    later(state, REFUND_PROCESSING_MS);
    expect(state.orders.get(SAM, refunding.id)!.status).toBe("refunded");
    expect(state.orders.notice({ ...paid(refunding), paymentId: "WPTHIRD000000001" })).toEqual({ ok: false, reason: "DUPLICATE_PAYMENT" });
    expect(refunding.payments.map((payment) => payment.reason)).toEqual([null, "DUPLICATE_PAYMENT", "DUPLICATE_PAYMENT"]);
  });

  it("always keeps the payment that settles an order, however many refused ones came first", () => {
    const { state } = setup();
    const order = placed(state, SAM);
    for (let index = 0; index < MAX_PAYMENTS_PER_ORDER + 5; index += 1) state.orders.notice({ ...paid(order), paymentId: `WPWRONG${String(index).padStart(8, "0")}`, amountCents: 1 });
    expect(order.payments).toHaveLength(MAX_PAYMENTS_PER_ORDER);
    expect(state.orders.notice(paid(order))).toMatchObject({ ok: true, value: { status: "received" } });
    expect(order.payments.filter((payment) => payment.outcome === "settled").map((payment) => payment.paymentId)).toEqual(["WPTEST0000000001"]);
  });

  it("answers a failed notice of a payment it has seen as the order is: it neither undoes it nor asks for a refund", () => {
    const { state } = setup();
    const order = placed(state, SAM);
    state.orders.notice(paid(order));
    state.orders.notice({ ...paid(order), paymentId: "WPSECOND00000001" });
    const digest = state.view().digest;
    for (const paymentId of ["WPTEST0000000001", "WPSECOND00000001"]) {
      expect(state.orders.notice({ ...paid(order, "FAILED"), paymentId, amountCents: 1 }), paymentId).toMatchObject({ ok: true, value: { status: "received" } });
    }
    expect(state.view().digest).toBe(digest);
  });

  it("keeps no more than MAX_PAYMENTS_PER_ORDER payments, and still refuses those past it", () => {
    const { state } = setup();
    const order = placed(state, SAM);
    state.orders.notice(paid(order));
    for (let index = 1; index < MAX_PAYMENTS_PER_ORDER; index += 1) state.orders.notice({ ...paid(order), paymentId: `WPMANY${String(index).padStart(8, "0")}` });
    expect(order.payments).toHaveLength(MAX_PAYMENTS_PER_ORDER);
    const digest = state.view().digest;
    expect(state.orders.notice({ ...paid(order), paymentId: "WPONEMORE0000001" })).toEqual({ ok: false, reason: "DUPLICATE_PAYMENT" });
    expect(state.view().digest).toBe(digest);
  });

  it("puts paid goods in the queue for shipment", () => {
    const { state } = setup();
    const order = placed(state, CHAN, buy({ offerId: 25, quantity: 1, mcoinUsed: 1500 }));
    expect(state.orders.notice(paid(order))).toMatchObject({ ok: true, value: { status: "awaiting_shipment", cashCents: 13800, mcoinEarned: 138 } });
  });

  it("leaves an order awaiting payment when the payment fails, and lets the member pay again", () => {
    const { state } = setup();
    const order = placed(state, SAM);
    expect(state.orders.notice(paid(order, "FAILED"))).toMatchObject({ ok: true, value: { status: "awaiting_payment", failure: "PAYMENT_FAILED" } });
    expect(state.books.balance(SAM)).toBe(200);
    expect(state.orders.notice(paid(order))).toMatchObject({ ok: true, value: { status: "received", failure: null } });
  });

  it("never lets a late failure touch a settled order", () => {
    const { state } = setup();
    const order = placed(state, SAM);
    state.orders.notice(paid(order));
    const before = state.view().digest;
    expect(state.orders.notice(paid(order, "FAILED"))).toMatchObject({ ok: true, value: { status: "received", failure: null } });
    expect(state.view().digest).toBe(before);
  });

  it("refuses another amount than the cash due, keeping the payment as refunded, and leaves the order unpaid", () => {
    const { state } = setup();
    const order = placed(state, SAM);
    const amounts = [4599, 4601, 0, 7600];
    for (const [index, amountCents] of amounts.entries()) {
      expect(state.orders.notice({ ...paid(order), paymentId: `WPWRONG0000000${index}`, amountCents }), String(amountCents)).toEqual({ ok: false, reason: "AMOUNT_MISMATCH" });
    }
    expect(order).toMatchObject({ status: "awaiting_payment", paidAt: null, paymentId: null, mcoinEarned: 0 });
    expect(order.payments.map(({ amountCents, outcome, reason }) => [amountCents, outcome, reason])).toEqual(amounts.map((amount) => [amount, "refunded", "AMOUNT_MISMATCH"]));
    // The right amount still settles it.
    expect(state.orders.notice(paid(order))).toMatchObject({ ok: true, value: { status: "received" } });
  });

  it("marks an order PAID_AFTER_CLOSE only for a payment of it once closed: another amount or a second payment leaves it without a failure", () => {
    const { state } = setup();
    const unpaid = placed(state, SAM);
    expect(state.orders.notice({ ...paid(unpaid), amountCents: 1 })).toEqual({ ok: false, reason: "AMOUNT_MISMATCH" });
    expect(unpaid).toMatchObject({ status: "awaiting_payment", failure: null });
    const settled = placed(state, CHAN, buy({ quantity: 1, mcoinUsed: 0 }));
    state.orders.notice(paid(settled));
    expect(state.orders.notice({ ...paid(settled), paymentId: "WPSECOND00000001" })).toEqual({ ok: false, reason: "DUPLICATE_PAYMENT" });
    expect(settled).toMatchObject({ status: "received", failure: null });
  });

  it("changes nothing for an unknown order, or a failed payment of another amount", () => {
    const { state } = setup();
    const order = placed(state, SAM);
    const before = state.view().digest;
    expect(state.orders.notice({ ...paid(order), orderNo: "MC20990101999999" })).toEqual({ ok: false, reason: "ORDER_NOT_FOUND" });
    expect(state.orders.notice({ ...paid(order, "FAILED"), amountCents: 1 })).toEqual({ ok: false, reason: "AMOUNT_MISMATCH" });
    expect(state.view().digest).toBe(before);
  });

  it("refuses a payment for a closed order and records why, once (the spec's refunded failure)", () => {
    const { state } = setup();
    const order = placed(state, SAM);
    later(state, PAYMENT_WINDOW_MS + 1);
    expect(state.orders.notice(paid(order))).toEqual({ ok: false, reason: "ORDER_CLOSED" });
    expect(order).toMatchObject({ status: "closed", failure: "PAID_AFTER_CLOSE", paidAt: null, mcoinEarned: 0 });
    expect(order.payments).toMatchObject([{ paymentId: "WPTEST0000000001", outcome: "refunded", reason: "ORDER_CLOSED" }]);
    expect(state.books.balance(SAM)).toBe(500);
    const revision = state.books.revision(SAM);
    expect(state.orders.notice(paid(order))).toEqual({ ok: false, reason: "ORDER_CLOSED" });
    expect(state.books.revision(SAM)).toBe(revision);
    // A failed payment for it has nothing to undo.
    expect(state.orders.notice(paid(order, "FAILED"))).toMatchObject({ ok: true, value: { status: "closed", failure: "PAID_AFTER_CLOSE" } });
    expectLedgersSum(state);
  });
});

describe("cancelling", () => {
  it("closes the member's unpaid order and gives the stock and mCoin back", () => {
    const { state } = setup();
    const order = placed(state, SAM);
    expect(state.orders.cancel(SAM, order.id)).toMatchObject({ ok: true, value: { status: "closed" } });
    expect(state.orders.live(PORK_CHOP_BUN)).toMatchObject({ stock: 160, sold: 2483 });
    expect(state.books.balance(SAM)).toBe(500);
    expect(state.books.ledger(SAM)[0]).toMatchObject({ type: "purchase_released", amount: 300, balanceAfter: 500, orderId: order.id });
    expect(state.orders.pending(SAM)).toBe(0);
  });

  it("refuses what is not awaiting payment, and another member's order, changing nothing", () => {
    const { state } = setup();
    const settled = placed(state, SAM);
    state.orders.notice(paid(settled));
    const closed = placed(state, CHAN, buy({ quantity: 1, mcoinUsed: 0 }));
    state.orders.cancel(CHAN, closed.id);
    const others = placed(state, CHAN, buy({ quantity: 1, mcoinUsed: 0 }));
    const before = state.view().digest;
    expect(state.orders.cancel(SAM, settled.id)).toEqual({ ok: false, reason: "CANNOT_CANCEL" });
    expect(state.orders.cancel(CHAN, closed.id)).toEqual({ ok: false, reason: "CANNOT_CANCEL" });
    expect(state.orders.cancel(SAM, others.id)).toEqual({ ok: false, reason: "ORDER_NOT_FOUND" });
    expect(state.orders.cancel(SAM, 999)).toEqual({ ok: false, reason: "ORDER_NOT_FOUND" });
    expect(state.orders.get(SAM, others.id)).toBeUndefined();
    expect(state.view().digest).toBe(before);
  });
});

describe("reading the member's orders", () => {
  it("lists them newest first, leaving out those they deleted, which are still kept for the limits", () => {
    const { state } = setup();
    const [first, second, deleted] = [1, 2, 3].map(() => placed(state, SAM, buy({ quantity: 1, mcoinUsed: 0 })));
    expect(state.orders.cancel(SAM, deleted.id).ok).toBe(true);
    expect(state.afterSale.deleteOrder(SAM, deleted.id).ok).toBe(true);
    expect(state.orders.list(SAM).map((order) => order.id)).toEqual([second.id, first.id]);
    expect(state.orders.ofMember(SAM).map((order) => order.id)).toEqual([first.id, second.id, deleted.id]);
  });

  it("never counts a deleted order's coupons as held, even with the clock set back to before they expired", () => {
    const { state } = setup();
    const start = state.now();
    const order = placed(state, SAM);
    state.orders.notice(paid(order));
    expect(state.orders.couponsHeld(SAM)).toBe(2);
    later(state, 91 * DAY);
    expect(state.orders.couponsHeld(SAM), "expired").toBe(0);
    expect(state.afterSale.deleteOrder(SAM, order.id).ok).toBe(true);
    state.setClock(start);
    expect(state.orders.couponsHeld(SAM)).toBe(0);
  });

  it("lists the payments the wallet was told to give back, newest first, with their order numbers, deleted orders' too; none for a member without orders", () => {
    const { state } = setup();
    expect(state.orders.paymentReturns(SAM)).toEqual([]);
    const first = placed(state, SAM);
    state.orders.notice(paid(first));
    later(state, 1_000);
    state.orders.notice({ ...paid(first), paymentId: "WPSECOND00000001" });
    const second = placed(state, SAM, buy({ quantity: 1, mcoinUsed: 0 }));
    state.orders.lapse(second.orderNo);
    later(state, 1_000);
    state.orders.notice(paid(second));
    expect(state.afterSale.deleteOrder(SAM, second.id).ok).toBe(true);
    expect(state.orders.paymentReturns(SAM)).toEqual([
      { paymentId: "WPTEST0000000001", amountCents: 3800, at: state.now(), outcome: "refunded", reason: "ORDER_CLOSED", orderNo: second.orderNo },
      { paymentId: "WPSECOND00000001", amountCents: 4600, at: state.now() - 1_000, outcome: "refunded", reason: "DUPLICATE_PAYMENT", orderNo: first.orderNo },
    ]);
    expect(state.orders.paymentReturns(CHAN)).toEqual([]);
  });
});

describe("the sandbox's controls", () => {
  it("the late-notice fault closes an unpaid order now, and leaves any other order, or a number of none, as it is", () => {
    const { state } = setup();
    const unpaid = placed(state, SAM);
    const settled = placed(state, CHAN, buy({ quantity: 1, mcoinUsed: 0 }));
    state.orders.notice(paid(settled));
    const { payBy } = settled;
    later(state, 1_000);
    expect(state.orders.lapse(unpaid.orderNo)).toMatchObject({ status: "closed", payBy: state.now() });
    expect(state.books.balance(SAM)).toBe(500);
    const before = state.view().digest;
    expect(state.orders.lapse(settled.orderNo)).toMatchObject({ status: "received", payBy });
    expect(state.orders.lapse("MC20990101999999")).toBeUndefined();
    expect(state.view().digest).toBe(before);
  });

  it("setting an offer that does not exist sets nothing", () => {
    const { state } = setup();
    const before = state.view().digest;
    expect(state.orders.setOffer(999, { stock: 5 })).toBeUndefined();
    expect(state.view().digest).toBe(before);
  });

  it("a move of an order the state machine does not allow is a bug in a rule: it throws, naming the order, and the order stays as it was", () => {
    const { state } = setup();
    const order = placed(state, SAM);
    const revision = state.books.revision(SAM);
    expect(() => state.orders.move(order, "used")).toThrow(/^order 1: an order awaiting_payment cannot become used/);
    expect(order.status).toBe("awaiting_payment");
    expect(state.books.revision(SAM)).toBe(revision);
    // It still closes when its window has passed.
    later(state, PAYMENT_WINDOW_MS);
    expect(state.orders.pending(SAM)).toBe(0);
    expect(order.status).toBe("closed");
  });
});

describe("expiry", () => {
  it("closes an unpaid order when its window has passed on the sandbox clock, at its payBy", () => {
    const { state } = setup();
    const order = placed(state, SAM);
    later(state, PAYMENT_WINDOW_MS - 1);
    expect(state.orders.get(SAM, order.id)?.status).toBe("awaiting_payment");
    const revision = state.books.revision(SAM);
    later(state, 1);
    expect(state.books.balance(SAM)).toBe(500);
    expect(order.status).toBe("closed");
    expect(state.books.ledger(SAM)[0]).toMatchObject({ type: "purchase_released", amount: 300, at: order.payBy });
    expect(state.orders.live(PORK_CHOP_BUN)?.stock).toBe(160);
    expect(state.books.revision(SAM)).toBeGreaterThan(revision);
    expect(state.orders.pending(SAM)).toBe(0);
  });

  it("leaves settled orders alone", () => {
    const { state } = setup();
    const order = placed(state, SAM);
    state.orders.notice(paid(order));
    later(state, 2 * PAYMENT_WINDOW_MS);
    expect(state.orders.get(SAM, order.id)?.status).toBe("received");
    expect(state.books.balance(SAM)).toBe(246);
  });

  it("also holds after a restart with --state, whether or not anybody looked in time", () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), "mcoin-shop-")), "state.json");
    const first = setup(stateFile);
    const order = placed(first.state, SAM);
    placed(first.state, CHAN, buy({ quantity: 1, mcoinUsed: 100 }));
    first.state.store.flush();

    // The sandbox comes back later: its clock has passed the window.
    const second = world(fixtures, stateFile);
    second.setClock(order.payBy + 60_000);
    expect(second.books.balance(SAM)).toBe(500);
    expect(second.orders.get(SAM, order.id)).toMatchObject({ status: "closed", orderNo: order.orderNo });
    expect(second.books.balance(CHAN)).toBe(12580);
    expect(second.orders.live(PORK_CHOP_BUN)?.stock).toBe(160);
    // Order numbers go on from where they were.
    expect(placed(second, SAM).id).toBe(3);
    expectLedgersSum(second);
  });

  it("after a restart with --state, picks each order up where it was: a paid one stays paid past its window, a refund completes on time, a refunded one stays so, a coupon's code redeems it", () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), "mcoin-shop-")), "state.json");
    const { state } = setup(stateFile);
    const refundOf = (order: { id: number }) => state.afterSale.requestRefund(CHAN, { orderId: order.id, reason: "bought_wrongly", remarks: "" });
    const refunded = placed(state, CHAN, buy({ quantity: 1, mcoinUsed: 100 }));
    state.orders.notice(paid(refunded));
    expect(refundOf(refunded).ok).toBe(true);
    later(state, REFUND_PROCESSING_MS);
    expect(state.orders.get(CHAN, refunded.id)?.status).toBe("refunded");
    const refunding = placed(state, CHAN, buy({ quantity: 1, mcoinUsed: 100 }));
    state.orders.notice(paid(refunding));
    expect(refundOf(refunding).ok).toBe(true);
    const received = placed(state, SAM);
    state.orders.notice(paid(received));
    state.store.flush();

    const second = world(fixtures, stateFile);
    second.setClock(received.payBy);
    expect(second.orders.get(SAM, received.id)?.status).toBe("received");
    expect(second.orders.get(CHAN, refunded.id)?.status).toBe("refunded");
    const completed = refunding.refund!.requestedAt + REFUND_PROCESSING_MS;
    expect(second.orders.get(CHAN, refunding.id)).toMatchObject({ status: "refunded", refund: { refundedAt: completed } });
    expect(second.books.ledger(CHAN)).toContainEqual(expect.objectContaining({ type: "refund", amount: 100, orderId: refunding.id, at: completed }));
    const [code, other] = received.coupons.map((coupon) => coupon.redemptionCode);
    expect(second.afterSale.redeem(code)).toMatchObject({ ok: true, value: { order: { id: received.id }, coupon: { redemptionCode: code, status: "used" } } });
    expect(second.orders.get(SAM, received.id)?.coupons.map((coupon) => [coupon.redemptionCode, coupon.status])).toEqual([
      [code, "used"],
      [other, "unused"],
    ]);
    expectLedgersSum(second);
  });

  it("a --state file whose ledger does not add up is refused at start", () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), "mcoin-shop-")), "state.json");
    const first = setup(stateFile);
    placed(first.state, SAM);
    first.state.store.flush();
    const saved = JSON.parse(readFileSync(stateFile, "utf8"));
    saved.data.accounts[SAM].ledger[1].balanceAfter = 9999;
    writeFileSync(stateFile, JSON.stringify(saved));
    expect(() => world(fixtures, stateFile)).toThrow(/not a sandbox state file: data\.accounts\.mpay-1005\.ledger\.1/);
  });
});

describe("the balance is the ledger's", () => {
  it("a sandbox adjustment is an entry of the difference, and nothing when there is none", () => {
    const { state } = setup();
    state.books.adjustBalance(SAM, 800);
    state.books.adjustBalance(SAM, 800);
    expect(state.books.ledger(SAM).map((entry) => [entry.type, entry.amount, entry.balanceAfter])).toEqual([
      ["adjustment", 300, 800],
      ["opening", 500, 500],
    ]);
    expect(state.books.ledger(SAM, "earned")).toHaveLength(2);
    expect(state.books.ledger(SAM, "spent")).toHaveLength(0);
    expectLedgersSum(state);
  });

  it("revision grows with every change of the member's ledger or orders, and only theirs", () => {
    const { state } = setup();
    const revisions = () => [state.books.revision(SAM), state.books.revision(CHAN)];
    expect(revisions()).toEqual([0, 0]);
    const order = placed(state, SAM);
    const [afterBuy] = revisions();
    expect(afterBuy).toBeGreaterThan(0);
    state.orders.notice(paid(order));
    expect(revisions()[0]).toBeGreaterThan(afterBuy);
    expect(revisions()[1]).toBe(0);
  });
});
