/**
 * What the timed sales (flash sale, seckill) share: the session tabs with each session's start time
 * and phase, the head of a session with its countdown, and reading the list again when a session
 * starts or ends. Phases are read on the gateway's clock (the `now` of useServerNow).
 */
import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime, formatTime, macauDayOf } from "../lib/time/format";
import type { Locale } from "../lib/i18n/locale";
import { useLocale } from "../hooks/use-locale";
import { Countdown } from "./countdown";
import "./sale-sessions.css";

export interface TimedSession {
  id: number;
  startAt: number;
  endAt: number;
  /** A seckill canary session (core/api/promotion-endpoints.ts): its tab says "early access", as a running session at the same time may share its start. */
  gray?: boolean;
}

export type Phase = "upcoming" | "running" | "ended";
export const phaseOf = (session: { startAt: number; endAt: number }, now: number): Phase => (now < session.startAt ? "upcoming" : now < session.endAt ? "running" : "ended");

/** Reads the list again when a session it shows starts or ends (fresh sold and remaining counts). */
export function useRefreshOnPhaseChange(sessions: readonly TimedSession[], now: number) {
  const revalidator = useRevalidator();
  const phases = new Map(sessions.map((session) => [session.id, phaseOf(session, now)]));
  const previous = useRef(phases);
  useEffect(() => {
    const changed = [...phases].some(([id, phase]) => previous.current.has(id) && previous.current.get(id) !== phase);
    previous.current = phases;
    if (changed && revalidator.state === "idle") revalidator.revalidate();
  });
}

/**
 * When a session starts, as its tab says it, by days of Macau: "15:00" today, "Yesterday 23:00" for
 * one on since yesterday, "Tomorrow 15:00", or the date and time further away.
 */
export function sessionTimeLabel(at: number, now: number, t: (key: string, options: Record<string, unknown>) => string, locale: Locale): string {
  const days = macauDayOf(at) - macauDayOf(now);
  if (days === 0) return formatTime(at);
  if (days === 1) return t("promo.tomorrowAt", { time: formatTime(at) });
  if (days === -1) return t("promo.yesterdayAt", { time: formatTime(at) });
  return formatDateTime(at, locale);
}

export function useSessionTime() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (at: number, now: number) => sessionTimeLabel(at, now, t, locale);
}

/** The sessions as tabs (this period's first); the panel they control is `panelId`. */
export function SessionTabs({ sessions, selected, now, panelId, onSelect }: { sessions: readonly TimedSession[]; selected: number; now: number; panelId: string; onSelect(id: number): void }) {
  const { t } = useTranslation();
  const sessionTime = useSessionTime();
  return (
    <div className="promo-sessions" role="tablist" aria-label={t("promo.sessions")}>
      {sessions.map((session) => (
        <button
          key={session.id}
          type="button"
          role="tab"
          id={`${panelId}-tab-${session.id}`}
          aria-controls={panelId}
          aria-selected={session.id === selected}
          className="promo-sessions__tab"
          onClick={() => onSelect(session.id)}
        >
          <span className="promo-sessions__time" data-key-fact="session-time">
            {sessionTime(session.startAt, now)}
          </span>
          <span className="promo-sessions__phase" data-key-fact="session-phase">
            {session.gray ? <span className="promo-sessions__early">{t("seckill.earlyAccess")}</span> : null}
            {t(`promo.phase.${phaseOf(session, now)}`)}
          </span>
        </button>
      ))}
    </div>
  );
}

/** A session's state and its countdown: to its start while upcoming, to its end while on. */
export function SessionHead({ session, now }: { session: TimedSession; now: number }) {
  const { t } = useTranslation();
  const upcoming = now < session.startAt;
  return (
    <div className={`promo-panel__head promo-panel__head--${upcoming ? "upcoming" : "running"}`}>
      {/* The session's heading: the items below are its h3s (a screen's h1 is in its header). */}
      <h2 className="promo-panel__label">{upcoming ? t("promo.comingSoon") : t("promo.onNow")}</h2>
      <Countdown to={upcoming ? session.startAt : session.endAt} now={now} label={upcoming ? t("promo.startsIn") : t("promo.endsIn")} />
    </div>
  );
}
