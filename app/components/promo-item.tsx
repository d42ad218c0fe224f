/**
 * One item of a timed sale (flash sale, seckill): picture, title, price, the original struck
 * through, how much has gone (a bar of sold against the whole lot), and the one action its state
 * allows. The state is the caller's, read on the gateway's clock, so it switches on the second.
 */
import type { payTexts } from "../lib/catalog/pay-price";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Picture } from "./picture";
import { PayLine } from "./money";
import "./promo-item.css";

/**
 * A sale's first items, whose pictures a phone shows on the first screen (below the session tabs: a
 * 390×844 screen shows three and a half).
 */
export const FIRST_SCREEN_ITEMS = 4;

/** An item's state in a timed sale, in the order a member meets them. */
export type SaleState = "not_started" | "running" | "sold_out" | "ended";

/** The state at `now` of an item on sale from `startAt` to `endAt` with `stock` left. */
export function saleState(item: { startAt: number; endAt: number; stock: number }, now: number): SaleState {
  if (now < item.startAt) return "not_started";
  if (now >= item.endAt) return "ended";
  return item.stock > 0 ? "running" : "sold_out";
}

interface PromoItemProps {
  id: string;
  image: string;
  title: string;
  subtitle: string;
  /** The limit per member ("Limit 1 per member"): a key fact, on a line of its own so it is never cut. */
  limit?: string;
  /** What the member pays (lib/catalog/pay-price.ts payTexts): each part kept on one line. */
  price: ReturnType<typeof payTexts>;
  original: string;
  sold: number;
  total: number;
  state: SaleState;
  /** The button or link for a running item; the others show their state instead. */
  action: ReactNode;
  badge?: string;
  /** On the first screen: its picture is fetched at once (components/picture.tsx). */
  firstScreen?: boolean;
}

export function PromoItem({ id, image, title, subtitle, limit, price, original, sold, total, state, action, badge, firstScreen = false }: PromoItemProps) {
  const { t } = useTranslation();
  const share = total > 0 ? Math.min(100, Math.round((sold / total) * 100)) : 100;
  const left = Math.max(0, total - sold);
  // None left and none ever sold: "0 sold, 0 left" under a full bar, and "sold out", would say it sold.
  const neverStocked = total <= 0 && sold === 0;
  return (
    <li className={`promo-item promo-item--${state}`} data-testid="promo-item" data-item-id={id} data-state={state}>
      <Picture className="promo-item__image" alt="" width={104} height={65} src={image} firstScreen={firstScreen} />
      <div className="promo-item__body">
        <h3 className="promo-item__title" id={`promo-item-${id}`} elementtiming="promo-item">
          {badge ? <span className="badge badge--brand promo-item__badge">{badge}</span> : null}
          {title}
        </h3>
        <p className="promo-item__subtitle">{subtitle}</p>
        {limit ? (
          <p className="promo-item__limit">
            <span className="promo-item__limit-text" data-key-fact="limit">
              {limit}
            </span>
          </p>
        ) : null}
        {/* Counts of nothing say nothing: its state below says it is out of stock. */}
        {neverStocked ? null : (
          <>
            <div className="promo-item__progress" aria-hidden="true">
              <span className="promo-item__bar" style={{ width: `${share}%` }} />
            </div>
            <p className="promo-item__counts">
              <span data-key-fact="sold">{t("promo.sold", { count: sold })}</span>
              <span data-key-fact="left">{t("promo.left", { count: left })}</span>
            </p>
          </>
        )}
        <div className="promo-item__foot">
          <p className="promo-item__prices">
            <PayLine pay={price} className="pay promo-item__price" />
            <s className="promo-item__original" aria-label={t("catalog.originalPrice", { price: original })}>
              {original}
            </s>
          </p>
          {state === "running" ? (
            action
          ) : (
            <span className={`promo-item__state promo-item__state--${state}`} aria-describedby={`promo-item-${id}`}>
              {t(state === "sold_out" && neverStocked ? "promo.outOfStock" : `promo.state.${state}`)}
            </span>
          )}
        </div>
      </div>
    </li>
  );
}

export function PromoListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <ul className="promo-list" aria-hidden="true">
      {Array.from({ length: rows }, (_, index) => (
        <li key={index} className="promo-item">
          <span className="promo-item__image skeleton" />
          <div className="promo-item__body">
            <span className="skeleton" style={{ height: "0.18rem", width: "80%" }} />
            <span className="skeleton" style={{ height: "0.14rem", width: "55%" }} />
            <span className="skeleton" style={{ height: "0.08rem", width: "100%" }} />
            <span className="skeleton" style={{ height: "0.32rem", width: "100%" }} />
          </div>
        </li>
      ))}
    </ul>
  );
}
