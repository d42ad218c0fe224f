/**
 * Taps as a finger makes them (docs/decisions/052-home-stays-mounted.md): the first touch on an
 * offer's card (or one of home's shortcuts, decision 061) asks for the screen's data before the
 * click, and the tap's navigation uses that load rather than asking again; a touch that does not
 * become a tap costs one load at most, and a screen asks ahead at most three times. A still screen
 * fetches the code of the screens it links to, and no data
 * (docs/decisions/053-code-ahead-and-back-without-drawing.md). The screens a member steps back (or
 * forward) to are drawn from what they saw, then refreshed (decision 062).
 */
import type { CDPSession, Locator, Page } from "@playwright/test";
import { popularSearches, searchProduct, storeInformation } from "#core/api/catalog-endpoints";
import { checkInStatus, flashSales } from "#core/api/promotion-endpoints";
import { offerDetail } from "#core/api/shop-endpoints";
import { expect, hydrated, test } from "./fixtures";
import { holdRequests, nextFrame, pageStill, routerIdle } from "./waits";
import { CODE_AHEAD_IDLE_MS } from "../app/components/list-link";

const OFFER_DETAIL = offerDetail.path;

test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

/** Signed in on a drawn home (the offline test below installs its clock first). */
async function onHome({ signIn, page }: { signIn: (member: "chan") => Promise<unknown>; page: Page }) {
  await signIn("chan");
  await hydrated(page);
}

/** A finger on `target`'s centre: touchStart now; the returned function lifts it. */
async function touch(cdp: CDPSession, target: Locator): Promise<() => Promise<void>> {
  const box = (await target.boundingBox())!;
  const point = { x: box.x + box.width / 2, y: box.y + Math.min(box.height / 2, 40) };
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point] });
  return async () => void (await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] }));
}

/** A request for the data of a page whose path `page` matches: asked beside its code (routes/resources.ahead.ts), or of the page itself. */
function asksDataOf(url: string, page: RegExp): boolean {
  const { pathname, searchParams } = new URL(url);
  if (pathname === "/resources/ahead") return page.test(new URL(searchParams.get("to") ?? "", url).pathname);
  return pathname.endsWith(".data") && page.test(pathname.slice(0, -".data".length));
}

const offerDataAsked = (url: string) => asksDataOf(url, /^\/coupon_details\/\d+$/);

/** Counts the page's clicks from now on; the function returned reads the count. */
async function countClicks(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    (window as unknown as { clicks: number }).clicks = 0;
    document.addEventListener("click", () => ((window as unknown as { clicks: number }).clicks += 1), { capture: true });
  });
  return () => page.evaluate(() => (window as unknown as { clicks: number }).clicks);
}

test("the first touch on an offer asks for its data before the click, and the tap uses that load", async ({ signIn, page, sandbox }) => {
  await onHome({ signIn, page });
  const card = page.getByRole("region", { name: "All offers" }).locator("[data-offer-id]").first();
  await card.scrollIntoViewIfNeeded();
  const offerId = await card.getAttribute("data-offer-id");
  const cdp = await page.context().newCDPSession(page);
  const clicks = await countClicks(page);
  const dataAsked: string[] = [];
  page.on("request", (request) => {
    if (offerDataAsked(request.url())) dataAsked.push(request.url());
  });
  const before = (await sandbox.calls(OFFER_DETAIL)).length;

  const lift = await touch(cdp, card);
  // The finger is still down: no click yet, and the data is on its way, beside the screen's code.
  await expect.poll(() => dataAsked.length).toBe(1);
  expect(dataAsked[0]).toContain(`/resources/ahead?${new URLSearchParams({ to: `/coupon_details/${offerId}` })}`);
  expect(await clicks()).toBe(0);
  await lift();
  await expect(page).toHaveURL(new RegExp(`/coupon_details/${offerId}$`));
  await expect(page.getByRole("button", { name: "Checkout" })).toBeVisible();
  expect(dataAsked).toHaveLength(1);
  expect((await sandbox.calls(OFFER_DETAIL)).length - before).toBe(1);
});

