/**
 * The member-timing bench's pure parts (bench/member-timing.bench.ts): the throttling profile sent
 * over the DevTools protocol, what "content" is on each screen, and how one screen's runs become its
 * figures. Kept apart from the browser so they are unit-tested (member-timing.test.ts).
 */

/**
 * A slow 4G phone, as Lighthouse's mobile preset names it (150 ms round trip, 1.6 Mbit/s down,
 * 750 kbit/s up, a CPU 4× slower than this machine's), applied in Chromium itself: the latency is
 * added to every request by `Network.emulateNetworkConditions`, the CPU slowed by
 * `Emulation.setCPUThrottlingRate`. A megabit is 1024 kbit here, as in Lighthouse's constants.
 */
export const THROTTLING = {
  latencyMs: 150,
  downloadKbps: 1.6 * 1024,
  uploadKbps: 750,
  cpuSlowdown: 4,
} as const;

/** `Network.emulateNetworkConditions`'s parameters for a profile (throughputs in bytes per second). */
export function networkConditions(profile: { latencyMs: number; downloadKbps: number; uploadKbps: number } = THROTTLING) {
  return {
    offline: false,
    latency: profile.latencyMs,
    downloadThroughput: (profile.downloadKbps * 1024) / 8,
    uploadThroughput: (profile.uploadKbps * 1024) / 8,
  };
}

/**
 * A screen's own content: elements the app marks with an `elementtiming` attribute (the Element
 * Timing API reports when each is painted), and how many of those marked with `id` must be on the
 * page (fewer when the page has fewer, as a short list).
 */
export interface ContentPart {
  id: string;
  count: number;
}

export interface Screen {
  name: string;
  path: string;
  content: ContentPart[];
}

/** The screens measured, in the order of the report; `/__bare` is the yardstick. */
export function screens(ids: { orderId: number; storeId: number; offerId: number }): Screen[] {
  return [
    { name: "bare route", path: "/__bare", content: [{ id: "bare-heading", count: 1 }] },
    // Home's first offers: the offer list's first four cards (a phone's screenful of the list).
    { name: "home", path: "/index", content: [{ id: "offer-card", count: 4 }] },
    {
      name: "offer detail",
      path: `/coupon_details/${ids.offerId}`,
      content: [
        { id: "offer-price", count: 1 },
        { id: "offer-checkout", count: 1 },
      ],
    },
    { name: "my coupons", path: "/mycoupon", content: [{ id: "wallet-card", count: 3 }] },
    { name: "flash sale", path: "/flashSale", content: [{ id: "promo-item", count: 3 }] },
    {
      name: "order detail",
      path: `/order_details/${ids.orderId}`,
      content: [
        { id: "order-title", count: 1 },
        { id: "order-status", count: 1 },
      ],
    },
    {
      name: "store",
      path: `/store_details/${ids.storeId}`,
      content: [
        { id: "store-name", count: 1 },
        { id: "offer-card", count: 2 },
      ],
    },
  ];
}

/** What the page recorded for one load (bench/member-timing.bench.ts's init script). */
export interface PageRecord {
  fcp: number | null;
  lcp: number | null;
  /** Element Timing entries: identifier and render time, ms since navigation. */
  painted: { id: string; time: number }[];
  /** When each marked element was first seen owned by React, ms since navigation. */
  owned: { id: string; time: number }[];
  /** How many elements with each identifier were on the page at the end. */
  onPage: Record<string, number>;
}

/** How many of a part's elements must be painted and owned: its count, or all the page has if fewer. */
export function needed(part: ContentPart, onPage: Record<string, number>): number {
  return Math.min(part.count, onPage[part.id] ?? 0);
}

/**
 * The time the last needed element of every part reached a state (painted, or owned): per part the
 * `needed`-th earliest time, then the latest over the parts; null while a part is short.
 */
export function partsTime(parts: ContentPart[], times: { id: string; time: number }[], onPage: Record<string, number>): number | null {
  let latest = 0;
  for (const part of parts) {
    const need = needed(part, onPage);
    if (need === 0) return null;
    const mine = times
      .filter((entry) => entry.id === part.id)
      .map((entry) => entry.time)
      .sort((a, b) => a - b);
    if (mine.length < need) return null;
    latest = Math.max(latest, mine[need - 1]);
  }
  return latest;
}

