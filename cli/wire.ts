/**
 * What `mcoin api` and `mcoin gateway call` put on the wire besides the app's own headers: the
 * headers an engineer adds (`-H NAME:VALUE`, read by cli/flags.ts), the idempotency key of a state
 * change, and `--wire`, the exchange as it went out and came back, every live credential masked.
 */
import { randomBytes } from "node:crypto";
import type { HttpRequest, HttpResponse, HttpTransport } from "#core/api/transport";

/** The value of a header among `headers`, its name in any case. */
export function headerIn(headers: readonly [string, string][] | Record<string, string>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  const entries = Array.isArray(headers) ? headers : Object.entries(headers);
  return entries.find(([key]) => key.toLowerCase() === wanted)?.[1];
}

/** `headers` with `extra` set over them, names compared without case (an extra one replaces the app's). */
export function withHeaders(headers: Record<string, string>, extra: readonly [string, string][]): Record<string, string> {
  const merged: Record<string, string> = {};
  const replaced = new Set(extra.map(([name]) => name.toLowerCase()));
  for (const [name, value] of Object.entries(headers)) if (!replaced.has(name.toLowerCase())) merged[name] = value;
  for (const [name, value] of extra) merged[name] = value;
  return merged;
}

/** A fresh idempotency key as the mall mints one (app/lib/idempotency-key.ts): 32 hex characters. */
export function newIdempotencyKey(): string {
  return randomBytes(16).toString("hex");
}

/** A live secret shown by its first characters only: enough to tell two apart, not to use one. */
export function maskSecret(value: string): string {
  if (value === "") return value;
  return `${value.slice(0, Math.min(4, Math.floor(value.length / 3)))}…(${value.length} chars)`;
}

/**
 * Headers whose values are a member's or a client's live credential: the session token, the task
 * center's Token (the member's ciphertext), cookies and the sandbox's control token.
 */
const SECRET_HEADERS = new Set(["authorization", "token", "cookie", "set-cookie", "x-sandbox-token"]);

/** `headers` as they may be shown: each credential masked (`Bearer sbx_…(24 chars)`). */
export function maskedHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => {
      if (!SECRET_HEADERS.has(name.toLowerCase())) return [name, value];
      const bearer = /^(Bearer\s+)(.*)$/i.exec(value);
      return [name, bearer ? `${bearer[1]}${maskSecret(bearer[2])}` : maskSecret(value)];
    }),
  );
}

export interface WireExchange {
  request: { method: string; url: string; headers: Record<string, string>; body?: string };
  response?: { status: number; headers: Record<string, string>; body: string };
}

/**
 * A transport that sends through `inner` with `extra` headers set over the app's, and keeps the last
 * exchange as it went out and came back (for --wire).
 */
export function wireTransport(inner: HttpTransport, extra: readonly [string, string][]): { transport: HttpTransport; last: () => WireExchange | undefined } {
  let last: WireExchange | undefined;
  const transport: HttpTransport = async (request: HttpRequest): Promise<HttpResponse> => {
    const headers = withHeaders(request.headers, extra);
    last = { request: { method: request.method, url: request.url, headers, ...(request.body === undefined ? {} : { body: request.body }) } };
    const response = await inner({ ...request, headers });
    last.response = { status: response.status, headers: Object.fromEntries(response.headers?.entries() ?? []), body: response.text };
    return response;
  };
  return { transport, last: () => last };
}

/**
 * An exchange as lines, credentials masked: `>` what went out (request line, headers, body: the
 * ciphertext for a secure call), `<` what came back (status and headers; the body too when `replyBody`).
 */
export function wireLines(exchange: WireExchange, options: { replyBody: boolean }): string[] {
  const { request, response } = exchange;
  const lines = [`> ${request.method} ${request.url}`, ...Object.entries(maskedHeaders(request.headers)).map(([name, value]) => `> ${name}: ${value}`)];
  if (request.body !== undefined) lines.push(">", `> ${request.body}`);
  if (!response) return [...lines, "< (no reply)"];
  lines.push(`< ${response.status}`, ...Object.entries(maskedHeaders(response.headers)).map(([name, value]) => `< ${name}: ${value}`));
  if (options.replyBody) lines.push("<", `< ${response.body}`);
  return lines;
}
