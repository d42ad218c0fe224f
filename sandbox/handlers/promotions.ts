/**
 * Promotions (core/api/promotion-endpoints.ts) over the money domain's rules: flash sales,
 * seckill snap-ups, the daily check-in (sandbox/domain/promotions.ts) and Asia Miles
 * (sandbox/domain/miles.ts).
 */
import type { HttpHandler } from "msw";
import {
  checkIn,
  checkInStatus,
  flashSales,
  milesOrder,
  milesProduct,
  milesRedeem,
  seckillInfo,
  seckillProduct,
  seckillSnapUp,
  snapUpSuccess,
  type MilesOrder,
  type SeckillItem,
} from "#core/api/promotion-endpoints";
import { toCents } from "#core/money/purchase";
import type { CatalogQueries } from "../domain/catalog";
import type { Clock } from "../domain/clock";
import type { MemberRecord } from "../domain/members";
import { MILES_REFUND_REASONS, maskMemberNo, type Miles, type MilesOrderRecord } from "../domain/miles";
import type { OrderBook } from "../domain/order-book";
import { orderView } from "../domain/orders";
import type { FoundSeckill, Promotions } from "../domain/promotions";
import { notFound, origin, shopRefused, type Serve } from "../respond";

export function promotionHandlers({
  serve,
  catalog,
  orders,
  promotions,
  miles,
  clock,
}: {
  serve: Serve;
  catalog: CatalogQueries;
  orders: OrderBook;
  promotions: Promotions;
  miles: Miles;
  clock: Clock;
}): HttpHandler[] {
  /**
   * The seckill canary is the signed-in member's flag (their login's gray-scale flag). The `gray`
   * parameter the mall sends echoes it and grants nothing: a caller without a member, or a member
   * without the flag, never sees or snaps up a canary session, whatever it says.
   */
  const canary = (member: MemberRecord | undefined) => member?.graySeckill === true;

  /** A seckill item as the API shows it. */
  const itemView = (found: FoundSeckill, openId: string | undefined, locale: "zh" | "en", request: Request): SeckillItem | null => {
    const { session, item, live, startAt, endAt } = found;
    const offer = catalog.offer(item.offerId);
    if (!offer || catalog.live(offer).status !== "online") return null;
    const summary = catalog.offerView(offer, locale, clock.now(), origin(request), null);
    return {
      id: item.id,
      sessionId: session.id,
      offerId: offer.id,
      title: summary.title,
      subtitle: summary.subtitle,
      image: summary.image,
      merchantName: summary.merchantName,
      priceCents: toCents(item.price),
      mcoin: item.mcoin,
      originalPriceCents: toCents(offer.originalPrice),
      stock: live.stock,
      sold: live.sold,
      total: live.stock + live.sold,
      limitPerMember: item.limitPerMember,
      boughtByMember: openId ? promotions.seckillHeld(openId, item.id) : null,
      startAt,
      endAt,
      gray: session.gray,
    };
  };

  const milesView = (redemption: MilesOrderRecord, locale: "zh" | "en", request: Request): MilesOrder => {
    const programme = miles.fixture;
    const product = programme.products.find((candidate) => candidate.id === redemption.productId)!;
    const { openId: _owner, refund, memberNo, ...fields } = redemption;
    return {
      ...fields,
      memberNo: maskMemberNo(memberNo),
      programme: programme.programme[locale],
      title: product.title[locale],
      image: `${origin(request)}/static/promotions/${product.image}`,
      paymentType: 5,
      refund: refund && { refundNo: refund.refundNo, method: refund.method, refundedAt: refund.refundedAt, reason: MILES_REFUND_REASONS[refund.reason][locale] },
    };
  };

  return [
    serve(flashSales, ({ locale, request }) => ({
      sessions: promotions.flashSessions().map((session) => ({
        id: session.id,
        startAt: session.startAt,
        endAt: session.endAt,
        items: session.offers.map((offer) => ({ ...catalog.offerView(offer, locale, clock.now(), origin(request), null), limitPerMember: offer.limitPerMember })),
      })),
    })),

    serve(seckillInfo, ({ member, locale, request }) => ({
      sessions: promotions.seckillSessions(canary(member)).map(({ session, startAt, endAt }) => ({
        id: session.id,
        startAt,
        endAt,
        gray: session.gray,
        items: session.items.flatMap((item) => {
          const found = promotions.seckill(item.id, canary(member));
          const view = found && itemView(found, member?.openId, locale, request);
          return view ? [view] : [];
        }),
      })),
    })),

    serve(seckillProduct, ({ input, member, locale, request }) => {
      const found = promotions.seckill(input.id, canary(member));
      const view = found && itemView(found, member?.openId, locale, request);
      const offer = found && catalog.offer(found.item.offerId);
      if (!view || !offer) return notFound(`seckill item ${input.id}`);
      return { ...view, terms: offer.terms[locale], usage: offer.usage[locale], useUntil: catalog.at(offer.useUntil) };
    }),

    serve(seckillSnapUp, ({ input, member, locale }) => {
      const outcome = promotions.snapUp(member.openId, input.itemId);
      return outcome.ok ? { orderId: outcome.value.id, orderNo: outcome.value.orderNo } : shopRefused(outcome.reason, locale);
    }),

    // Only the member's own snap-up: another member's order, or an ordinary one, is not found.
    serve(snapUpSuccess, ({ input, member, locale, request }) => {
      const order = orders.get(member.openId, input.orderId);
      if (!order || order.seckillItemId === null) return shopRefused("ORDER_NOT_FOUND", locale);
      return { order: orderView(order, catalog, locale, origin(request), clock.now()), itemId: order.seckillItemId };
    }),

    serve(checkInStatus, ({ member }) => promotions.checkInStatus(member.openId)),
    serve(checkIn, ({ member, locale }) => {
      const outcome = promotions.checkIn(member.openId);
      return outcome.ok ? outcome.value : shopRefused(outcome.reason, locale);
    }),

    serve(milesProduct, ({ input, member, locale, request }) => {
      const found = miles.product(member.openId, input.id);
      if (!found) return notFound(`miles product ${input.id}`);
      const { product } = found;
      return {
        id: product.id,
        programme: found.programme[locale],
        title: product.title[locale],
        subtitle: product.subtitle[locale],
        image: `${origin(request)}/static/promotions/${product.image}`,
        terms: product.terms[locale],
        steps: product.steps,
        dailyMaxMiles: found.dailyMaxMiles,
        monthlyMaxMiles: found.monthlyMaxMiles,
        minMiles: found.minMiles,
        milesToday: found.use.today,
        milesThisMonth: found.use.thisMonth,
        balance: found.balance,
      };
    }),
    serve(milesRedeem, ({ input, member, locale, request }) => {
      const outcome = miles.redeem(member.openId, input);
      return outcome.ok ? milesView(outcome.value, locale, request) : shopRefused(outcome.reason, locale);
    }),
    serve(milesOrder, ({ input, member, locale, request }) => {
      const redemption = miles.order(member.openId, input.id);
      return redemption ? milesView(redemption, locale, request) : shopRefused("ORDER_NOT_FOUND", locale);
    }),
  ];
}
