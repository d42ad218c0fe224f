/**
 * Home's promotion banners, a carousel: the banner's picture with its headline set over it in the
 * member's language (the pictures carry no words: sandbox/pictures/scenes.ts), swiped by the
 * track's scroll snapping or moved by the page dots below, which are buttons with names. The box has
 * the banners' fixed 5:2 shape before any picture arrives, so nothing moves. Tapping a banner follows
 * its type (spec section 7): in-app route, new window, or mini-program with a source tag; below wallet
 * 5.8.6 the upgrade prompt instead. It does not turn by itself: a member reading a headline is not
 * interrupted (docs/decisions/016-demo-pictures-and-banners.md).
 */
import { useRouteLoaderData } from "@remix-run/react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Ad } from "#core/api/catalog-endpoints";
import { adAction } from "../lib/catalog/ads";
import { getHostBridge } from "../lib/host-bridge";
import { parseHostUserAgent } from "../lib/host-bridge/user-agent";
import { Picture } from "./picture";
import { Dialog } from "./dialog";
import { useFrameNavigate } from "./list-link";
import type { loader as rootLoader } from "../root";
import "./ad-banner.css";

export function AdBanner({ ads }: { ads: Ad[] }) {
  const { t } = useTranslation();
  const navigate = useFrameNavigate();
  const [upgrade, setUpgrade] = useState(false);
  const [shown, setShown] = useState(0);
  const track = useRef<HTMLUListElement>(null);
  if (ads.length === 0) return null;

  const open = (ad: Ad) => {
    const action = adAction(ad, parseHostUserAgent(navigator.userAgent).appVersion);
    switch (action.kind) {
      case "route":
        navigate(action.to);
        return;
      case "window":
        window.open(action.url, "_blank", "noopener");
        return;
      case "miniProgram":
        void getHostBridge().openMiniProgram({ appId: action.appId, path: action.path, source: action.source });
        return;
      case "upgrade":
        setUpgrade(true);
        return;
      case "none":
        return;
    }
  };

  const show = (index: number) => {
    const element = track.current;
    if (!element) return;
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    element.scrollTo({ left: index * element.clientWidth, behavior: still ? "auto" : "smooth" });
    setShown(index);
  };

  return (
    <section className="ad-banner" aria-label={t("home.promotions")} aria-roledescription={t("home.carousel")}>
      <ul
        ref={track}
        className="ad-banner__track"
        onScroll={(event) => {
          const element = event.currentTarget;
          setShown(Math.min(ads.length - 1, Math.round(element.scrollLeft / Math.max(1, element.clientWidth))));
        }}
      >
        {ads.map((ad, index) => (
          <li
            key={ad.id}
            className="ad-banner__slide"
            aria-roledescription={t("home.slide")}
            aria-label={t("home.bannerOf", { index: index + 1, count: ads.length })}
            data-shown={index === shown ? "" : undefined}
          >
            <button type="button" className="ad-banner__button" onClick={() => open(ad)}>
              <Picture alt="" width={750} height={300} src={ad.image} firstScreen={index === 0} box="screen" />
              <span className="ad-banner__headline">{ad.title}</span>
            </button>
          </li>
        ))}
      </ul>
      {ads.length > 1 ? (
        <div className="ad-banner__dots">
          {ads.map((ad, index) => (
            <button
              key={ad.id}
              type="button"
              className="ad-banner__dot"
              aria-label={t("home.showBanner", { index: index + 1, count: ads.length })}
              aria-current={index === shown ? "true" : undefined}
              onClick={() => show(index)}
            />
          ))}
        </div>
      ) : null}
      {upgrade ? <UpgradePrompt onDismiss={() => setUpgrade(false)} /> : null}
    </section>
  );
}

/**
 * The prompt to update MPay, drawn only while shown: it reads the root's data, which would draw the
 * banner again on every navigation, home hidden included (components/kept-screen.tsx).
 */
function UpgradePrompt({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useTranslation();
  // Where MPay is updated (app/server/config.server.ts `appMarketUrl`); without one, the prompt only says so.
  const appMarket = useRouteLoaderData<typeof rootLoader>("root")?.appMarket ?? null;
  return (
    <Dialog
      role="alertdialog"
      title={t("upgrade.title")}
      onDismiss={onDismiss}
      actions={
        appMarket ? (
          <>
            <button type="button" className="button button--secondary" onClick={onDismiss}>
              {t("upgrade.later")}
            </button>
            <a className="button button--primary" href={appMarket} target="_blank" rel="noopener noreferrer" onClick={onDismiss}>
              {t("upgrade.market")}
            </a>
          </>
        ) : (
          <button type="button" className="button button--primary dialog__single" onClick={onDismiss}>
            {t("upgrade.ok")}
          </button>
        )
      }
    >
      <p>{t("upgrade.body")}</p>
    </Dialog>
  );
}
