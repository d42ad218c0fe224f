/**
 * In place of the buy card when the offer cannot be bought: why (sold out, out of stock, not on sale
 * yet, taken down, or the member said they are under 18), with a countdown to the start when it is
 * near, and a way to answer the age question again.
 */
import { useTranslation } from "react-i18next";
import type { OfferDetail } from "#core/api/shop-endpoints";
import { Countdown } from "../../components/countdown";
import { useLocale } from "../../hooks/use-locale";
import { formatDate } from "../../lib/time/format";
import type { Blocker } from "./purchase-choice";

/** How close to its start an offer shows a countdown rather than only the date. */
const COUNTDOWN_FROM_MS = 24 * 3_600_000;

interface OfferStateProps {
  offer: OfferDetail;
  blocker: Blocker;
  neverStocked: boolean;
  /** The gateway's time now. */
  now: number;
  /** Asks the age question again. */
  onChangeAge(): void;
}

export function OfferState({ offer, blocker, neverStocked, now, onChangeAge }: OfferStateProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <p className="offer-state card" role="status">
      {t(`offer.state.${blocker === "minor" ? "minor" : offer.availability === "sold_out" && neverStocked ? "out_of_stock" : offer.availability}`, { date: formatDate(offer.startAt, locale) })}
      {offer.availability === "not_started" && offer.startAt - now < COUNTDOWN_FROM_MS ? (
        <>
          {" "}
          <Countdown to={offer.startAt} now={now} label={t("offer.startsIn")} />
        </>
      ) : null}
      {blocker === "minor" ? (
        // A mis-tap on 'under 18' must not lock every 18+ offer for the rest of the visit.
        <button type="button" className="button button--secondary offer-state__change" onClick={onChangeAge}>
          {t("offer.age.change")}
        </button>
      ) : null}
    </p>
  );
}
