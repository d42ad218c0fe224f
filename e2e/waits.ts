/**
 * What the browser suite waits on instead of the clock: the state of the page that a pause would
 * have stood for (a guard open again, a scroll landed, a list's next page, a reply, the router
 * settled). No test sleeps: eslint.config.js forbids Playwright's timed wait in e2e/, and a run by
 * hand tries no test twice (docs/testing.md).
 */
import type { Locator, Page, Request } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Waits until `control`'s double-tap guard lets a tap through again: a second tap within 300 ms of the
 * first is ignored (spec section 9), and a test taps faster than a person. The guard marks its
 * controls while it is closed (app/hooks/use-double-tap-guard.ts).
 */
export async function tapGuardOpen(control: Locator): Promise<void> {
  await expect(control).not.toHaveAttribute("data-tap-guard", "closed");
}

/** Waits until the page has drawn a frame after now: what lazy pictures near the screen need to be asked for. */
export async function nextFrame(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/**
 * Turns the mouse wheel down by `dy`, as a member scrolls, and waits until the page has scrolled (or
 * stands at its foot already, as an infinite list does while its next page loads) and drawn a frame
 * there. Playwright's wheel does not wait for the scroll it causes.
 */
export async function wheelDown(page: Page, dy: number): Promise<void> {
  const before = await page.evaluate(() => window.scrollY);
  await page.mouse.wheel(0, dy);
  await expect.poll(() => page.evaluate((from) => window.scrollY > from || window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1, before)).toBe(true);
  await nextFrame(page);
}

/**
 * Brings an infinite list's foot (app/components/infinite-list.tsx) into view, which asks for its next
 * page, until more items than before are shown or the list says `noMore`. Whether it can go on.
 */
export async function loadNextPage(list: Locator, noMore: string): Promise<boolean> {
  const items = list.locator(".infinite-list__items > li");
  const end = list.getByText(noMore, { exact: true });
  if (await end.isVisible()) return false;
  const shown = await items.count();
  await expect
    .poll(async () => {
      // Looked up at each turn (a tab or a filter may swap the list for a new one meanwhile), and
      // scrolled to without waiting for it.
      await list.locator(".offer-list__end").evaluateAll((feet) => feet.forEach((foot) => foot.scrollIntoView({ block: "end" })));
      return (await items.count()) > shown || (await end.isVisible());
    })
    .toBe(true);
  return !(await end.isVisible());
}

/** Scrolls an infinite list page by page until it says `noMore`. */
export async function scrollToListEnd(list: Locator, noMore: string): Promise<void> {
  let pages = 0;
  while (pages < 50 && (await loadNextPage(list, noMore))) pages++;
  await expect(list.getByText(noMore, { exact: true })).toBeVisible();
}

/**
 * Whether the page's router has settled: hydrated, with no navigation, no revalidation and no fetcher
 * under way (Remix's router, which the page keeps on window).
 */
export async function routerSettled(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const router = (window as unknown as { __remixRouter?: { state: { navigation: { state: string }; revalidation: string; fetchers: Map<string, { state: string }> } } }).__remixRouter;
    if (router === undefined) return false;
    const { state } = router;
    return state.navigation.state === "idle" && state.revalidation === "idle" && [...state.fetchers.values()].every((fetcher) => fetcher.state === "idle");
  });
}

/**
 * Waits until the page's router has settled (`routerSettled`). What a request of the page would have
 * started, a loading overlay included, has started by then.
 */
export async function routerIdle(page: Page): Promise<void> {
  await expect.poll(() => routerSettled(page)).toBe(true);
}

/**
 * Waits until the page has asked for nothing for `ms`: what it does once it is still (the code of
 * the screens it links to, after CODE_AHEAD_IDLE_MS in components/list-link.tsx) is done by then.
 */
export async function pageStill(page: Page, ms: number): Promise<void> {
  await page.waitForLoadState("networkidle");
  let lastRequest = Date.now();
  const listener = () => (lastRequest = Date.now());
  page.on("request", listener);
  try {
    await expect.poll(() => Date.now() - lastRequest, { timeout: 15_000 }).toBeGreaterThan(ms);
  } finally {
    page.off("request", listener);
  }
}

/**
 * Watches the page's requests whose address `matches` from now on. The function returned waits until
 * each of them has been answered in full or given up (a navigation the member stepped away from
 * aborts its request), and stops watching.
 */
export function watchRequests(page: Page, matches: (url: URL) => boolean): () => Promise<void> {
  const seen: Request[] = [];
  const listener = (request: Request) => {
    if (matches(new URL(request.url()))) seen.push(request);
  };
  page.on("request", listener);
  return async () => {
    page.off("request", listener);
    await Promise.all(seen.map(async (request) => (await request.response())?.finished()));
  };
}

/**
 * Holds back the page's requests whose address matches `pattern` from now on, until `release()`:
 * a screen shown while its refresh is on its way. `held()` counts the requests held so far.
 */
export async function holdRequests(page: Page, pattern: RegExp): Promise<{ held: () => number; release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(pattern, async (route) => {
    held += 1;
    await released;
    await route.continue();
  });
  return { held: () => held, release };
}
