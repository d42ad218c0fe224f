import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../../components/dialog";
import { Overlay } from "../../components/overlay";
import { ScanCodeButton } from "../../components/scan-code-button";
import { useIdempotencyKey } from "../../hooks/use-idempotency-key";
import { useOrderIntent } from "../../hooks/use-order-intent";
import { formatPoints } from "../../lib/money/format";

/** "Redeem a coupon": a code from a gift or a promotion adds a coupon or an mCoin coupon. */
export function RedeemCodeDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const redeem = useOrderIntent();
  const form = useIdempotencyKey();
  const revalidator = useRevalidator();
  const result = redeem.data;
  useEffect(() => {
    if (redeem.state === "idle" && result?.ok) {
      form.done();
      revalidator.revalidate();
    }
    // Once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [redeem.state, result]);

  return (
    <Overlay>
      <Dialog
        title={t("wallet.redeem")}
        onDismiss={onClose}
        actions={
          <>
            <button type="button" className="button button--secondary" onClick={onClose}>
              {t("common.close")}
            </button>
            <button type="submit" form="redeem-code" className="button button--primary" disabled={redeem.busy}>
              {t("wallet.redeemSubmit")}
            </button>
          </>
        }
      >
        <form
          method="post"
          id="redeem-code"
          className="redeem-form"
          onSubmit={(event) => {
            event.preventDefault();
            redeem.send({ intent: "redeem-code", code: String(new FormData(event.currentTarget).get("code") ?? ""), idempotencyKey: form.key() });
          }}
        >
          <label className="field">
            <span className="field__label">{t("wallet.code")}</span>
            <input name="code" required autoComplete="off" autoCapitalize="characters" maxLength={32} pattern="[A-Za-z0-9\-]{4,32}" className="field__input" />
          </label>
          <ScanCodeButton field="code" />
        </form>
        {result && !result.ok ? (
          <p className="form-message" role="alert">
            {result.message}
          </p>
        ) : result?.ok && result.intent === "redeem-code" ? (
          <p className="form-success" role="status">
            {result.gift
              ? t("wallet.redeemedGift", { title: result.gift.title })
              : t("wallet.redeemedMcoin", { title: result.mcoinCoupon?.title ?? "", mcoin: formatPoints(result.mcoinCoupon?.mcoin ?? 0) })}
          </p>
        ) : null}
      </Dialog>
    </Overlay>
  );
}
