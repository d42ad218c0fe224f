/**
 * The faults the sandbox can inject, each described once: the control (`POST /__sandbox/faults`),
 * and `mcoin sandbox fault --help` list them from here; docs/sandbox.md, "Faults", sums them up.
 *
 * A fault applies to calls whose path is, or contains, its `path` (a fragment: "basicinformation"),
 * for the next `times` calls, or to `percent` of the calls (then until cleared, or until `times` of
 * them have been hit when both are given). Where a fault acts decides its family:
 *
 * - reply: the gateway answers with an error status or a broken body instead of the endpoint;
 * - connection: the TCP connection itself misbehaves (the HTTP server acts on the socket; in-process,
 *   fetch sees a network error or a body that breaks off);
 * - latency: the call is answered, late (a fixed delay, a uniform range, or a lognormal spread);
 * - secure: the secure gateway's envelope goes wrong (a reply signed wrongly, encrypted with another
 *   key, or a gateway clock off by `skewMs`);
 * - business: the wallet's settlement notice (`/pay/notify`, sent by the cashier's stand-in
 *   `/__wallet/pay`) arrives twice, after the order closed, or after the member cancelled.
 */
import { z } from "zod";

export const FAULTS = {
  http500: { family: "reply", summary: "HTTP 500 with the gateway's error body" },
  http429: { family: "reply", summary: "HTTP 429 Too Many Requests" },
  "not-login": { family: "reply", summary: "code 401 'not login' (the session is gone)" },
  "not-found": { family: "reply", summary: "resultCode 404 (the thing does not exist)" },
  garbage: { family: "reply", summary: "HTTP 200 whose body is not JSON" },
  reset: { family: "connection", summary: "the connection is reset (TCP RST) before any reply" },
  network: { family: "connection", summary: "the connection is dropped before any reply (kept as an alias of empty)" },
  empty: { family: "connection", summary: "the connection closes without a byte of reply (an empty reply)" },
  truncated: { family: "connection", summary: "the reply's headers and half its body, then the connection closes" },
  "random-bytes": { family: "connection", summary: "random bytes that are not HTTP, then the connection closes (WireMock's RANDOM_DATA_THEN_CLOSE)" },
  "malformed-chunk": {
    family: "connection",
    summary: "a 200 status line (chunked on a kept-alive connection), then bytes that are no chunk, then the connection closes (WireMock's MALFORMED_RESPONSE_CHUNK, byte for byte)",
  },
  delay: { family: "latency", summary: "the reply comes late: --ms (fixed), --uniform MIN-MAX or --lognormal MEDIAN,SIGMA" },
  "bad-signature": { family: "secure", summary: "a secure gateway reply whose Signature does not match it" },
  "wrong-key": { family: "secure", summary: "a secure gateway reply encrypted with another key (the client gets the raw data)" },
  "clock-skew": { family: "secure", summary: "the secure gateway's clock is off by --skew-ms (default +10 minutes)" },
  "notice-twice": { family: "business", summary: "the wallet's settlement notice is delivered twice" },
  "notice-late": { family: "business", summary: "the settlement notice arrives after the order closed (unpaid in time)" },
  "notice-after-cancel": { family: "business", summary: "the member's cancel reaches the gateway before the settlement notice" },
} as const satisfies Record<string, { family: FaultFamily; summary: string }>;

export type FaultFamily = "reply" | "connection" | "latency" | "secure" | "business";
export type FaultKind = keyof typeof FAULTS;
export const FAULT_KINDS = Object.keys(FAULTS) as FaultKind[];
export const familyOf = (kind: FaultKind): FaultFamily => FAULTS[kind].family;

/** The families the gateway's front door applies; business faults are taken by the wallet's stand-in. */
export const FRONT_DOOR_FAMILIES: ReadonlySet<FaultFamily> = new Set(["reply", "connection", "latency", "secure"]);
export const BUSINESS_FAMILIES: ReadonlySet<FaultFamily> = new Set(["business"]);

/** The longest injected delay: long enough for any client's timeout, short enough not to hang a run. */
export const MAX_DELAY_MS = 120_000;
/** A skew past the gateway's 5-minute window, unless one is given. */
export const DEFAULT_SKEW_MS = 10 * 60_000;

