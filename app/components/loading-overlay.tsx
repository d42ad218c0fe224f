/**
 * The global loading overlay (spec section 4): counts navigations and fetcher requests through the
 * LoadingCounter. Whether a request counts is the gateway calls' to decide: the route it goes to makes
 * a call outside the spec's exempt URL fragments, for its loader (by the URL) or for its action (by the
 * form's intent), as the route table declares before the route's module loads
 * (lib/loading/counted-requests.ts). Home hides it (`overlay: "hidden"`): no navigation to it and none
 * of its fetchers is counted. A request that ends on the error route, or refused, hides it after 100 ms
 * (ERROR_HIDE_DELAY_MS) instead of 400.
 */
import { useFetchers, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { countsAction, countsLoad } from "../lib/loading/counted-requests";
import { LoadingCounter, type RequestOutcome } from "../lib/loading/loading-counter";
import { routeIdOf, routeOfId } from "../route-tree";
import type { Screen } from "../screen-handle";

export const loadingCounter = new LoadingCounter();

/** A navigation that landed on the error route failed; on the sign-in page, the session was gone. */
export function outcomeOfLanding(pathname: string): RequestOutcome {
  if (pathname === "/error") return "error";
  if (pathname === "/oauth/authorize") return "logout";
  return "ok";
}

/** An action's refusal (app/server/order-actions.server.ts answers `{ ok: false, ... }`). */
export function isRefusal(data: unknown): boolean {
  return data !== null && typeof data === "object" && (data as { ok?: unknown }).ok === false;
}

/** Whether a request to `url` (a path with its query) counts: by its action's intent for a form, by its loader otherwise. */
export function counts(url: string, method: string | undefined, formData: FormData | undefined): boolean {
  const { pathname, search } = new URL(url, "http://mall.invalid");
  const routeId = routeIdOf(pathname);
  if (method === undefined || method.toUpperCase() === "GET") return countsLoad(routeId, search);
  const intent = formData?.get("intent");
  return countsAction(routeId, search, typeof intent === "string" ? intent : null);
}

export function LoadingOverlay({ screen }: { screen: Screen | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const [visible, setVisible] = useState(false);
  const fetcherEnds = useRef(new Map<string, (outcome?: RequestOutcome) => void>());
  const hidden = screen?.overlay === "hidden";

  useEffect(() => loadingCounter.subscribe(setVisible), []);

  // Navigations: one counted request per pending location, ended when the router is idle again, by
  // where it landed: the error route is an error (the overlay goes after 100 ms, not 400).
  const location = navigation.state === "idle" ? undefined : navigation.location;
  const landed = useLocation();
  const navigationEnd = useRef<((outcome?: RequestOutcome) => void) | null>(null);
  useEffect(() => {
    // A redirect (or a new navigation before the last one landed) continues the counted request.
    if (!location || navigationEnd.current) return;
    const target = navigation.formAction ?? `${location.pathname}${location.search}`;
    // Home hides the overlay: a navigation to it is not counted, one from it is (the target decides).
    const toHidden = routeOfId(routeIdOf(location.pathname))?.overlay === "hidden";
    navigationEnd.current = loadingCounter.begin({ url: target, exempt: toHidden || !counts(target, navigation.formMethod, navigation.formData) });
    // One counted request per pending location: its key, whatever else re-renders meanwhile.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location?.key]);
  useEffect(() => {
    if (navigation.state !== "idle" || !navigationEnd.current) return;
    navigationEnd.current(outcomeOfLanding(landed.pathname));
    navigationEnd.current = null;
  }, [navigation.state, landed.pathname]);
  useEffect(() => () => navigationEnd.current?.(), []);

  // Fetchers: begin when one appears busy, end when it settles or goes away; a refusal (`ok: false`,
  // the actions' answer when the gateway refused or failed) is an error.
  useEffect(() => {
    const ends = fetcherEnds.current;
    const busy = new Set<string>();
    for (const fetcher of fetchers) {
      if (fetcher.state === "idle") continue;
      busy.add(fetcher.key);
      if (ends.has(fetcher.key)) continue;
      const url = fetcher.formAction ?? "";
      ends.set(fetcher.key, loadingCounter.begin({ url, exempt: hidden || !counts(url, fetcher.formMethod, fetcher.formData) }));
    }
    for (const [key, end] of ends) {
      if (busy.has(key)) continue;
      const settled = fetchers.find((fetcher) => fetcher.key === key);
      end(isRefusal(settled?.data) ? "error" : "ok");
      ends.delete(key);
    }
  }, [fetchers, hidden]);

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