export interface Timing {
  fcp: number;
  lcp: number;
  /** The screen's content painted. */
  content: number;
  /** The content painted and owned by React (a tap on it runs the app's code). */
  hydrated: number;
  /** JavaScript loaded, gzip bytes. */
  jsGzip: number;
  /** JavaScript loaded, bytes as served (the server's encoding: brotli to Chromium). */
  jsServed: number;
}

/** One load's figures, or why it has none. */
export function timingOf(screen: Screen, record: PageRecord, js: { gzip: number; served: number }): Timing {
  const content = partsTime(screen.content, record.painted, record.onPage);
  const owned = partsTime(screen.content, record.owned, record.onPage);
  if (content === null || owned === null || record.fcp === null || record.lcp === null) {
    const seen = screen.content.map(
      (part) =>
        `${part.id}: ${record.onPage[part.id] ?? 0} on the page, ${record.painted.filter((entry) => entry.id === part.id).length} painted, ${record.owned.filter((entry) => entry.id === part.id).length} owned`,
    );
    throw new Error(`${screen.name} (${screen.path}) was not measured: FCP ${record.fcp}, LCP ${record.lcp}; ${seen.join("; ")}`);
  }
  return { fcp: record.fcp, lcp: record.lcp, content, hydrated: Math.max(content, owned), jsGzip: js.gzip, jsServed: js.served };
}

/** The middle value (the lower middle of an even count). */
export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** Each figure's median over the runs (each figure on its own). */
export function medianTiming(runs: Timing[]): Timing {
  const pick = (key: keyof Timing) => median(runs.map((run) => run[key]));
  return { fcp: pick("fcp"), lcp: pick("lcp"), content: pick("content"), hydrated: pick("hydrated"), jsGzip: pick("jsGzip"), jsServed: pick("jsServed") };
}

/**
 * A screen's figure against the bare route's, each run against the bare load made beside it: the
 * median of the runs' ratios.
 */
export function pairedRatio(own: number[], bare: number[]): number {
  return median(pairedRatios(own, bare));
}

/** Each run's figure ÷ the bare load's beside it, in the runs' order. */
export function pairedRatios(own: number[], bare: number[]): number[] {
  if (own.length !== bare.length) throw new Error(`${own.length} runs paired with ${bare.length} bare loads`);
  return own.map((value, index) => value / bare[index]);
}

/**
 * How far a figure moved over the runs: its lowest and highest value (with 9 runs, the nearest-rank
 * 10th and 90th percentiles are these two, so min–max says no less).
 */
export function range(values: number[]): { min: number; max: number } {
  if (values.length === 0) return { min: Number.NaN, max: Number.NaN };
  return { min: Math.min(...values), max: Math.max(...values) };
}

/** A ratio with the spread of the paired ratios it is the median of: "1.18× (1.05–1.40×)". */
export function ratioWithSpread(ratios: number[]): string {
  const { min, max } = range(ratios);
  return `${median(ratios).toFixed(2)}× (${min.toFixed(2)}–${max.toFixed(2)}×)`;
}

/** The spread of a figure over the runs, as a share of its median: (max − min) ÷ median. */
export function spread(values: number[]): number {
  return (Math.max(...values) - Math.min(...values)) / median(values);
}

/** A count of rounds from the environment: the default when unset; at least 1. */
export function roundsFromEnv(text: string | undefined, fallback: number): number {
  if (text === undefined || text.trim() === "") return fallback;
  const rounds = Number(text);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`MCOIN_BENCH_ROUNDS=${text}: a whole number of rounds, at least 1`);
  return rounds;
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
export const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const ratio = (value: number, base: number) => `${(value / base).toFixed(2)}×`;

/** Every figure of a screen in one line of the report. */
export function describe(timing: Timing): string {
  return `FCP ${seconds(timing.fcp)}, LCP ${seconds(timing.lcp)}, content ${seconds(timing.content)}, hydrated ${seconds(timing.hydrated)}, JS ${kilobytes(timing.jsGzip)} gzip (${kilobytes(timing.jsServed)} as served)`;
}
