/** A sample input of every declared endpoint, and what it needs first (an order, a coupon...), for endpoints.integration.test.ts. */
import { expect } from "vitest";
import { type ApiClient } from "#core/api/client";
import { ENDPOINTS, clause } from "#core/api/endpoints";
import { milesRedeem, seckillSnapUp } from "#core/api/promotion-endpoints";
import { WALLET_SIGNATURE_HEADER, cancelPayment, createOrder, type Order } from "#core/api/shop-endpoints";
import { redeemCode } from "#core/api/wallet-endpoints";
import { PHOTO_STAND_IN } from "#core/api/personal";
import { walletSignature } from "../wallet-signature";
import { type RunningSandbox } from "../server";
import { control, once, paidOrder, pay, placeOrder } from "./testing";

export interface Ctx {
  running: RunningSandbox;
  /** The case's own member (20,000 mCoin, no address, no orders), and its client. */
  openId: string;
  api: ApiClient;
}

export interface Sample {
  /** Who calls: the case's member (the default when the endpoint needs auth), nobody (null), or the
   * member signed in anew for each call ("fresh": a call that ends the session it came with). */
  as?: "member" | null | "fresh";
  /** Run once per case, before the fault: what the calls need (an order, a coupon...). */
  prepare?: (ctx: Ctx) => Promise<unknown>;
  /**
   * The input of one call (built again for the retry; an idempotency key stays the case's), from what
   * `prepare` made: a method, so each sample names the type of what its own `prepare` made.
   */
  input(ctx: Ctx, prepared: unknown): unknown;
  /** Extra headers of one call, from the body it sends (the wallet's signature). */
  headers?: (ctx: Ctx, body: string | undefined) => Record<string, string>;
}

export const ADDRESS = { name: "Test Member", areaCode: "+853", mobile: "66123457", area: "Macau Peninsula", address: "Rua Central 1" } as const;

/** Goods on their way to the member: an address, offer 27 (delivery) paid in cash, shipped. */
export async function shippedOrder({ api, running }: Ctx): Promise<Order> {
  await api.call(ENDPOINTS.userAddressSave, ADDRESS, once());
  const order = (await api.call(createOrder, { offerId: 27, quantity: 1, mcoinUsed: 0 }, once())).data;
  await pay(running, order);
  await control(running, "/__sandbox/ship", { body: { orderNo: order.orderNo } });
  return order;
}

