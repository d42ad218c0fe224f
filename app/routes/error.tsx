/**
 * The error route (spec section 8): HTTP 500 and 429, network failures and timeouts from the
 * gateway land here. 'Refresh' takes the member back to the page that failed. A 400 (the gateway
 * refused the request) and a 403 (it refused the member's access) say so instead, with what to do.
 */
import { type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AlertIcon, UserIcon } from "../components/icons";
import { BackToHomeLink, OverwhelmedScreen, StatusScreen } from "../components/status-screen";
import { safeLocalPath } from "../lib/url/local-path";
import type { ScreenHandle } from "../screen-handle";

export const handle: ScreenHandle = { analytics: "error" };

/** Only paths of this site, and not this screen itself, may be returned to. */
function safeFrom(raw: string | null): string | null {
  const path = safeLocalPath(raw);
  return path && !path.startsWith("/error") ? path : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const ms = Number(params.get("ms"));
  return {
    code: params.get("code"),
    reason: params.get("reason"),
    status: params.get("status") === "400" || params.get("status") === "403" ? Number(params.get("status")) : null,
    timeoutMs: Number.isFinite(ms) && ms > 0 ? ms : null,
    from: safeFrom(params.get("from")),
  };
}

export default function ErrorRoute() {
  const { t } = useTranslation();
  const { code, reason, status, timeoutMs, from } = useLoaderData<typeof loader>();
  if (reason === "session") {
    return (
      <StatusScreen art={<UserIcon className="status-screen__art" style={{ color: "var(--color-muted)" }} />} title={t("error.sessionLostTitle")} body={t("error.sessionLost")}>
        <BackToHomeLink />
      </StatusScreen>
    );
  }
  if (status === 403) {
    return (
      <StatusScreen art={<AlertIcon className="status-screen__art" style={{ color: "var(--color-muted)" }} />} title={t("error.forbiddenTitle")} body={t("error.forbidden")}>
        <BackToHomeLink />
      </StatusScreen>
    );
  }
  if (status === 400) {
    return (
      <StatusScreen art={<AlertIcon className="status-screen__art" style={{ color: "var(--color-muted)" }} />} title={t("error.rejectedTitle")} body={t("error.rejected")}>
        {from ? (
          <a href={from} className="button button--secondary button--block">
            {t("error.tryAgain")}
          </a>
        ) : null}
        <BackToHomeLink />
      </StatusScreen>
    );
  }
  const detail = code === "TIMEOUT" && timeoutMs ? t("error.timeout", { ms: timeoutMs }) : undefined;
  return <OverwhelmedScreen detail={detail} retryTo={from ?? undefined} />;
}
