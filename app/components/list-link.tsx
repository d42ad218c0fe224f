/**
 * The links of long lists (offer cards and tiles) and of home's grids (categories, shortcuts): a plain
 * anchor the router follows on a plain tap. Remix's <Link> does a good deal per link (two path
 * resolutions, a click handler of its own, prefetch state, a navigation hook), which home paid some
 * sixty times on every page it served and again at hydration. Here one handler, made once at the root, serves every list link; the anchor
 * keeps `data-discover`, so Remix's lazy route discovery still learns the route before the tap.
 *
 * A tap with a modifier key, another button or another target is the browser's, as with <Link>.
 * Without the provider (a list drawn alone) the anchor is an ordinary link.
 *
 * The tap's first touch (pointerdown, some 100 ms before the click) asks for the next screen's data
 * and module when its route takes data asked ahead (lib/intent-data.ts), at most ASKS_PER_SCREEN
 * times a screen: a scroll that begins on a card costs one load at most, and a screen's scrolls three.
 * A screen may ask the same way for a page it is about to open (`useAskAhead`).
 */
import { createContext, createElement, memo, useContext, useEffect, useRef, useState, type AnchorHTMLAttributes, type MouseEvent, type PointerEvent, type ReactNode } from "react";
import { PrefetchPageLinks, useFetcher, useLocation, useNavigate, useNavigation, type NavigateFunction } from "@remix-run/react";
import { INTENT_ROUTES, aheadHref, askAhead, whenRouted } from "../lib/intent-data";
import { useOffline } from "../hooks/use-offline";
import { routeIdOf } from "../route-tree";

/** Touches that ask ahead on one screen, at most (docs/decisions/052-home-stays-mounted.md). */
export const ASKS_PER_SCREEN = 3;
/** How long a screen must have been still before the code of the screens it links to is fetched. */
export const CODE_AHEAD_IDLE_MS = 1_000;

interface ListLinkHandlers {
  follow: (event: MouseEvent<HTMLAnchorElement>) => void;
  touch: (event: PointerEvent<HTMLAnchorElement>) => void;
  /** Asks ahead for the page at `href` (a path of a route in INTENT_ROUTES), within the screen's budget. */
  ask: (href: string) => void;
}

const FollowContext = createContext<ListLinkHandlers | null>(null);
const NavigateContext = createContext<NavigateFunction | null>(null);

/**
 * The router's navigate, one function for the page's life. React Router's `useNavigate` reads the
 * route's context, which is new on every navigation, so a component that calls it renders again on
 * every navigation, even inside a memo and hidden: a kept screen (components/kept-screen.tsx) that
 * called it would be drawn again on every tap. Paths resolve from the root (absolute paths, or a
 * query on the current path).
 */
export function useFrameNavigate(): NavigateFunction {
  const navigate = useContext(NavigateContext);
  if (!navigate) throw new Error("useFrameNavigate needs the ListLinkProvider of the root");
  return navigate;
}

/** Whether the router, not the browser, should follow this click (react-router's own rule). */
export function isPlainClick(event: Pick<MouseEvent<HTMLAnchorElement>, "button" | "metaKey" | "altKey" | "ctrlKey" | "shiftKey" | "defaultPrevented">, target: string): boolean {
  return event.button === 0 && !event.defaultPrevented && (!target || target === "_self") && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);
}

