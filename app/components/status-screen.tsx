/**
 * Full-page status screens (error, not found, being built, the simulated host's events) and the
 * one empty state every empty list shows.
 */
import { Link, isRouteErrorResponse, useRouteError } from "@remix-run/react";
import type { ComponentType, ReactNode, SVGProps } from "react";
import { useTranslation } from "react-i18next";
import { AlertIcon, CoinIcon, CompassIcon, OrderIcon, PinIcon, SearchIcon, StarIcon, StoreIcon, TicketIcon } from "./icons";

/** A full-page status: its picture (an alert, unless the screen names its own; `null` for none), title, body and actions. */
export function StatusScreen({ art, title, body, detail, children, className }: { art?: ReactNode; title: string; body?: string; detail?: string; children?: ReactNode; className?: string }) {
  return (
    <section className={`status-screen ${className ?? ""}`} aria-labelledby="status-title">
      {art === undefined ? <AlertIcon className="status-screen__art" style={{ color: "var(--color-muted)" }} /> : art}
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

/** What an empty list is of: its illustration. */
const EMPTY_ART = {
  coupons: TicketIcon,
  orders: OrderIcon,
  favourites: StarIcon,
  addresses: PinIcon,
  points: CoinIcon,
  search: SearchIcon,
  offers: StoreIcon,
} satisfies Record<string, ComponentType<SVGProps<SVGSVGElement>>>;

export type EmptyArt = keyof typeof EMPTY_ART;

/**
 * An empty list, the same on every screen: an illustration of what would be there, a line saying
 * so (and a hint, if any), and the one thing to do next (a link, or a button of the screen's own).
 * A status: read out when a tab or a filter empties the list.
 */
export function EmptyState({ art, title, hint, action, testId }: { art: EmptyArt; title: string; hint?: string; action?: { to: string; label: string } | ReactNode; testId?: string }) {
  const Art = EMPTY_ART[art];
  return (
    <div className="empty-state" role="status" data-testid={testId ?? "empty-state"} data-empty={art}>
      <span className="empty-state__art" aria-hidden="true">
        <Art />
      </span>
      <p className="empty-state__title">{title}</p>
      {hint ? <p className="empty-state__hint">{hint}</p> : null}
      {isLinkAction(action) ? (
        <Link to={action.to} className="button button--secondary empty-state__action">
          {action.label}
        </Link>
      ) : (
        action
      )}
    </div>
  );
}

function isLinkAction(action: unknown): action is { to: string; label: string } {
  return typeof action === "object" && action !== null && typeof (action as { to?: unknown }).to === "string" && typeof (action as { label?: unknown }).label === "string";
}
