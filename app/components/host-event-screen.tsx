/**
 * What the simulated host shows when the mall asks it to close the web view or go back out of the
 * mall: in the wallet app the page would be gone; here the person sees that it happened.
 */
import { memo, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { HOST_EVENT } from "../lib/host-bridge";
import type { SimulatedHostEvent } from "../lib/host-bridge/simulated-host";
import { StatusScreen } from "./status-screen";

/** A memo: the frame renders on every change of the router's state, and this has no props. */
export const HostEventScreen = memo(function HostEventScreen() {
  const { t } = useTranslation();
  const [event, setEvent] = useState<"closed" | "went-back" | null>(null);

  useEffect(() => {
    const onHostEvent = (raw: Event) => {
      const detail = (raw as CustomEvent<SimulatedHostEvent>).detail;
      if (detail.type === "closed" || detail.type === "went-back") setEvent(detail.type);
    };
    window.addEventListener(HOST_EVENT, onHostEvent);
    return () => window.removeEventListener(HOST_EVENT, onHostEvent);
  }, []);

  if (!event) return null;
  return (
    <div className="host-screen" role="alertdialog" aria-modal="true" aria-labelledby="status-title">
      <StatusScreen title={t(event === "closed" ? "host.closedTitle" : "host.wentBackTitle")} body={t("host.simulatedNote")}>
        <a href="/index" className="button button--primary button--block">
          {t("host.reopen")}
        </a>
      </StatusScreen>
    </div>
  );
});
