/**
 * The document: locale, titles, the frame, and the overlays every page shares (the agreement pop-up
 * among them). The root loader calls the gateway only to check the terms once per login.
 */
import { ListLinkProvider } from "./components/list-link";
import { reportError } from "./lib/errors/reporter";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, type ShouldRevalidateFunction, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { AgreementDialog, type Agreement } from "./components/agreement-dialog";
import { AppFrame } from "./components/app-frame";
import { BackToHomeLink, NotFoundScreen, OverwhelmedScreen, StatusScreen } from "./components/status-screen";
import { LocationSync } from "./components/location-sync";
import { useNonce } from "./components/nonce";
import { TaskWidget } from "./components/task-widget";
import { documentTitleMeta } from "./document-title";
import { fixedT, localeCookieHeader } from "./server/i18n.server";
import { routeIdOf, routeOfId } from "./route-tree";
import { basicInformation, clause } from "#core/api/endpoints";
import { isApiError } from "#core/api/errors";
import { DEFAULT_LOCALE, htmlLang, normalizeLocale } from "./lib/i18n/locale";
import { MessagesPreload } from "./lib/i18n/messages";
import { reportMemberRevision, type MemberRevision } from "./lib/keep-alive";
import { SeenForgottenOnSubmit } from "./lib/intent-data";
import { mallContext } from "./server/context.server";
import { appMarketUrl } from "./server/config.server";

/**
 * A raster icon: Chromium asks for the page's icon again at every navigation of the router, and
 * opens an SVG icon as a document of its own on the main thread (its text laid out, some 13 ms at a
 * phone's speed) in the middle of the tap; a 64 px PNG costs next to nothing to decode.
 */
export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.png", type: "image/png", sizes: "64x64" }];

export const meta = documentTitleMeta;

/**
 * The root's data (locale, titles, the terms pop-up, flags) changes only with a form submission
 * (agreeing to the terms) or a new document; plain navigations leave it, so a screen kept alive
 * comes back without asking the server anything.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }) =>
  // An action, or an explicit revalidation (the payment result refreshes the basic information).
  (formMethod !== undefined || currentUrl.href === nextUrl.href) && defaultShouldRevalidate;

export async function loader(args: LoaderFunctionArgs) {
  const { request } = args;
  const mall = await mallContext(args);
  const { session, locale, api } = mall;
  const url = new URL(request.url);
  const t = await fixedT(locale);

  const hostConfig = session.takeFlash("hostConfig") ?? null;

  // The member's revision: kept-alive screens are forgotten when it moves (lib/keep-alive.ts). The
  // screen's own loader deals with a gateway that fails; here it only means "unknown".
  const quiet = routeOfId(routeIdOf(url.pathname))?.quiet === true;
  // 'not login' is the exception (spec section 6): the session is gone, so it is cleared and the member
  // sent to sign in once, even on a screen that makes no member call of its own.
  const revision: Promise<(MemberRevision & { point: number }) | { notLogin: unknown } | null> =
    mall.member && !quiet
      ? api.raw.shared(basicInformation).then(
          (info) => ({ revision: info.revision, pending: info.pending, point: info.point }),
          (error: unknown) => (isApiError(error) && error.code === "NOT_LOGIN" ? { notLogin: error } : null),
        )
      : Promise.resolve(null);

  let agreement: Agreement | null = null;
  if (mall.member && !session.get("clauseChecked") && !quiet) {
    try {
      const terms = await api.raw.reply(clause);
      if (terms.data.status === 0) {
        session.set("clauseChecked", true);
      } else {
        agreement = { clauseid: String(terms.data.clauseid), content: terms.data.content, lastTime: terms.data.create_at };
      }
    } catch (error) {
      // A refused session is handled like on any page (sign in again, once). Other failures are
      // left to the page's own loader; the terms are checked again on the next page.
      if (isApiError(error) && error.code === "NOT_LOGIN") throw await api.failure(error);
      console.warn("terms check failed", error);
    }
  }

  const member = await revision;
  if (member && "notLogin" in member) throw await api.failure(member.notLogin);

  const headers = new Headers();
  const localeCookie = await localeCookieHeader(request, locale);
  if (localeCookie) headers.append("Set-Cookie", localeCookie);

  return data(
    {
      locale,
      titles: { app: t("app.name"), myCoupons: t("title.myCoupons") },
      hostConfig,
      agreement,
      secretDoor: session.get("secretDoor") ?? false,
      signedIn: mall.member !== null,
      member,
      // The sandbox's stand-in for the wallet, where the simulated host's cashier pays.
      simulatedWallet: mall.environment.name === "sandbox" ? (mall.environment.walletBase ?? null) : null,
      appMarket: appMarketUrl(mall.environment),
    },
    { headers },
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const { i18n: instance } = useTranslation();
  const locale = rootData?.locale ?? normalizeLocale(instance.language) ?? DEFAULT_LOCALE;
  useChangeLanguage(locale);
  const nonce = useNonce();
  return (
    <html lang={htmlLang(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#f2541b" />
        <Meta />
        <Links />
        <MessagesPreload locale={locale} />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { agreement, hostConfig, secretDoor, signedIn, member, simulatedWallet } = useLoaderData<typeof loader>();
  useEffect(() => reportMemberRevision(member), [member]);
  return (
    <>
      {/* Around the frame: the kept-alive home it renders (components/kept-screen.tsx) has list links too. */}
      <ListLinkProvider>
        <AppFrame hostConfig={hostConfig} secretDoor={secretDoor} signedIn={signedIn} simulatedWallet={simulatedWallet} points={member?.point ?? null}>
          <Outlet />
        </AppFrame>
      </ListLinkProvider>
      {agreement ? <AgreementDialog key={agreement.clauseid} agreement={agreement} /> : null}
      <TaskWidget />
      <LocationSync />
      <SeenForgottenOnSubmit />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  // What broke the page goes to the error-reporting service (a loader's 5xx is the server's own report).
  useEffect(() => {
    if (!isRouteErrorResponse(error)) reportError("render", error);
  }, [error]);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  if (isRouteErrorResponse(error) && error.status === 429) return <OverwhelmedScreen />;
  if (isRouteErrorResponse(error) && error.status === 400) {
    return (
      <StatusScreen title={t("badRequest.title")} body={t("badRequest.body")}>
        <BackToHomeLink />
      </StatusScreen>
    );
  }
  const offline = typeof navigator !== "undefined" && navigator.onLine === false;
  return (
    <StatusScreen title={offline ? t("network.abnormalTitle") : t("error.unexpected")} body={offline ? t("network.abnormalMessage") : t("error.tryLater")}>
      <BackToHomeLink />
    </StatusScreen>
  );
}