test("a touch before the offer's code has come asks for its data beside the code: the offer is shown without asking its page", async ({ signIn, page, sandbox }) => {
  // The offer screen's code held back, as on a phone whose link is still busy with home's pictures.
  const code = await holdRequests(page, /\/assets\/coupon-details-[\w-]+\.js$/);
  await onHome({ signIn, page });
  const card = page.getByRole("region", { name: "All offers" }).locator("[data-offer-id]").first();
  await card.scrollIntoViewIfNeeded();
  const offerId = await card.getAttribute("data-offer-id");
  const pageAsked: string[] = [];
  page.on("request", (request) => new URL(request.url()).pathname === `/coupon_details/${offerId}.data` && pageAsked.push(request.url()));
  const before = (await sandbox.calls(OFFER_DETAIL)).length;
  const aheadAnswered = page.waitForResponse((response) => new URL(response.url()).pathname === "/resources/ahead");
  const cdp = await page.context().newCDPSession(page);

  const lift = await touch(cdp, card);
  await lift();
  // The data has come while the code is still on its way.
  expect((await aheadAnswered).status()).toBe(200);
  await expect.poll(() => code.held()).toBeGreaterThan(0);
  await expect(page.getByRole("button", { name: "Checkout" })).toHaveCount(0);
  code.release();
  await expect(page).toHaveURL(new RegExp(`/coupon_details/${offerId}$`));
  await expect(page.getByRole("button", { name: "Checkout" })).toBeVisible();
  expect(pageAsked).toEqual([]);
  expect((await sandbox.calls(OFFER_DETAIL)).length - before).toBe(1);
});

/** Links whose screen's data a touch asks ahead, besides the offers' cards (decision 061). */
const ASKED_AHEAD = [
  {
    name: "one of home's shortcuts",
    from: "/index",
    link: 'a.shortcut[href="/flashSale"]',
    page: /^\/flashSale$/,
    call: flashSales.path,
    landed: /\/flashSale$/,
    shown: "[elementtiming=promo-item]",
  },
  { name: "home's search box", from: "/index", link: "a.search-box", page: /^\/search$/, call: popularSearches.path, landed: /\/search$/, shown: 'input[type="search"]' },
  {
    name: "one of home's categories",
    from: "/index",
    link: "a.category-grid__item",
    page: /^\/classifys\/[^/]+$/,
    call: searchProduct.path,
    landed: /\/classifys\/[^/]+$/,
    shown: ".listing [elementtiming=offer-card]",
  },
  { name: "home's check-in", from: "/index", link: 'a.shortcut[href="/checkIn"]', page: /^\/checkIn$/, call: checkInStatus.path, landed: /\/checkIn$/, shown: "[data-testid=check-in-balance]" },
  {
    name: "one of an offer's stores",
    from: "/coupon_details/1",
    link: "a.branch-row",
    page: /^\/store_details\/\d+$/,
    call: storeInformation.path,
    landed: /\/store_details\/\d+$/,
    shown: "#store-name",
  },
];

for (const ahead of ASKED_AHEAD) {
  test(`the first touch on ${ahead.name} asks for its screen's data before the click, and the tap uses that load`, async ({ signIn, page, sandbox }) => {
    await onHome({ signIn, page });
    if (ahead.from !== "/index") {
      await page.goto(ahead.from);
      await hydrated(page);
    }
    const link = page.locator(ahead.link).first();
    await link.scrollIntoViewIfNeeded();
    const cdp = await page.context().newCDPSession(page);
    const clicks = await countClicks(page);
    const asked: string[] = [];
    page.on("request", (request) => {
      if (asksDataOf(request.url(), ahead.page)) asked.push(request.url());
    });
    const before = (await sandbox.calls(ahead.call)).length;

    const lift = await touch(cdp, link);
    // The finger is still down: no click yet, and the data is on its way, beside the screen's code.
    await expect.poll(() => asked.length).toBe(1);
    expect(new URL(asked[0]).pathname).toBe("/resources/ahead");
    expect(await clicks()).toBe(0);
    await lift();
    await expect(page).toHaveURL(ahead.landed);
    await expect(page.locator(ahead.shown).first()).toBeVisible();
    expect(asked).toHaveLength(1);
    expect((await sandbox.calls(ahead.call)).length - before).toBe(1);
  });
}

