/**
 * The host's network type asked before a payment (spec section 7, "network type"): with no network
 * the payment is not started, and the member reads why, in place, until the host says the network is
 * back or they try again. Nothing is held when the host cannot tell (an old wallet, a bridge that does
 * not answer in time): the payment's own error handling still applies then.
 */
import { useCallback, useEffect, useRef, useState, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { NO_NETWORK, getHostBridge } from "../lib/host-bridge";
import { guardSubmit, type DoubleTapGuard } from "./use-double-tap-guard";

/** How long a tap waits for the host's answer before going ahead without it. */
export const NETWORK_CHECK_MS = 1_500;

/** Whether the host says the phone has no network (false when it cannot tell in time). */
export async function hasNoNetwork(timeoutMs = NETWORK_CHECK_MS): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<string>((resolve) => (timer = setTimeout(() => resolve("unknown"), timeoutMs)));
  const type = await Promise.race([getHostBridge().getNetworkType(), late]).catch(() => "unknown");
  clearTimeout(timer);
  return type === NO_NETWORK;
}

export function useNetworkCheck() {
  const { t } = useTranslation();
  const [offline, setOffline] = useState(false);
  /** A check in flight: a second tap meanwhile starts nothing. */
  const checking = useRef(false);

  useEffect(() => getHostBridge().on((event) => event.type === "network" && event.online && setOffline(false)), []);

  /** Runs `action` unless the host says there is no network; then the notice shows instead. */
  const whenOnline = useCallback((action: () => void) => {
    if (checking.current) return;
    checking.current = true;
    void hasNoNetwork().then((none) => {
      checking.current = false;
      setOffline(none);
      if (!none) action();
    });
  }, []);

  /**
   * Guards a submit button's click: after the double-tap guard (hooks/use-double-tap-guard.ts) when one
   * is given: the form is submitted, with that button, once the host says there is a network.
   */
  const guard = useCallback(
    (event: MouseEvent<HTMLButtonElement>, doubleTap?: DoubleTapGuard) => {
      if (doubleTap) guardSubmit(event, doubleTap);
      const button = event.currentTarget;
      const form = button.form;
      if (event.defaultPrevented || !form) return;
      event.preventDefault();
      whenOnline(() => form.isConnected && form.requestSubmit(button));
    },
    [whenOnline],
  );

  const notice = offline ? (
    <p className="form-message network-notice" role="alert" data-testid="no-network">
      {t("network.beforePayment")}
    </p>
  ) : null;

  return { offline, whenOnline, guard, notice };
}