export function ListLinkProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { key } = useLocation();
  const [asked, setAsked] = useState<string[]>([]);
  const asks = useRef(0);
  // A new screen: its own budget. What was asked for the last one has landed (its navigation waited for it).
  useEffect(() => {
    asks.current = 0;
    setAsked([]);
  }, [key]);
  const offline = useOffline();
  const down = useRef(offline);
  down.current = offline;
  // The network is gone, as the host or the browser says it now (the state may lag an event by a render).
  const networkDown = useRef(() => down.current || navigator.onLine === false).current;
  const codeAhead = useCodeAhead(key, offline, networkDown);
  // One object for the page's life: the links never render again for it.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const frameNavigate = useRef<NavigateFunction>(((...args: Parameters<NavigateFunction>) => navigateRef.current(...args)) as NavigateFunction);
  const handlers = useRef<ListLinkHandlers>({
    follow(event) {
      const anchor = event.currentTarget;
      if (!isPlainClick(event, anchor.target) || anchor.origin !== window.location.origin) return;
      event.preventDefault();
      navigateRef.current(anchor.pathname + anchor.search + anchor.hash);
    },
    touch(event) {
      const anchor = event.currentTarget;
      if (!event.isPrimary || event.button !== 0 || anchor.origin !== window.location.origin) return;
      handlers.current.ask(anchor.pathname + anchor.search);
    },
    ask(href) {
      // Offline, the tap meets the network's failure itself: an ask ahead would load the route's module and fail.
      if (networkDown()) return;
      const route = routeIdOf(new URL(href, window.location.origin).pathname);
      if (!INTENT_ROUTES.has(route) || asks.current >= ASKS_PER_SCREEN) return;
      asks.current += 1;
      // Its data beside its module: routes/resources.ahead.ts answers every route of INTENT_ROUTES.
      askAhead(href, { beside: true });
      setAsked((list) => (list.includes(href) ? list : [...list, href]));
      codeAhead.add(href, whenRouted(href));
    },
  });
  return (
    <NavigateContext.Provider value={frameNavigate.current}>
      <FollowContext.Provider value={handlers.current}>
        {children}
        <AskedAhead asked={asked} links={codeAhead.links} pages={codeAhead.pages} prefetched={codeAhead.prefetched} />
      </FollowContext.Provider>
    </NavigateContext.Provider>
  );
}

/**
 * What was asked ahead, drawn again only when it changes: the provider renders on every change of
 * the router's state, and Remix's <PrefetchPageLinks> matches its page against every route each
 * time it is drawn, work that a tap's pending screen would wait for.
 */
const AskedAhead = memo(function AskedAhead({ asked, links, pages, prefetched }: { asked: string[]; links: PreloadLink[]; pages: string[]; prefetched: (page: string) => void }) {
  return (
    <>
      {asked.map((href) => (
        <AskAhead key={href} href={href} />
      ))}
      {links.map(({ rel, href }) => (rel === "modulepreload" ? <link key={href} rel="modulepreload" href={href} /> : <link key={href} rel="prefetch" as="style" href={href} />))}
      {pages.map((href) => (
        <PrefetchOnce key={href} page={href} prefetched={prefetched} />
      ))}
    </>
  );
});

/**
 * Remix's <PrefetchPageLinks> for one page, drawn once: what the tap uses from it is Remix's own load
 * of the route's module, which its effect starts on mount and which fills Remix's cache of route
 * modules however soon it is taken away (a route found there is made with its loader at hand, so the
 * tap does not wait for the module and its styles before the loader starts). Left in place, it drew
 * its links again on every navigation (a `modulepreload` for each module of the route that the new
 * screen lacks, all of them already fetched) and matched its page against the route table again,
 * work that the navigation's commit waited for. Its effect runs before this one (a child's first).
 */
function PrefetchOnce({ page, prefetched }: { page: string; prefetched: (page: string) => void }) {
  useEffect(() => prefetched(page), [page, prefetched]);
  return <PrefetchPageLinks page={page} />;
}

/**
 * The code of the next screens, fetched before the tap, for each route a screen links to, once the
 * screen has been still for CODE_AHEAD_IDLE_MS, and for the page a touch asks ahead; once a route for
 * the page's life. Each route's module and the modules it imports are preloaded (`modulepreload`)
 * and its styles prefetched, then its module is run with a dynamic `import()`, then Remix's own
 * <PrefetchPageLinks> is drawn for the page, once (`PrefetchOnce`). The list of files comes from the server
 * (server/code-ahead.ts), asked once a document. Only routes whose data is asked ahead
 * (INTENT_ROUTES); no data is asked, so this costs the gateway nothing.
 *
 * PrefetchPageLinks alone loads the route's module through Remix, which reloads the page when a
 * route module fails to load; for a member whose network just dropped that reload is the browser's
 * error page. Here the module is loaded first, a failure caught, and PrefetchPageLinks only drawn
 * once Remix's load of it cannot fail. Nothing is asked while the network is gone (the still timer
 * starts again when it is back), nor for a member who asked to save data
 * (`navigator.connection.saveData`): they get the code on the tap, as before.
 */
