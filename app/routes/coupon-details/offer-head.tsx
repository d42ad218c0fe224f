/**
 * The offer's head card: its prices (what the member pays per piece, the cash value, the original
 * price and discount, the 18+ badge), title, subtitle, how many sold and left, and like, favourite
 * and share. Like and favourite show at once, and go back with a message when refused.
 */
import { Link, useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { OfferDetail } from "#core/api/shop-endpoints";
import { CoinIcon, LikeIcon, ShareIcon, StarIcon } from "../../components/icons";
import { CashValue, OriginalPrice, PayLine } from "../../components/money";
import { useToastOn } from "../../components/toast";
import { useLocale } from "../../hooks/use-locale";
import { discountLabel } from "../../lib/catalog/discount";
import { cardPrice, payTexts } from "../../lib/catalog/pay-price";
import { getHostBridge } from "../../lib/host-bridge";
import { formatMoney } from "../../lib/money/format";
import type { OfferActionResult } from "../coupon-details.server";

interface OfferHeadProps {
  offer: OfferDetail;
  signedIn: boolean;
  /** None left and none ever sold: the counts are left out (the offer is out of stock). */
  neverStocked: boolean;
  /** Where a visitor signs in to act on the offer. */
  signInTo: string;
}

export function OfferHead({ offer, signedIn, neverStocked, signInTo }: OfferHeadProps) {
  const { t } = useTranslation();
  return (
    <section className="offer-head card" aria-labelledby="offer-title">
      <Prices offer={offer} />
      <h1 id="offer-title" className="offer-head__title">
        {offer.title}
      </h1>
      <p className="offer-head__subtitle">{offer.subtitle}</p>
      {neverStocked ? null : (
        <p className="offer-head__meta">
          <span>{t("catalog.sold", { count: offer.sold })}</span>
          <span>{t("offer.left", { count: offer.stock })}</span>
        </p>
      )}
      <OfferActions offer={offer} signedIn={signedIn} signInTo={signInTo} />
    </section>
  );
}

function Prices({ offer }: { offer: OfferDetail }) {
  const { t } = useTranslation();
  const discount = discountLabel(offer.price, offer.originalPrice, useLocale());
  const each = cardPrice(offer);
  const pay = payTexts(t, each);
  return (
    <div className="offer-prices">
      <span className="offer-prices__mcoin">
        {each.mcoin > 0 ? <CoinIcon /> : null}
        <PayLine pay={pay} className="pay offer-prices__pay" elementTiming="offer-price" />
        <small>{t("offer.perPiece")}</small>
      </span>
      {each.mcoin > 0 ? <CashValue price={formatMoney(offer.priceCents / 100)} className="offer-prices__cash" /> : null}
      <OriginalPrice price={formatMoney(offer.originalPriceCents / 100)} className="offer-prices__original" />
      {discount ? <span className="offer-prices__discount">{discount}</span> : null}
      {offer.ageRestricted ? <span className="badge badge--adult">{t("catalog.badge.adult")}</span> : null}
    </div>
  );
}

/** Like, favourite and share. */
function OfferActions({ offer, signedIn, signInTo }: { offer: OfferDetail; signedIn: boolean; signInTo: string }) {
  const { t } = useTranslation();
  const like = useFetcher<OfferActionResult>();
  const collect = useFetcher<OfferActionResult>();
  const pendingLike = like.formData?.get("liked");
  const pendingCollect = collect.formData?.get("collected");
  const liked = pendingLike !== undefined && pendingLike !== null ? pendingLike === "1" : like.data?.ok && like.data.intent === "like" ? like.data.liked : offer.liked;
  const likes = like.data?.ok && like.data.intent === "like" ? like.data.likes : offer.likes + (liked && !offer.liked ? 1 : !liked && offer.liked ? -1 : 0);
  const collected = pendingCollect !== undefined && pendingCollect !== null ? pendingCollect === "1" : collect.data?.ok && collect.data.intent === "collect" ? collect.data.collected : offer.collected;
  const failure = [like.data, collect.data].find((result) => result && !result.ok);
  useToastOn(collect.state === "idle" ? collect.data : undefined, (reply) => (reply.ok && reply.intent === "collect" ? t(reply.collected ? "toast.favourited" : "toast.unfavourited") : null));

  const share = () =>
    void getHostBridge()
      .share({ title: offer.title, description: offer.subtitle, url: new URL(`/coupon_details_link/${offer.id}`, window.location.origin).href, imageUrl: offer.image })
      .catch(() => undefined);

  return (
    <>
      <div className="offer-actions">
        {signedIn ? (
          <>
            <like.Form method="post">
              <input type="hidden" name="intent" value="like" />
              <button type="submit" name="liked" value={liked ? "0" : "1"} className={`offer-action${liked ? " offer-action--on" : ""}`} aria-pressed={liked}>
                <LikeIcon filled={liked} />
                <span>{t("offer.likes", { count: likes })}</span>
              </button>
            </like.Form>
            <collect.Form method="post">
              <input type="hidden" name="intent" value="collect" />
              <button type="submit" name="collected" value={collected ? "0" : "1"} className={`offer-action${collected ? " offer-action--on" : ""}`} aria-pressed={collected}>
                <StarIcon filled={collected} />
                <span>{t("offer.favourite")}</span>
              </button>
            </collect.Form>
          </>
        ) : (
          <Link to={signInTo} className="offer-action">
            <LikeIcon />
            <span>{t("offer.likes", { count: offer.likes })}</span>
          </Link>
        )}
        <button type="button" className="offer-action" onClick={share}>
          <ShareIcon />
          <span>{t("offer.share")}</span>
        </button>
      </div>
      {failure && !failure.ok ? (
        <p className="form-message" role="alert">
          {failure.message}
        </p>
      ) : null}
    </>
  );
}
