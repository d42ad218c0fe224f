/**
 * The global loading overlay's counter (spec section 4, "Loading overlay"): it appears when a
 * counted request starts and hides when all counted requests have finished, about 400 ms later
 * (100 ms after an error or a logout). Exempt calls and refreshes are not counted.
 */

/** URL fragments whose calls never show the overlay (spec section 7). */
export const LOADING_EXEMPT_FRAGMENTS = [
  "api/auth/coupons",
  "updatecode",
  "api/auth/mycoupon",
  "api/business/snapup",
  "mcoinrecommend",
  "api/business/searchshop",
  "api/business/searchproduct",
  "snapUpSuccess",
  "api/business/information",
  "popularsearches",
  "collection",
  "api/auth/voucherstatus",
  "basicinformation",
  "api/auth/voucherindex",
  "api/business/recommend",
  "pay/macaupaycanceljs/",
  "api/mini/order/list",
  "api/show/snapup/product",
  "macaupassconfig",
  "api/show/snapup/info",
  "api/system/time",
] as const;

export const HIDE_DELAY_MS = 400;
export const ERROR_HIDE_DELAY_MS = 100;

export function isLoadingExempt(url: string): boolean {
  return LOADING_EXEMPT_FRAGMENTS.some((fragment) => url.includes(fragment));
}

export interface CountedRequest {
  url: string;
  /** A refresh (pull-to-refresh, background revalidation) is never counted. */
  isRefresh?: boolean;
  /** The caller already knows the request is exempt (for example a screen that loads only exempt calls). */
  exempt?: boolean;
}

export type RequestOutcome = "ok" | "error" | "logout";

interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export class LoadingCounter {
  private active = 0;
  private shown = false;
  private hideTimer: unknown = null;
  private readonly listeners = new Set<(visible: boolean) => void>();
  private readonly timers: Timers;

  constructor(timers: Timers = { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as number) }) {
    this.timers = timers;
  }

  get visible(): boolean {
    return this.shown;
  }

  get pending(): number {
    return this.active;
  }

  /** Starts a request; returns the function that ends it, called exactly once. */
  begin(request: CountedRequest): (outcome?: RequestOutcome) => void {
    if (request.isRefresh || request.exempt || isLoadingExempt(request.url)) return () => {};
    this.active += 1;
    this.cancelHide();
    this.setShown(true);
    let ended = false;
    return (outcome = "ok") => {
      if (ended) return;
      ended = true;
      this.active -= 1;
      if (this.active === 0) this.scheduleHide(outcome === "ok" ? HIDE_DELAY_MS : ERROR_HIDE_DELAY_MS);
    };
  }

  subscribe(listener: (visible: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private scheduleHide(ms: number) {
    this.cancelHide();
    this.hideTimer = this.timers.setTimeout(() => {
      this.hideTimer = null;
      if (this.active === 0) this.setShown(false);
    }, ms);
  }

  private cancelHide() {
    if (this.hideTimer !== null) this.timers.clearTimeout(this.hideTimer);
    this.hideTimer = null;
  }

  private setShown(shown: boolean) {
    if (this.shown === shown) return;
    this.shown = shown;
    for (const listener of this.listeners) listener(shown);
  }
}