function useCodeAhead(
  screenKey: string,
  offline: boolean,
  networkDown: () => boolean,
): { links: PreloadLink[]; pages: string[]; prefetched(page: string): void; add(href: string, routed?: Promise<void>): void } {
  const navigation = useNavigation();
  const [links, setLinks] = useState<PreloadLink[]>([]);
  const [entries, setEntries] = useState<{ module: string; page: string; routed?: Promise<void> }[]>([]);
  const [pages, setPages] = useState<string[]>([]);
  const routes = useRef(new Set<string>());
  const add = useRef((href: string, routed?: Promise<void>) => {
    const id = routeIdOf(new URL(href, window.location.origin).pathname);
    if (networkDown() || !INTENT_ROUTES.has(id) || routes.current.has(id)) return;
    routes.current.add(id);
    void ask(id, href, routed);
  });
  const ask = async (id: string, page: string, routed?: Promise<void>) => {
    const code = (await codeList())?.[id];
    if (!code) {
      // Asked again on the next still moment or touch.
      routes.current.delete(id);
      return;
    }
    setLinks((shown) => [...shown, ...newLinks(code, shown)]);
    const module = code.modules[0];
    if (module !== undefined) setEntries((shown) => [...shown, { module, page, routed }]);
  };
  // The list of files, asked as soon as the page has hydrated, so that a touch that comes before the
  // screen was still for long finds it at hand.
  useEffect(() => {
    if (offline || savesData()) return;
    void codeList();
  }, [offline]);
  // Once its files are asked for (the links above, all at once), each route's module is run too, as
  // Remix would on the tap (some 250 ms at CPU 4× that the tap then does not wait for), and only then
  // Remix's <PrefetchPageLinks> is drawn for the page: Remix finds the module already loaded, so its
  // own load cannot fail and reload the page. A module that fails to load is only caught here, and
  // the tap loads it again. A page a touch asked for is drawn once the router has reached its route
  // too (`whenRouted`): a path it has not met yet would be matched to the not-found route, whose
  // module and data Remix would then fetch in its stead.
  const run = useRef(new Set<string>());
  useEffect(() => {
    for (const { module, page, routed } of entries) {
      if (run.current.has(module)) continue;
      run.current.add(module);
      import(/* @vite-ignore */ module).then(
        () => void (routed ?? Promise.resolve()).then(() => setPages((shown) => [...shown, page])),
        () => run.current.delete(module),
      );
    }
  }, [entries]);
  const still = navigation.state === "idle";
  useEffect(() => {
    if (!still || offline || savesData()) return;
    let cancelStep = () => {};
    const timer = window.setTimeout(() => {
      // The links are read in short tasks, a few at a time: each new path is matched against the
      // route table (some 1.5 ms at CPU 4×) and home has a hundred links, one long task that a tap in
      // it would wait for. A task each, not the browser's idle moments: on a busy page those came
      // some 500 ms later, and the code with them.
      // A path met again is matched no more (route-tree.ts keeps the last paths matched).
      const anchors = [...document.querySelectorAll<HTMLAnchorElement>("main a[data-discover]")];
      if (anchors.length === 0) return;
      let next = 0;
      const step = (timeLeft: () => number) => {
        do {
          const anchor = anchors[next++]!;
          if (anchor.origin === window.location.origin && anchor.isConnected && anchor.checkVisibility()) add.current(anchor.pathname + anchor.search);
        } while (next < anchors.length && timeLeft() > 0);
        if (next < anchors.length) cancelStep = nextStep(step);
      };
      cancelStep = nextStep(step);
    }, CODE_AHEAD_IDLE_MS);
    return () => {
      window.clearTimeout(timer);
      cancelStep();
    };
  }, [screenKey, still, offline]);
  const prefetched = useRef((page: string) => setPages((shown) => shown.filter((href) => href !== page))).current;
  return { links, pages, prefetched, add: add.current };
}

