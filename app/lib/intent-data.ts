/**
 * A screen's data asked for on the tap's first touch (docs/decisions/052-home-stays-mounted.md,
 * "Ahead of the tap"): the list's link asks for it with a fetcher load (components/list-link.tsx), which
 * runs the route's `clientLoader` (`intentClientLoader`), whose server load is kept here for the
 * navigation that follows the tap a moment later. A touch that does not become a tap (a scroll that
 * began on a card) leaves its load unused; it is forgotten after INTENT_KEPT_MS and never shown.
 *
 * The same routes come back from the browser's back (and forward) with what the member last saw of
 * the page, at once, and the screen then asks for it again in the background (`useFreshData`), so
 * anything stale is replaced a round trip later (docs/decisions/053-code-ahead-and-back-without-drawing.md).
 * What was seen is kept as home's screen is (lib/keep-alive.ts): forgotten when the member's data
 * moves (a purchase, a refund), never used while an order awaits payment, and for SEEN_KEPT_MS. It is
 * forgotten too whenever the member sends a form (`SeenForgottenOnSubmit`): a favourite removed on an
 * offer, an address edited, change what another page showed without moving the member's revision.
 *
 * Only routes that export `intentClientLoader` as their `clientLoader` are asked ahead (INTENT_ROUTES):
 * another route's data asked by a fetcher would be fetched and thrown away. The fetcher's load waits
 * for the route's module (Remix runs a `clientLoader` from it), so the touch asks for the data itself,
 * beside the module (routes/resources.ahead.ts answers every route of INTENT_ROUTES), and the load the
 * fetcher or the tap starts takes that answer (docs/decisions/066-data-asked-beside-the-module.md).
 */
import { redirect, useFetcher, useFetchers, useLocation, useNavigation, type ClientLoaderFunctionArgs } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { AHEAD_PARAM } from "#core/http/ahead-marker";
import { createKeepAlive } from "./keep-alive";

export { AHEAD_PARAM, aheadHref } from "#core/http/ahead-marker";

/** How long what the member saw of a page is kept for the way back to it, and of how many pages. */
export const SEEN_KEPT_MS = 5 * 60_000;
export const SEEN_KEPT_PAGES = 20;
/** How soon after the browser's popstate a load is the way back's (the router loads at once). */
const POP_LOAD_MS = 1_000;

/**
 * The routes whose data a touch asks for ahead (their ids in route-table.js), each loading at most
 * three gateway calls (decisions 052 and 061; app/routes/declared-calls.test.ts holds them to it).
 */
export const INTENT_ROUTES: ReadonlySet<string> = new Set([
  "couponDetails",
  "orderDetails",
  "otherOrderDetails",
  "mycoupon",
  "classify",
  "classifys",
  // Home's shortcuts (routes/index/shortcuts.tsx).
  "myOrder",
  "newMyCoupon",
  "myAddress",
  "checkIn",
  "flashSale",
  "seckill",
  "asiaMilesDetails",
  "myFavorites",
  // Home's search box, and an offer's stores (components/offer-stores.tsx).
  "search",
  "storeDetails",
]);
/** How long a load asked ahead may wait for its tap: a tap follows its touch within a few hundred ms. */
export const INTENT_KEPT_MS = 10_000;

/** What the touch's own ask came back with when it holds no data: the load asks the page itself. */
const NOT_AHEAD = Symbol("not asked ahead");

interface Intent {
  at: number;
  /** The touch's own ask for the data (routes/resources.ahead.ts), answered before or after the module came. */
  beside?: Promise<unknown>;
  data?: Promise<unknown>;
}

/** Where the page would have sent the member instead of showing its data (to sign in again, the error route). */
class SentElsewhere {
  constructor(readonly location: string) {}
}

/**
 * The page's data from routes/resources.ahead.ts; where the page would send the member (a 202 whose
 * `X-Remix-Redirect` says where, as Remix's single fetch says it); NOT_AHEAD for any other answer, or none.
 */
