/** The offer's texts: how to use it and until when, its terms, and help on earning and using mCoin. */
import { useTranslation } from "react-i18next";
import type { OfferDetail } from "#core/api/shop-endpoints";
import { ClockIcon, HelpIcon } from "../../components/icons";
import { useLocale } from "../../hooks/use-locale";
import { formatDate } from "../../lib/time/format";

export function Usage({ offer }: { offer: OfferDetail }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <section className="card offer-section" aria-labelledby="offer-usage">
      <h2 id="offer-usage" className="offer-section__title">
        {t("offer.usage")}
      </h2>
      <p className="offer-section__text">{offer.usage}</p>
      <p className="offer-section__validity">
        <ClockIcon /> {t("offer.validUntil", { date: formatDate(offer.useUntil, locale) })}
      </p>
    </section>
  );
}

export function Terms({ offer }: { offer: OfferDetail }) {
  const { t } = useTranslation();
  return (
    <section className="card offer-section" aria-labelledby="offer-terms">
      <h2 id="offer-terms" className="offer-section__title">
        {t("offer.terms")}
      </h2>
      <p className="offer-section__text">{offer.terms}</p>
    </section>
  );
}

/** Help on earning and using mCoin (spec: 1 mCoin per MOP 1 spent via the wallet). */
export function McoinHelp() {
  const { t } = useTranslation();
  return (
    <details className="card offer-help">
      <summary>
        <HelpIcon /> {t("offer.help.title")}
      </summary>
      <p>{t("offer.help.earn")}</p>
      <p>{t("offer.help.use")}</p>
    </details>
  );
}