interface PreloadLink {
  rel: "modulepreload" | "prefetch";
  href: string;
}

interface RouteCode {
  modules: string[];
  styles: string[];
}

let listAsked: Promise<Record<string, RouteCode> | null> | null = null;

/**
 * The files of every route in INTENT_ROUTES (server/code-ahead.ts), asked once a document; null when
 * they could not be asked (asked again next time).
 */
function codeList(): Promise<Record<string, RouteCode> | null> {
  listAsked ??= (async () => {
    try {
      const response = await fetch(`/resources/code-ahead?${new URLSearchParams([...INTENT_ROUTES].map((id) => ["route", id]))}`, { credentials: "same-origin" });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return ((await response.json()) as { routes: Record<string, RouteCode> }).routes;
    } catch {
      listAsked = null;
      return null;
    }
  })();
  return listAsked;
}

/** Links for files neither shown already by this provider nor already in the document (the screen's own). */
function newLinks(route: RouteCode, shown: PreloadLink[]): PreloadLink[] {
  const seen = new Set(shown.map((link) => link.href));
  for (const link of document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>("link[href], script[src]")) seen.add(link.getAttribute("href") ?? link.getAttribute("src") ?? "");
  const links: PreloadLink[] = [];
  const take = (rel: PreloadLink["rel"], href: string) => {
    if (typeof href !== "string" || !href.startsWith("/") || href.startsWith("//") || seen.has(href)) return;
    seen.add(href);
    links.push({ rel, href });
  };
  for (const href of route.modules) take("modulepreload", href);
  for (const href of route.styles) take("prefetch", href);
  return links;
}

/** The time a step of background work takes at most: a tap that comes meanwhile waits no longer. */
const STEP_MS = 5;

/** Runs `step` in a task of its own (a timer), with the time left of its STEP_MS. Returns the cancel. */
function nextStep(step: (timeLeft: () => number) => void): () => void {
  const handle = window.setTimeout(() => {
    const end = performance.now() + STEP_MS;
    step(() => end - performance.now());
  }, 0);
  return () => window.clearTimeout(handle);
}

function savesData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

/** A fetcher load of `href`: its route's clientLoader keeps it for the tap (lib/intent-data.ts). */
function AskAhead({ href }: { href: string }) {
  const fetcher = useFetcher();
  const load = useRef(fetcher.load);
  useEffect(() => {
    void load.current(aheadHref(href));
  }, [href]);
  return null;
}

/**
 * Asks ahead for a page the member is about to open (the search screen's results while a word is
 * typed), as a touch on a list link does: within the screen's budget, and only for INTENT_ROUTES.
 * Without the provider it asks nothing.
 */
export function useAskAhead(): (href: string) => void {
  const handlers = useContext(FollowContext);
  return handlers?.ask ?? ignore;
}

const ignore = () => {};

type ListLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href" | "onClick" | "onPointerDown"> & { to: `/${string}` };

/**
 * A list's link to a path of the mall (its tap is the shared handler's: no onClick of its own). The
 * anchor's props are copied by one loop rather than a rest and a spread: home draws some sixty of
 * these a page on the server, and the two object copies cost more than the element itself there.
 */
export function ListLink(props: ListLinkProps) {
  const handlers = useContext(FollowContext);
  const anchor: Record<string, unknown> = {};
  for (const name in props) if (name !== "to") anchor[name] = props[name as keyof ListLinkProps];
  anchor.href = props.to;
  anchor["data-discover"] = "true";
  anchor.onClick = handlers?.follow;
  anchor.onPointerDown = handlers?.touch;
  return createElement("a", anchor);
}
