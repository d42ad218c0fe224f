/**
 * The wallet's views one tap away (coupons, logistics orders, refund orders, mCoin coupons), four side
 * by side whatever the language, and redeeming a code on the row below them.
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export function WalletNav({ view, onRedeem }: { view: "coupons" | "logistics" | "refunds" | "mcoin"; onRedeem(): void }) {
  const { t } = useTranslation();
  return (
    <nav className="wallet-nav" aria-label={t("wallet.more")}>
      <Link to="?view=coupons" className="wallet-nav__item" aria-current={view === "coupons" ? "page" : undefined}>
        {t("wallet.coupons")}
      </Link>
      <Link to="?view=logistics" className="wallet-nav__item" aria-current={view === "logistics" ? "page" : undefined}>
        {t("wallet.logistics")}
      </Link>
      <Link to="?view=refunds" className="wallet-nav__item" aria-current={view === "refunds" ? "page" : undefined}>
        {t("wallet.refunds")}
      </Link>
      <Link to="?view=mcoin" className="wallet-nav__item" aria-current={view === "mcoin" ? "page" : undefined}>
        {t("wallet.mcoinCoupons")}
      </Link>
      <button type="button" className="wallet-nav__item wallet-nav__redeem" onClick={onRedeem}>
        {t("wallet.redeem")}
      </button>
    </nav>
  );
}
