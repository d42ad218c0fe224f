/**
 * Server rendering, in the shape of Remix's templates (`npx create-remix`): React's streaming
 * renderer, the shell sent as soon as it is ready to a browser, the whole document at once to a
 * crawler (`isbot`), every script carrying the request's CSP nonce, with the locale's shared
 * i18next instance. Document and data replies also replace any cookie of the mall that arrived with
 * a bad value, and are kept by no cache when they are the visitor's own
 * (app/server/private-replies.server.ts).
 *
 * The session's changes ride on the reply here (app/server/context.server.ts `sessionCookieOf`).
 */
import { ErrorReportSchema } from "#core/errors/report";
import { describeError } from "#core/errors/report-text";
import { environmentName } from "./server/config.server";
import { sendErrorReport } from "./server/error-reports.server";
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext, type HandleDataRequestFunction, type HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { Transform } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { NonceProvider } from "./components/nonce";
import { mallContext, sessionCookieOf, tokenAnsweredIn } from "./server/context.server";
import { cookieOptionsFor, cookieRepairs, reloginCookie } from "./server/cookies.server";
import { serverI18n } from "./server/i18n.server";
import { keepVisitorsOwnPrivate } from "./server/private-replies.server";

/** React's Node renderer's buffer: it writes the document in views of this many bytes. */
const VIEW_SIZE = 2048;

/**
 * What React's Node renderer writes, on its way to the reply. Two jobs:
 *
 * - React 18's renderer flushes its whole view when the next character of several bytes does not
 *   fit the view's end, the unused bytes with it: up to three NULs in the document, in the middle of
 *   a Chinese word (facebook/react#24985; fixed in React 19, which Remix 2 does not take). Only a
 *   chunk of exactly a view's size can carry them, at its end; they are dropped there, and every
 *   other byte goes through as React wrote it. React's web-stream renderer has no such fault but
 *   renders a page about a fifth slower on Node.
 * - The renderer writes a view at a time (home is some thirty of them) and, when it has written all
 *   it has for now, calls its destination's `flush()`, the convention zlib's streams and the
 *   compression middleware keep. Each chunk that goes on costs the web stream Remix's adapter reads
 *   and the socket's writes; so the views are held and sent as one chunk when React flushes (or
 *   ends). What the member receives, and when, is the same: React flushes as soon as a part is ready.
 */
export class DocumentStream extends Transform {
  #held: Buffer[] = [];

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    let end = chunk.length;
    if (end === VIEW_SIZE) while (end > VIEW_SIZE - 3 && chunk[end - 1] === 0) end -= 1;
    this.#held.push(end === chunk.length ? chunk : chunk.subarray(0, end));
    done();
  }

  /** Called by React's renderer once it has written what it has. */
  flush(): void {
    const held = this.#held;
    if (held.length === 0) return;
    this.#held = [];
    this.push(held.length === 1 ? held[0] : Buffer.concat(held));
  }

  override _flush(done: (error?: Error | null) => void): void {
    this.flush();
    done();
  }
}

/** How long deferred data may take before the render gives up on it (Remix's single fetch reads this export). */
export const streamTimeout = 5_000;

/**
 * The session, when the request changed it, then the cookie repairs (which must know the cookies the
 * reply already sets: a session cookie that arrived bad is replaced by the session itself when it is
 * set) and the reply's privacy.
 */
async function finishReply(request: Request, headers: Headers, context: AppLoadContext): Promise<void> {
  const session = await sessionCookieOf(context);
  if (session !== null) headers.append("Set-Cookie", session);
  // The member's token was answered: a sign-in round trip after a lost session has ended, and a
  // session lost later on is a new one, sent to sign in again rather than to the error screen.
  if ((await tokenAnsweredIn(context)) && (await reloginCookie.parse(request.headers.get("cookie")))) {
    headers.append("Set-Cookie", await reloginCookie.serialize("1", { ...cookieOptionsFor(request), maxAge: 0 }));
  }
  for (const line of await cookieRepairs(request, headers.getSetCookie())) headers.append("Set-Cookie", line);
  keepVisitorsOwnPrivate(request, headers);
}

/**
 * Errors worth a line in the server's log: not a client's 4xx (a post to a screen with no action,
 * a path that is not the mall's), nor a request the client gave up on.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const log = context.log ?? context.services.log;
  log.error({ err: error }, "request failed");
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
  if (report.success && environment) void sendErrorReport(report.data, { environment, userAgent: request.headers.get("user-agent"), log });
};

export const handleDataRequest: HandleDataRequestFunction = async (response, { request, context }) => {
  const repaired = new Response(response.body, response);
  await finishReply(request, repaired.headers, context);
  return repaired;
};

export default async function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext, loadContext: AppLoadContext) {
  const nonce = loadContext.cspNonce;
  // The locale the loaders rendered with (or the request's, on a page whose loaders made no mall context).
  const { locale } = await mallContext({ request, context: loadContext });
  await finishReply(request, responseHeaders, loadContext);
  const instance = await serverI18n(locale);
  // A crawler (or a page rendered in SPA mode) gets the whole document once everything has settled;
  // a browser gets the shell as soon as it is ready, and deferred data streams after it.
  const whole = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={instance}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        [whole ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new DocumentStream();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors in the shell reject above; later ones (a deferred part that failed) are logged here.
          if (shellRendered) (loadContext.log ?? loadContext.services.log).error({ err: error }, "deferred part of a page failed");
        },
      },
    );
    // Deferred data that is still pending by then is rejected (streamTimeout), and React is given a
    // second more to flush what it has before the render is abandoned.
    setTimeout(abort, streamTimeout + 1_000);
  });
}
