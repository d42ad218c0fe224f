/** How the inspector writes times, statuses and the filters it applies to exchanges as they arrive. */
import type { ExchangeSummary, Filters } from "./api";

const two = (n: number) => String(n).padStart(2, "0");

/** HH:mm:ss.SSS in the engineer's time zone. */
export function clockTime(at: number): string {
  const date = new Date(at);
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}.${String(date.getMilliseconds()).padStart(3, "0")}`;
}

/** The default name of a saved recording: inspector-yyyymmdd-hhmmss. */
export function recordingName(now = new Date()): string {
  return `inspector-${now.getFullYear()}${two(now.getMonth() + 1)}${two(now.getDate())}-${two(now.getHours())}${two(now.getMinutes())}${two(now.getSeconds())}`;
}

/** A status as the list shows it: 0 is a connection cut instead of a reply. */
export const statusText = (status: number) => (status === 0 ? "cut" : String(status));

export function statusClass(status: number): Exclude<Filters["status"], ""> {
  if (status === 0) return "cut";
  if (status >= 500) return "5xx";
  if (status >= 400) return "4xx";
  if (status >= 300) return "3xx";
  return "2xx";
}

export const formatMs = (ms: number) => `${Number.isInteger(ms) || ms >= 10 ? Math.round(ms) : ms.toFixed(1)} ms`;

/**
 * Whether an exchange that just arrived belongs in the filtered list. The server applies the same
 * filters to `GET exchanges`; `text` needs the bodies, which a summary lacks, so the list is asked
 * again for it (App.tsx).
 */
export function matches(exchange: ExchangeSummary, filters: Filters): boolean {
  if (filters.path.trim() && !exchange.path.toLowerCase().includes(filters.path.trim().toLowerCase())) return false;
  if (filters.name && exchange.name !== filters.name) return false;
  if (filters.member && exchange.member !== filters.member) return false;
  if (filters.requestId.trim() && exchange.requestId !== filters.requestId.trim()) return false;
  if (filters.status && statusClass(exchange.status) !== filters.status) return false;
  if (filters.fault && !exchange.markers.fault) return false;
  return true;
}

/** The last segment of a path, what a fault's `path` fragment most often is. */
export const lastSegment = (path: string) => path.split("/").filter(Boolean).at(-1) ?? path;
