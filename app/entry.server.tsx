/**
 * Server rendering: the locale's shared i18next instance, then React's renderer, the whole document
 * at once, its scripts carrying the request's CSP nonce, its modules made to wait for the first paint.
 * Document and data replies also replace any cookie of the mall that arrived with a bad value, and
 * are kept by no cache when they are the visitor's own (app/server/private-replies.server.ts).
 *
 * `getLoadContext` makes each request's load context (app/server/context.server.ts); the mall's server
 * (server/remix-handler.ts) calls it from this build.
 */
import { ErrorReportSchema } from "#core/errors/report";
import { describeError } from "#core/errors/report-text";
import { deferModuleScripts } from "./lib/scripts-after-paint";
import { env, environmentName } from "./server/config.server";
import { sendErrorReport } from "./server/error-reports.server";
import { type AppLoadContext, type EntryContext, type HandleDataRequestFunction, type HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { NonceProvider } from "./components/nonce";
import { cookieRepairs, sessionCookie } from "./server/cookies.server";
import { serverI18n } from "./server/i18n.server";
import { keepVisitorsOwnPrivate } from "./server/private-replies.server";

export { createAppLoadContext as getLoadContext } from "./server/context.server";

export const streamTimeout = 5_000;

/** The page's modules start after the first paint (lib/scripts-after-paint.ts); production builds only. */
const DEFER_MODULES = env.NODE_ENV === "production";

/**
 * The document with its modules deferred. Only the stretch Remix's scripts take is searched: from its
 * first module link to the end of its module script (the page's data follows, and can be long).
 */
function withModulesAfterPaint(document: string): string {
  const from = document.indexOf('<link rel="modulepreload"');
  const script = document.indexOf('type="module" async="">', from);
  const to = script < 0 ? -1 : document.indexOf("</script>", script);
  if (from < 0 || to < 0) return document;
  return document.slice(0, from) + deferModuleScripts(document.slice(from, to)).html + document.slice(to);
}

/**
 * The reply's privacy and cookie repairs, which must know the cookies it sets: the session, when the
 * request changed it, is set by the server after this (server/remix-handler.ts).
 */
async function finishReply(request: Request, headers: Headers, context: AppLoadContext): Promise<void> {
  const setsSession = context.session.isPending;
  // A session cookie that arrived bad is replaced by the session itself when it is set.
  const alreadySet = setsSession ? [...headers.getSetCookie(), `${sessionCookie.name}=`] : headers.getSetCookie();
  for (const line of await cookieRepairs(request, alreadySet)) headers.append("Set-Cookie", line);
  keepVisitorsOwnPrivate(request, headers, setsSession);
}

/**
 * Errors worth a line in the server's log: not a client's 4xx (a post to a screen with no action,
 * a path that is not the mall's), nor a request the client gave up on.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
  // The server's own errors go to the same collector as the pages' (spec section 8).
  const url = new URL(request.url);
  // describeError puts a message on one line (a zod error's is JSON over many) so that the schema takes it.
  const report = ErrorReportSchema.safeParse({ kind: "server", ...describeError(isRouteErrorResponse(error) ? `HTTP ${error.status}` : error), path: url.pathname });
  let environment: ReturnType<typeof environmentName> | null = null;
  try {
    environment = environmentName(url);
  } catch {
    environment = null;
  }
  if (report.success && environment) void sendErrorReport(report.data, { environment, userAgent: request.headers.get("user-agent") });
};

export const handleDataRequest: HandleDataRequestFunction = async (response, { request, context }) => {
  const repaired = new Response(response.body, response);
  await finishReply(request, repaired.headers, context);
  return repaired;
};

export default async function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext, loadContext: AppLoadContext) {
  const nonce = loadContext.cspNonce;
  await finishReply(request, responseHeaders, loadContext);
  const instance = await serverI18n(loadContext.locale);
  await readServerHandoff(remixContext);

  // The whole document as one string: nothing on these pages waits on deferred data (the page's data
  // was read whole just above), so streaming it gained no time, while the streaming renderer encoded
  // every piece of markup into small byte chunks as it went (a third of home's render).
  const html = renderToString(
    <NonceProvider value={nonce}>
      <I18nextProvider i18n={instance}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </I18nextProvider>
    </NonceProvider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(`<!DOCTYPE html>${DEFER_MODULES ? withModulesAfterPaint(html) : html}`, { headers: responseHeaders, status: responseStatusCode });
}

/** What Remix's StreamTransfer keeps of each chunk of the page's data it has read (renderMeta.streamCache). */
type HandoffRead = Promise<void> & { result?: { done: boolean; value: string }; error?: unknown };

/**
 * Reads the page's data (the single-fetch handoff stream) whole before the render, and hands it to
 * Remix's StreamTransfer as the reads it would have made itself: its cache of reads, keyed by chunk
 * (@remix-run/react single-fetch.js), so it writes the same scripts without suspending, and the
 * document can be rendered in one synchronous pass. A read that fails is handed over as its error,
 * which StreamTransfer throws, as it would have.
 */
async function readServerHandoff(context: EntryContext): Promise<void> {
  const stream = context.serverHandoffStream;
  if (!stream) return;
  const renderMeta = (context.renderMeta ??= {}) as { streamCache?: Record<number, HandoffRead> };
  const cache: Record<number, HandoffRead> = (renderMeta.streamCache ??= {});
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  try {
    for (let chunk = 0; ; chunk++) {
      const read = Promise.resolve() as HandoffRead;
      cache[chunk] = read;
      try {
        const { done, value } = await reader.read();
        read.result = { done, value: decoder.decode(value as Uint8Array | undefined, { stream: true }) };
        if (done) break;
      } catch (error) {
        read.error = error;
        break;
      }
    }
  } finally {
    // StreamTransfer takes a reader of its own (it reads nothing: every read is in the cache).
    reader.releaseLock();
  }
}