async function askBeside(href: string): Promise<unknown> {
  try {
    const response = await fetch(`/resources/ahead?${new URLSearchParams({ to: href })}`, { credentials: "same-origin", headers: { Accept: "application/json" } });
    const location = response.status === 202 ? response.headers.get("X-Remix-Redirect") : null;
    if (location) return new SentElsewhere(location);
    return response.status === 200 ? await response.json() : NOT_AHEAD;
  } catch {
    return NOT_AHEAD;
  }
}

/**
 * The intent's load: the touch's own answer when it brought the data, the page's redirect when it
 * would have sent the member elsewhere (a touch alone follows nothing: the fetcher's load swallows
 * it, and only the tap's navigation takes it), else the page's loader.
 */
function started(intent: Intent, serverLoader: () => Promise<unknown>): Promise<unknown> {
  if (!intent.beside) return serverLoader();
  return intent.beside.then((data) => {
    if (data === NOT_AHEAD) return serverLoader();
    if (data instanceof SentElsewhere) throw redirect(data.location);
    return data;
  });
}

const intents = new Map<string, Intent>();
const keyOf = (url: string | URL) => {
  const parsed = new URL(url, "http://mall.invalid");
  parsed.searchParams.delete(AHEAD_PARAM);
  return parsed.pathname + parsed.search;
};

/**
 * A touch on a link to `href`: the next load of it (the fetcher's) is kept for the tap's navigation.
 * `beside`: the touch asks for the data at once, beside the route's module (routes/resources.ahead.ts).
 */
export function askAhead(href: string, { beside = false, now = Date.now() }: { beside?: boolean; now?: number } = {}): void {
  for (const [key, intent] of intents) if (now - intent.at > INTENT_KEPT_MS) intents.delete(key);
  intents.set(keyOf(href), { at: now, beside: beside ? askBeside(href) : undefined });
}

/** Pages asked ahead whose route the router has reached, or is still to reach, by address. */
const routed = new Map<string, { reached: Promise<void>; reach: () => void }>();

/**
 * Settles once the router has reached the route of `href`, a page asked ahead: its fetcher's load ran
 * the route's clientLoader, so Remix knew the route by then (it asks `/__manifest` for a path it has
 * not met, lazy route discovery: decision 068). Until then Remix matches the path against the routes it
 * knows, which may be the not-found route's.
 */
export function whenRouted(href: string): Promise<void> {
  const key = keyOf(href);
  let entry = routed.get(key);
  if (!entry) {
    let reach = () => {};
    const reached = new Promise<void>((resolve) => (reach = resolve));
    routed.set(key, (entry = { reached, reach }));
  }
  return entry.reached;
}

/** What the member last saw of each page, by address. */
const seen = createKeepAlive<unknown>(SEEN_KEPT_MS, Date.now, SEEN_KEPT_PAGES);
/** Data handed out from `seen` on a way back, which its screen asks for again. */
const stale = new WeakSet<object>();
/** Addresses whose next load is a screen's refresh: the server's, whatever was seen. */
const refreshing = new Set<string>();
/** The address the browser's last back or forward landed on, and when. */
let popped: { url: string; at: number } | null = null;
// Registered as this module is evaluated, with the root's modules, before the router starts: this
// listener hears a back before the router's own does, so the loads that follow know it for one.
if (typeof window !== "undefined") window.addEventListener("popstate", () => (popped = { url: window.location.href, at: Date.now() }));

/**
 * The route's clientLoader: a load asked ahead is started once and handed to the navigation that
 * follows; a way back is answered with what was seen, marked stale for its screen to refresh; any
 * other load goes to the server as usual.
 */
