/**
 * The first handler every gateway call meets: added latency, the call log, and injected faults.
 * It answers only when a fault applies; otherwise msw moves on to the endpoint's own handler.
 */
import { delay, http, HttpResponse, type HttpHandler } from "msw";
import { bearerToken } from "../respond";
import type { Fault, SandboxState } from "../state";
import type { SandboxSettings } from "../index";

const UNLOGGED = /^\/(__sandbox|static)\//;

export function middlewareHandler(state: SandboxState, settings: SandboxSettings): HttpHandler {
  return http.all("*", async ({ request }) => {
    const url = new URL(request.url);
    if (UNLOGGED.test(url.pathname)) return undefined;
    if (settings.latencyMs > 0) await delay(settings.latencyMs);

    const fault = state.takeFault(url.pathname);
    state.logCall({
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: await readBody(request),
      openId: state.memberByToken(bearerToken(request))?.openId,
      fault: fault?.kind,
    });
    return fault ? applyFault(fault) : undefined;
  });
}

async function applyFault(fault: Fault): Promise<Response | undefined> {
  switch (fault.kind) {
    case "http500":
      return HttpResponse.json({ code: 500, msg: "Internal Server Error" }, { status: 500 });
    case "http429":
      return HttpResponse.json({ code: 429, msg: "Too Many Requests" }, { status: 429 });
    case "not-login":
      return HttpResponse.json({ code: 401, msg: "not login" });
    case "not-found":
      return HttpResponse.json({ resultCode: "404", msg: "Not Found" });
    case "garbage":
      return new HttpResponse("<html>\u0000\u00ff garbage {not json", { headers: { "content-type": "application/json" } });
    case "network":
      return HttpResponse.error();
    case "delay":
      await delay(fault.delayMs);
      return undefined;
  }
}

/** The log keeps 2000 calls: at most this much of each body, so it stays a few megabytes. */
const LOGGED_BODY_BYTES = 2048;

/** A body as the log keeps it: parsed JSON or text when short, else its first bytes and its size. */
async function readBody(request: Request): Promise<unknown> {
  if (request.method === "GET" || request.method === "HEAD") return undefined;
  const bytes = Buffer.from(await request.clone().arrayBuffer());
  if (bytes.length === 0) return undefined;
  if (bytes.length > LOGGED_BODY_BYTES) {
    // A character cut in half at the end decodes to U+FFFD: drop it.
    const excerpt = bytes.subarray(0, LOGGED_BODY_BYTES).toString("utf8").replace(/\uFFFD+$/, "");
    return { truncated: true, bytes: bytes.length, excerpt };
  }
  const text = bytes.toString("utf8");
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
