/**
 * The order book's rules one by one (order-book.ts), on the domain with its clock standing still:
 * placing orders (and every refusal, which changes nothing), cancelling, and the sandbox's controls.
 * The wallet's notices are settlement.test.ts's, the readings order-readings.test.ts's, what falls
 * due order-steps.test.ts's.
 */
import { describe, expect, it } from "vitest";
import { MAX_PIECES_PER_ORDER } from "#core/money/purchase";
import { saveAddress, updateAddress } from "./addresses";
import { MAX_ORDERS_PER_MEMBER, PAYMENT_WINDOW_MS, type PlaceOrder } from "./order-book";
import { ANA, CHAN, LEI, PORK_CHOP_BUN, SAM, buy, expectLedgersSum, fixtures, later, paid, placed, setup, world, type World, copy } from "./test-support";

const WONG = "mpay-1003"; // 56,800 mCoin, addresses 2 (the default, first in her book) and 3
/** Delivery goods: MOP 9, mCoin only (90), 9 per member. */
const TOTE_BAG = 64;
/** The coupon GIFT-CONGEE gives (fixtures/wallet.json): 7 per member. */
const CONGEE = 8;

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
    const asPlaced = copy(order.address);
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
