/**
 * The merchants' side, which the mall never sees: a store's till redeems a coupon's code
 * (sandbox/domain/till.ts: its codes redeem only the coupons of its offers, and too many that redeem
 * nothing stop it for the minute), and goods are shipped.
 */
import type { HttpHandler } from "msw";
import type { ShopRefusal } from "#core/api/shop-endpoints";
import * as controls from "#core/controls/declarations";
import type { RedeemRefusal } from "#core/controls/declarations";
import type { CatalogQueries } from "../../domain/catalog";
import type { AfterSale } from "../../domain/after-sale";
import type { Clock } from "../../domain/clock";
import { REFUSAL_MESSAGES } from "../../domain/messages";
import type { OrderBook } from "../../domain/order-book";
import { couponAt } from "../../domain/orders";
import { MAX_FAILED_CODES_PER_MINUTE, type TillGuard } from "../../domain/till";
import { refuse, serveControl } from "./serve-control";

export interface TillControlParts {
  catalog: CatalogQueries;
  orders: OrderBook;
  afterSale: AfterSale;
  till: TillGuard;
  clock: Clock;
}

/** A moment as Macau's wall clock (UTC+8, no daylight saving), to the minute. */
const macauMinute = (at: number) => new Date(at + 8 * 3_600_000).toISOString().slice(0, 16).replace("T", " ");

/**
 * Why a till's code redeemed nothing, as core/controls/declarations.ts declares it
 * (RedeemRefusalSchema): the domain's reason in the gateway's words, then what a merchant needs to
 * know. At a store its offer is not redeemed at, the code's other stores and nothing more.
 */
function tillRefusal({ catalog, orders, clock }: TillControlParts, code: string, storeId: number, reason: ShopRefusal): Response {
  const said = REFUSAL_MESSAGES[reason].en;
  const storeNamed = (id: number) => `store ${id}${catalog.storeName(id, "en") ? ` (${catalog.storeName(id, "en")})` : ""}`;
  const refusal = (why: RedeemRefusal["why"], words: string, extra: Partial<RedeemRefusal> = {}) => refuse(409, `${said} ${words}`, { reason, why, ...extra });
  const found = orders.byCode(code);
  if (!found || found.order.deletedAt !== null) return refusal("unknown", `No coupon has the code ${code}.`);
  const validAt = catalog.offer(found.order.offerId)?.storeIds ?? [];
  if (!validAt.includes(storeId)) return refusal("wrong-store", `It is not valid at ${storeNamed(storeId)}: its offer is redeemed at ${validAt.map(storeNamed).join(", ")}.`, { validAt });
  const { coupon } = found;
  if (coupon.status === "used") {
    const usedAtStore = coupon.usedAtStore ? Number(coupon.usedAtStore) : undefined;
    const when = coupon.usedAt === null ? "" : ` on ${macauMinute(coupon.usedAt)} (Macau)`;
    return refusal("used", `It was used${when}${usedAtStore === undefined ? "" : ` at ${storeNamed(usedAtStore)}`}.`, {
      ...(coupon.usedAt === null ? {} : { usedAt: coupon.usedAt }),
      ...(usedAtStore === undefined ? {} : { usedAtStore }),
    });
  }
  const status = couponAt(coupon, clock.now()).status;
  if (status === "expired") return refusal("expired", `The coupon expired on ${macauMinute(coupon.useUntil)} (Macau).`);
  return refusal(status === "refunded" ? "refunded" : "refunding", `The coupon is ${status}: its order's money is being or was given back.`);
}

export function tillControls(parts: TillControlParts): HttpHandler[] {
  const { catalog, orders, afterSale, till, clock } = parts;
  return [
    serveControl(controls.redeem, ({ input }) => {
      const { code, storeId } = input;
      if (!catalog.store(storeId)) return refuse(404, `no store ${storeId}: a till is one of the catalog's stores`);
      const now = clock.now();
      const blockedUntil = till.blockedUntil(storeId, now);
      if (blockedUntil !== null) {
        const seconds = Math.max(1, Math.ceil((blockedUntil - now) / 1000));
        return refuse(
          429,
          `store ${storeId}'s till entered ${MAX_FAILED_CODES_PER_MINUTE} codes that redeem nothing within a minute; it may try again in ${seconds} s`,
          { reason: "TOO_MANY_FAILED_CODES", retryAfterSeconds: seconds },
          { "retry-after": String(seconds) },
        );
      }
      const outcome = afterSale.redeem(code, storeId);
      if (!outcome.ok) {
        till.failed(storeId, now);
        return tillRefusal(parts, code, storeId, outcome.reason);
      }
      const { order, coupon } = outcome.value;
      const store = catalog.storeName(Number(coupon.usedAtStore), "en");
      return {
        ok: true as const,
        orderNo: order.orderNo,
        couponNo: coupon.couponNo,
        status: coupon.status,
        orderStatus: order.status,
        usedAt: coupon.usedAt,
        storeId: Number(coupon.usedAtStore),
        store,
      };
    }),
    serveControl(controls.ship, ({ input }) => {
      const outcome = afterSale.ship(input.orderNo);
      if (!outcome.ok) {
        const order = orders.byNumber(input.orderNo);
        return outcome.reason === "ORDER_NOT_FOUND" || !order ? refuse(404, "no such order") : refuse(409, `the order is ${order.status}, not awaiting shipment`, { reason: outcome.reason });
      }
      return { ok: true as const, orderNo: outcome.value.orderNo, status: outcome.value.status, shippedAt: outcome.value.shippedAt };
    }),
  ];
}
