import { useTranslation } from "react-i18next";
import type { SeckillItem } from "#core/api/promotion-endpoints";
import { Countdown } from "../../components/countdown";
import { PayLine } from "../../components/money";
import { Picture } from "../../components/picture";
import { saleState } from "../../components/promo-item";
import { useLocale } from "../../hooks/use-locale";
import type { payTexts } from "../../lib/catalog/pay-price";
import { formatMoney } from "../../lib/money/format";
import { formatDate } from "../../lib/time/format";

/** The item a link opened (/seckill/{id}): bigger, with its countdown, terms and use. */
export function ProductCard({
  item,
  now,
  price,
  action,
}: {
  item: SeckillItem & { terms: string; usage: string; useUntil: number };
  now: number;
  price: ReturnType<typeof payTexts>;
  action: JSX.Element;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const state = saleState(item, now);
  return (
    <article className="card seckill-product" aria-labelledby="seckill-product-title" data-testid="seckill-product" data-state={state}>
      <Picture className="seckill-product__image" alt="" width={343} height={214} src={item.image} firstScreen box="screen" />
      <div className="seckill-product__body">
        <h2 id="seckill-product-title" className="seckill-product__title">
          {item.title}
        </h2>
        <p className="promo-item__subtitle">{item.subtitle}</p>
        <p className="seckill-product__price">
          <PayLine pay={price} className="pay promo-item__price" />
          <s className="promo-item__original" aria-label={t("catalog.originalPrice", { price: formatMoney(item.originalPriceCents / 100) })}>
            {formatMoney(item.originalPriceCents / 100)}
          </s>
        </p>
        <p className="seckill-product__facts">
          <span data-key-fact="left">{t("promo.left", { count: item.stock })}</span>
          <span data-key-fact="limit">{t("promo.limit", { count: item.limitPerMember })}</span>
          <span>{t("seckill.useUntil", { date: formatDate(item.useUntil, locale) })}</span>
        </p>
        <div className="seckill-product__foot">
          {state === "not_started" ? (
            <Countdown to={item.startAt} now={now} label={t("promo.startsIn")} />
          ) : state === "running" ? (
            <Countdown to={item.endAt} now={now} label={t("promo.endsIn")} />
          ) : (
            <span />
          )}
          {state === "running" ? action : <span className={`promo-item__state promo-item__state--${state}`}>{t(`promo.state.${state}`)}</span>}
        </div>
        <details className="seckill-product__terms">
          <summary>{t("seckill.termsTitle")}</summary>
          <p>{item.usage}</p>
          <p>{item.terms}</p>
        </details>
      </div>
    </article>
  );
}
