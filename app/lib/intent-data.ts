/**
 * A screen's data asked for on the tap's first touch (docs/decisions/052-home-stays-mounted.md,
 * "Ahead of the tap"): the list's link asks for it with a fetcher load (components/list-link.tsx), which
 * runs the route's `clientLoader` (`intentClientLoader`), whose server load is kept here for the
 * navigation that follows the tap a moment later. A touch that does not become a tap (a scroll that
 * began on a card) leaves its load unused; it is forgotten after INTENT_KEPT_MS and never shown.
 *
 * Only routes that export `intentClientLoader` as their `clientLoader` are asked ahead (INTENT_ROUTES):
 * another route's data asked by a fetcher would be fetched and thrown away.
 */
import type { ClientLoaderFunctionArgs } from "@remix-run/react";

/** The routes whose data a touch asks for ahead (their ids in route-table.js). */
export const INTENT_ROUTES: ReadonlySet<string> = new Set(["couponDetails", "orderDetails", "otherOrderDetails", "mycoupon", "classify", "classifys"]);
/** How long a load asked ahead may wait for its tap: a tap follows its touch within a few hundred ms. */
export const INTENT_KEPT_MS = 10_000;

interface Intent {
  at: number;
  data?: Promise<unknown>;
}

const intents = new Map<string, Intent>();
const keyOf = (url: string | URL) => {
  const parsed = new URL(url, "http://mall.invalid");
  return parsed.pathname + parsed.search;
};

/** A touch on a link to `href`: the next load of it (the fetcher's) is kept for the tap's navigation. */
export function askAhead(href: string, now = Date.now()): void {
  for (const [key, intent] of intents) if (now - intent.at > INTENT_KEPT_MS) intents.delete(key);
  intents.set(keyOf(href), { at: now });
}

/** The route's clientLoader: a load asked ahead is started once and handed to the navigation that follows; any other load goes to the server as usual. */
export async function intentClientLoader({ request, serverLoader }: ClientLoaderFunctionArgs): Promise<unknown> {
  const key = keyOf(request.url);
  const intent = intents.get(key);
  if (!intent || Date.now() - intent.at > INTENT_KEPT_MS) return serverLoader();
  if (!intent.data) {
    intent.data = serverLoader();
    // A failed load asked ahead is not kept: the tap asks again and meets the failure itself.
    intent.data.catch(() => intents.delete(key));
    return intent.data;
  }
  intents.delete(key);
  return intent.data;
}
