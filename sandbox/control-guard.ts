/**
 * The one check before the sandbox's controls and the traffic inspector's API (served by the
 * sandbox and by `mcoin record`): they can reset or rewrite the whole gateway, or show every call's
 * bodies. It refuses what a web page of another origin sends (a no-cors fetch or a form can still
 * POST), a body that is not JSON, and, when the server has a control token, a request without it.
 * Without a token (loopback only) it refuses a request addressed to a name other than a loopback
 * one: a DNS-rebound page would otherwise count as same-origin. Free of msw, so the recorder uses it.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { CONTROL_TOKEN_HEADER } from "#core/controls/client";
import { isLoopbackHost } from "./access";

const refuse = (status: number, error: string) => Response.json({ ok: false, error }, { status });

/** Equal secrets, compared in constant time (over digests, so the length does not show either). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Why a control request is refused, or null when it may go on. */
export async function controlRefusal(request: Request, controlToken: string | null): Promise<Response | null> {
  const url = new URL(request.url);
  const site = request.headers.get("sec-fetch-site");
  const origin = request.headers.get("origin");
  if ((site !== null && site !== "same-origin" && site !== "none") || (origin !== null && origin !== url.origin)) {
    return refuse(403, "sandbox controls do not answer web pages of other origins");
  }
  if (controlToken === null && !isLoopbackHost(url.hostname)) {
    return refuse(403, "without a control token the sandbox controls answer only loopback addresses (127.0.0.1, localhost)");
  }
  if (controlToken !== null) {
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1] ?? null;
    const given = [request.headers.get(CONTROL_TOKEN_HEADER), bearer];
    if (!given.some((token) => token !== null && sameSecret(token, controlToken))) {
      return refuse(401, "sandbox controls need the control token (Authorization: Bearer <token> or X-Sandbox-Token: <token>)");
    }
  }
  if (["POST", "PATCH", "PUT"].includes(request.method) && (await request.clone().text()) !== "") {
    const type = request.headers.get("content-type")?.split(";")[0].trim().toLowerCase();
    if (type !== "application/json") return refuse(415, "sandbox controls take a JSON body (Content-Type: application/json)");
  }
  return null;
}
