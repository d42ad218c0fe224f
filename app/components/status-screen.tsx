/** Full-page status screens: error, not found, being built, and the simulated host's events. */
import { Link, isRouteErrorResponse, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AlertIcon, CompassIcon } from "./icons";

export function StatusScreen({ art, title, body, detail, children, className }: { art?: ReactNode; title: string; body?: string; detail?: string; children?: ReactNode; className?: string }) {
  return (
    <section className={`status-screen ${className ?? ""}`} aria-labelledby="status-title">
      {art}
      <h1 className="status-screen__title" id="status-title">
        {title}
      </h1>
      {body ? <p className="status-screen__body">{body}</p> : null}
      {detail ? <p className="status-screen__detail">{detail}</p> : null}
      {children ? <div className="status-screen__actions">{children}</div> : null}
    </section>
  );
}

export function BackToHomeLink() {
  const { t } = useTranslation();
  return (
    <Link to="/index" className="button button--primary button--block" reloadDocument>
      {t("common.backToHome")}
    </Link>
  );
}

export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <StatusScreen art={<CompassIcon className="status-screen__art" style={{ color: "var(--color-muted)" }} />} title={t("notFound.title")} body={t("notFound.body")}>
      <BackToHomeLink />
    </StatusScreen>
  );
}

/** A screen's error boundary: its 404 is the not-found screen, anything else the error screen. */
export function NotFoundOrErrorScreen() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  return (
    <StatusScreen title={t("error.unexpected")} body={t("error.tryLater")}>
      <BackToHomeLink />
    </StatusScreen>
  );
}

/** 'Overwhelming Response / Please refresh the page or try again later' (spec section 2). */
export function OverwhelmedScreen({ detail, retryTo }: { detail?: string; retryTo?: string }) {
  const { t } = useTranslation();
  return (
    <StatusScreen art={<AlertIcon className="status-screen__art" style={{ color: "var(--color-brand)" }} />} title={t("error.overwhelming")} body={t("error.tryLater")} detail={detail}>
      {retryTo ? (
        <a href={retryTo} className="button button--secondary button--block">
          {t("error.refresh")}
        </a>
      ) : null}
      <BackToHomeLink />
    </StatusScreen>
  );
}
