/**
 * The programme's card: its picture with its name over it, the product, and the member's balance
 * and how many miles are left to redeem today and this month.
 */
import { useTranslation } from "react-i18next";
import type { MilesProduct } from "#core/api/promotion-endpoints";
import { Picture } from "../../components/picture";
import { formatPoints } from "../../lib/money/format";

export function MilesHero({ product }: { product: MilesProduct }) {
  const { t } = useTranslation();
  const monthLeft = Math.max(0, product.monthlyMaxMiles - product.milesThisMonth);
  const dayLeft = Math.max(0, Math.min(product.dailyMaxMiles - product.milesToday, monthLeft));
  return (
    <section className="miles__hero card" aria-labelledby="miles-title">
      {/* The programme's name is text over the picture, in the member's language; the picture has no words. */}
      <div className="miles__picture">
        <Picture className="miles__image" alt="" width={343} height={214} src={product.image} firstScreen box="screen" />
        <p className="miles__caption" aria-hidden="true">
          <span className="miles__programme">{product.programme}</span>
          <span className="miles__tagline">{t("miles.heroTagline")}</span>
        </p>
      </div>
      <div className="miles__intro">
        <h1 id="miles-title" className="miles__title">
          {product.title}
        </h1>
        <p className="miles__subtitle">{product.subtitle}</p>
        <dl className="miles__facts">
          <div>
            <dt>{t("miles.balance")}</dt>
            <dd data-testid="miles-balance">{formatPoints(product.balance)}</dd>
          </div>
          <div>
            <dt>{t("miles.leftToday")}</dt>
            <dd>{t("miles.milesValue", { value: formatPoints(dayLeft) })}</dd>
          </div>
          <div>
            <dt>{t("miles.leftThisMonth")}</dt>
            <dd>{t("miles.milesValue", { value: formatPoints(monthLeft) })}</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
