/**
 * The MPay adapter: the bridge over the wallet's JavaScript bridge object.
 *
 * The wallet injects `window.MPayJSBridge` with `call(name, params, callback)` and fires
 * `MPayJSBridgeReady` once it is usable. A reply with a non-zero `errorCode` is a failure. The method
 * names below are the wallet's; each is mapped in one place so a renamed call is a one-line change.
 */
import { HostBridgeError, type HostBridge, type HostLocation, type HostSystemInfo, type PaymentOutcome } from "./types";

export interface MPayJSBridge {
  call(name: string, params: Record<string, unknown>, callback: (result: Record<string, unknown>) => void): void;
}

declare global {
  interface Window {
    MPayJSBridge?: MPayJSBridge;
  }
}

export function createMPayBridge(jsBridge: MPayJSBridge): HostBridge {
  const invoke = (name: string, params: Record<string, unknown> = {}) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      jsBridge.call(name, params, (result) => {
        const code = result?.errorCode;
        if (code !== undefined && code !== null && String(code) !== "0") {
          const denied = String(code) === "11" || /denied|permission/i.test(String(result.errorMessage ?? ""));
          reject(new HostBridgeError(denied ? "DENIED" : "FAILED", String(result.errorMessage ?? `${name} failed (${code})`)));
        } else resolve(result ?? {});
      });
    });

  return {
    kind: "mpay",
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
      return String((await invoke("getNetworkType")).networkType ?? "unknown");
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
      return String((await invoke("scan", { type: "qr" })).qrCode ?? "");
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
