/**
 * Home's promotion banners. Tapping one follows its type (spec section 7): in-app route, new
 * window, or mini-program with a source tag; below wallet 5.8.6 the upgrade prompt instead.
 */
import { useNavigate } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Ad } from "#core/api/catalog-endpoints";
import { adAction } from "../lib/catalog/ads";
import { getHostBridge } from "../lib/host-bridge";
import { parseHostUserAgent } from "../lib/host-bridge/user-agent";
import { pictureProps } from "../lib/images/picture";
import { Dialog } from "./dialog";

export function AdBanner({ ads }: { ads: Ad[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [upgrade, setUpgrade] = useState(false);
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

  return (
    <section className="ad-banner" aria-label={t("home.promotions")}>
      <ul className="ad-banner__track">
        {ads.map((ad, index) => (
          <li key={ad.id} className="ad-banner__slide">
            <button type="button" className="ad-banner__button" onClick={() => open(ad)} aria-label={ad.title}>
              <img alt="" width={750} height={300} {...pictureProps(ad.image, index === 0)} />
            </button>
          </li>
        ))}
      </ul>
      {upgrade ? (
        <Dialog
          role="alertdialog"
          title={t("upgrade.title")}
          onDismiss={() => setUpgrade(false)}
          actions={
            <button type="button" className="button button--primary dialog__single" onClick={() => setUpgrade(false)}>
              {t("upgrade.ok")}
            </button>
          }
        >
          <p>{t("upgrade.body")}</p>
        </Dialog>
      ) : null}
    </section>
  );
}
