/**
 * The MPay adapter: the bridge over the wallet's JavaScript bridge. Its assumptions about the
 * wallet, all in this file (the wallet is an mPaaS-style H5 container):
 *
 * - The wallet defines `window.MPayJSBridge` with `call(name, params, callback)`, and fires
 *   `MPayJSBridgeReady` on `document` once it is usable. The object may appear after the page's first
 *   scripts run: a call made before it is ready waits for it, at most READY_TIMEOUT_MS, then fails
 *   with UNSUPPORTED (the page's rule for a failed host call applies: location falls back, a payment
 *   counts as failed...).
 * - A reply with a non-zero `errorCode` is a failure; code 11 (or a message about permission) is a
 *   refused permission (DENIED); code 10 (or a message about cancelling) is the member closing what
 *   the wallet opened, its scanner or photo picker (CANCELLED).
 * - scan answers `{ qrCode }` (or `{ code }`) with the scanned text.
 * - getNetworkType answers `networkType` (WIFI, 4G, ... NOTREACHABLE or NONE without a network) and
 *   may say `networkAvailable: false`.
 * - The wallet fires its own events on `document`: `resume` (back to the foreground; `data.awayMs`
 *   when it says how long it was away), `pause`, `back` (its back button, when the page asked to
 *   handle it) and `networkChange` (`data.isConnected`, `data.networkType`). The page's own
 *   `visibilitychange`, `online` and `offline` are reported too.
 * - tradePay answers `resultStatus` 9000 when paid, 6001 when the member left the cashier, anything
 *   else is a failure (with the wallet's `memo`).
 *
 * The wallet's method names are mapped in one place each, so a renamed call is a one-line change.
 */
import { HostBridgeError, NO_NETWORK, type HostBridge, type HostEvent, type HostEventListener, type HostLocation, type HostSystemInfo, type PaymentOutcome } from "./types";

export interface MPayJSBridge {
  call(name: string, params: Record<string, unknown>, callback: (result: Record<string, unknown>) => void): void;
}

declare global {
  interface Window {
    MPayJSBridge?: MPayJSBridge;
  }
}

/** The wallet's names for no network at all (lower case). */
const NO_NETWORK_TYPES = new Set(["none", "notreachable", "no_network", "offline"]);

export const MPAY_READY_EVENT = "MPayJSBridgeReady";
/** How long a call waits for the wallet's bridge to become ready. */
export const READY_TIMEOUT_MS = 5_000;

export interface MPayBridgeOptions {
  /** Where the wallet's bridge object is (window.MPayJSBridge, read when needed). */
  source?: () => MPayJSBridge | undefined;
  /** Where the wallet fires its events and `MPayJSBridgeReady` (document). */
  events?: Pick<Document, "addEventListener" | "removeEventListener">;
  /** Where `online`, `offline` and `visibilitychange` come from. */
  page?: { window: Pick<Window, "addEventListener" | "removeEventListener">; visible(): boolean };
  readyTimeoutMs?: number;
}

/** The wallet's bridge once it is ready (at once when it is there), or UNSUPPORTED after the timeout. */
function whenReady(source: () => MPayJSBridge | undefined, events: MPayBridgeOptions["events"], timeoutMs: number): Promise<MPayJSBridge> {
  const present = source();
  if (present) return Promise.resolve(present);
  return new Promise((resolve, reject) => {
    const done = () => {
      const bridge = source();
      if (!bridge) return;
      clearTimeout(timer);
      events?.removeEventListener(MPAY_READY_EVENT, done);
      resolve(bridge);
    };
    const timer = setTimeout(() => {
      events?.removeEventListener(MPAY_READY_EVENT, done);
      reject(new HostBridgeError("UNSUPPORTED", `the wallet's bridge was not ready within ${timeoutMs} ms`));
    }, timeoutMs);
    events?.addEventListener(MPAY_READY_EVENT, done);
  });
}

