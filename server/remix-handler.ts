/**
 * Hands a request to Remix and writes its response back. @remix-run/express would stream the raw
 * request into Remix; here the body has already been read under the mall's limits (body-limit.ts),
 * so it is passed as bytes. Each request's load context comes from the build's own entry
 * (app/entry.server.tsx `getLoadContext`), and its session is committed here, once, after Remix has
 * answered, when the request changed it.
 */
import { createRequestHandler, writeReadableStreamToWritable, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import type { IncomingHttpHeaders } from "node:http";

/** Set by a middleware that answers with the error route instead (rate limits). */
export interface ErrorRouteRewrite {
  /** The status the error route is sent with. */
  status: number;
  /** The error route's query (code, from). */
  search: URLSearchParams;
}

/**
 * The request's own origin, as Remix sees it (the Host was checked by request-gate.ts). Host name
 * and port come from one header: X-Forwarded-Host when Express trusts the proxy that sent it (as
 * req.hostname does), else Host. A client's own X-Forwarded-Host moves neither, so it cannot
 * choose where the sign-in page sends the member back to.
 */
export function requestOrigin(req: ExpressRequest): string {
  const trusted = req.app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean;
  const forwarded = req.get("x-forwarded-host");
  const authority = forwarded && trusted(req.socket.remoteAddress, 0) ? forwarded.split(",")[0].trim() : (req.get("host") ?? "");
  const port = /:(\d+)$/.exec(authority)?.[1];
  const host = req.hostname.includes(":") && !req.hostname.startsWith("[") ? `[${req.hostname}]` : req.hostname;
  return `${req.protocol}://${host}${port ? `:${port}` : ""}`;
}

function toHeaders(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/**
 * The app's server entry as the build holds it. The load context is made inside the build so that it
 * shares the app's modules with the loaders (app/server/context.server.ts).
 */
type MallEntry = ServerBuild["entry"]["module"] & {
  getLoadContext?: (request: Request, init: { cspNonce: string }) => Promise<AppLoadContext>;
};

/** What the server reads of a load context: the session to commit (app/server/session.server.ts). */
interface Committable {
  session?: { readonly isPending: boolean; commit(): Promise<string> };
}

/** A reply that sets the member's session is no cache's (app/server/private-replies.server.ts). */
const PRIVATE_CACHE_CONTROL = "private, no-store";

async function send(res: ExpressResponse, response: Response, sessionCookie: string | null): Promise<void> {
  res.status(response.status);
  // Iterating Headers yields each Set-Cookie on its own.
  for (const [name, value] of response.headers) res.append(name, value);
  if (sessionCookie !== null) {
    res.append("Set-Cookie", sessionCookie);
    res.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  }
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

function toRemixRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const origin = requestOrigin(req);
  const rewrite = res.locals.errorRoute as ErrorRouteRewrite | undefined;
  if (rewrite) {
    return new Request(`${origin}/error?${rewrite.search}`, { method: "GET", headers: toHeaders(req.headers), signal: controller.signal });
  }
  const body = Buffer.isBuffer(req.body) && req.body.length > 0 ? req.body : undefined;
  return new Request(`${origin}${req.originalUrl}`, {
    method: req.method,
    headers: toHeaders(req.headers),
    signal: controller.signal,
    body: req.method === "GET" || req.method === "HEAD" || !body ? undefined : new Uint8Array(body),
  });
}

export function remixHandler(build: ServerBuild | (() => Promise<ServerBuild>), mode: string): RequestHandler {
  const handle = createRequestHandler(build, mode);
  return async (req, res, next) => {
    try {
      const request = toRemixRequest(req, res);
      const cspNonce = res.locals.cspNonce as string;
      const entry = (typeof build === "function" ? await build() : build).entry.module as MallEntry;
      const context = entry.getLoadContext ? await entry.getLoadContext(request, { cspNonce }) : ({ cspNonce } as AppLoadContext);
      const response = await handle(request, context);
      const { session } = context as Committable;
      const sessionCookie = session?.isPending ? await session.commit() : null;
      const rewrite = res.locals.errorRoute as ErrorRouteRewrite | undefined;
      await send(res, rewrite ? new Response(response.body, { status: rewrite.status, headers: response.headers }) : response, sessionCookie);
    } catch (error) {
      next(error);
    }
  };
}
