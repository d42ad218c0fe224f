/**
 * How an offer shows in lists: its image, title, store, distance, what the member pays (mCoin, mCoin
 * and cash, or cash: lib/catalog/pay-price.ts), its price in MOP labelled as the cash value beside
 * the original price struck through (the two the discount label compares, and the price home's
 * filter and sort go by; components/money.tsx), the discount label, and the badges (coming soon,
 * ends today, sold out, 18+).
 */
import { useContext } from "react";
import { I18nContext } from "react-i18next";
import type { OfferCardData, OfferTileData } from "../lib/catalog/card-data";
import { offerBadges } from "#core/catalog/badges";
import { discountLabel } from "../lib/catalog/discount";
import { formatDistance } from "#core/geo/distance";
import { normalizeLocale } from "../lib/i18n/locale";
import { formatMoney } from "../lib/money/format";
import { cardPrice, payTexts } from "../lib/catalog/pay-price";
import { ListLink } from "./list-link";
import { CashValue, OriginalPrice, PayLine, translatorOf } from "./money";
import { Picture } from "./picture";
import "./offer-card.css";

/** A card's texts (lists draw dozens of cards: the page's translator, components/money.tsx). */
function useOfferTexts(offer: OfferTileData, now: number) {
  const { i18n } = useContext(I18nContext);
  const t = translatorOf(i18n);
  const locale = normalizeLocale(i18n.language) ?? "zh";
  // None left and none ever sold: not "sold out", which says that it sold.
  const neverSold = offer.sold === 0;
  const badges = offerBadges(offer, now).map((badge) => ({ badge, text: t(badge === "soldOut" && neverSold ? "catalog.badge.outOfStock" : `catalog.badge.${badge}`) }));
  if (offer.ageRestricted) badges.push({ badge: "adult" as never, text: t("catalog.badge.adult") });
  const pay = cardPrice(offer);
  return {
    t,
    discount: discountLabel(offer.price, offer.originalPrice, locale),
    badges,
    pay: payTexts(t, pay),
    /** The price in MOP, unless the member pays it all in cash (the pay line says it then). */
    price: pay.mcoin > 0 ? formatMoney(offer.price) : null,
    original: formatMoney(offer.originalPrice),
  };
}

/** `firstScreen`: the card is on a phone's first screen (a listing's first ones), so its picture is asked for first. */
export function OfferCard({ offer, now, firstScreen = false }: { offer: OfferCardData; now: number; firstScreen?: boolean }) {
  const { t, discount, badges, pay, price, original } = useOfferTexts(offer, now);
  const soldOut = offer.stock <= 0;
  return (
    <ListLink to={`/coupon_details/${offer.id}`} className={`offer-card${soldOut ? " offer-card--sold-out" : ""}`} data-offer-id={offer.id} data-district={offer.districtId}>
      <span className="offer-card__media">
        <Picture alt="" width={104} height={65} src={offer.image} firstScreen={firstScreen} />
        {discount ? <span className="offer-card__discount">{discount}</span> : null}
      </span>
      <span className="offer-card__body">
        <span className="offer-card__title" elementtiming="offer-card">
          {offer.title}
        </span>
        <span className="offer-card__store">
          {offer.storeName}
          {offer.distance !== null ? <span className="offer-card__distance">{formatDistance(offer.distance)}</span> : null}
        </span>
        {badges.length > 0 ? (
          <span className="offer-card__badges">
            {badges.map(({ badge, text }) => (
              <span key={badge} className={`badge badge--${badge}`}>
                {text}
              </span>
            ))}
          </span>
        ) : null}
        <PayLine pay={pay} className="pay offer-card__pay" />
        <span className="offer-card__prices">
          {price ? <CashValue price={price} amountClassName="offer-card__price" /> : null}
          <OriginalPrice price={original} className="offer-card__original" />
          {offer.sold > 0 || !soldOut ? <span className="offer-card__sold">{t("catalog.sold", { count: offer.sold })}</span> : null}
        </span>
      </span>
    </ListLink>
  );
}

/** A compact card for home's horizontal rails. */
export function OfferTile({ offer, now }: { offer: OfferTileData; now: number }) {
  const { discount, badges, pay } = useOfferTexts(offer, now);
  return (
    <ListLink to={`/coupon_details/${offer.id}`} className="offer-tile" data-offer-id={offer.id}>
      <span className="offer-tile__media">
        <Picture alt="" width={136} height={85} src={offer.image} />
        {discount ? <span className="offer-card__discount">{discount}</span> : null}
        {badges[0] ? <span className={`badge badge--${badges[0].badge} offer-tile__badge`}>{badges[0].text}</span> : null}
      </span>
      <span className="offer-tile__title">{offer.title}</span>
      <PayLine pay={pay} className="pay offer-tile__pay" />
    </ListLink>
  );
}

export function OfferCardSkeleton() {
  return (
    <div className="offer-card offer-card--skeleton" aria-hidden="true">
      <span className="offer-card__media skeleton" />
      <span className="offer-card__body">
        <span className="skeleton" style={{ height: "0.16rem", width: "80%" }} />
        <span className="skeleton" style={{ height: "0.12rem", width: "55%" }} />
        <span className="skeleton" style={{ height: "0.16rem", width: "40%", marginTop: "auto" }} />
      </span>
    </div>
  );
}
