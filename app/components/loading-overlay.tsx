/**
 * The global loading overlay (spec section 4): counts navigations and fetcher requests through the
 * LoadingCounter. A navigation is exempt when its target screen's loader calls only exempt endpoints
 * (`overlay: false` in the screen's handle, known before its module loads: `pendingScreens`); a
 * fetcher is exempt on such a screen (home among them, where the spec hides the overlay) or when it
 * carries isRefresh.
 */
import { useFetchers, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadingCounter, type RequestOutcome } from "../lib/loading/loading-counter";
import { routeIdOf } from "../route-tree";
import type { PendingScreens, ScreenHandle } from "../screen-handle";

export const loadingCounter = new LoadingCounter();

function isRefresh(search: string | undefined): boolean {
  return new URLSearchParams(search ?? "").has("isRefresh");
}

export function LoadingOverlay({ screen, pendingScreens }: { screen: ScreenHandle | undefined; pendingScreens: PendingScreens }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const [visible, setVisible] = useState(false);
  const fetcherEnds = useRef(new Map<string, (outcome?: RequestOutcome) => void>());

  useEffect(() => loadingCounter.subscribe(setVisible), []);

  // Navigations: one counted request per pending location.
  const location = navigation.state === "idle" ? undefined : navigation.location;
  useEffect(() => {
    if (!location) return;
    const end = loadingCounter.begin({
      url: location.pathname,
      exempt: pendingScreens.uncounted.includes(routeIdOf(location.pathname)),
      isRefresh: isRefresh(location.search),
    });
    return () => end();
    // One counted request per pending location: its key, whatever else re-renders meanwhile.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location?.key]);

  // Fetchers: begin when one appears busy, end when it settles or goes away.
  useEffect(() => {
    const ends = fetcherEnds.current;
    const busy = new Set<string>();
    for (const fetcher of fetchers) {
      if (fetcher.state === "idle") continue;
      busy.add(fetcher.key);
      if (ends.has(fetcher.key)) continue;
      const url = fetcher.formAction ?? "";
      ends.set(fetcher.key, loadingCounter.begin({ url, exempt: screen?.overlay === false, isRefresh: isRefresh(url.split("?")[1]) }));
    }
    for (const [key, end] of ends) {
      if (busy.has(key)) continue;
      end();
      ends.delete(key);
    }
  }, [fetchers, screen]);

  if (!visible) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <div className="loading-overlay__box">
        <span className="spinner" aria-hidden="true" />
        <span>{t("common.loading")}</span>
      </div>
    </div>
  );
}