test("touches that do not become taps ask ahead three times a screen at most", async ({ signIn, page }) => {
  await onHome({ signIn, page });
  const cards = page.getByRole("region", { name: "All offers" }).locator("[data-offer-id]");
  // The first card near the top: the five touched are all on screen.
  await cards.first().evaluate((card) => window.scrollBy({ top: card.getBoundingClientRect().top - 150, behavior: "instant" }));
  const cdp = await page.context().newCDPSession(page);
  const dataAsked: string[] = [];
  page.on("request", (request) => {
    if (offerDataAsked(request.url())) dataAsked.push(request.url());
  });
  for (let index = 0; index < 5; index += 1) {
    const box = (await cards.nth(index).boundingBox())!;
    const start = { x: box.x + box.width / 2, y: box.y + 20 };
    // A touch the browser takes for the start of a scroll: cancelled, and no click comes.
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [start] });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchCancel", touchPoints: [] });
  }
  await page.waitForLoadState("networkidle");
  // Five touches on five cards: the first three asked ahead, the rest did not.
  expect(dataAsked).toHaveLength(3);
  await expect(page).toHaveURL(/\/index/);
});

test("while home is still, the offer screen's code is fetched and no data: a tap then asks for its data alone", async ({ signIn, page, sandbox }) => {
  await onHome({ signIn, page });
  const before = (await sandbox.calls(OFFER_DETAIL)).length;
  // The offer route's module, preloaded by the mall once home has been still for a moment (by its own
  // link, then by Remix's PrefetchPageLinks).
  await expect(page.locator('link[rel="modulepreload"][href*="/coupon-details-"]').first()).toBeAttached({ timeout: 10_000 });
  await page.waitForLoadState("networkidle");
  expect((await sandbox.calls(OFFER_DETAIL)).length).toBe(before);
  const asked: string[] = [];
  page.on("request", (request) => asked.push(request.url()));
  const card = page.getByRole("region", { name: "All offers" }).locator("[data-offer-id]").first();
  await card.click();
  await expect(page.getByRole("button", { name: "Checkout" })).toBeVisible();
  // Its data, once; none of its scripts (the offer route's module and what it imports, as the server
  // lists them for the code ahead): the code came before the tap. The offer screen may meanwhile fetch
  // the code of the screens it links to (its stores'), which is not the tap's.
  expect(asked.filter(offerDataAsked)).toHaveLength(1);
  const list = (await (await page.request.get("/resources/code-ahead?route=couponDetails")).json()) as { routes: Record<string, { modules: string[] }> };
  const offerModules = new Set(list.routes.couponDetails!.modules);
  expect(offerModules.size).toBeGreaterThan(0);
  expect(asked.filter((url) => offerModules.has(new URL(url).pathname))).toEqual([]);
  // The list of the next screens' files was asked once for the document.
  expect(await page.evaluate(() => performance.getEntriesByType("resource").filter((entry) => entry.name.includes("/resources/code-ahead")).length)).toBe(1);
});

