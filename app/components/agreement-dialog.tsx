/**
 * The agreement pop-up (spec section 4): shown after login while the terms' status is non-zero.
 * Agree stays disabled until the checkbox is ticked; Agree posts status 1 and closes; Refuse posts 0
 * and asks the host app to close the web view.
 */
import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { getHostBridge } from "../lib/host-bridge";
import type { action } from "../routes/resources.agreement";

export interface Agreement {
  clauseid: string;
  content: string;
  /** When the terms were last updated, as the gateway gives it. */
  lastTime: string;
}

export function AgreementDialog({ agreement }: { agreement: Agreement }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof action>();
  const [checked, setChecked] = useState(false);
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;

  useEffect(() => {
    dialogRef.current?.focus();
  }, []);

  useEffect(() => {
    if (result?.ok && result.intent === "refuse") void getHostBridge().closeWindow();
  }, [result]);

  if (result?.ok && result.intent === "agree") return null;

  const submit = (intent: "agree" | "refuse") => fetcher.submit({ intent, clauseid: agreement.clauseid }, { method: "post", action: "/resources/agreement" });

  return (
    <div className="dialog-scrim">
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} ref={dialogRef}>
        <h2 className="dialog__title" id={titleId}>
          {t("agreement.title")}
        </h2>
        <p className="dialog__meta">{t("agreement.lastUpdated", { date: agreement.lastTime.slice(0, 10) })}</p>
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region takes focus so the keyboard can scroll it (axe: scrollable-region-focusable) */}
        <div className="dialog__body" tabIndex={0}>
          {agreement.content.split(/\n{2,}/).map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
        <label className="dialog__check">
          <input type="checkbox" checked={checked} onChange={(event) => setChecked(event.currentTarget.checked)} />
          <span>{t("agreement.checkbox")}</span>
        </label>
        {result && !result.ok ? (
          <p className="dialog__error" role="alert">
            {result.message}
          </p>
        ) : null}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => submit("refuse")}>
            {t("agreement.refuse")}
          </button>
          <button type="button" className="button button--primary" disabled={!checked || busy} onClick={() => submit("agree")}>
            {t("agreement.agree")}
          </button>
        </div>
      </div>
    </div>
  );
}