export function createMPayBridge(jsBridge: MPayJSBridge | (() => MPayJSBridge | undefined), options: MPayBridgeOptions = {}): HostBridge {
  // A function (every function has a `call`, so the bridge object is told apart by its type).
  const source = typeof jsBridge === "function" ? (jsBridge as () => MPayJSBridge | undefined) : () => jsBridge;
  const events = options.events ?? (typeof document === "undefined" ? undefined : document);
  const timeoutMs = options.readyTimeoutMs ?? READY_TIMEOUT_MS;

  const invoke = async (name: string, params: Record<string, unknown> = {}) => {
    const bridge = await whenReady(source, events, timeoutMs);
    return new Promise<Record<string, unknown>>((resolve, reject) => {
      bridge.call(name, params, (result) => {
        const code = result?.errorCode;
        if (code !== undefined && code !== null && String(code) !== "0") {
          const message = String(result.errorMessage ?? "");
          const denied = String(code) === "11" || /denied|permission/i.test(message);
          const cancelled = !denied && (String(code) === "10" || /cancel/i.test(message));
          reject(new HostBridgeError(denied ? "DENIED" : cancelled ? "CANCELLED" : "FAILED", message || `${name} failed (${code})`));
        } else resolve(result ?? {});
      });
    });
  };

  const on = (listener: HostEventListener) => {
    const emit = (event: HostEvent) => listener(event);
    const data = (event: Event) => ((event as CustomEvent<Record<string, unknown> | undefined>).detail ?? (event as Event & { data?: Record<string, unknown> }).data ?? {}) as Record<string, unknown>;
    const onResume = (event: Event) => {
      const awayMs = Number(data(event).awayMs);
      emit({ type: "resume", ...(Number.isFinite(awayMs) && awayMs >= 0 ? { awayMs } : {}) });
    };
    const onBack = () => emit({ type: "back" });
    const onNetwork = (event: Event) => {
      const detail = data(event);
      emit({ type: "network", online: detail.isConnected !== false, networkType: typeof detail.networkType === "string" ? detail.networkType : undefined });
    };
    const page = options.page ?? (typeof window === "undefined" ? undefined : { window, visible: () => document.visibilityState === "visible" });
    const onVisibility = () => page && emit({ type: "visibility", visible: page.visible() });
    const onOnline = () => emit({ type: "network", online: true });
    const onOffline = () => emit({ type: "network", online: false });
    const listening: [Pick<EventTarget, "addEventListener" | "removeEventListener"> | undefined, string, (event: Event) => void][] = [
      [events, "resume", onResume],
      [events, "back", onBack],
      [events, "networkChange", onNetwork],
      [events, "visibilitychange", onVisibility],
      [page?.window, "online", onOnline],
      [page?.window, "offline", onOffline],
    ];
    for (const [target, name, handler] of listening) target?.addEventListener(name, handler);
    return () => {
      for (const [target, name, handler] of listening) target?.removeEventListener(name, handler);
    };
  };

  return {
    kind: "mpay",
    on,
    async configure(config) {
      await invoke("config", config);
    },
    async getLocation() {
      const result = await invoke("getLocation", { type: "wgs84" });
      return { latitude: Number(result.latitude), longitude: Number(result.longitude) } satisfies HostLocation;
    },
    async setStatusBarColor(color) {
      await invoke("setStatusBarColor", { color });
    },
    async getSystemInfo() {
      return (await invoke("getSystemInfo")) as unknown as HostSystemInfo;
    },
    async getNetworkType() {
      const result = await invoke("getNetworkType");
      const type = String(result.networkType ?? "unknown").toLowerCase();
      return result.networkAvailable === false || NO_NETWORK_TYPES.has(type) ? NO_NETWORK : type;
    },
    async closeWindow() {
      await invoke("closeWebview");
    },
    async goBack() {
      await invoke("goBack");
    },
    async setNavigationBar(options) {
      await invoke("setNavigationBar", options);
    },
    async choosePayment(request) {
      const result = await invoke("tradePay", { ...request });
      const status = String(result.resultStatus ?? "");
      if (status === "9000") return { status: "paid" } satisfies PaymentOutcome;
      if (status === "6001") return { status: "cancelled" };
      return { status: "failed", message: typeof result.memo === "string" ? result.memo : undefined };
    },
    async scanQRCode() {
      const result = await invoke("scan", { type: "qr" });
      const text = result.qrCode ?? result.code;
      if (typeof text !== "string" || text === "") throw new HostBridgeError("FAILED", "the scanner read no code");
      return text;
    },
    async share(payload) {
      await invoke("share", { ...payload });
    },
    async phoneCall(phoneNumber) {
      await invoke("makePhoneCall", { number: phoneNumber });
    },
    async chooseImage(source) {
      const result = await invoke("chooseImage", { sourceType: [source] });
      return Array.isArray(result.apFilePaths) ? result.apFilePaths.map(String) : [];
    },
    async openNativePage(page, params) {
      await invoke("pushWindow", { url: page, param: params ?? {} });
    },
    async openMiniProgram(target) {
      await invoke("startApp", { appId: target.appId, param: { page: target.path ?? "", source: target.source } });
    },
    async trackEvent(event) {
      await invoke("trackEvent", { ...event });
    },
  };
}
