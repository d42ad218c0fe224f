/**
 * The page's one host bridge: the MPay adapter inside the wallet, the simulated host elsewhere.
 *
 * Which one is decided once, at the first call: the wallet's bridge object is there (the wallet, or
 * `mcoin bridge`'s scripted host), or the user agent says MPay and the wallet's ready event arrives
 * before the page has loaded; otherwise the simulated host. Calls made meanwhile wait for the answer.
 * The simulated host is exposed as `window.__mcoinHost` so engineers and tests can read its log.
 */
import { createCashierDesk, type CashierTicket } from "./cashier-desk";
import { MPAY_READY_EVENT, createMPayBridge } from "./mpay-adapter";
import type { SimulatedHost, SimulatedHostEvent } from "./simulated-host";
import type { HostBridge, HostEventListener } from "./types";

export type { HostBridge, HostEvent } from "./types";
export { HostBridgeError, NO_NETWORK } from "./types";

/** The DOM event the simulated host fires on `window` when it would close or leave the webview. */
export const HOST_EVENT = "mcoin:host";

/** The simulated host's payments, for its cashier's sheet (components/simulated-cashier.tsx) to take. */
const cashierDesk = createCashierDesk();
export type { CashierTicket };
export const serveCashier = cashierDesk.serve;

declare global {
  interface Window {
    __mcoinHost?: SimulatedHost;
  }
}

/**
 * The simulated host comes in a chunk of its own, fetched only when it is chosen: inside the wallet
 * it never is. Its screens (the cashier's sheet, the dev panel) follow it (components/app-frame.tsx).
 */
async function simulatedHost(): Promise<SimulatedHost> {
  const { createSimulatedHost } = await import("./simulated-host");
  const simulated = createSimulatedHost({
    storage: window.sessionStorage,
    screen: { width: window.screen.width, height: window.screen.height },
    platform: /iPhone|iPad/i.test(navigator.userAgent) ? "ios" : /Android/i.test(navigator.userAgent) ? "android" : "web",
    onEvent: (event: SimulatedHostEvent) => window.dispatchEvent(new CustomEvent(HOST_EVENT, { detail: event })),
    cashier: (request) => cashierDesk.request(request),
    page: { window, document, visible: () => document.visibilityState === "visible", online: () => navigator.onLine !== false },
  });
  window.__mcoinHost = simulated;
  return simulated;
}

const wallet = () => createMPayBridge(() => window.MPayJSBridge);

/** The wallet's adapter or the simulated host, once it is known which. */
function choose(): Promise<HostBridge> {
  if (window.MPayJSBridge) return Promise.resolve(wallet());
  if (!/\bMPay\//i.test(navigator.userAgent) || document.readyState === "complete") return simulatedHost();
  return new Promise((resolve) => {
    const decide = () => {
      document.removeEventListener(MPAY_READY_EVENT, decide);
      window.removeEventListener("load", onLoad);
      resolve(window.MPayJSBridge ? wallet() : simulatedHost());
    };
    // A wallet makes its bridge ready before the page has loaded; a browser with a wallet-like user agent never does.
    const onLoad = () => setTimeout(decide, 0);
    document.addEventListener(MPAY_READY_EVENT, decide);
    window.addEventListener("load", onLoad);
  });
}

let chosen: Promise<HostBridge> | null = null;
let facade: HostBridge | null = null;

/** The host once it is known which answers (the wallet's adapter or the simulated host). */
export function whenHostChosen(): Promise<HostBridge> {
  getHostBridge();
  return chosen!;
}

export function getHostBridge(): HostBridge {
  if (facade) return facade;
  const bridge = () =>
    (chosen ??= choose().then((target) => {
      // Which host answers, for engineers and scripted runs (`mcoin bridge` waits for it).
      document.documentElement.dataset.host = target.kind;
      return target;
    }));
  type Method = Exclude<keyof HostBridge, "kind" | "on">;
  const forward =
    (method: Method) =>
    (...args: unknown[]): Promise<unknown> =>
      bridge().then((target) => (target[method] as (...a: unknown[]) => Promise<unknown>)(...args));
  facade = {
    get kind() {
      return window.MPayJSBridge ? "mpay" : "simulated";
    },
    on(listener: HostEventListener) {
      let stop: (() => void) | null = null;
      let stopped = false;
      void bridge().then((target) => {
        if (!stopped) stop = target.on(listener);
      });
      return () => {
        stopped = true;
        stop?.();
      };
    },
    configure: forward("configure"),
    getLocation: forward("getLocation"),
    setStatusBarColor: forward("setStatusBarColor"),
    getSystemInfo: forward("getSystemInfo"),
    getNetworkType: forward("getNetworkType"),
    closeWindow: forward("closeWindow"),
    goBack: forward("goBack"),
    setNavigationBar: forward("setNavigationBar"),
    choosePayment: forward("choosePayment"),
    scanQRCode: forward("scanQRCode"),
    share: forward("share"),
    phoneCall: forward("phoneCall"),
    chooseImage: forward("chooseImage"),
    openNativePage: forward("openNativePage"),
    openMiniProgram: forward("openMiniProgram"),
    trackEvent: forward("trackEvent"),
  } as HostBridge;
  // The simulated host is there for tests and engineers from the first moment it can be.
  void bridge();
  return facade;
}
