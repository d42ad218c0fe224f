/**
 * Where the traffic inspector lives (core/controls/inspect.ts declares its shapes): free of zod, so
 * the page (inspector/) imports the paths rather than copying them.
 */
export const INSPECT_PATH = "/__sandbox/inspect";
/** Where the page calls its API. */
export const INSPECT_API_BASE = `${INSPECT_PATH}/api`;

export const INSPECT_API = {
  /** GET: what serves the page and how big its ring is (InspectInfo). */
  info: `${INSPECT_API_BASE}/info`,
  /** GET: the exchanges in the ring, newest first (ExchangeList); DELETE clears the ring; GET `/:seq`: one exchange's detail. */
  exchanges: `${INSPECT_API_BASE}/exchanges`,
  /** GET: server-sent events: `exchange` (an ExchangeSummary, once answered) and `cleared`. */
  stream: `${INSPECT_API_BASE}/stream`,
  /** POST SaveRequest: the selected exchanges written as a recording folder. */
  save: `${INSPECT_API_BASE}/save`,
  /** POST ReplayRequest: one exchange sent again and its reply compared. */
  replay: `${INSPECT_API_BASE}/replay`,
  /** GET ?seq=1,2,3 (none: every exchange in the ring): a HAR 1.2 document, redacted as a recording is. */
  har: `${INSPECT_API_BASE}/har`,
  /** POST FaultRequest: a fault for the next calls to a path, the kinds of `mcoin sandbox fault`. */
  fault: `${INSPECT_API_BASE}/fault`,
} as const;
