/**
 * An order's codes: each coupon's card (its QR code, drawn on the server, or its state; its
 * redemption code; its number with copy; where it was used) and a third-party voucher's other code.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Coupon } from "#core/api/shop-endpoints";
import { useLocale } from "../../hooks/use-locale";
import { copyText } from "../../lib/clipboard";
import { formatDateTime } from "../../lib/time/format";

function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <>
      <button type="button" className="button button--secondary button--small" aria-label={label} onClick={() => void copyText(text).then(setCopied)}>
        {copied ? t("order.copied") : t("order.copy")}
      </button>
      <span className="visually-hidden" role="status">
        {copied ? t("order.copiedLabel", { text }) : ""}
      </span>
    </>
  );
}

export function CouponCard({ coupon, qr, index, count }: { coupon: Coupon; qr: string | undefined; index: number; count: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <article className={`coupon-card card coupon-card--${coupon.status}`} aria-label={count > 1 ? t("coupon.ofCount", { index, count }) : t("coupon.one")}>
      {qr ? (
        // Markup the server drew from the code itself (app/server/qr.server.ts); it holds no script.
        <div className="coupon-card__qr" role="img" aria-label={t("coupon.qr", { code: coupon.redemptionCode })} dangerouslySetInnerHTML={{ __html: qr }} />
      ) : (
        <p className="coupon-card__state">{coupon.status === "used" && coupon.usedAt ? t("coupon.usedOn", { date: formatDateTime(coupon.usedAt, locale) }) : t(`coupon.status.${coupon.status}`)}</p>
      )}
      <p className="coupon-card__label">{t("coupon.redemptionCode")}</p>
      <p className={`coupon-card__code${coupon.status === "unused" ? "" : " coupon-card__code--void"}`} data-testid="redemption-code">
        {coupon.redemptionCode}
      </p>
      <div className="coupon-card__number">
        <span>{t("coupon.number", { number: coupon.couponNo })}</span>
        <CopyButton text={coupon.couponNo} label={t("coupon.copyNumber", { number: coupon.couponNo })} />
      </div>
      {coupon.status === "used" && coupon.usedAtStore ? <p className="coupon-card__where">{t("coupon.usedAt", { store: coupon.usedAtStore })}</p> : null}
    </article>
  );
}

export function OtherCode({ code }: { code: string }) {
  const { t } = useTranslation();
  return (
    <section className="card order-code" aria-labelledby="order-code-title">
      <h2 id="order-code-title" className="offer-section__title">
        {t("order.otherCode")}
      </h2>
      <p className="order-code__value">{code}</p>
      <CopyButton text={code} label={t("order.copyOtherCode")} />
    </section>
  );
}
