/**
 * The simulated host's dev panel (sandbox only, never in prod; the root passes the simulated wallet
 * only on the sandbox): the calls the mall made to the host, newest first, and the host's own events
 * to play (its back button, a resume, the network going and coming back). Off until asked for with
 * `?hostPanel=1` (kept for the tab; `?hostPanel=0` turns it off), so it never covers a screen
 * unasked.
 */
import { useEffect, useState } from "react";
import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SIMULATED_EVENT } from "../lib/host-bridge/simulated-host";
import type { HostCall, HostEvent } from "../lib/host-bridge/types";
import "./host-dev-panel.css";

const PANEL_KEY = "mcoin.host-panel";
const SHOWN = 30;

export function HostDevPanel() {
  const { t } = useTranslation();
  const location = useLocation();
  const [enabled, setEnabled] = useState(false);
  const [open, setOpen] = useState(false);
  const [calls, setCalls] = useState<HostCall[]>([]);

  useEffect(() => {
    const asked = new URLSearchParams(location.search).get("hostPanel");
    let wanted = asked === "1";
    try {
      if (asked === "1" || asked === "0") window.sessionStorage.setItem(PANEL_KEY, asked);
      wanted = window.sessionStorage.getItem(PANEL_KEY) === "1";
    } catch {
      // Storage off: only this page's ?hostPanel=1 counts.
    }
    // Mounted only once the simulated host answers (components/simulated-host-screens.tsx): inside the wallet it never shows.
    setEnabled(wanted);
  }, [location.search]);

  useEffect(() => {
    if (!open) return;
    const read = () => setCalls((window.__mcoinHost?.calls() ?? []).slice(-SHOWN).reverse());
    read();
    const timer = setInterval(read, 500);
    return () => clearInterval(timer);
  }, [open]);

  if (!enabled) return null;
  const play = (event: HostEvent) => window.dispatchEvent(new CustomEvent(SIMULATED_EVENT, { detail: event }));

  return (
    <div className="host-panel" data-testid="host-panel">
      <button type="button" className="host-panel__toggle" aria-expanded={open} aria-controls="host-panel-body" onClick={() => setOpen(!open)}>
        {t("host.panel.toggle")}
      </button>
      {open ? (
        <section id="host-panel-body" className="host-panel__body" aria-label={t("host.panel.title")}>
          <div className="host-panel__events">
            <button type="button" onClick={() => play({ type: "back" })}>
              {t("host.panel.back")}
            </button>
            <button type="button" onClick={() => play({ type: "resume", awayMs: 0 })}>
              {t("host.panel.resume")}
            </button>
            <button type="button" onClick={() => play({ type: "network", online: false, networkType: "none" })}>
              {t("host.panel.offline")}
            </button>
            <button type="button" onClick={() => play({ type: "network", online: true, networkType: "wifi" })}>
              {t("host.panel.online")}
            </button>
            <button
              type="button"
              onClick={() => {
                window.__mcoinHost?.clearCalls();
                setCalls([]);
              }}
            >
              {t("host.panel.clear")}
            </button>
          </div>
          <ol className="host-panel__calls" aria-label={t("host.panel.calls")}>
            {calls.map((call, index) => (
              <li key={`${call.at}-${index}`}>
                <code>{call.method}</code> <span>{JSON.stringify(call.args).slice(0, 120)}</span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