test("going back to home waits for no styles and draws no link again: home's styles stay while it is kept, and Remix's prefetch is drawn once", async ({ signIn, page }) => {
  await onHome({ signIn, page });
  // Home still long enough for my coupons' code to be fetched ahead, Remix's prefetch included.
  await expect(page.locator('link[rel="modulepreload"][href*="/my-coupons-"]').first()).toBeAttached({ timeout: 10_000 });
  await pageStill(page, CODE_AHEAD_IDLE_MS + 500);
  const homeStyles = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('head link[rel="stylesheet"]')].map((link) => link.getAttribute("href")!));
  await page.locator('main a[href="/mycoupon"]').first().click();
  await expect(page).toHaveURL(/\/mycoupon$/);
  await expect(page.getByRole("tab").first()).toBeVisible();
  await routerIdle(page);
  // Home, hidden, keeps every stylesheet it had.
  const linked = (href: string) => page.locator(`link[rel="stylesheet"][href="${href}"]`).first();
  for (const href of homeStyles) await expect(linked(href)).toBeAttached();
  await page.evaluate(() => {
    const drawn: string[] = [];
    (window as unknown as { drawn: string[] }).drawn = drawn;
    new MutationObserver((mutations) => {
      for (const mutation of mutations)
        for (const node of mutation.addedNodes) {
          if (!(node instanceof HTMLLinkElement)) continue;
          const href = node.getAttribute("href");
          const before = [...document.querySelectorAll(`link[href="${href}"], script[src="${href}"]`)].filter((other) => other !== node);
          // Remix's wait for a route's styles, or a file the document links to already (but for home's
          // stylesheet, which Remix's <Links> puts back in the head: home's styles did not leave).
          if (node.rel === "preload" || (node.rel !== "stylesheet" && before.length > 0)) drawn.push(`${node.rel} ${href}`);
        }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goBack();
  await expect(page.getByRole("region", { name: "All offers" })).toBeVisible();
  await routerIdle(page);
  expect(await page.evaluate(() => (window as unknown as { drawn: string[] }).drawn)).toEqual([]);
});

test("the list of the next screens' files is asked as home hydrates: a touch before the page was ever idle preloads the offer's code at once", async ({ signIn, page }) => {
  // A phone busy with home's pictures in the seconds after it is drawn: the browser is never idle,
  // and (the clock paused once home has hydrated) the still screen's timer does not come either.
  await page.clock.install();
  // After the clock's own, which would run idle callbacks as its time passes.
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });
  const listAsked: string[] = [];
  page.on("request", (request) => new URL(request.url()).pathname === "/resources/code-ahead" && listAsked.push(request.url()));
  await onHome({ signIn, page });
  // The document's own asks for the list: home may be loaded again to be paused in time.
  await pausedBeforeCodeAhead(page, () => (listAsked.length = 0));
  await expect.poll(() => listAsked.length).toBe(1);
  const card = page.getByRole("region", { name: "All offers" }).locator("[data-offer-id]").first();
  await card.scrollIntoViewIfNeeded();
  const cdp = await page.context().newCDPSession(page);
  await touch(cdp, card);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchCancel", touchPoints: [] });
  // The route's module and the modules it imports, all at once, from the list at hand.
  await expect(page.locator('link[rel="modulepreload"][href*="/coupon-details-"]').first()).toBeAttached();
  expect(await page.locator('link[rel="modulepreload"]').count()).toBeGreaterThan(1);
  expect(listAsked).toHaveLength(1);
});

/**
 * Home's timers under the test's hand once it has hydrated: the still screen's timer (a second after
 * it) runs only when told to. Paused before, a slow sign-in would stop the page's own timers before
 * it had hydrated; so on a machine busy enough that the still timer fetched an offer's code before
 * the pause, home is loaded again and paused again.
 */
async function pausedBeforeCodeAhead(page: Page, beforeReload = () => {}): Promise<void> {
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await hydrated(page);
    const now = await page.evaluate(() => Date.now());
    const paused = await page.clock.pauseAt(now + 100).then(
      () => true,
      // The clock passed `now + 100` first: it still runs.
      () => false,
    );
    if (paused && (await page.locator('link[rel="modulepreload"][href*="/coupon-details-"]').count()) === 0) return;
    if (paused) await page.clock.resume();
    beforeReload();
    await page.reload();
  }
  throw new Error("home fetched an offer's code ahead before its timers could be paused, five times");
}

