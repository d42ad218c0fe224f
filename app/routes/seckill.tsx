/**
 * Seckill (/seckill/{id?}) and the shared seckill page (/seckill_share, shown directly, no sign-in):
 * the sessions running and to come, each item with its seckill price, its stock and its limit per
 * member, on the gateway's clock. The snap-up flow is the spec's: api/show/snapup/info (the
 * sessions), api/show/snapup/product (the item opened by id), api/business/snapup (one piece, in one
 * step at the gateway: stock, the member's limit and mCoin are checked when the order is placed) and
 * snapUpSuccess (the order), then the wallet's cashier for the cash part and the result pop-up.
 *
 * The gray-scale flag (the login's, or its gray-seckill header) is the seckill canary: a member who
 * has it also sees and may snap up the canary sessions (marked "early access"); others never see
 * them. The mall passes the flag from the sealed session cookie, so a page cannot claim it.
 *
 * The shared page links each item to the seckill screen, where snapping up asks the member to sign
 * in (and brings them back to it).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FlashIcon } from "../components/icons";
import { ScreenHero } from "../components/screen-hero";
import { PaymentResultOverlay } from "../components/payment-result";
import { usePayment } from "../hooks/use-payment";
import { useRefreshOnPhaseChange } from "../components/sale-sessions";
import { NotFoundOrErrorScreen } from "../components/status-screen";
import { useDoubleTapGuard } from "../hooks/use-double-tap-guard";
import { useNetworkCheck } from "../hooks/use-network-check";
import { useServerNow } from "../hooks/use-server-now";
import { seckillSnapUp, snapUpSuccess, type SeckillItem } from "#core/api/promotion-endpoints";
import { IDEMPOTENCY_HEADER, IdempotencyKeySchema, type Order } from "#core/api/shop-endpoints";
import { payTexts } from "../lib/catalog/pay-price";
import { isUnconfirmed, newIdempotencyKey } from "../lib/idempotency-key";
import { parseForm } from "../server/forms.server";
import { requireMember } from "../server/member.server";
import { fixedT } from "../server/i18n.server";
import { refusable, refused, type OrderActionResult } from "../server/order-actions.server";
import type { ScreenHandle } from "../screen-handle";
import { mallContext } from "../server/context.server";
import stylesheet from "./seckill.css?url";
import { ProductCard } from "./seckill/product-card";
import { SessionPanel } from "./seckill/session-panel";
import { intentClientLoader, useFreshData } from "../lib/intent-data";
import { seckillData } from "./seckill.server";

export const handle: ScreenHandle = {
  analytics: "seckill",
};

/** Its data can be asked for on a tap's first touch, and the way back shows what was seen (lib/intent-data.ts). */
export const clientLoader = intentClientLoader;

export async function loader(args: LoaderFunctionArgs) {
  return data(await seckillData(args));
}

const SnapUpSchema = z.object({ intent: z.literal("snapup"), itemId: z.coerce.number().int().positive().max(999_999_999), idempotencyKey: IdempotencyKeySchema });

export type SeckillActionResult = { ok: true; intent: "snapup"; order: Order } | Extract<OrderActionResult, { ok: false }>;

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const mall = await mallContext(args);
  await requireMember(mall);
  const t = await fixedT(mall.locale);
  const form = await parseForm(request, SnapUpSchema);
  if (!form.success) return refused(null, null, t("offer.invalidForm"), 400);
  const input = form.data;
  const gray = mall.member?.grayScaleMode ? 1 : 0;
  const result = await refusable(t, "snapup", async (): Promise<SeckillActionResult> => {
    const { orderId } = await mall.api.call(seckillSnapUp, { itemId: input.itemId, gray }, { headers: { [IDEMPOTENCY_HEADER]: input.idempotencyKey } });
    const { order } = await mall.api.call(snapUpSuccess, { orderId });
    return { ok: true, intent: "snapup", order };
  });
  if (!result.ok) return result.response;
  return data(result.value);
}

/** The seckill price as every card writes it, mCoin first (lib/catalog/pay-price.ts): "10 mCoin + $2.00". */
function usePriceText() {
  const { t } = useTranslation();
  return (item: Pick<SeckillItem, "priceCents" | "mcoin">) => payTexts(t, { mcoin: item.mcoin, cents: item.priceCents });
}