export const LatencySchema = z.union([
  z.object({ fixed: z.number().int().min(0).max(MAX_DELAY_MS) }).strict(),
  z
    .object({ uniform: z.tuple([z.number().int().min(0).max(MAX_DELAY_MS), z.number().int().min(0).max(MAX_DELAY_MS)]) })
    .strict()
    .refine(({ uniform: [min, max] }) => min <= max, "uniform: the minimum is above the maximum"),
  z.object({ lognormal: z.object({ median: z.number().int().min(1).max(MAX_DELAY_MS), sigma: z.number().min(0).max(3) }).strict() }).strict(),
]);
export type Latency = z.output<typeof LatencySchema>;

/** What a control or the CLI asks for. */
export const FaultRequestSchema = z
  .object({
    path: z.string().min(1).max(256),
    kind: z.enum(FAULT_KINDS as [FaultKind, ...FaultKind[]]),
    /** The next N calls; with `percent`, at most N of the calls it hits. */
    times: z.number().int().min(1).max(10_000).optional(),
    /** A share of the calls, each drawn at random. */
    percent: z.number().min(0.1).max(100).optional(),
    /** For delay: a fixed delay (the older form of `latency: { fixed }`). */
    delayMs: z.number().int().min(0).max(MAX_DELAY_MS).optional(),
    latency: LatencySchema.optional(),
    /** For clock-skew: how far the gateway's clock is off (either way). */
    skewMs: z
      .number()
      .int()
      .min(-7 * 24 * 3_600_000)
      .max(7 * 24 * 3_600_000)
      .optional(),
  })
  .strict()
  .refine((fault) => fault.kind !== "delay" || fault.delayMs !== undefined || fault.latency !== undefined, {
    message: "a delay needs delayMs or latency ({ fixed } | { uniform: [min, max] } | { lognormal: { median, sigma } })",
    path: ["latency"],
  });
export type FaultRequest = z.output<typeof FaultRequestSchema>;

export interface Fault {
  id: number;
  /** A path, or a fragment of one, as in the spec's URL fragments. */
  path: string;
  kind: FaultKind;
  /** Calls left to fault; null: no count (a percentage, until cleared). */
  remaining: number | null;
  /** The share of matching calls it hits (100: every one). */
  percent: number;
  /** The latency of a delay (0 for the other kinds). */
  delayMs: number;
  latency?: Latency;
  skewMs?: number;
}

/** A stored fault from a request: one call unless a count or a share is given. */
export function faultFrom(request: FaultRequest): Omit<Fault, "id"> {
  const latency = request.latency ?? (request.kind === "delay" ? { fixed: request.delayMs ?? 0 } : undefined);
  return {
    path: request.path,
    kind: request.kind,
    remaining: request.times ?? (request.percent === undefined ? 1 : null),
    percent: request.percent ?? 100,
    delayMs: latency && "fixed" in latency ? latency.fixed : 0,
    ...(latency ? { latency } : {}),
    ...(request.kind === "clock-skew" ? { skewMs: request.skewMs ?? DEFAULT_SKEW_MS } : {}),
  };
}

/** One draw of a fault's latency, in milliseconds. */
export function sampleLatency(fault: Pick<Fault, "delayMs" | "latency">, random: () => number = Math.random): number {
  const latency = fault.latency ?? { fixed: fault.delayMs };
  if ("fixed" in latency) return latency.fixed;
  if ("uniform" in latency) {
    const [min, max] = latency.uniform;
    return Math.round(min + random() * (max - min));
  }
  // Box-Muller: a standard normal draw, then median · e^(σ·z).
  const u = Math.max(random(), Number.EPSILON);
  const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  return Math.min(MAX_DELAY_MS, Math.round(latency.lognormal.median * Math.exp(latency.lognormal.sigma * z)));
}

/** How a fault reads in a list: kind, path, and how long it lasts. */
export function describeFault(fault: Fault): string {
  const reach = [fault.remaining === null ? null : `${fault.remaining} call${fault.remaining === 1 ? "" : "s"} left`, fault.percent < 100 ? `${fault.percent}% of calls` : null]
    .filter(Boolean)
    .join(", ");
  const latency = fault.latency
    ? ` ${"fixed" in fault.latency ? `${fault.latency.fixed} ms` : "uniform" in fault.latency ? `${fault.latency.uniform[0]}-${fault.latency.uniform[1]} ms` : `lognormal median ${fault.latency.lognormal.median} ms σ ${fault.latency.lognormal.sigma}`}`
    : "";
  const skew = fault.skewMs !== undefined ? ` ${fault.skewMs > 0 ? "+" : ""}${fault.skewMs} ms` : "";
  return `#${fault.id} ${fault.kind}${latency}${skew} on ${fault.path} (${reach || "until cleared"})`;
}
