/**
 * Forwarding one call as the recorder does: the request read whole, sent on to the environment's
 * gateway (the secure gateway's calls under /bservice/ to its own base) without the headers of one
 * connection, the reply written back as it came, and the exchange returned with both bodies as sent.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { HOP_BY_HOP_HEADERS } from "#harness/recording";
import type { Exchange } from "./exchange";

/**
 * @param moveQuery changes the query before it is sent on: the member's location moved to a public
 *   place (./recorder.ts), so that the reply recorded is the gateway's answer to the request recorded.
 */
export async function forward(
  request: IncomingMessage,
  response: ServerResponse,
  bases: { apiBase: string; gatewayBase: string },
  moveQuery?: (method: string, path: string, query: URLSearchParams) => void,
): Promise<Exchange> {
  const startedAt = new Date();
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const requestBody = Buffer.concat(chunks).toString("utf8");
  const url = new URL(request.url ?? "/", "http://recorder");
  const base = url.pathname.startsWith("/bservice/") ? bases.gatewayBase : bases.apiBase;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (!HOP_BY_HOP_HEADERS.has(name) && typeof value === "string") headers[name] = value;
  }
  const method = request.method ?? "GET";
  moveQuery?.(method, url.pathname, url.searchParams);
  const upstream = await fetch(`${base}${url.pathname}${url.search}`, {
    method,
    headers,
    body: method === "GET" || method === "HEAD" ? undefined : requestBody,
    redirect: "manual",
  });
  const responseBody = await upstream.text();
  const outgoing: Record<string, string> = {};
  upstream.headers.forEach((value, name) => {
    if (!HOP_BY_HOP_HEADERS.has(name) && name !== "content-encoding") outgoing[name] = value;
  });
  response.writeHead(upstream.status, outgoing);
  response.end(responseBody);
  return {
    startedAt,
    time: Date.now() - startedAt.getTime(),
    method,
    path: url.pathname,
    base,
    query: Object.fromEntries(url.searchParams),
    requestHeaders: headers,
    requestBody,
    status: upstream.status,
    statusText: upstream.statusText,
    responseHeaders: outgoing,
    responseBody,
  };
}