export const SAMPLES: Record<string, Sample> = {
  // endpoints.ts
  memberLogin: { as: null, input: ({ openId }) => ({ openId }) },
  macaupassConfig: { input: () => ({ url: "http://localhost:3000/", state: "home" }) },
  // A login code works once: each call gets its own, as each visit from the host app does.
  macaupassSave: { as: null, input: ({ running, openId }) => ({ code: running.sandbox.domain.logins.issueAuthCode(openId), state: "home" }) },
  clause: { input: () => ({}) },
  setClause: { prepare: async ({ api }) => (await api.call(clause)).data.clauseid, input: (_, clauseid) => ({ clauseid, status: 1 }) },
  basicInformation: { input: () => ({}) },
  // A refresh rotates the token it came with: each call is a session of its own.
  refreshToken: { as: "fresh", input: () => ({}) },
  systemTime: { input: () => ({}) },
  userAddressList: { input: () => ({}) },
  userAddressSave: { input: () => ADDRESS },
  userAddressUpdate: { prepare: async ({ api }) => (await api.call(ENDPOINTS.userAddressSave, ADDRESS, once())).data.id, input: (_, id) => ({ id, action: "DEFAULT" }) },
  // catalog-endpoints.ts
  recommendList: { input: () => ({ tab: "recommend" }) },
  mcoinRecommend: { input: () => ({}) },
  searchProduct: { input: () => ({ keyword: "coffee" }) },
  searchShop: { input: () => ({}) },
  popularSearches: { input: () => ({}) },
  searchHistory: { input: () => ({}) },
  recordSearch: { input: () => ({ keyword: "coffee" }) },
  clearSearchHistory: { input: () => ({}) },
  classifyList: { input: () => ({}) },
  storeInformation: { input: () => ({ id: 4 }) },
  branchList: { input: () => ({ storeId: 4, productId: 7 }) },
  zoneDetail: { input: () => ({ id: 1 }) },
  adverts: { input: () => ({}) },
  // shop-endpoints.ts
  offerDetail: { input: () => ({ id: 7 }) },
  createOrder: { input: () => ({ offerId: 7, quantity: 1, mcoinUsed: 100 }) },
  orderStatus: { prepare: placeOrder, input: (_, order: Order) => ({ orderId: order.id }) },
  cancelPayment: { prepare: placeOrder, input: (_, order: Order) => ({ orderId: order.id }) },
  // The wallet's notice, server to server: signed over the body the client sends.
  walletNotify: {
    as: null,
    prepare: placeOrder,
    input: (_, order: Order) => ({ orderNo: order.orderNo, paymentId: "WPFAULTS0001", amountCents: order.cashCents, status: "PAID" }),
    headers: ({ running }, body) => ({ [WALLET_SIGNATURE_HEADER]: walletSignature(body ?? "", running.sandbox.state.walletSecret) }),
  },
  orderList: { input: () => ({}) },
  mcoinLedger: { input: () => ({}) },
  likeOffer: { input: () => ({ offerId: 7, liked: true }) },
  collectOffer: { input: () => ({ offerId: 7, collected: true }) },
  collectionCheck: { input: () => ({ offerIds: "7,8" }) },
  favouriteList: { input: () => ({}) },
  // wallet-endpoints.ts
  couponList: { input: () => ({}) },
  redeemCode: { input: () => ({ code: "WELCOME-100" }) },
  mcoinCouponList: { input: () => ({}) },
  useMcoinCoupon: {
    prepare: async ({ api }) => {
      const reply = (await api.call(redeemCode, { code: "MCOIN-500" }, once())).data;
      return reply.kind === "mcoin" ? reply.mcoinCoupon.id : expect.unreachable("MCOIN-500 is an mCoin coupon");
    },
    input: (_, couponId) => ({ couponId }),
  },
  confirmReceipt: { prepare: shippedOrder, input: (_, order: Order) => ({ orderId: order.id }) },
  deleteOrder: {
    prepare: async ({ api }) => {
      const order = await placeOrder({ api });
      await api.call(cancelPayment, { orderId: order.id }, once());
      return order;
    },
    input: (_, order: Order) => ({ orderId: order.id }),
  },
  applyRefund: { prepare: (ctx) => paidOrder(ctx.api, ctx.running), input: (_, order: Order) => ({ orderId: order.id, reason: "bought_wrongly" }) },
  refundList: { input: () => ({}) },
  uploadRefundPhoto: { input: () => ({ image: PHOTO_STAND_IN }) },
  paymentReturns: { input: () => ({}) },
  // promotion-endpoints.ts
  checkInStatus: { input: () => ({}) },
  checkIn: { input: () => ({}) },
  flashSales: { input: () => ({}) },
  seckillInfo: { input: () => ({}) },
  seckillProduct: { input: () => ({ id: 2 }) },
  seckillSnapUp: { input: () => ({ itemId: 2 }) },
  snapUpSuccess: {
    prepare: async ({ api }) => (await api.call(seckillSnapUp, { itemId: 2 }, once())).data.orderId,
    input: (_, orderId) => ({ orderId }),
  },
  milesProduct: { input: () => ({ id: 1 }) },
  milesRedeem: { input: () => ({ productId: 1, lastName: "CHAN", firstName: "TAI MAN", memberNo: "1300000002", mcoin: 1000 }) },
  milesOrder: {
    prepare: async ({ api }) => (await api.call(milesRedeem, { productId: 1, lastName: "CHAN", firstName: "TAI MAN", memberNo: "1300000002", mcoin: 1000 }, once())).data.id,
    input: (_, id) => ({ id }),
  },
};