test("with the network gone, nothing is fetched ahead and the page stays: the code comes once the network is back", async ({ signIn, page }) => {
  await page.clock.install();
  await onHome({ signIn, page });
  await pausedBeforeCodeAhead(page);
  const documents: string[] = [];
  page.on("framenavigated", (frame) => frame === page.mainFrame() && documents.push(frame.url()));
  await page.context().setOffline(true);
  await expect(page.getByTestId("network-alert")).toBeVisible();
  const cdp = await page.context().newCDPSession(page);
  // Still for long enough, and a touch on an offer: neither loads a route's module, which offline
  // would make Remix reload the page into the browser's error page.
  await page.clock.runFor(3_000);
  const card = page.getByRole("region", { name: "All offers" }).locator("[data-offer-id]").first();
  await card.scrollIntoViewIfNeeded({ timeout: 10_000 });
  await touch(cdp, card);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchCancel", touchPoints: [] });
  await page.clock.runFor(3_000);
  await expect(page.locator('link[rel="modulepreload"][href*="/coupon-details-"]')).toHaveCount(0);
  expect(documents).toEqual([]);
  await expect(page).toHaveURL(/\/index$/);

  await page.context().setOffline(false);
  await expect(page.getByTestId("network-alert")).toBeHidden();
  await page.clock.runFor(3_000);
  await expect(page.locator('link[rel="modulepreload"][href*="/coupon-details-"]').first()).toBeAttached({ timeout: 10_000 });
  expect(documents).toEqual([]);
});

test("a touch whose load fails leaves home as it is; a tap later asks again", async ({ signIn, page, sandbox }) => {
  await onHome({ signIn, page });
  const card = page.getByRole("region", { name: "All offers" }).locator("[data-offer-id]").first();
  await card.scrollIntoViewIfNeeded();
  const offerId = await card.getAttribute("data-offer-id");
  const cdp = await page.context().newCDPSession(page);
  await sandbox.fault(OFFER_DETAIL, "http500", 1);
  // The touch's own ask meets the failure: its answer is where the page would send the member (the
  // error route), which the tap would follow and a touch alone does not.
  const askedAhead = page.waitForResponse((response) => new URL(response.url()).pathname === "/resources/ahead" && response.status() === 202);

  // A touch the browser takes for a scroll: its load fails, and the member, who tapped nothing, stays on home.
  await touch(cdp, card);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchCancel", touchPoints: [] });
  await askedAhead;
  // Whatever the failure would lead to (the error route's data and code) has had its time.
  await page.waitForLoadState("networkidle");
  await expect(page).toHaveURL(/\/index$/);
  await expect(card).toBeVisible();
  await expect(page.getByRole("heading", { name: "Overwhelming Response" })).toHaveCount(0);

  // Touched again and tapped, the gateway well again: the tap asks afresh and shows the offer.
  const before = (await sandbox.calls(OFFER_DETAIL)).length;
  const lift = await touch(cdp, card);
  await lift();
  await expect(page).toHaveURL(new RegExp(`/coupon_details/${offerId}$`));
  await expect(page.getByRole("button", { name: "Checkout" })).toBeVisible();
  expect((await sandbox.calls(OFFER_DETAIL)).length - before).toBe(1);
});

