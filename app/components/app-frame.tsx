/**
 * The frame around every screen: the titled header, the analytics tag, the loading overlay, the
 * toast, the simulated host's screen, and the page-level rules of the spec that talk to the host app
 * (configuration, status bar, system info, go-back on popstate, secret door, refresh on return).
 */
import { useBlocker, useFetcher, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { Suspense, lazy, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { FIRST_COUPON_TAB, setCouponTab } from "../lib/coupon-tab";
import { useTranslation } from "react-i18next";
import { useScreen } from "../hooks/use-screen";
import { useOffline } from "../hooks/use-offline";
import { getHostBridge, whenHostChosen } from "../lib/host-bridge";
import type { HostSystemInfo } from "../lib/host-bridge/types";
import { serverClock } from "../lib/time/page-clock";
import { routeIdOf, routeOfId } from "../route-tree";
import type { Screen } from "../screen-handle";
import type { action as sessionAction } from "../routes/resources.session";
import { FloatingBack, HeaderBar, useGoBack, useHostBackRule } from "./screen-header";
import { CoinIcon } from "./icons";
import { formatPoints } from "../lib/money/format";
import { HostEventScreen } from "./host-event-screen";
import { LoadingOverlay } from "./loading-overlay";
import { SCREEN_SKELETONS } from "./screen-skeletons";
import { KeptScreenSlot } from "./kept-screen";
import { keptScreen } from "../lib/kept-screen";

/** The screen the spec keeps alive: home (routes/index.tsx registers it). */
const HOME_ROUTE = "index";
import { ToastHost } from "./toast";

/** The page's view of the gateway clock and the device, shared by the screens that need them. */
export { serverClock };
export const device: { systemInfo: HostSystemInfo | null } = { systemInfo: null };

const STATUS_BAR_HOME = "#ff8a3d";
const STATUS_BAR_DEFAULT = "#ffffff";

interface AppFrameProps {
  children: ReactNode;
  hostConfig: Record<string, unknown> | null;
  secretDoor: boolean;
  signedIn: boolean;
  /** Where the simulated host's cashier pays (the sandbox only). */
  simulatedWallet: string | null;
  /** The member's mCoin balance (null without a member): the flash sale's header badge. */
  points: number | null;
}

export function AppFrame({ children, hostConfig, secretDoor, signedIn, simulatedWallet, points }: AppFrameProps) {
  const { t } = useTranslation();
  const screen = useScreen();
  const location = useLocation();
  const { hostBack, tokenCouponPage } = useHostBackRule();
  // Leaving for a screen that has a skeleton: show it at once, in that screen's layout.
  const navigation = useNavigation();
  const leavingFor = navigation.state === "loading" && navigation.location.pathname !== location.pathname ? routeOfId(routeIdOf(navigation.location.pathname)) : undefined;
  // Back to a screen kept alive: it is there already, so no skeleton stands in for it.
  const toKept = leavingFor !== undefined && keptScreen(leavingFor.name)?.kept(navigation.location?.search ?? "") === true;
  const Skeleton = leavingFor?.skeleton && !toKept ? SCREEN_SKELETONS[leavingFor.skeleton] : undefined;
  // A skeleton stands for the screen being opened, header included: its title, or its back (a
  // screen's own heading band is the screen's, so the skeleton has the round back in its place).
  const title = Skeleton ? leavingFor?.title : screen?.title;
  const floatingBack = !title && (Skeleton ? leavingFor?.header !== undefined : screen?.header === "float");

  useHostSetup(hostConfig);
  useStatusBar(screen);
  useAnalytics(screen, location.key);
  usePopstateHostBack(Boolean(screen?.home) || tokenCouponPage, navigation.state !== "idle");
  useHistoryBackCancelsOpening();
  useSecretDoor(screen, secretDoor);
  useReturnRefresh(signedIn, screen);
  useCouponTabReset(screen);
  useHostBackButton(hostBack);
  const offline = useOffline();
  const simulatedHost = useSimulatedHost();
  const main = useSlideTransition(location.pathname);

  return (
    <div className="page" data-analytics-page={analyticsTag(screen)}>
      {title ? (
        <HeaderBar
          title={t(title)}
          end={
            points !== null && !Skeleton && screen?.pointsInHeader ? (
              <span className="points-badge" data-testid="points-badge" aria-label={t("promo.points", { value: formatPoints(points) })}>
                <CoinIcon aria-hidden="true" />
                {formatPoints(points)}
              </span>
            ) : undefined
          }
        />
      ) : floatingBack ? (
        <FloatingBack />
      ) : null}
      {offline ? (
        <div className="network-alert" role="alert" data-testid="network-alert">
          <strong>{t("network.abnormalTitle")}</strong>
          <span>{t("network.abnormalMessage")}</span>
        </div>
      ) : null}
      <main ref={main}>
        <KeptScreenSlot routeId={HOME_ROUTE} active={routeIdOf(location.pathname) === HOME_ROUTE && !Skeleton} />
        {Skeleton ? <Skeleton /> : children}
      </main>
      <LoadingOverlay screen={screen} />
      <ToastHost />
      <HostEventScreen />
      {simulatedHost ? (
        <Suspense fallback={null}>
          <SimulatedHostScreens walletUrl={simulatedWallet} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The simulated host's screens, fetched once it is the host that answers (never inside the wallet). */
const SimulatedHostScreens = lazy(() => import("./simulated-host-screens"));

function useSimulatedHost(): boolean {
  const [simulated, setSimulated] = useState(false);
  useEffect(() => {
    let live = true;
    void whenHostChosen().then((host) => live && setSimulated(host.kind === "simulated"));
    return () => {
      live = false;
    };
  }, []);
  return simulated;
}

/** Spec section 3: the coupon tab goes back to 1 when the member leaves my coupons for home. */
function useCouponTabReset(screen: Screen | undefined) {
  const previous = useRef(screen);
  useEffect(() => {
    if (previous.current?.couponTab && screen?.home) setCouponTab(FIRST_COUPON_TAB);
    previous.current = screen;
  }, [screen]);
}

/** Hands the host its configuration (once per login) and reads the device's system info. */
function useHostSetup(hostConfig: Record<string, unknown> | null) {
  useEffect(() => {
    if (hostConfig) void getHostBridge().configure(hostConfig);
  }, [hostConfig]);
  useEffect(() => {
    getHostBridge()
      .getSystemInfo()
      .then((info) => {
        device.systemInfo = info;
        // Device info sent to the host (spec section 3), with the page's analytics.
        const { screenWidth, screenHeight, terminalType, app, brand, model, imei, imsi, ip, mac, networkType } = info;
        void getHostBridge().trackEvent({ name: "device_info", params: { screenWidth, screenHeight, terminalType, app, brand, model, imei, imsi, ip, mac, networkType } });
      })
      .catch(() => {});
  }, []);
}

function useStatusBar(screen: Screen | undefined) {
  const color = screen?.home ? STATUS_BAR_HOME : STATUS_BAR_DEFAULT;
  useEffect(() => {
    void getHostBridge().setStatusBarColor(color);
  }, [color]);
}

/** A page that is not one of the spec's screens is tagged as the not-found one. */
const analyticsTag = (screen: Screen | undefined) => screen?.analytics ?? "notFound";

/** Every page is analytics-tagged (spec section 2): one page view per location, tagged by route name. */
function useAnalytics(screen: Screen | undefined, locationKey: string) {
  const page = analyticsTag(screen);
  useEffect(() => {
    void getHostBridge().trackEvent({ name: "page_view", page });
  }, [page, locationKey]);
}

/**
 * Where an entry sits in the tab's history: the router numbers the entries it makes (`idx` in the
 * history state it writes; read here, never written). Undefined for an entry it did not make.
 */
function historyIndex(state: unknown): number | undefined {
  const idx = state !== null && typeof state === "object" ? (state as { idx?: unknown }).idx : undefined;
  return typeof idx === "number" ? idx : undefined;
}

/**
 * "A popstate on the token coupon page or on home also calls the host app's go-back": going back
 * from there, that is. A forward step from home stays in the mall (the member is going somewhere
 * in it); a step whose direction cannot be told is taken as back, as the spec reads.
 */
function usePopstateHostBack(active: boolean, leaving: boolean) {
  const location = useLocation();
  // A back step while the next screen is still loading (its skeleton and title already shown) takes
  // the member back from that screen, into the mall, even though the router has not left home yet.
  const leavingRef = useRef(leaving);
  leavingRef.current = leaving;
  // The history entry the browser is on, and whether it is home's (or the token coupon page's): set
  // when the router shows an entry, and at every popstate, whose entry is nobody's until the router
  // shows it. So a back step taken while a forward step from home is still loading is a step within
  // the mall, not a step back from home.
  const entry = useRef<{ index: number | undefined; active: boolean }>({ index: undefined, active });
  // Before the screen is painted: a back step taken as soon as it shows (a screen drawn from what was
  // seen shows within the tap's frame) must find its entry, not home's.
  useIsomorphicLayoutEffect(() => {
    // Also when a navigation ends where it began (a back step took the member back before it loaded).
    if (!leaving) entry.current = { index: historyIndex(window.history.state), active };
  }, [location, active, leaving]);
  useEffect(() => {
    const onPopState = (event: PopStateEvent) => {
      const from = entry.current;
      const to = historyIndex(event.state);
      entry.current = { index: to, active: false };
      if (!from.active || leavingRef.current) return;
      if (from.index !== undefined && to !== undefined && to > from.index) return;
      void getHostBridge().goBack();
    };
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, []);
}

/**
 * The browser's own back while a tapped screen is still loading (its skeleton up): the router adds
 * that screen's history entry only once its data has come, so the step back would leave the screen
 * still shown, for the entry before it. The member meant "not this one", as the mall's own backs
 * take it (screen-header.tsx `useGoBack`): the step is blocked (the router puts the address back) and
 * the pending screen cancelled. Only while a tap's navigation is pending: a back step during a
 * forward step through history is the history's own (usePopstateHostBack). The step back from the
 * mall's first entry leaves the document and is no one's to stop; inside the wallet, its back button
 * reaches the page through the bridge (useHostBackButton) instead.
 */
function useHistoryBackCancelsOpening() {
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const opening = useRef(false);
  opening.current = navigation.state === "loading" && navigation.location.pathname !== location.pathname;
  // The history entry of the screen shown, once the router has settled on it.
  const shownIndex = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (navigation.state === "idle") shownIndex.current = historyIndex(window.history.state);
  }, [location, navigation.state]);
  // A step to an entry before the one shown: a tap's navigation has not added its own yet. (A back
  // step during a forward step through the history lands on the entry shown, and is not blocked.)
  const blocker = useBlocker(({ historyAction }) => {
    const to = historyIndex(window.history.state);
    return historyAction === "POP" && opening.current && to !== undefined && shownIndex.current !== undefined && to < shownIndex.current;
  });
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    blocker.reset();
    // A new navigation to the screen shown is the router's own way of cancelling the pending one; it
    // waits for the browser to be back on the shown entry (the router's history.go puts it back), so
    // that it replaces that entry and not the one stepped back to.
    const cancel = () => navigate(location, { replace: true, state: location.state, preventScrollReset: true });
    if (historyIndex(window.history.state) === shownIndex.current) cancel();
    else window.addEventListener("popstate", cancel, { once: true });
  }, [blocker, location, navigate]);
}

/** "Entering a shared-link route while the secret-door flag is set ... asks the host app to control its nav bar." */
function useSecretDoor(screen: Screen | undefined, secretDoor: boolean) {
  const shared = Boolean(screen?.sharedLink);
  useEffect(() => {
    if (shared && secretDoor) void getHostBridge().setNavigationBar({ visible: true });
  }, [shared, secretDoor]);
}

const RETURN_DEDUPE_MS = 1_000;
/** Layout effects run in the browser only (the server has no layout; React warns there). */
const useIsomorphicLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;
const SLIDE_MS = 220;

/**
 * "A slide transition depends on back or forward direction" (spec section 2): a new screen slides in
 * from the right, the previous one (back) from the left; none on the first page, none when the member
 * asked for reduced motion. The direction is the history entry's index against the last one. The
 * screen is not remounted: only its frame moves, with the Web Animations API.
 */
function useSlideTransition(pathname: string) {
  const main = useRef<HTMLElement>(null);
  const last = useRef<{ pathname: string; index: number } | null>(null);
  useIsomorphicLayoutEffect(() => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    const previous = last.current;
    last.current = { pathname, index };
    const element = main.current;
    if (!previous || previous.pathname === pathname || !element) return;
    const direction = index < previous.index ? "back" : "forward";
    element.dataset.slide = direction;
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches || typeof element.animate !== "function") return;
    const from = direction === "forward" ? "8%" : "-8%";
    element.animate(
      [
        { transform: `translateX(${from})`, opacity: 0.4 },
        { transform: "translateX(0)", opacity: 1 },
      ],
      { duration: SLIDE_MS, easing: "cubic-bezier(0.2, 0.8, 0.2, 1)" },
    );
  }, [pathname]);
  return main;
}

/**
 * The wallet's back button (when it hands it to the page): the mall's previous page, or the wallet's
 * own back where the screen's rule says so or there is no previous page (as the header's arrow).
 */
function useHostBackButton(hostBack: boolean) {
  const goBack = useGoBack(hostBack);
  const latest = useRef(goBack);
  latest.current = goBack;
  useEffect(() => getHostBridge().on((event) => event.type === "back" && latest.current()), []);
}

/** Returning to the visible tab (or the wallet's resume) refreshes the system time and the access token (spec section 4). */
function useReturnRefresh(signedIn: boolean, screen: Screen | undefined) {
  const fetcher = useFetcher<typeof sessionAction>();
  const keepToken = useRef(screen?.keepToken);
  keepToken.current = screen?.keepToken;
  const submit = useRef(fetcher.submit);
  submit.current = fetcher.submit;
  /** When the refresh was sent, on the server clock's monotonic clock: the reading's round trip. */
  const sentAt = useRef<number | undefined>(undefined);

  /** When the last refresh went out: a wallet that reports both its resume and the page's visibility refreshes once. */
  const lastAt = useRef(-Infinity);

  useEffect(() => {
    if (!signedIn) return;
    return getHostBridge().on((event) => {
      const returned = (event.type === "visibility" && event.visible) || event.type === "resume";
      if (!returned || serverClock.monotonic() - lastAt.current < RETURN_DEDUPE_MS) return;
      lastAt.current = sentAt.current = serverClock.monotonic();
      submit.current({ intent: "return", refreshToken: keepToken.current ? "0" : "1" }, { method: "post", action: "/resources/session?isRefresh=1" });
    });
  }, [signedIn]);

  useEffect(() => {
    if (fetcher.data?.ok) serverClock.sync(fetcher.data.sysTime, sentAt.current, serverClock.monotonic());
  }, [fetcher.data]);
}
