/**
 * What a member pays, as the mall writes it: "2,380 mCoin", "3,000 mCoin + $298.00", or "$485.00"
 * for an offer mCoin cannot pay for. Cards show one piece at the most mCoin its rules allow
 * (core/money/purchase.ts, leastCashPrice); the offer screen's bar shows the member's own choice.
 */
import type { TFunction } from "i18next";
import { leastCashPrice, toCents, type McoinRules } from "#core/money/purchase";
import { formatMoney, formatPoints } from "../money/format";

/** An amount in whole mCoin and integer cents of MOP. */
export interface PayAmount {
  mcoin: number;
  cents: number;
}

/** One piece of a listed offer at the most mCoin its rules allow: what its card shows. */
export function cardPrice(offer: { price: number; mcoinPrice: number; mcoin: McoinRules }): PayAmount {
  return leastCashPrice({ priceCents: toCents(offer.price), mcoinPrice: offer.mcoinPrice, mcoin: offer.mcoin });
}

/** An amount times `pieces`. */
export function timesPieces(amount: PayAmount, pieces: number): PayAmount {
  return { mcoin: amount.mcoin * pieces, cents: amount.cents * pieces };
}

/**
 * The amount's two parts as texts: the mCoin part ("2,380 mCoin") when there is one, and the cash
 * part, joined to the mCoin part ("+ $298.00") or alone ("$485.00"); nothing to pay reads "$0.00".
 */
export function payTexts(t: TFunction, { mcoin, cents }: PayAmount): { mcoin: string | null; cash: string | null } {
  const mcoinText = mcoin > 0 ? t("catalog.mcoin", { value: formatPoints(mcoin) }) : null;
  const cash = cents > 0 || mcoin <= 0 ? formatMoney(cents / 100) : null;
  const cashText = cash === null ? null : mcoinText ? t("catalog.plusCash", { cash }) : cash;
  return { mcoin: mcoinText, cash: cashText };
}
