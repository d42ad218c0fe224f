/**
 * One countdown for every screen that waits for a moment (an offer's start; flash sales and seckills
 * next): hours, minutes and seconds to `to` on the gateway's clock (`now`, from useServerNow). The
 * ticking digits are hidden from assistive technology; a polite live region says how many minutes
 * are left only when that number changes, and says so once at zero, so it never chatters.
 */
import { useTranslation } from "react-i18next";
import "./countdown.css";

const pad = (value: number) => String(value).padStart(2, "0");

export function countdownParts(remainingMs: number): { hours: number; minutes: number; seconds: number } {
  const total = Math.max(0, Math.ceil(remainingMs / 1000));
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}

export function Countdown({ to, now, label }: { to: number; now: number; label: string }) {
  const { t } = useTranslation();
  const remaining = to - now;
  const { hours, minutes, seconds } = countdownParts(remaining);
  const minutesLeft = Math.max(0, Math.ceil(remaining / 60_000));
  return (
    <span className="countdown" data-testid="countdown">
      <span aria-hidden="true">
        {label}{" "}
        <time className="countdown__digits" dateTime={`PT${hours}H${minutes}M${seconds}S`}>
          {pad(hours)}:{pad(minutes)}:{pad(seconds)}
        </time>
      </span>
      <span className="visually-hidden" aria-live="polite">
        {minutesLeft > 0 ? t("countdown.minutesLeft", { label, count: minutesLeft }) : t("countdown.now")}
      </span>
    </span>
  );
}
