/**
 * The inspector's API as the page calls it (core/controls/inspect.ts declares it; the page imports its
 * shapes as types only, so zod stays out of the bundle): fetch with the control token, refusals as
 * errors, and the live stream of exchanges read with fetch, since EventSource cannot send the token
 * (its events read by core/http/event-stream.ts).
 */
import { readEventStream } from "../core/http/event-stream";
import { INSPECT_API_BASE, INSPECT_PATH } from "../core/controls/inspect-paths";
import type { ExchangeDetail, ExchangeList, ExchangeSummary, FaultRequest, InspectInfo, ReplayReply, SaveReply, SaveRequest } from "../core/controls/inspect";
import { ApiError } from "../core/api/errors";

export type { ExchangeDetail, ExchangeList, ExchangeSummary, FaultRequest, InspectInfo, ReplayReply, SaveReply };

/** The page may be a sandbox tenant's (`/tenants/NAME/__sandbox/inspect`): its API is under the same prefix. */
const mount = (pathname: string) => pathname.slice(0, Math.max(0, pathname.indexOf(INSPECT_PATH)));
const API = `${typeof location === "undefined" ? "" : mount(location.pathname)}${INSPECT_API_BASE}`;
const TOKEN_KEY = "mcoin.inspector.token";

/** The filters the server applies to the list (`GET exchanges`). */
export interface Filters {
  path: string;
  name: string;
  member: string;
  /** The mall request's id (X-Request-Id): one page load's calls. */
  requestId: string;
  status: "" | "2xx" | "3xx" | "4xx" | "5xx" | "cut";
  fault: boolean;
  text: string;
}

/** A refusal of the inspector's API, or no answer at all: the mall's own error type (core/api/errors.ts). */
export { ApiError };

export function readToken(): string {
  try {
    return sessionStorage.getItem(TOKEN_KEY) ?? "";
  } catch {
    return "";
  }
}

export function saveToken(token: string): void {
  try {
    sessionStorage.setItem(TOKEN_KEY, token);
  } catch {
    // Storage refused (a private window's quota): the token lasts as long as the page then.
  }
  memoryToken = token;
}

let memoryToken = readToken();
let unauthorized = () => {};
/** What the page does when a call answers 401: ask for the control token. */
export function onUnauthorized(handler: () => void): void {
  unauthorized = handler;
}
const headers = (extra: Record<string, string> = {}): Record<string, string> => (memoryToken ? { ...extra, "X-Sandbox-Token": memoryToken } : extra);

/** A refusal's `error`, else the status line. */
async function refusal(response: Response): Promise<ApiError> {
  let message = `${response.status} ${response.statusText}`.trim();
  try {
    const body = (await response.json()) as { error?: unknown };
    if (typeof body.error === "string") message = body.error;
  } catch {
    // Not JSON: the status line says it.
  }
  return new ApiError("HTTP", message, { status: response.status });
}

async function call(path: string, init: RequestInit = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`${API}${path}`, { ...init, headers: headers(init.body ? { "Content-Type": "application/json" } : {}), cache: "no-store" });
  } catch {
    throw new ApiError("NETWORK", "The server of this page does not answer: is the sandbox (or mcoin record) still running?");
  }
  if (response.status === 401) unauthorized();
  if (!response.ok) throw await refusal(response);
  return response;
}

const json = async <T>(path: string, init?: RequestInit): Promise<T> => (await call(path, init)).json() as Promise<T>;
const post = <T>(path: string, body: unknown) => json<T>(path, { method: "POST", body: JSON.stringify(body) });

export function filterQuery(filters: Partial<Filters>): string {
  const query = new URLSearchParams();
  for (const key of ["path", "name", "member", "requestId", "status", "text"] as const) {
    const value = filters[key]?.trim();
    if (value) query.set(key, value);
  }
  if (filters.fault) query.set("fault", "1");
  const text = query.toString();
  return text ? `?${text}` : "";
}

export const api = {
  info: () => json<InspectInfo>("/info"),
  exchanges: (filters: Partial<Filters> = {}) => json<ExchangeList>(`/exchanges${filterQuery(filters)}`),
  detail: (seq: number) => json<ExchangeDetail>(`/exchanges/${seq}`),
  clear: () => call("/exchanges", { method: "DELETE" }).then(() => undefined),
  save: (request: SaveRequest) => post<SaveReply>("/save", request),
  replay: (seq: number) => post<ReplayReply>("/replay", { seq }),
  fault: (request: FaultRequest) => post<{ ok: true }>("/fault", request),
  /** The HAR of `seqs` (none: the whole ring), as a file the browser downloads. */
  async downloadHar(seqs: number[], fileName: string): Promise<void> {
    const response = await call(seqs.length > 0 ? `/har?seq=${seqs.join(",")}` : "/har");
    const url = URL.createObjectURL(new Blob([await response.text()], { type: "application/json" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  },
};

export type StreamEvent = { type: "exchange"; exchange: ExchangeSummary } | { type: "cleared" };
export type StreamState = "connecting" | "live" | "reconnecting" | "unauthorized";

/**
 * Follows the live stream from `since` (the last seq the page holds): each exchange and each clearing
 * of the ring, in order. A dropped stream is opened again after a back-off (half a second, doubling to
 * ten), after `resync` has read the ring again and said its newest seq: the server may have restarted
 * with a new ring whose seqs start over. A 401 stops it until the page has a token. Returns how to stop
 * it.
 */
export function followStream(since: number, onEvent: (event: StreamEvent) => void, onState: (state: StreamState) => void, resync: () => Promise<number>): () => void {
  let last = since;
  let stopped = false;
  let delay = 500;
  let opened = false;
  let controller: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const deliver = ({ event, data }: { event: string; data: string }) => {
    if (event === "cleared") {
      last = 0;
      onEvent({ type: "cleared" });
    } else if (event === "exchange") {
      try {
        const exchange = JSON.parse(data) as ExchangeSummary;
        last = Math.max(last, exchange.seq);
        onEvent({ type: "exchange", exchange });
      } catch {
        // A line the page cannot read: the next exchange is whole again.
      }
    }
  };

  async function open() {
    controller = new AbortController();
    onState(opened ? "reconnecting" : "connecting");
    try {
      if (opened) last = await resync();
      if (stopped) return;
      const response = await fetch(`${API}/stream?since=${last}`, { headers: headers({ Accept: "text/event-stream" }), signal: controller.signal, cache: "no-store" });
      if (response.status === 401) {
        onState("unauthorized");
        unauthorized();
        return;
      }
      if (!response.ok || !response.body) throw new Error(`stream: ${response.status}`);
      onState("live");
      opened = true;
      delay = 500;
      await readEventStream(response.body, deliver);
    } catch {
      // Dropped, refused or aborted: opened again below unless stopped.
    }
    if (stopped) return;
    onState("reconnecting");
    timer = setTimeout(open, delay);
    delay = Math.min(delay * 2, 10_000);
  }

  void open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    controller?.abort();
  };
}
