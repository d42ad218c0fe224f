/**
 * How sandbox handlers answer: the mCoin API's envelope, and `serve`, which turns an endpoint
 * declaration of app/lib/api into an msw handler that parses the request with the same schema the
 * app's client uses and checks its own reply against the declared data.
 */
import { http, HttpResponse, type HttpHandler } from "msw";
import type { z } from "zod";
import { NOT_LOGIN_MESSAGE, SUCCESS_CODE, type Endpoint, type EndpointData } from "../app/lib/api/define";
import type { MemberRecord, SandboxState } from "./state";

export function ok(data: unknown, init?: ResponseInit) {
  return HttpResponse.json({ code: SUCCESS_CODE, msg: "success", data }, init);
}

/** A business refusal: HTTP 200 with a non-success code and a message, as the gateway does. */
export function refuse(msg: string, code = 500) {
  return HttpResponse.json({ code, msg });
}

export function notLogin() {
  return HttpResponse.json({ code: 401, msg: NOT_LOGIN_MESSAGE });
}

export function badRequest(msg: string) {
  return HttpResponse.json({ code: 400, msg }, { status: 400 });
}

export function bearerToken(request: Request): string | null {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/** The locale a call asked for (Accept-Language), zh unless it says en. */
export function replyLocale(request: Request): "zh" | "en" {
  return /^en\b/i.test(request.headers.get("accept-language") ?? "") ? "en" : "zh";
}

export interface ServeContext<E extends Endpoint> {
  input: z.output<E["request"]>;
  request: Request;
  /** The signed-in member; present whenever the endpoint needs auth. */
  member: MemberRecord;
  state: SandboxState;
  locale: "zh" | "en";
}

type Resolved<E extends Endpoint> = EndpointData<E> | Response;

export interface ServeOptions {
  /** Cache-Control of successful replies (catalog answers that are the same for every member). */
  cacheControl?: string;
}

/** An msw handler for a declared endpoint. */
export function serve<E extends Endpoint>(
  state: SandboxState,
  endpoint: E,
  resolve: (context: ServeContext<E>) => Resolved<E> | Promise<Resolved<E>>,
  options: ServeOptions = {},
): HttpHandler {
  const method = endpoint.method.toLowerCase() as "get" | "post" | "put" | "delete";
  return http[method](`*${endpoint.path}`, async ({ request }) => {
    let raw: unknown;
    if (endpoint.method === "GET" || endpoint.method === "DELETE") {
      raw = Object.fromEntries(new URL(request.url).searchParams);
    } else {
      const text = await request.text();
      try {
        raw = text === "" ? {} : JSON.parse(text);
      } catch {
        return badRequest("invalid request: body is not JSON");
      }
    }
    const parsed = endpoint.request.safeParse(raw);
    if (!parsed.success) return badRequest(`invalid request: ${parsed.error.issues[0]?.message ?? "invalid"}`);

    const member = state.memberByToken(bearerToken(request));
    if (endpoint.auth && !member) return notLogin();

    const result = await resolve({
      input: parsed.data as z.output<E["request"]>,
      request,
      member: member as MemberRecord,
      state,
      locale: replyLocale(request),
    });
    if (result instanceof Response) return result;
    // The sandbox must never answer outside its own declaration: that would hide a drift.
    return ok(endpoint.data.parse(result), options.cacheControl ? { headers: { "cache-control": options.cacheControl } } : undefined);
  });
}