export const links = () => [{ rel: "stylesheet", href: stylesheet }];

export default function Seckill() {
  const { t } = useTranslation();
  // Back to the seckill: as the member saw it, asked again in the background (lib/intent-data.ts).
  const { sessions, product, now: loadedAt, shared } = useFreshData(useLoaderData<typeof loader>()).data;
  const now = useServerNow(true, loadedAt) ?? loadedAt;
  const [chosen, setChosen] = useState<number | null>(product?.sessionId ?? null);
  const priceText = usePriceText();
  useRefreshOnPhaseChange(sessions, now);

  const snap = useFetcher<SeckillActionResult>();
  const payment = usePayment();
  const guard = useDoubleTapGuard();
  // A snap-up goes on to the cashier: with no network, it is not started (hooks/use-network-check.tsx).
  const network = useNetworkCheck();
  const [snapping, setSnapping] = useState<number | null>(null);
  const order = snap.data?.ok && snap.data.intent === "snapup" ? snap.data.order : null;
  const refusal = snap.data && !snap.data.ok ? snap.data.message : null;

  // Snapped up: the piece is the member's; on to the cashier for the cash part (or the result), once.
  const handled = useRef<number | null>(null);
  useEffect(() => {
    if (!order || snap.state !== "idle" || handled.current === order.id) return;
    handled.current = order.id;
    void payment.pay(order);
  }, [order, snap.state, payment]);

  // The key of the last tap, kept while its outcome is unknown (a timeout: the piece may be the member's).
  const sent = useRef<{ itemId: number; key: string } | null>(null);
  useEffect(() => {
    if (snap.state === "idle" && snap.data && !isUnconfirmed(snap.data)) sent.current = null;
  }, [snap.state, snap.data]);
  const snapUp = (event: MouseEvent<HTMLButtonElement>, itemId: number) => {
    event.preventDefault();
    guard.run(() =>
      network.whenOnline(() => {
        setSnapping(itemId);
        // One key per tap: the guard stops a double tap, and a tap after a refusal is a new attempt;
        // a tap after an unknown outcome asks again with the same key, so it snaps up one piece at most.
        const key = sent.current?.itemId === itemId ? sent.current.key : newIdempotencyKey();
        sent.current = { itemId, key };
        snap.submit({ intent: "snapup", itemId: String(itemId), idempotencyKey: key }, { method: "post" });
      }),
    );
  };
  const busy = snap.state !== "idle" || payment.busy;

  const open = sessions.filter((session) => session.endAt > now);
  const current = open.find((session) => session.id === chosen) ?? open.find((session) => session.startAt <= now) ?? open[0];

  const action = (item: SeckillItem) => {
    if (shared) {
      return (
        <Link to={`/seckill/${item.id}`} className="button button--primary promo-item__buy" aria-describedby={`promo-item-${item.id}`}>
          {t("seckill.snapUp")}
        </Link>
      );
    }
    const full = item.boughtByMember !== null && item.boughtByMember >= item.limitPerMember;
    return full ? (
      <span className="promo-item__state promo-item__state--limit">{t("seckill.limitReached")}</span>
    ) : (
      <button type="button" className="button button--primary promo-item__buy" aria-describedby={`promo-item-${item.id}`} disabled={busy} onClick={(event) => snapUp(event, item.id)} {...guard.mark}>
        {busy && snapping === item.id ? t("seckill.snapping") : t("seckill.snapUp")}
      </button>
    );
  };

  return (
    <div className="promo-screen seckill">
      <ScreenHero tone="brand" titleId="seckill-title" title={t("seckill.title")} lead={t("seckill.lead")} art={<FlashIcon aria-hidden="true" />} className="seckill__hero" />

      {product ? <ProductCard item={product} now={now} price={priceText(product)} action={action(product)} /> : null}

      {refusal ? (
        <p className="form-message seckill__message" role="alert">
          {refusal}
        </p>
      ) : null}
      {network.notice}

      <SessionPanel open={open} current={current} now={now} onSelect={setChosen} priceText={priceText} action={action} />
      <PaymentResultOverlay payment={payment} />
    </div>
  );
}

export const ErrorBoundary = NotFoundOrErrorScreen;
