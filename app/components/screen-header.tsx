/**
 * The one header of every screen, in the variant its route table entry names (app/route-table.js
 * `title` and `header`):
 * - `bar`: the titled bar with a back arrow. Only the spec's seven titled screens show it (spec
 *   section 2: "a header with a back arrow shows only where a title exists"); the frame draws it.
 * - `hero`: the screen's own heading band, in the brand's colour (check-in, mCoin, seckill) or plain
 *   (addresses, branches, a store, an order), with the screen's back at its start. The screen draws it,
 *   since what the band holds is the screen's.
 * - `float`: no band; a round back pinned over the screen's picture (an offer, a zone, Asia Miles).
 *   The frame draws it.
 * Every back here goes where the header's arrow goes: the previous page of the mall, or the host
 * app's back where the screen's rule says so or the mall has no previous page.
 */
import { useLocation, useNavigate, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useScreen } from "../hooks/use-screen";
import { getHostBridge } from "../lib/host-bridge";
import { BackIcon } from "./icons";
import "./screen-header.css";

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

/**
 * Whether back on the shown screen is the host app's (spec section 2): the shared-link entries, and
 * my coupons entered with a session token (`?entry=token`: app/routes/mycoupons.ts).
 */
export function useHostBackRule(): { hostBack: boolean; tokenCouponPage: boolean } {
  const screen = useScreen();
  const location = useLocation();
  const tokenCouponPage = Boolean(screen?.couponTab) && new URLSearchParams(location.search).get("entry") === "token";
  return { hostBack: Boolean(screen?.hostBack || tokenCouponPage), tokenCouponPage };
}

/** The back control: an arrow on the bar, a round button over a picture, or white on the brand's colour. */
export function BackButton({ tone = "bar" }: { tone?: "bar" | "float" | "brand" | "plain" }) {
  const { t } = useTranslation();
  const goBack = useGoBack(useHostBackRule().hostBack);
  return (
    <button type="button" className={`icon-button back-button back-button--${tone}`} onClick={goBack} aria-label={t("common.back")}>
      <BackIcon />
    </button>
  );
}

/** The titled bar (the frame's, for the seven titled screens). */
export function HeaderBar({ title, end }: { title: string; end?: ReactNode }) {
  return (
    <header className="app-header">
      <BackButton />
      <h1 className="app-header__title" data-key-fact="title">
        {title}
      </h1>
      <div>{end}</div>
    </header>
  );
}

/** The round back pinned over a picture-led screen (the frame's); it stays in reach while the page scrolls. */
export function FloatingBack() {
  return (
    <div className="screen-back" data-testid="screen-back">
      <BackButton tone="float" />
    </div>
  );
}
