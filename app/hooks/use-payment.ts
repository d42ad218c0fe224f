/**
 * Paying for an order awaiting payment, once it is placed (the purchase's steps 3 and 4,
 * components/purchase-flow.tsx): the wallet's cashier (the host bridge's choose-payment) takes the
 * cash part; leaving it cancels the order, and its mCoin and stock go back. Whatever the cashier
 * says, the result comes from the gateway: the page asks for the order's status a few times, then
 * says 'still processing' with a way to check again. An unpaid order's 'pay now' uses it too.
 */
import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { Order } from "#core/api/shop-endpoints";
import { FIRST_COUPON_TAB, setCouponTab } from "../lib/coupon-tab";
import { getHostBridge } from "../lib/host-bridge";
import { newIdempotencyKey } from "../lib/idempotency-key";
import { useOrderIntent } from "./use-order-intent";

/** Times the page asks for the order's status after the cashier, one second apart. */
const STATUS_CHECKS = 6;
const STATUS_INTERVAL_MS = 1_000;

const SETTLED = new Set<Order["status"]>(["received", "awaiting_shipment", "awaiting_receipt", "awaiting_pickup", "completed", "used"]);

export type PaymentVerdict = { kind: "success"; order: Order } | { kind: "failure"; order: Order; reason: "PAID_AFTER_CLOSE" | "PAYMENT_FAILED" | "CLOSED" } | { kind: "processing"; order: Order };

type StatusReply = { ok: true; order: Order } | { ok: false; code: string };

async function fetchOrder(orderId: number): Promise<Order | null> {
  try {
    const response = await fetch(`/resources/order-status?orderId=${orderId}&isRefresh=1`, { headers: { accept: "application/json" } });
    const reply = (await response.json()) as StatusReply;
    return reply.ok ? reply.order : null;
  } catch {
    return null;
  }
}

function verdictOf(order: Order, cashier: "paid" | "failed"): PaymentVerdict | null {
  if (SETTLED.has(order.status)) return { kind: "success", order };
  if (order.status === "closed") return { kind: "failure", order, reason: order.failure?.code ?? "CLOSED" };
  if (cashier === "failed") return { kind: "failure", order, reason: "PAYMENT_FAILED" };
  return null;
}

/**
 * Pays for an order awaiting payment: the cashier, then the gateway's word on it. Also used by an
 * unpaid order's 'pay now'. Leaving the cashier cancels the order (an order intent, whatever screen
 * this is on).
 */
export function usePayment() {
  const [verdict, setVerdict] = useState<PaymentVerdict | null>(null);
  /** The pop-up; success also sets the coupon tab back to 1 (spec section 4). */
  const show = useCallback((next: PaymentVerdict) => {
    if (next.kind === "success") setCouponTab(FIRST_COUPON_TAB);
    setVerdict(next);
  }, []);
  const [busy, setBusy] = useState(false);
  const cancel = useOrderIntent();
  const sendCancel = cancel.send;
  const revalidator = useRevalidator();
  const live = useRef(true);
  useEffect(() => () => void (live.current = false), []);

  /** Asks the gateway until the order is settled or closed, or the checks run out. */
  const settle = useCallback(
    async (order: Order, cashier: "paid" | "failed", checks = STATUS_CHECKS) => {
      setBusy(true);
      let latest = order;
      for (let check = 0; check < checks && live.current; check++) {
        if (check > 0) await new Promise((resolve) => setTimeout(resolve, STATUS_INTERVAL_MS));
        latest = (await fetchOrder(order.id)) ?? latest;
        const decided = verdictOf(latest, cashier);
        if (decided) {
          setBusy(false);
          show(decided);
          // "Refreshes basic information" (spec section 4): the balance, and every kept screen with it.
          revalidator.revalidate();
          return;
        }
      }
      setBusy(false);
      show({ kind: "processing", order: latest });
    },
    [revalidator, show],
  );

  const pay = useCallback(
    async (order: Order) => {
      if (order.status !== "awaiting_payment") {
        show(verdictOf(order, "paid") ?? { kind: "processing", order });
        revalidator.revalidate();
        return;
      }
      setBusy(true);
      const outcome = await getHostBridge()
        .choosePayment({ paymentId: order.orderNo, amount: order.cashCents / 100 })
        .catch(() => ({ status: "failed" as const }));
      // The host's analytics hear how the cashier went (page tags come from the frame).
      void getHostBridge().trackEvent({
        name: "payment",
        page: document.querySelector<HTMLElement>("[data-analytics-page]")?.dataset.analyticsPage,
        params: { outcome: outcome.status, orderKind: order.orderKind },
      });
      if (outcome.status === "cancelled") {
        setBusy(false);
        sendCancel({ intent: "cancel", orderId: order.id, idempotencyKey: newIdempotencyKey() });
        return;
      }
      await settle(order, outcome.status, outcome.status === "failed" ? 1 : STATUS_CHECKS);
    },
    [sendCancel, revalidator, settle, show],
  );

  return {
    pay,
    busy: busy || cancel.busy,
    verdict,
    cancelled: cancel.state === "idle" && cancel.data?.ok === true && cancel.data.intent === "cancel",
    checkAgain: (order: Order) => void settle(order, "paid", 1),
    dismiss: () => setVerdict(null),
  };
}
