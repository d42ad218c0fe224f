/**
 * The simulated host: answers the bridge when the mall runs outside the wallet app (a desktop
 * browser, the sandbox, tests). It logs every call to a storage that survives page loads, so a test
 * or an engineer can read what the mall asked of the host.
 */
import {
  HostBridgeError,
  NO_NETWORK,
  type HostBridge,
  type HostCall,
  type HostEvent,
  type HostEventListener,
  type HostLocation,
  type HostSystemInfo,
  type PaymentOutcome,
  type PaymentRequest,
} from "./types";
import { PHOTO_TYPES } from "#core/api/photo-limits";

/** Senado Square, Macau: where the simulated phone is. */
export const MACAU_LOCATION: HostLocation = { latitude: 22.1935, longitude: 113.5397 };

export const HOST_LOG_KEY = "mcoin.host.log";
/** Set to "denied" to simulate a member who refused location permission. */
export const HOST_LOCATION_PERMISSION_KEY = "mcoin.host.location";
/**
 * What the simulated scanner reads, as JSON: `{"text": "GIFT-CONGEE"}` (that code), `{"cancel": true}`
 * (the member closes the scanner) or `{"deny": true}` (camera permission refused). Unset: this host
 * has no scanner (UNSUPPORTED), as a desktop browser has none.
 */
export const HOST_SCAN_KEY = "mcoin.host.scan";

const MAX_LOG = 500;

export type SimulatedHostEvent = { type: "closed" } | { type: "went-back" } | { type: "nav-bar"; visible: boolean };

export interface SimulatedHostOptions {
  /** Where the call log is kept (the tab's sessionStorage in a browser). */
  storage?: Pick<Storage, "getItem" | "setItem" | "removeItem">;
  /** Told when the simulated wallet would close or leave the webview, so the page can show it. */
  onEvent?: (event: SimulatedHostEvent) => void;
  /** The simulated cashier; without one, payment is unsupported. */
  cashier?: (request: PaymentRequest) => Promise<PaymentOutcome>;
  /**
   * The phone's camera and photo album: the pictures chosen, as addresses the page can fetch; none
   * when the member closed the picker. In a browser, its own file picker (`pickPhotosInBrowser`);
   * elsewhere, or `null`, this host has neither (UNSUPPORTED).
   */
  pickPhotos?: ((source: "camera" | "album") => Promise<string[]>) | null;
  screen?: { width: number; height: number };
  platform?: HostSystemInfo["platform"];
  now?: () => number;
  /**
   * Where the page's own events come from (visibilitychange, online, offline) and where the dev
   * panel fires the host's (SIMULATED_EVENT: its back button, a resume).
   */
  page?: {
    window: Pick<Window, "addEventListener" | "removeEventListener">;
    document: Pick<Document, "addEventListener" | "removeEventListener">;
    visible(): boolean;
    /** Whether the browser says it is online when the host starts (navigator.onLine). */
    online?(): boolean;
  };
}

/** The DOM event (on window) by which the dev panel plays a host event: its detail is a HostEvent. */
export const SIMULATED_EVENT = "mcoin:simulated-host-event";

export interface SimulatedHost extends HostBridge {
  readonly kind: "simulated";
  calls(): HostCall[];
  clearCalls(): void;
}

