/**
 * A mapping's `proxyBaseUrl`: the call forwarded to another environment (the stateful sandbox, a UAT)
 * and its reply answered, as WireMock's proxying does. The path and query go after the base URL
 * (less `proxyUrlPrefixToRemove`); the request's headers go along but the connection's own and those
 * `removeProxyRequestHeaders` names, with `additionalProxyRequestHeaders` set; the body goes as the
 * bytes that came. A secure-gateway call goes as it came, sealed, and its reply comes back unopened.
 *
 * A call already forwarded this many times is refused rather than sent on: a mapping that proxies to
 * the sandbox it is in would otherwise call itself without end.
 */
import type { StubMapping } from "#core/controls/stubs";
import type { Timer } from "../instruments/timer";
import type { ReplyRequest, StubReply } from "./reply";

/** Headers that belong to one connection, never forwarded either way (RFC 9110 7.6.1), with Host and the body's framing. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade", "host", "content-length"]);
/** fetch has decoded the body: its encoding and length no longer describe what is passed on. */
const DECODED = new Set(["content-encoding", "content-length", "transfer-encoding", "connection", "keep-alive"]);

export const PROXY_HOPS_HEADER = "x-sandbox-proxy-hops";
const MAX_HOPS = 5;
/** How long the environment behind may take: longer than any client waits. */
const PROXY_TIMEOUT_MS = 60_000;

/** Where the call goes: the base URL, then the path (less the prefix to remove) and the query. */
export function proxyTarget(base: string, url: URL, prefixToRemove: string | undefined): URL {
  const path = prefixToRemove && url.pathname.startsWith(prefixToRemove) ? url.pathname.slice(prefixToRemove.length) : url.pathname;
  return new URL(`${base.replace(/\/+$/, "")}${path.startsWith("/") || path === "" ? path : `/${path}`}${url.search}`);
}

function failed(status: number, message: string): StubReply {
  return { kind: "reply", status, headers: new Headers({ "content-type": "text/plain;charset=utf-8" }), body: new TextEncoder().encode(message), json: false, asIs: true };
}

/** The reply of the environment behind; its timeout runs on the sandbox's timer, as every wait does. */
export async function proxied(
  response: StubMapping["response"],
  request: ReplyRequest,
  render: (template: string) => string,
  { send, timer }: { send: typeof fetch; timer: Timer },
): Promise<StubReply> {
  const hops = Number(request.headers.get(PROXY_HOPS_HEADER) ?? 0) || 0;
  if (hops >= MAX_HOPS) return failed(508, `the call was forwarded ${hops} times: a proxyBaseUrl leads back to where it started`);
  let target: URL;
  try {
    target = proxyTarget(render(response.proxyBaseUrl ?? ""), request.url, response.proxyUrlPrefixToRemove);
  } catch {
    return failed(500, `proxyBaseUrl ${response.proxyBaseUrl ?? ""} is not a URL`);
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") return failed(500, `proxyBaseUrl ${target.origin} is not http or https`);
  const removed = new Set((response.removeProxyRequestHeaders ?? []).map((name) => name.toLowerCase()));
  const headers = new Headers();
  request.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name) && !removed.has(name)) headers.set(name, value);
  });
  for (const [name, value] of Object.entries(response.additionalProxyRequestHeaders ?? {})) headers.set(name, render(value));
  headers.set(PROXY_HOPS_HEADER, String(hops + 1));
  const method = request.method.toUpperCase();
  let reply: Response;
  let body: Uint8Array<ArrayBuffer>;
  const timeout = new AbortController();
  const cancel = timer.after(PROXY_TIMEOUT_MS, () => timeout.abort(new Error(`no reply in ${PROXY_TIMEOUT_MS / 1000} s`)));
  try {
    reply = await send(target, {
      method,
      headers,
      body: method === "GET" || method === "HEAD" || request.body.length === 0 ? undefined : request.body,
      redirect: "manual",
      signal: timeout.signal,
    });
    body = new Uint8Array(await reply.arrayBuffer());
  } catch (error) {
    // WireMock's answer when the environment behind cannot be reached.
    return failed(500, `Network failure trying to make a proxied request from the sandbox to ${target.href}: ${(error as Error).message}`);
  } finally {
    cancel();
  }
  const passed = new Headers();
  reply.headers.forEach((value, name) => {
    if (!DECODED.has(name) && name !== "set-cookie") passed.set(name, value);
  });
  for (const cookie of reply.headers.getSetCookie()) passed.append("set-cookie", cookie);
  return {
    kind: "reply",
    status: reply.status,
    ...(reply.statusText ? { statusMessage: reply.statusText } : {}),
    headers: passed,
    body: body.length === 0 ? null : body,
    json: false,
    asIs: true,
  };
}
