/**
 * The bar fixed at the foot of the offer: what the chosen pieces cost in mCoin and cash, live as the
 * member moves the stepper and the slider, and checkout (components/purchase-flow.tsx), or signing
 * in to buy.
 */
import { Link } from "@remix-run/react";
import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { PayLine } from "../../components/money";
import { PurchaseFlow } from "../../components/purchase-flow";
import { payTexts, type PayAmount } from "../../lib/catalog/pay-price";
import type { Blocker } from "./purchase-choice";

interface OfferBarProps {
  selection: PayAmount;
  pieces: number;
  blocker: Blocker;
  /** Where a visitor signs in to buy. */
  signInTo: string;
  /** The checkout's, for everyone else. */
  purchase: ComponentProps<typeof PurchaseFlow>;
}

export function OfferBar({ selection, pieces, blocker, signInTo, purchase }: OfferBarProps) {
  const { t } = useTranslation();
  return (
    <div className="offer-bar">
      <SelectionSummary selection={selection} pieces={pieces} />
      {blocker === "signIn" ? (
        <Link to={signInTo} className="button button--primary offer-bar__buy">
          {t("offer.signInToBuy")}
        </Link>
      ) : (
        <PurchaseFlow {...purchase} />
      )}
    </div>
  );
}

/** What is chosen: what the pieces cost in mCoin and cash, and for how many pieces. */
function SelectionSummary({ selection, pieces }: { selection: PayAmount; pieces: number }) {
  const { t } = useTranslation();
  const pay = payTexts(t, selection);
  return (
    <div className="offer-bar__price" data-testid="offer-bar-selection" aria-live="polite">
      <PayLine pay={pay} className="pay offer-bar__pay" />
      <span className="offer-bar__per">{t("offer.forPieces", { count: pieces })}</span>
    </div>
  );
}
