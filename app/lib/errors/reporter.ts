/**
 * The page's side of error reporting: uncaught errors, unhandled rejections and the error screens'
 * render errors go to /resources/errors (the mall's server forwards them to the collector). At most
 * MAX_REPORTS per page load and each message once, so a page stuck in a loop cannot flood anything.
 */
import type { ErrorReport } from "#core/errors/report";
import { describeError } from "#core/errors/report-text";

const MAX_REPORTS = 10;
const sent = new Set<string>();

function screenName(): string | undefined {
  return document.querySelector<HTMLElement>("[data-analytics-page]")?.dataset.analyticsPage;
}

export function reportError(kind: ErrorReport["kind"], error: unknown): void {
  if (typeof window === "undefined") return;
  // A message with a line break (or any character the report schema refuses) is still reported, on one line.
  const { message, stack } = describeError(error);
  if (sent.size >= MAX_REPORTS || sent.has(`${kind}:${message}`)) return;
  sent.add(`${kind}:${message}`);
  const body = new URLSearchParams({ kind, message, path: window.location.pathname });
  if (stack) body.set("stack", stack);
  const screen = screenName();
  if (screen) body.set("screen", screen);
  void fetch("/resources/errors", { method: "POST", body, keepalive: true, credentials: "same-origin" }).catch(() => undefined);
}

/** Listens for what nothing caught; once per page. */
export function installErrorReporting(): void {
  window.addEventListener("error", (event) => reportError("page", event.error ?? event.message));
  window.addEventListener("unhandledrejection", (event) => reportError("unhandled-rejection", event.reason));
}
