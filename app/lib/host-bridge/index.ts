/**
 * The page's one host bridge: the MPay adapter inside the wallet, the simulated host elsewhere.
 * The simulated host is exposed as `window.__mcoinHost` so engineers and tests can read its log.
 */
import { createMPayBridge } from "./mpay-adapter";
import { createSimulatedHost, type SimulatedHost, type SimulatedHostEvent } from "./simulated-host";
import type { HostBridge, PaymentOutcome, PaymentRequest } from "./types";

export type { HostBridge } from "./types";

/** The DOM event the simulated host fires on `window` when it would close or leave the webview. */
export const HOST_EVENT = "mcoin:host";

/**
 * The DOM event that asks the simulated cashier (components/simulated-cashier.tsx) to take a
 * payment; its detail carries the request and the function that answers it.
 */
export const CASHIER_EVENT = "mcoin:cashier";
export interface CashierRequestDetail {
  request: PaymentRequest;
  answer(outcome: PaymentOutcome): void;
}

declare global {
  interface Window {
    __mcoinHost?: SimulatedHost;
  }
}

let bridge: HostBridge | null = null;

export function getHostBridge(): HostBridge {
  if (bridge) return bridge;
  if (window.MPayJSBridge) {
    bridge = createMPayBridge(window.MPayJSBridge);
  } else {
    const simulated = createSimulatedHost({
      storage: window.sessionStorage,
      screen: { width: window.screen.width, height: window.screen.height },
      platform: /iPhone|iPad/i.test(navigator.userAgent) ? "ios" : /Android/i.test(navigator.userAgent) ? "android" : "web",
      onEvent: (event: SimulatedHostEvent) => window.dispatchEvent(new CustomEvent(HOST_EVENT, { detail: event })),
      cashier: (request) =>
        new Promise<PaymentOutcome>((answer) => {
          window.dispatchEvent(new CustomEvent<CashierRequestDetail>(CASHIER_EVENT, { detail: { request, answer } }));
        }),
    });
    window.__mcoinHost = simulated;
    bridge = simulated;
  }
  return bridge;
}
