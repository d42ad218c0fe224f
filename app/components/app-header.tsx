/**
 * The header with a back arrow. Only the seven titled screens show it (spec section 2). Back goes
 * to the previous page of the mall, or asks the host app to go back when there is none or when the
 * screen's rule says so.
 */
import { useNavigate } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { getHostBridge } from "../lib/host-bridge";
import { BackIcon } from "./icons";

export function useGoBack(hostBack: boolean) {
  const navigate = useNavigate();
  return () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (hostBack || index === 0) void getHostBridge().goBack();
    else navigate(-1);
  };
}

export function AppHeader({ title, hostBack, end }: { title: string; hostBack: boolean; end?: ReactNode }) {
  const { t } = useTranslation();
  const goBack = useGoBack(hostBack);
  return (
    <header className="app-header">
      <button type="button" className="icon-button" onClick={goBack} aria-label={t("common.back")}>
        <BackIcon />
      </button>
      <h1 className="app-header__title" data-key-fact="title">
        {title}
      </h1>
      <div>{end}</div>
    </header>
  );
}