test("a page asked ahead before the router knows its route fetches nothing of the not-found route's: Remix's prefetch waits for the route", async ({ signIn, page }) => {
  // Home, still: Remix has learnt the routes of its links (lazy route discovery), the not-found one among them.
  await onHome({ signIn, page });
  await pageStill(page, CODE_AHEAD_IDLE_MS + 500);
  await page.getByRole("link", { name: /^Search/ }).click();
  const box = page.getByRole("searchbox", { name: "Keywords" });
  await expect(box).toBeVisible();
  await routerIdle(page);
  // The listing's route for the word's address is not known until the test lets Remix learn it.
  const discovery = await holdRequests(page, /\/__manifest\?p=%2Fclassify%2Fc&/);
  const asked: string[] = [];
  const finished: string[] = [];
  page.on("request", (request) => asked.push(request.url()));
  page.on("requestfinished", (request) => finished.push(request.url()));
  // The first letter asks for its results (the listing's code and data); a prefetch of the page drawn
  // before its route is known would match the not-found route.
  await box.fill("c");
  await expect.poll(() => discovery.held()).toBeGreaterThan(0);
  // The listing's module run ahead, and React's next frames drawn: what the touch draws once the module
  // has come is in the page before the route is known.
  await expect.poll(() => finished.some((url) => url.includes("/resources/ahead?to=%2Fclassify%2Fc"))).toBe(true);
  await nextFrame(page);
  await nextFrame(page);
  discovery.release();
  await page.waitForLoadState("networkidle");
  const notFound = asked.filter((url) => url.includes("_routes=notFound") || new URL(url).pathname.startsWith("/assets/not-found-"));
  expect(notFound).toEqual([]);
});

test("the search button's first touch asks for the word's results before the click, and the search uses that load", async ({ signIn, page }) => {
  // The page's timers under the test's hand: the typing pause's timer never fires, so only the touch
  // can ask for the whole word.
  await page.clock.install();
  await signIn("chan", { draw: false });
  await page.goto("/search");
  await hydrated(page);
  await page.clock.pauseAt(Date.now() + 60_000);
  // The results' data asked for (beside their code, or their page's data), by the results' address.
  const asked: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (asksDataOf(url.href, /^\/classify\/[^/]+$/)) asked.push(url.pathname === "/resources/ahead" ? `ahead ${url.searchParams.get("to")}` : url.pathname);
  });
  const box = page.getByRole("searchbox", { name: "Keywords" });
  // The first keystroke asks for its letter's results; the rest wait for a pause that never comes.
  await box.fill("c");
  await box.fill("coffee");
  await expect.poll(() => asked).toEqual(["ahead /classify/c"]);
  const clicks = await countClicks(page);
  const cdp = await page.context().newCDPSession(page);

  const lift = await touch(cdp, page.getByRole("button", { name: "Search", exact: true }));
  // The finger is still down: no click yet, and the word's results are on their way.
  await expect.poll(() => asked).toEqual(["ahead /classify/c", "ahead /classify/coffee"]);
  expect(await clicks()).toBe(0);
  await lift();
  await expect(page).toHaveURL(/\/classify\/coffee$/);
  await expect(page.getByRole("heading", { name: "coffee" })).toBeVisible();
  await expect(page.locator("[data-offer-id]").first()).toBeVisible();
  expect(asked).toEqual(["ahead /classify/c", "ahead /classify/coffee"]);
});