export async function intentClientLoader({ request, serverLoader }: ClientLoaderFunctionArgs): Promise<unknown> {
  const key = keyOf(request.url);
  if (new URL(request.url).searchParams.has(AHEAD_PARAM)) {
    routed.get(key)?.reach();
    // The fetcher's load (a page's address never carries the marker: core/http/ahead-marker.ts): it
    // starts the load the tap will use, or shares the one the tap started. Its own answer is never
    // shown, and a failure is not its to show, since the router would show it on the screen the
    // fetcher is on. Without a live intent (the tap took it, or the fetcher is revalidated after an
    // action) it asks the server nothing.
    const intent = intents.get(key);
    if (!intent || Date.now() - intent.at > INTENT_KEPT_MS) return null;
    intent.data ??= started(intent, serverLoader);
    return intent.data.then(
      () => null,
      () => null,
    );
  }
  if (refreshing.delete(key)) {
    const shown = seen.get(key);
    // A refresh that fails leaves what was seen on the screen: the member's next visit asks again.
    return serverLoader().catch((error: unknown) => {
      if (shown === undefined) throw error;
      return shown;
    });
  }
  const back = popped !== null && popped.url === request.url && Date.now() - popped.at <= POP_LOAD_MS;
  if (back) {
    popped = null;
    const data = seen.get(key);
    if (data !== null && typeof data === "object") {
      // A copy, so the screen always meets new data and asks again: a back and forward quicker than
      // React's transition to the page between can leave the screen mounted, its data unchanged.
      const copy = Array.isArray(data) ? [...(data as unknown[])] : { ...data };
      stale.add(copy);
      return copy;
    }
  }
  const intent = intents.get(key);
  if (!intent || Date.now() - intent.at > INTENT_KEPT_MS) return serverLoader();
  // A load asked ahead that fails is the tap's all the same: the tap meets the failure its touch met
  // (the error screen, whose refresh asks again), rather than a second call a moment later whose
  // outcome would depend on how soon the finger lifted.
  intent.data ??= started(intent, serverLoader);
  intents.delete(key);
  return intent.data;
}

/**
 * A screen's loader data, kept as what the member saw of the page, and refreshed when it came from
 * what was seen (a way back): the screen shows it at once, asks the server again in the background,
 * and shows the answer when it comes. A refresh that fails leaves what was seen on the screen.
 *
 * `generation` counts the refreshes that landed: a list that took its first page from the data (and
 * keeps its own pages and items' state after that) takes it as its key, so a refresh starts it afresh
 * from the new answer, while a revalidation after an action leaves it, and its items' messages, as
 * they are.
 */
export function useFreshData<T>(data: T): { data: T; generation: number } {
  const location = useLocation();
  const key = location.pathname + location.search;
  const fetcher = useFetcher();
  const load = useRef(fetcher.load);
  load.current = fetcher.load;
  const refreshed = useRef<{ of: T } | null>(null);
  useEffect(() => {
    if (data === null || typeof data !== "object" || !stale.has(data)) return;
    stale.delete(data);
    refreshing.add(key);
    refreshed.current = { of: data };
    void load.current(key);
  }, [data, key]);
  const fresh = fetcher.data as T | undefined;
  const landed = refreshed.current?.of === data && fresh !== undefined && fetcher.state === "idle";
  const shown = landed ? fresh : data;
  const [generation, setGeneration] = useState({ count: 0, of: null as unknown });
  // Counted as it is rendered, so the first frame with the answer already has its new key.
  if (landed && generation.of !== fresh) setGeneration({ count: generation.count + 1, of: fresh });
  useEffect(() => {
    if (shown !== null && typeof shown === "object") seen.set(key, shown);
  }, [shown, key]);
  return { data: shown, generation: generation.count };
}

/**
 * Changes what was seen of the page at `key` (its path and query), if anything was: for what the
 * member did that the page shows, told the server without a form (the search screen records a search
 * with a plain request, routes/search.tsx). The way back shows the change at once, and its screen still
 * asks the server again.
 */
export function reviseSeen<T>(key: string, revise: (data: T) => T): void {
  seen.update(key, (data) => revise(data as T));
}

/**
 * Forgets what was seen of every page as the member sends a form (a navigation's or a fetcher's
 * submission; a search's GET form is a navigation's load): any action may change what another page
 * showed, so the way back to it then loads as a first visit does, and no action has to name the pages
 * it changes. The page the action was sent from keeps what its revalidation brings. Rendered once, on
 * its own, so that the router's state changes render nothing else.
 */
export function SeenForgottenOnSubmit(): null {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const submitting = navigation.state === "submitting" || fetchers.some((fetcher) => fetcher.state === "submitting");
  useEffect(() => {
    if (submitting) seen.clear();
  }, [submitting]);
  return null;
}
