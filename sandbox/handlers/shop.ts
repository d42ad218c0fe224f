/**
 * Buying (core/api/shop-endpoints.ts): an offer's detail, placing an order, its status,
 * cancelling its payment, the member's orders and ledger, likes and favourites. Each parses with the
 * endpoint's declaration (serve) and calls the money domain (sandbox/domain/: order-book.ts, books.ts,
 * favourites.ts); refusals are answered by `shopRefused` in the caller's language. Idempotency keys are kept by serve.
 */
import type { HttpHandler } from "msw";
import {
  cancelPayment,
  collectOffer,
  collectionCheck,
  createOrder,
  favouriteList,
  likeOffer,
  mcoinLedger,
  offerDetail,
  orderList,
  orderStatus,
  ORDER_TAB_STATUSES,
  ORDER_TABS,
  type Order,
  type OrderTab,
} from "#core/api/shop-endpoints";
import { toCents } from "#core/money/purchase";
import { nearFrom, paginate, type CatalogQueries } from "../domain/catalog";
import type { Books, Outcome } from "../domain/books";
import type { Clock } from "../domain/clock";
import type { Favourites } from "../domain/favourites";
import { availability } from "../domain/offers";
import type { OrderBook } from "../domain/order-book";
import { orderView, type OrderRecord } from "../domain/orders";
import { notFound, origin, shopRefused, type Serve } from "../respond";

/** An outcome of the domain as a reply: the order in the caller's language, or the refusal. */
export function orderReply({ catalog, clock }: { catalog: CatalogQueries; clock: Clock }, outcome: Outcome<OrderRecord>, locale: "zh" | "en", request: Request): Order | Response {
  return outcome.ok ? orderView(outcome.value, catalog, locale, origin(request), clock.now()) : shopRefused(outcome.reason, locale);
}

/** Whether an order belongs in a tab of the order list (ORDER_TAB_STATUSES says which statuses each lists). */
export function inOrderTab(order: OrderRecord, tab: OrderTab): boolean {
  return tab === "all" || ORDER_TAB_STATUSES[tab].includes(order.status);
}

export function shopHandlers({
  serve,
  catalog,
  orders,
  books,
  favourites,
  clock,
}: {
  serve: Serve;
  catalog: CatalogQueries;
  orders: OrderBook;
  books: Books;
  favourites: Favourites;
  clock: Clock;
}): HttpHandler[] {
  const views = { catalog, clock };
  return [
    // Anyone may look; with a member's token it adds what they hold, liked and collected.
    serve(offerDetail, ({ input, member, locale, request }) => {
      const offer = catalog.offer(input.id);
      if (!offer) return notFound(`offer ${input.id}`);
      const near = nearFrom(input);
      const openId = member?.openId;
      return {
        ...catalog.offerView(offer, locale, clock.now(), origin(request), near),
        images: offer.images.map((file) => `${origin(request)}/static/offers/${file}`),
        priceCents: toCents(offer.price),
        originalPriceCents: toCents(offer.originalPrice),
        mcoin: offer.mcoin,
        limitPerMember: offer.limitPerMember,
        boughtByMember: openId ? orders.piecesHeld(openId, offer.id) : null,
        availability: availability(offer, catalog.live(offer), clock.now(), (relative) => catalog.at(relative)),
        paymentType: offer.paymentType,
        fulfilment: offer.kind === "goods" ? (offer.fulfilment ?? "delivery") : ("coupon" as const),
        useUntil: catalog.at(offer.useUntil),
        usage: offer.usage[locale],
        terms: offer.terms[locale],
        stores: catalog.offerStores(offer, locale, origin(request), near),
        liked: openId ? favourites.liked(openId, offer.id) : false,
        collected: openId ? favourites.collected(openId, offer.id) : false,
      };
    }),

    serve(createOrder, ({ input, member, locale, request }) => orderReply(views, orders.place(member.openId, input), locale, request)),

    // Another member's order is as absent as one that does not exist.
    serve(orderStatus, ({ input, member, locale, request }) => {
      const order = orders.get(member.openId, input.orderId);
      return order ? orderView(order, catalog, locale, origin(request), clock.now()) : shopRefused("ORDER_NOT_FOUND", locale);
    }),

    serve(cancelPayment, ({ input, member, locale, request }) => orderReply(views, orders.cancel(member.openId, input.orderId), locale, request)),

    // Goods are the logistics orders; coupons and vouchers the rest.
    serve(orderList, ({ input, member, locale, request }) => {
      const ofType = orders.list(member.openId).filter((order) => input.type === "all" || (input.type === "goods") === (order.fulfilment !== "coupon"));
      const counts = Object.fromEntries(ORDER_TABS.map((tab) => [tab, ofType.filter((order) => inOrderTab(order, tab)).length])) as Record<OrderTab, number>;
      const page = paginate(
        ofType.filter((order) => inOrderTab(order, input.tab)),
        input,
      );
      return { ...page, list: page.list.map((order) => orderView(order, catalog, locale, origin(request), clock.now())), counts };
    }),

    serve(mcoinLedger, ({ input, member }) => ({
      balance: books.balance(member.openId),
      ...paginate(books.ledger(member.openId, input.direction), input),
    })),

    serve(likeOffer, ({ input, member }) => favourites.like(member.openId, input.offerId, input.liked) ?? notFound(`offer ${input.offerId}`)),

    serve(collectOffer, ({ input, member }) => (favourites.collect(member.openId, input.offerId, input.collected) ? { collected: input.collected } : notFound(`offer ${input.offerId}`))),

    serve(collectionCheck, ({ input, member }) => ({ collected: [...new Set(input.offerIds.split(",").map(Number))].filter((id) => favourites.collected(member.openId, id)) })),

    // Latest first; an offer taken down since stays until the member removes it (the card says so).
    serve(favouriteList, ({ input, member, locale, request }) => {
      const offers = favourites.list(member.openId).flatMap((id) => catalog.offer(id) ?? []);
      const tabOf = (kind: string) => (kind === "goods" ? "products" : "coupons");
      const counts = { coupons: offers.filter((offer) => tabOf(offer.kind) === "coupons").length, products: offers.filter((offer) => tabOf(offer.kind) === "products").length };
      const page = paginate(
        offers.filter((offer) => tabOf(offer.kind) === input.tab),
        input,
      );
      return { ...page, list: page.list.map((offer) => catalog.offerView(offer, locale, clock.now(), origin(request), null)), counts };
    }),
  ];
}
