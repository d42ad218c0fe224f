/**
 * The host bridge: everything the mall asks of the wallet app that hosts its webview (spec section 7,
 * "Host app bridge calls"). The MPay adapter speaks to the wallet's JavaScript bridge; the simulated
 * host answers when there is none (a desktop browser, the sandbox, tests).
 */

export interface HostLocation {
  latitude: number;
  longitude: number;
}

/** Device information the host reports (spec section 3, "Device info sent to the host"). */
export interface HostSystemInfo {
  screenWidth: number;
  screenHeight: number;
  terminalType: "H5";
  app: "MPay";
  brand: string;
  model: string;
  imei: string;
  imsi: string;
  ip: string;
  mac: string;
  networkType: string;
  platform: "ios" | "android" | "web";
}

export interface SharePayload {
  title: string;
  url: string;
  description?: string;
  imageUrl?: string;
}

export interface PaymentRequest {
  /** The cashier's order or payment id. */
  paymentId: string;
  /** Amount in MOP. */
  amount: number;
  /** Where the cashier returns the member. */
  returnUrl?: string;
}

export type PaymentOutcome = { status: "paid" } | { status: "failed"; message?: string } | { status: "cancelled" };

export interface MiniProgramTarget {
  appId: string;
  path?: string;
  /** Added by the mall so the mini-program knows where the member came from (spec: "a source tag"). */
  source: string;
}

export interface AnalyticsEvent {
  name: string;
  /** The page's analytics tag: its route name. */
  page?: string;
  params?: Record<string, string | number | boolean>;
}

/**
 * What the host tells the page on its own (spec sections 4 and 9): the page went into or out of
 * view, the wallet came back to the foreground (after how long, when it says), its back button was
 * pressed, the network changed.
 */
export type HostEvent = { type: "visibility"; visible: boolean } | { type: "resume"; awayMs?: number } | { type: "back" } | { type: "network"; online: boolean; networkType?: string };
export type HostEventType = HostEvent["type"];
export type HostEventListener = (event: HostEvent) => void;

export interface HostBridge {
  /** "simulated" when no wallet bridge is present. */
  readonly kind: "mpay" | "simulated";
  /** Listens to the host's events; returns the function that stops listening. */
  on(listener: HostEventListener): () => void;
  /** Hands the host the configuration from /macaupassconfig. */
  configure(config: Record<string, unknown>): Promise<void>;
  getLocation(): Promise<HostLocation>;
  setStatusBarColor(color: string): Promise<void>;
  getSystemInfo(): Promise<HostSystemInfo>;
  /**
   * The connection the phone has, lower case: "wifi", "4g", ... or NO_NETWORK when it has none
   * (whatever the wallet calls it), "unknown" when the host cannot tell.
   */
  getNetworkType(): Promise<string>;
  /** Quits the current webview. */
  closeWindow(): Promise<void>;
  /** The host's own back: leaves the webview when the mall has no page to go back to. */
  goBack(): Promise<void>;
  /** Asks the host to show or hide its own navigation bar (secret-door shared links). */
  setNavigationBar(options: { visible: boolean; title?: string }): Promise<void>;
  choosePayment(request: PaymentRequest): Promise<PaymentOutcome>;
  /** The text of the code the member scanned; fails CANCELLED when they close the scanner. */
  scanQRCode(): Promise<string>;
  share(payload: SharePayload): Promise<void>;
  phoneCall(phoneNumber: string): Promise<void>;
  chooseImage(source: "camera" | "album"): Promise<string[]>;
  openNativePage(page: string, params?: Record<string, string>): Promise<void>;
  openMiniProgram(target: MiniProgramTarget): Promise<void>;
  trackEvent(event: AnalyticsEvent): Promise<void>;
}

/** One call the simulated host answered, as tests and engineers read it. */
export interface HostCall {
  method: keyof Omit<HostBridge, "kind" | "on">;
  args: unknown[];
  at: number;
}

/** What getNetworkType answers when the phone has no network. */
export const NO_NETWORK = "none";

/**
 * UNSUPPORTED: this host cannot do it; DENIED: the member refused the permission (the camera, the
 * location); CANCELLED: the member closed what the host opened (the scanner, the photo picker).
 */
export class HostBridgeError extends Error {
  readonly code: "UNSUPPORTED" | "DENIED" | "CANCELLED" | "FAILED";
  constructor(code: HostBridgeError["code"], message: string) {
    super(message);
    this.name = "HostBridgeError";
    this.code = code;
  }
}
