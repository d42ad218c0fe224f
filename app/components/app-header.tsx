/**
 * The header with a back arrow. Only the seven titled screens show it (spec section 2). Back goes
 * to the previous page of the mall, or asks the host app to go back when there is none or when the
 * screen's rule says so.
 */
import { useLocation, useNavigate, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { getHostBridge } from "../lib/host-bridge";
import { BackIcon } from "./icons";

export function useGoBack(hostBack: boolean) {
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
  const opening = navigation.state === "loading" && navigation.location.pathname !== location.pathname;
  return () => {
    // The screen being opened is still loading (its skeleton and title are up): back means "not
    // this one", so the member stays on the screen the router still shows. A new navigation to it
    // is the router's own way of cancelling the pending one.
    if (opening) {
      navigate(location, { replace: true, state: location.state, preventScrollReset: true });
      return;
    }
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
