/**
 * The pop-ups of a redemption: too few mCoin (the spec's refusal as a dialog), 'redeeming' while the
 * airline has not answered, and the result once it has credited the miles.
 */
import { useNavigate, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { MilesOrder } from "#core/api/promotion-endpoints";
import { Dialog, ResultDialog } from "../../components/dialog";
import { CheckCircleIcon } from "../../components/icons";
import { Overlay } from "../../components/overlay";
import { couponsPath } from "../../components/payment-result";
import { formatPoints } from "../../lib/money/format";
import type { loader as rootLoader } from "../../root";

export function NotEnoughMcoin({ balance, onClose }: { balance: number; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Overlay>
      <Dialog
        role="alertdialog"
        title={t("shop.refusal.INSUFFICIENT_MCOIN")}
        onDismiss={onClose}
        actions={
          <button type="button" className="button button--primary" onClick={onClose}>
            {t("common.confirm")}
          </button>
        }
      >
        <p className="dialog__message">{t("miles.poorBody", { balance: formatPoints(balance) })}</p>
      </Dialog>
    </Overlay>
  );
}

export function Redeeming({ order }: { order: MilesOrder }) {
  const { t } = useTranslation();
  return (
    <Overlay>
      <div className="dialog-scrim">
        <div className="dialog dialog--compact miles__redeeming" role="alertdialog" aria-modal="true" aria-labelledby="miles-redeeming-title" aria-busy="true">
          <span className="spinner" aria-hidden="true" />
          <h2 className="dialog__title" id="miles-redeeming-title">
            {t("miles.redeeming")}
          </h2>
          <p className="dialog__message">{t("miles.redeemingBody", { miles: formatPoints(order.miles) })}</p>
        </div>
      </div>
    </Overlay>
  );
}

/**
 * The result pop-up of a redemption the airline has credited. It is the payment result pop-up's
 * (spec section 2) in the words of miles: what reached which membership and what it cost, then the
 * order detail of payment type 5 and 'back to top' (hidden in secret-door mode, as the payment's).
 */
export function MilesResult({ order }: { order: MilesOrder }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <Overlay>
      <ResultDialog
        kind="success"
        art={<CheckCircleIcon className="payment-result__art" />}
        title={t("miles.result.title")}
        body={t("miles.result.body", {
          miles: formatPoints(order.miles),
          programme: order.programme,
          memberNo: order.memberNo,
          // The member's name as on the card is one fact: it never breaks across lines.
          name: `${order.lastName} ${order.firstName}`.replace(/ /g, "\u00a0"),
          mcoin: formatPoints(order.mcoin),
        })}
      >
        <button
          type="button"
          className="button button--primary button--block"
          onClick={() => navigate(couponsPath({ id: order.id, paymentType: order.paymentType, couponUrl: null, mcoinEarned: 0, cashCents: 0 }).to)}
        >
          {t("miles.result.view")}
        </button>
        {root?.secretDoor ? null : (
          <button type="button" className="button button--secondary button--block" onClick={() => navigate("/index", { replace: true })}>
            {t("payment.backToTop")}
          </button>
        )}
      </ResultDialog>
    </Overlay>
  );
}
