/**
 * What the browser suite waits on instead of the clock: the state of the page that a pause would
 * have stood for (a guard open again, a reply, the router settled). No test sleeps: eslint.config.js forbids Playwright's timed wait in e2e/, and
 * Playwright runs with no retries.
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

/**
 * Waits until the page's router has settled: no navigation, no revalidation and no fetcher under way
 * (Remix's router, which the page keeps on window). What a request of the page would have started, a
 * loading overlay included, has started by then.
 */
export async function routerIdle(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const { state } = (window as unknown as { __remixRouter: { state: { navigation: { state: string }; revalidation: string; fetchers: Map<string, { state: string }> } } }).__remixRouter;
        return state.navigation.state === "idle" && state.revalidation === "idle" && [...state.fetchers.values()].every((fetcher) => fetcher.state === "idle");
      }),
    )
    .toBe(true);
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
