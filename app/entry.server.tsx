/**
 * Server rendering: one i18next instance per request, in the request's locale, then React's
 * streaming renderer (whole document at once for bots), its scripts carrying the request's CSP nonce.
 * Document and data replies also replace any cookie of the mall that arrived with a bad value.
 */
import { ErrorReportSchema } from "./lib/errors/report";
import { environmentName } from "./server/config.server";
import { sendErrorReport } from "./server/error-reports.server";
import { PassThrough } from "node:stream";
import {
  createReadableStreamFromReadable,
  type AppLoadContext,
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
} from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { NonceProvider } from "./components/nonce";
import { cookieRepairs } from "./server/cookies.server";
import { getLocale, serverI18n } from "./server/i18n.server";

export const streamTimeout = 5_000;

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

  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";

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
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell is ready reject above; later ones are worth a log line.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}
