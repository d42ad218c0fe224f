/**
 * The member's wallet and after-sale (core/api/wallet-endpoints.ts): coupons by tab, codes,
 * mCoin coupons, confirming receipt, deleting an order, refunds. Each parses with the endpoint's
 * declaration (serve, which also keeps the idempotency keys) and calls the money domain
 * (sandbox/domain/after-sale.ts, order-book.ts); refusals are answered in the caller's language.
 */
import type { HttpHandler } from "msw";
import {
  applyRefund,
  confirmReceipt,
  COUPON_TABS,
  couponList,
  deleteOrder,
  mcoinCouponList,
  redeemCode,
  paymentReturns,
  refundList,
  uploadRefundPhoto,
  useMcoinCoupon,
  type CouponGroup,
  type CouponTab,
  type McoinCoupon,
} from "#core/api/wallet-endpoints";
import type { Refund } from "#core/api/shop-endpoints";
import { paginate, type CatalogQueries } from "../domain/catalog";
import type { AfterSale } from "../domain/after-sale";
import type { Clock } from "../domain/clock";
import type { McoinCouponRecord } from "../domain/ledger";
import type { OrderBook } from "../domain/order-book";
import type { RefundPhotos } from "../domain/refund-photos";
import { orderView, refundView } from "../domain/orders";
import { origin, shopRefused, type Serve } from "../respond";
import { orderReply } from "./shop";

export function afterSaleHandlers({
  serve,
  catalog,
  orders,
  afterSale,
  refundPhotos,
  clock,
}: {
  serve: Serve;
  catalog: CatalogQueries;
  orders: OrderBook;
  afterSale: AfterSale;
  refundPhotos: RefundPhotos;
  clock: Clock;
}): HttpHandler[] {
  const mcoinCouponView = (coupon: Omit<McoinCouponRecord, "status"> & { status: McoinCoupon["status"] }, locale: "zh" | "en"): McoinCoupon => ({
    id: coupon.id,
    title: coupon.title[locale],
    mcoin: coupon.mcoin,
    status: coupon.status,
    useUntil: coupon.useUntil,
    usedAt: coupon.usedAt,
  });

  return [
    // Each order with those of its coupons in the tab; refunding and refunded coupons are in no tab (they are refund orders).
    serve(couponList, ({ input, member, locale, request }) => {
      const groups = orders
        .list(member.openId)
        .filter((order) => order.coupons.length > 0)
        .map((order) => orderView(order, catalog, locale, origin(request), clock.now()));
      const inTab = (tab: CouponTab) =>
        groups.flatMap(({ coupons, ...order }): CouponGroup[] => {
          const own = coupons.filter((coupon) => coupon.status === tab);
          return own.length > 0 ? [{ order, coupons: own }] : [];
        });
      const counts = Object.fromEntries(COUPON_TABS.map((tab) => [tab, inTab(tab).reduce((sum, group) => sum + group.coupons.length, 0)])) as Record<CouponTab, number>;
      return { ...paginate(inTab(input.tab), input), counts };
    }),

    serve(redeemCode, ({ input, member, locale, request }) => {
      const outcome = afterSale.redeemCode(member.openId, input.code);
      if (!outcome.ok) return shopRefused(outcome.reason, locale);
      const { value } = outcome;
      return value.kind === "coupon"
        ? { kind: "coupon" as const, order: orderView(value.order, catalog, locale, origin(request), clock.now()) }
        : { kind: "mcoin" as const, mcoinCoupon: mcoinCouponView({ ...value.mcoinCoupon }, locale) };
    }),

    serve(mcoinCouponList, ({ input, member, locale }) =>
      paginate(
        afterSale.mcoinCoupons(member.openId).map((coupon) => mcoinCouponView(coupon, locale)),
        input,
      ),
    ),

    serve(useMcoinCoupon, ({ input, member, locale }) => {
      const outcome = afterSale.useMcoinCoupon(member.openId, input.couponId);
      return outcome.ok ? { mcoinCoupon: mcoinCouponView(outcome.value.mcoinCoupon, locale), balance: outcome.value.balance } : shopRefused(outcome.reason, locale);
    }),

    serve(confirmReceipt, ({ input, member, locale, request }) => orderReply({ catalog, clock }, afterSale.confirmReceipt(member.openId, input.orderId), locale, request)),

    serve(deleteOrder, ({ input, member, locale }) => {
      const outcome = afterSale.deleteOrder(member.openId, input.orderId);
      return outcome.ok ? { deleted: true as const } : shopRefused(outcome.reason, locale);
    }),

    serve(uploadRefundPhoto, ({ input, member, locale }) => {
      const outcome = refundPhotos.upload(member.openId, input.image);
      return outcome.ok ? { photoId: outcome.value.id, bytes: outcome.value.bytes } : shopRefused(outcome.reason, locale);
    }),

    serve(applyRefund, ({ input, member, locale, request }) => {
      // Checked first and claimed once the refund is made, in one turn of the event loop: no other
      // request can take a photo between the two.
      const photos = refundPhotos.check(member.openId, input.photoIds);
      if (!photos.ok) return shopRefused(photos.reason, locale);
      const outcome = afterSale.requestRefund(member.openId, { ...input, photoCount: input.photoIds.length });
      if (!outcome.ok) return shopRefused(outcome.reason, locale);
      refundPhotos.claim(input.photoIds, outcome.value.refund!.refundOrderNo);
      return orderView(outcome.value, catalog, locale, origin(request), clock.now()).refund as Refund;
    }),

    serve(paymentReturns, ({ input, member }) =>
      paginate(
        orders.paymentReturns(member.openId).map(({ outcome: _refunded, reason, ...payment }) => ({ ...payment, reason: reason ?? "DUPLICATE_PAYMENT" })),
        input,
      ),
    ),

    serve(refundList, ({ input, member, locale, request }) =>
      paginate(
        orders
          .list(member.openId)
          .filter((order) => order.refund !== null)
          .sort((a, b) => b.refund!.requestedAt - a.refund!.requestedAt || b.id - a.id)
          .map((order) => {
            const offer = catalog.offer(order.offerId)!;
            return refundView(order.refund!, offer.title[locale], `${origin(request)}/static/offers/${offer.image}`);
          }),
        input,
      ),
    ),
  ];
}