test("a page's address never keeps the marker of a load asked ahead: typed with it, the page comes back whole with the browser's back", async ({ signIn, page }) => {
  await onHome({ signIn, page });
  await page.goto("/classifys/2-Coffee%20%26%20Desserts?_ahead=1");
  await expect(page).toHaveURL(/\/classifys\/2-Coffee%20%26%20Desserts$/);
  await hydrated(page);
  const card = page.locator("[data-offer-id]").first();
  const offerId = await card.getAttribute("data-offer-id");
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/coupon_details/${offerId}`));
  await expect(page.getByRole("button", { name: "Checkout" })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/classifys\/2-Coffee%20%26%20Desserts$/);
  await expect(page.getByRole("heading", { name: "Coffee & Desserts" })).toBeVisible();
  await expect(page.locator(`[data-offer-id="${offerId}"]`).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Overwhelming Response" })).toHaveCount(0);
});

/**
 * Screens that come back (and forward) as the member saw them, each from the page it links from: a
 * link there, the screen's own content, and its data's address (lib/intent-data.ts `useFreshData`).
 */
const SEEN_AGAIN = [
  { from: "/index", link: 'a.shortcut[href="/checkIn"]', shown: "[data-testid=check-in-streak]", data: /\/checkIn\.data/ },
  { from: "/index", link: 'a.shortcut[href="/seckill"]', shown: "[role=tabpanel] h3", data: /\/seckill\.data/ },
  { from: "/index", link: 'a.shortcut[href^="/asiaMiles_details/"]', shown: "input[name=lastName]", data: /\/asiaMiles_details\/\d+\.data/ },
  { from: "/index", link: 'a.shortcut[href="/myFavorites"]', shown: ".favourites [role=tab]", data: /\/myFavorites\.data/ },
  { from: "/index", link: 'a.shortcut[href="/myAddress"]', shown: "a[href^='/editAddress']", data: /\/myAddress\.data/ },
  { from: "/index", link: 'a[href="/mcoin_integral"]', shown: "[data-testid=points-balance]", data: /\/mcoin_integral\.data/ },
  { from: "/index", link: ".ad-banner__button", shown: ".zone__title", data: /\/mCoin_zone\/\d+\.data/ },
  { from: "/coupon_details/1", link: "a.branch-row", shown: "#store-name", data: /\/store_details\/\d+\.data/ },
  { from: "/store_details/3", link: 'a.more-link[href^="/other_stores/"]', shown: ".branch-row__link", data: /\/other_stores\/[\d-]+\.data/ },
];

test("the check-in, the seckill, Asia Miles, the favourites, the address book, the mCoin history, a store, a zone and the branches come back as the member saw them at once, then as the server has them", async ({
  signIn,
  page,
}) => {
  await onHome({ signIn, page });
  for (const screen of SEEN_AGAIN) {
    if (screen.from !== "/index") {
      await page.goto(screen.from);
      await hydrated(page);
    }
    await page.locator(screen.link).first().click();
    const shown = page.locator(screen.shown).first();
    await expect(shown).toBeVisible();
    await page.goBack();
    await routerIdle(page);
    // Forward again, the refresh held: the screen is drawn from what was seen, its refresh on its way.
    const refresh = await holdRequests(page, screen.data);
    await page.goForward();
    await expect(shown).toBeVisible();
    await expect.poll(refresh.held, { message: screen.link }).toBe(1);
    refresh.release();
    await routerIdle(page);
    await expect(shown).toBeVisible();
    await page.unroute(screen.data);
    await page.goBack();
    await routerIdle(page);
  }
});

test("the way back from a search's results shows the search screen at once, the search first among the recent ones, then as the server has it", async ({ signIn, page }) => {
  await onHome({ signIn, page });
  await page.locator("a.search-box").click();
  const box = page.getByRole("searchbox", { name: "Keywords" });
  await expect(box).toBeVisible();
  const recent = page.getByRole("region", { name: "Recent searches" }).locator(".chip");
  for (const keyword of ["noodles", "latte"]) {
    await box.fill(keyword);
    await box.press("Enter");
    await expect(page.getByRole("heading", { name: keyword })).toBeVisible();
    // Back with the screen's refresh held: drawn from what was seen, with the search just made.
    const refresh = await holdRequests(page, /\/search\.data/);
    await page.goBack();
    await expect(box).toBeVisible();
    await expect(recent.first()).toHaveText(keyword);
    await expect.poll(refresh.held).toBe(1);
    refresh.release();
    await routerIdle(page);
    await page.unroute(/\/search\.data/);
  }
  // The server's list, refreshed: the two searches first, newest first.
  await expect(recent.nth(0)).toHaveText("latte");
  await expect(recent.nth(1)).toHaveText("noodles");
});
