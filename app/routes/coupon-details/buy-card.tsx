/**
 * The buy card of an offer on sale: how many pieces, how many mCoin (fixed, or chosen on the slider
 * between its two ends), the cash that leaves to pay, and what keeps the member from buying.
 */
import { useTranslation } from "react-i18next";
import type { OfferDetail } from "#core/api/shop-endpoints";
import { cashDueCents, type McoinRange, type PricedOffer } from "#core/money/purchase";
import { CoinIcon } from "../../components/icons";
import { McoinSlider } from "../../components/mcoin-slider";
import { QuantityStepper } from "../../components/quantity-stepper";
import { formatMoney, formatPoints } from "../../lib/money/format";
import type { Blocker } from "./purchase-choice";

interface BuyCardProps {
  offer: OfferDetail;
  priced: PricedOffer;
  signedIn: boolean;
  balance: number | null;
  pieces: number;
  piecesLeft: number;
  onPieces(pieces: number): void;
  range: McoinRange;
  mcoinUsed: number;
  onMcoin(mcoin: number): void;
  cashCents: number;
  blocker: Blocker;
}

export function BuyCard({ offer, priced, signedIn, balance, pieces, piecesLeft, onPieces, range, mcoinUsed, onMcoin, cashCents, blocker }: BuyCardProps) {
  const { t } = useTranslation();
  return (
    <section className="offer-buy card" aria-labelledby="offer-buy-title">
      <h2 id="offer-buy-title" className="visually-hidden">
        {t("offer.buyTitle")}
      </h2>
      <div className="offer-buy__row">
        <span className="offer-buy__label" id="offer-quantity">
          {t("offer.quantity")}
          {offer.limitPerMember < 99 ? <small>{t("offer.limit", { count: offer.limitPerMember })}</small> : null}
        </span>
        <QuantityStepper value={pieces} max={Math.max(1, piecesLeft)} onChange={onPieces} label={t("offer.quantity")} />
      </div>
      {signedIn && range.ok && range.min === range.max ? (
        <div className="offer-buy__row">
          <span className="offer-buy__label">
            {t("offer.useMcoin")}
            <small>{range.max === 0 ? t("offer.cashOnly") : t("offer.mcoinFixed")}</small>
          </span>
          <span className="offer-buy__value">
            <CoinIcon /> {formatPoints(mcoinUsed)}
          </span>
        </div>
      ) : signedIn && range.ok ? (
        <div className="offer-buy__mcoin">
          <div className="offer-buy__row">
            <span className="offer-buy__label">
              {t("offer.useMcoin")}
              <small data-testid="offer-balance">{t("offer.balance", { value: formatPoints(balance ?? 0) })}</small>
            </span>
            <span className="offer-buy__value">
              <CoinIcon /> {formatPoints(mcoinUsed)}
            </span>
          </div>
          <McoinSlider
            range={range}
            value={mcoinUsed}
            onChange={onMcoin}
            label={t("offer.useMcoin")}
            valueText={(value) => t("offer.sliderValue", { mcoin: formatPoints(value), cash: formatMoney(cashDueCents(priced, pieces, value) / 100) })}
          />
          {/* The slider's two ends, and nothing between them that could read as a tick. */}
          <p className="offer-buy__scale" aria-hidden="true">
            <span>{formatPoints(range.min)}</span>
            <span>{formatPoints(range.max)}</span>
          </p>
        </div>
      ) : null}
      <div className="offer-buy__row offer-buy__total">
        <span className="offer-buy__label">{t("offer.cashDue")}</span>
        <span className="offer-buy__cash" aria-live="polite">
          {formatMoney(cashCents / 100)}
        </span>
      </div>
      {blocker && blocker !== "signIn" ? (
        <p className="form-message" role="alert">
          {t(`offer.blocked.${blocker}`)}
        </p>
      ) : null}
    </section>
  );
}
