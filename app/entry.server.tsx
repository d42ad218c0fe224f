/**
 * Server rendering: the locale's shared i18next instance, then React's renderer, the whole document
 * at once, its scripts carrying the request's CSP nonce, its modules made to wait for the first paint.
 * Document and data replies also replace any cookie of the mall that arrived with a bad value.
 */
import { ErrorReportSchema } from "./lib/errors/report";
import { deferModuleScripts } from "./lib/scripts-after-paint";
import { env, environmentName } from "./server/config.server";
import { sendErrorReport } from "./server/error-reports.server";
import { Writable } from "node:stream";
import {
  type AppLoadContext,
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
} from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { NonceProvider } from "./components/nonce";
import { cookieRepairs } from "./server/cookies.server";
import { getLocale, serverI18n } from "./server/i18n.server";

export const streamTimeout = 5_000;

/** The page's modules start after the first paint (lib/scripts-after-paint.ts); production builds only. */
const DEFER_MODULES = env.NODE_ENV === "production";

/** The document with its modules deferred; only its tail, from Remix's first module link, is read as text. */
function withModulesAfterPaint(document: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const from = document.indexOf('<link rel="modulepreload"');
  if (from < 0) return document;
  return Buffer.concat([document.subarray(0, from), Buffer.from(deferModuleScripts(document.subarray(from).toString("utf8")).html)]);
}

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** This request's Content-Security-Policy nonce (server/security-headers.ts). */
    cspNonce?: string;
  }
}

async function repairCookies(request: Request, headers: Headers): Promise<void> {
  for (const line of await cookieRepairs(request, headers.getSetCookie())) headers.append("Set-Cookie", line);
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
  const report = ErrorReportSchema.safeParse({
    kind: "server",
    message: error instanceof Error ? error.message || error.name : isRouteErrorResponse(error) ? `HTTP ${error.status}` : String(error),
    stack: error instanceof Error ? error.stack?.split("\n").slice(0, 12).join("\n") : undefined,
    path: url.pathname,
  });
  let environment: ReturnType<typeof environmentName> | null = null;
  try {
    environment = environmentName(url);
  } catch {
    environment = null;
  }
  if (report.success && environment) void sendErrorReport(report.data, { environment, userAgent: request.headers.get("user-agent") });
};

export const handleDataRequest: HandleDataRequestFunction = async (response, { request }) => {
  const repaired = new Response(response.body, response);
  await repairCookies(request, repaired.headers);
  return repaired;
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? "";
  await repairCookies(request, responseHeaders);
  const instance = await serverI18n(await getLocale(request));

  // The whole document, then one write: nothing on these pages waits on deferred data, so streaming
  // the shell first gained no time, and home's 55 KB went out as some thirty writes through four
  // streams (a tenth of the server's work on it). Bots already got the whole document.
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const chunks: Buffer[] = [];
    const body = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        clearTimeout(timer);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        const document = Buffer.concat(chunks);
        resolve(new Response(DEFER_MODULES ? withModulesAfterPaint(document) : document, { headers: responseHeaders, status: responseStatusCode }));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={instance}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors of the shell reject above; later ones are worth a log line.
          if (shellRendered) console.error(error);
        },
      },
    );
    const timer = setTimeout(abort, streamTimeout + 1_000);
  });
}