export function createSimulatedHost(options: SimulatedHostOptions = {}): SimulatedHost {
  const memory: HostCall[] = [];
  const now = options.now ?? Date.now;

  const read = (): HostCall[] => {
    if (!options.storage) return memory;
    try {
      return JSON.parse(options.storage.getItem(HOST_LOG_KEY) ?? "[]") as HostCall[];
    } catch {
      return [];
    }
  };
  const record = (method: HostCall["method"], ...args: unknown[]) => {
    const entry: HostCall = { method, args, at: now() };
    if (!options.storage) {
      memory.push(entry);
      if (memory.length > MAX_LOG) memory.shift();
      return;
    }
    const log = read();
    log.push(entry);
    options.storage.setItem(HOST_LOG_KEY, JSON.stringify(log.slice(-MAX_LOG)));
  };
  const unsupported = (what: string) => Promise.reject(new HostBridgeError("UNSUPPORTED", `the simulated host cannot ${what}`));

  const page = options.page;
  // The network the simulated phone has: the browser's, or what the dev panel last played.
  let online = page?.online?.() ?? true;
  const onNetwork = (event: HostEvent) => {
    if (event.type === "network") online = event.online;
  };
  const listeners = new Set<HostEventListener>();
  const emit = (event: HostEvent) => {
    onNetwork(event);
    for (const listener of listeners) listener(event);
  };
  if (page) {
    page.document.addEventListener("visibilitychange", () => emit({ type: "visibility", visible: page.visible() }));
    page.window.addEventListener("online", () => emit({ type: "network", online: true }));
    page.window.addEventListener("offline", () => emit({ type: "network", online: false }));
    page.window.addEventListener(SIMULATED_EVENT, (event) => emit((event as CustomEvent<HostEvent>).detail));
  }

  return {
    kind: "simulated",
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    calls: read,
    clearCalls() {
      memory.length = 0;
      options.storage?.removeItem(HOST_LOG_KEY);
    },
    async configure(config) {
      record("configure", config);
    },
    async getLocation() {
      record("getLocation");
      if (options.storage?.getItem(HOST_LOCATION_PERMISSION_KEY) === "denied") {
        throw new HostBridgeError("DENIED", "location permission denied");
      }
      return MACAU_LOCATION;
    },
    async setStatusBarColor(color) {
      record("setStatusBarColor", color);
    },
    async getSystemInfo() {
      record("getSystemInfo");
      return {
        screenWidth: options.screen?.width ?? 375,
        screenHeight: options.screen?.height ?? 812,
        terminalType: "H5",
        app: "MPay",
        brand: "Simulated",
        model: "mCoin Sandbox Phone",
        imei: "",
        imsi: "",
        ip: "127.0.0.1",
        mac: "",
        networkType: online ? "wifi" : NO_NETWORK,
        platform: options.platform ?? "web",
      };
    },
    async getNetworkType() {
      record("getNetworkType");
      return online ? "wifi" : NO_NETWORK;
    },
    async closeWindow() {
      record("closeWindow");
      options.onEvent?.({ type: "closed" });
    },
    async goBack() {
      record("goBack");
      options.onEvent?.({ type: "went-back" });
    },
    async setNavigationBar(navBar) {
      record("setNavigationBar", navBar);
      options.onEvent?.({ type: "nav-bar", visible: navBar.visible });
    },
    async choosePayment(request) {
      record("choosePayment", request);
      return options.cashier ? options.cashier(request) : unsupported("take payments without a cashier");
    },
    async scanQRCode() {
      record("scanQRCode");
      const scripted = readScan(options.storage);
      if (!scripted) return unsupported("scan a QR code");
      if (scripted.deny) throw new HostBridgeError("DENIED", "camera permission denied");
      if (scripted.cancel || typeof scripted.text !== "string") throw new HostBridgeError("CANCELLED", "the member closed the scanner");
      return scripted.text;
    },
    async share(payload) {
      record("share", payload);
    },
    async phoneCall(phoneNumber) {
      record("phoneCall", phoneNumber);
    },
    async chooseImage(source) {
      record("chooseImage", source);
      const pick = options.pickPhotos === undefined && typeof document !== "undefined" ? pickPhotosInBrowser : options.pickPhotos;
      if (!pick) return unsupported(`open the ${source}`);
      const picked = await pick(source);
      if (picked.length === 0) throw new HostBridgeError("CANCELLED", "the member closed the photo picker");
      return picked;
    },
    async openNativePage(page, params) {
      record("openNativePage", page, params);
    },
    async openMiniProgram(target) {
      record("openMiniProgram", target);
    },
    async trackEvent(event) {
      record("trackEvent", event);
    },
  };
}

/** The scanner's scripted reading (HOST_SCAN_KEY), or null when there is none or it is not JSON. */
function readScan(storage: SimulatedHostOptions["storage"]): { text?: unknown; cancel?: unknown; deny?: unknown } | null {
  try {
    const value: unknown = JSON.parse(storage?.getItem(HOST_SCAN_KEY) ?? "null");
    return value && typeof value === "object" ? value : null;
  } catch {
    return null;
  }
}

/**
 * The browser's own file picker stands in for the phone's camera and album: `capture` asks a phone's
 * browser for its camera; the pictures come back as object URLs, as the wallet's come back as paths
 * the page can fetch.
 */
export function pickPhotosInBrowser(source: "camera" | "album"): Promise<string[]> {
  return new Promise((resolve) => {
    const input = document.createElement("input");
    input.type = "file";
    input.accept = PHOTO_TYPES.join(",");
    input.multiple = source === "album";
    if (source === "camera") input.setAttribute("capture", "environment");
    input.addEventListener("change", () => resolve([...(input.files ?? [])].map((file) => URL.createObjectURL(file))), { once: true });
    input.addEventListener("cancel", () => resolve([]), { once: true });
    input.click();
  });
}
