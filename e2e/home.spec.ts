/** Home: rails, tabs, the dropdown filter, the infinite list, labels, location, and keep-alive. */
import type { Page } from "@playwright/test";
import { shownPrices } from "./cards";
import { walletUserAgent } from "./env";
import { expect, hostCalls, hydrated, test } from "./fixtures";
import { startMall } from "./spawn-mall";
import { pageStill, scrollToListEnd } from "./waits";
import { CODE_AHEAD_IDLE_MS } from "../app/components/list-link";

const list = (page: Page) => page.getByRole("region", { name: "All offers" });
const cards = (page: Page) => list(page).locator("[data-offer-id]");

const scrollToEnd = (page: Page) => scrollToListEnd(list(page), "No more");

test.beforeEach(async ({ signIn, page }) => {
  await signIn("chan");
  await hydrated(page);
});

test("shows the member's mCoin and redeemed items, the rails, categories and shortcuts", async ({ page }) => {
  await expect(page.getByTestId("mcoin-balance")).toHaveText("12,580");
  await expect(page.getByTestId("redeemed-count")).toHaveText("0");
  for (const rail of ["Hot offers", "Top picks", "Editors' choice"]) {
    await expect.poll(() => page.getByRole("region", { name: rail }).locator("[data-offer-id]").count()).toBeGreaterThan(3);
  }
  await expect(cards(page).first()).toBeVisible();
  const categories = page.getByRole("navigation", { name: "Categories" });
  await expect(categories.getByRole("link")).toHaveCount(8);
  await categories.getByRole("link", { name: "Coffee & Desserts" }).click();
  await expect(page).toHaveURL(/\/classifys\/2-Coffee%20%26%20Desserts$/);
  await expect(page.getByRole("heading", { name: "Coffee & Desserts" })).toBeVisible();
  await page.goBack();
  for (const shortcut of ["My orders", "Shipping addresses"]) await expect(page.getByRole("link", { name: shortcut })).toBeVisible();
  await expect(page.getByRole("button", { name: "User centre" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Search" })).toHaveAttribute("href", "/search");
});

test("the page's modules load as Remix loads them (preloaded beside the document), and the page then works", async ({ page }) => {
  const served = await (await page.request.get("/index")).text();
  expect(served.match(/<link rel="modulepreload"/g)?.length).toBeGreaterThan(2);
  expect(served).not.toContain("x-after-paint");
  expect(served.match(/<script[^>]* type="module"/g)).toHaveLength(1);
  await page.reload();
  await hydrated(page);
  // Hydrated: a tab is the router's now (the same document), and the list follows it.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole("tab", { name: "Latest" }).click();
  await expect(page).toHaveURL(/\?tab=latest$/);
  await expect(cards(page).first()).toBeVisible();
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
});

test("the server's HTML holds the rails and the first page of offers, as the hydrated page shows them, and nothing moves when it hydrates", async ({ page }) => {
  // Tall enough that the rails and the first offers are on screen, where a shift would count.
  await page.setViewportSize({ width: 390, height: 3000 });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((entries) => {
      for (const entry of entries.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.reload();
  await hydrated(page);
  await page.waitForLoadState("networkidle");
  // A frame after the last render.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);

  const served = await (await page.request.get("/index")).text();
  for (const rail of ["Hot offers", "Top picks", "Editors' choice"]) {
    const tiles = page.getByRole("region", { name: rail }).locator("[data-offer-id]");
    const ids = await tiles.evaluateAll((links) => links.map((link) => link.getAttribute("data-offer-id")));
    const servedRail = new RegExp(`<section class="rail rail--offers" aria-label="${escapeHtml(rail)}">([\\s\\S]*?)</section>`).exec(served)?.[1] ?? "";
    expect(
      [...servedRail.matchAll(/data-offer-id="(\d+)"/g)].map(([, id]) => id),
      rail,
    ).toEqual(ids);
  }
  // The first page, as the hydrated list shows it (which may have loaded the next page on a screen this tall).
  const servedList = /<section class="home-list"[\s\S]*$/.exec(served)![0];
  const servedIds = [...servedList.matchAll(/data-offer-id="(\d+)"/g)].map(([, id]) => id);
  expect(servedIds.length).toBeGreaterThanOrEqual(10);
  const shown = (
    await cards(page).evaluateAll((links) =>
      links.map((link) => ({
        id: link.getAttribute("data-offer-id"),
        title: link.querySelector(".offer-card__title")?.textContent ?? "",
        pay: link.querySelector(".offer-card__pay")?.innerHTML ?? "",
      })),
    )
  ).slice(0, servedIds.length);
  expect(shown.map(({ id }) => id)).toEqual(servedIds);
  for (const { title, pay } of shown) {
    expect(servedList).toMatch(new RegExp(`<span class="offer-card__title"[^>]*>${escapeRegExp(escapeHtml(title))}</span>`));
    // What the member pays, drawn the same.
    expect(servedList).toContain(pay);
  }
  // Only the first screen's picture (the first banner) is asked for first. The rails' and the list's
  // are boxes of their size with no address until the page's scripts run, then load and decode as
  // the member scrolls to them; each has its picture in a <noscript> for a page read without scripts.
  expect(served.match(/fetchpriority="high"/g)).toHaveLength(1);
  const belowTheFold = [...served.matchAll(/<section class="(?:rail rail--offers|home-list)"[\s\S]*?<\/section>/g)].flatMap(
    ([section]) => section.match(/<img [^>]*>(?:<noscript>.*?<\/noscript>)?/g) ?? [],
  );
  expect(belowTheFold.length).toBeGreaterThan(30);
  for (const img of belowTheFold) {
    expect(img).toMatch(
      /^<img alt="" width="(\d+)" height="(\d+)" loading="lazy" decoding="async"\/><noscript><img alt="" width="\1" height="\2" src="\/resources\/picture\?src=[^"]+" loading="lazy" decoding="async"\/><\/noscript>$/,
    );
  }
});

/** A text matched as itself in a regular expression. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A text as React writes it into HTML. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}

test("filter by an mCoin range, switch tabs, scroll to the end, open an offer, come back to it all", async ({ page, sandbox }) => {
  await page.getByRole("button", { name: "Filter" }).click();
  const filter = page.getByRole("group", { name: "Filter offers" });
  await filter.getByRole("button", { name: "500 – 1,000" }).click();
  await filter.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/mcoin=500-1000/);
  await expect(page.getByRole("button", { name: "Filter (1)" })).toBeVisible();

  await page.getByRole("tab", { name: "Sales volume" }).click();
  await expect(page.getByRole("tab", { name: "Sales volume" })).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(/tab=sales/);

  await scrollToEnd(page);
  const prices = await cards(page).locator(".offer-card__pay .pay__mcoin").allTextContents();
  expect(prices.length).toBeGreaterThan(10); // more than one page
  for (const price of prices) {
    const value = Number(price.replace(/[^\d]/g, ""));
    expect(value).toBeGreaterThanOrEqual(500);
    expect(value).toBeLessThan(1000);
  }
  const sold = (await cards(page).locator(".offer-card__sold").allTextContents()).map((text) => Number(text.replace(/[^\d]/g, "")));
  expect(sold).toEqual([...sold].sort((a, b) => b - a));

  const count = await cards(page).count();
  const target = cards(page).nth(count - 3);
  await target.scrollIntoViewIfNeeded();
  const scrollY = await page.evaluate(() => window.scrollY);
  const pageHeight = () => page.evaluate(() => document.documentElement.scrollHeight);
  const heightBefore = await pageHeight();
  const offerId = await target.getAttribute("data-offer-id");

  // The very elements the member saw: kept mounted while the offer shows, not drawn again.
  const homeElement = await page.locator(".home").elementHandle();
  const requests: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  await target.click();
  await expect(page).toHaveURL(new RegExp(`/coupon_details/${offerId}$`));
  // The offer's screen settled first (one not on sale yet reads the gateway's clock for its countdown),
  // and the code of the screens it links to fetched: that starts once the screen has been still for
  // CODE_AHEAD_IDLE_MS (components/list-link.tsx), so the page must have asked nothing for longer.
  await hydrated(page);
  await pageStill(page, CODE_AHEAD_IDLE_MS + 500);
  const afterOpen = requests.length;
  const gatewayCalls = async () => (await sandbox.calls()).filter((call) => !call.path.endsWith("/system/time")).length;
  const callsAfterOpen = await gatewayCalls();

  await page.goBack();
  await expect(page.getByRole("tab", { name: "Sales volume" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("button", { name: "Filter (1)" })).toBeVisible();
  await expect(list(page).getByText("No more")).toBeAttached();
  await expect(cards(page)).toHaveCount(count);
  // Everything above the place comes back at its real height (no rail or card stands at a guessed
  // one), or the place is off: at the end of the list the page would be too short to reach it.
  expect(await pageHeight()).toBe(heightBefore);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrollY - 5);
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrollY)).toBeLessThanOrEqual(5);
  // Kept alive: nothing ran on the way back, so neither the mall nor the gateway was asked anything,
  // not even a picture, and home is the same elements, not drawn again. (What the offer screen set off
  // may land late on a busy machine: a clock reading for its countdown, and Remix's discovery of the
  // routes of its store links, which it batches and sends after a pause. The browser asks for the
  // page's icon itself.)
  const offerDiscovery = (url: string) => {
    const { pathname, searchParams } = new URL(url);
    return pathname === "/__manifest" && searchParams.getAll("p").every((path) => path.startsWith("/store_details/"));
  };
  const asked = requests.slice(afterOpen).filter((url) => !url.endsWith("/resources/time") && !url.endsWith("/favicon.png") && !offerDiscovery(url));
  expect(asked).toEqual([]);
  expect(await gatewayCalls()).toBe(callsAfterOpen);
  expect(await homeElement!.evaluate((element) => element.isConnected && element.checkVisibility())).toBe(true);
});

test("price sorts low to high, and a second tap high to low", async ({ page }) => {
  // By the price each card shows; the address changes a moment before React draws the list it
  // brought, so the order is waited for.
  const ordered = (direction: 1 | -1) => async () => {
    const prices = await shownPrices(cards(page));
    return prices.length > 3 && prices.every((price, index) => index === 0 || direction * (price - prices[index - 1]) >= 0) && prices[0] !== prices[prices.length - 1];
  };
  await page.getByRole("tab", { name: "Price" }).click();
  await expect(page.getByRole("tab", { name: "Price, low to high" })).toHaveAttribute("aria-selected", "true");
  await expect.poll(ordered(1)).toBe(true);
  await page.getByRole("tab", { name: "Price, low to high" }).click();
  await expect(page.getByRole("tab", { name: "Price, high to low" })).toBeVisible();
  await expect(page).toHaveURL(/order=desc/);
  await expect.poll(ordered(-1)).toBe(true);
});

test("the filter's reset clears the choice before confirming", async ({ page }) => {
  await page.getByRole("button", { name: "Filter" }).click();
  const filter = page.getByRole("group", { name: "Filter offers" });
  await filter.getByRole("button", { name: "$300 and above" }).click();
  await expect(filter.getByRole("button", { name: "$300 and above" })).toHaveAttribute("aria-pressed", "true");
  await filter.getByRole("button", { name: "Reset" }).click();
  await expect(filter.getByRole("button", { name: "$300 and above" })).toHaveAttribute("aria-pressed", "false");
  await filter.getByRole("button", { name: "Confirm" }).click();
  await expect(page).not.toHaveURL(/price=/);
});

test.describe("on a first visit", () => {
  test("the host's location arrives and nearby shows distances", async ({ page, signIn }) => {
    await page.context().clearCookies();
    await signIn("chan", { firstVisit: true });
    await expect.poll(async () => (await hostCalls(page)).some((call) => call.method === "getLocation")).toBe(true);
    await expect(cards(page).first().locator(".offer-card__distance")).toBeVisible();
    const cookie = (await page.context().cookies()).find((item) => item.name === "mcoin_geo");
    expect(decodeURIComponent(cookie?.value ?? "")).toBe("22.19350,113.53970");
  });
});

test("nearby lists offers by the distance from the member's location", async ({ page }) => {
  await expect(page.getByRole("tab", { name: "Nearby" })).toHaveAttribute("aria-selected", "true");
  await expect(cards(page).first().locator(".offer-card__distance")).toBeVisible();
  const meters = (await cards(page).locator(".offer-card__distance").allTextContents()).map((text) => (text.endsWith("km") ? Number.parseFloat(text) * 1000 : Number.parseFloat(text)));
  expect(meters.length).toBeGreaterThan(5);
  expect(meters).toEqual([...meters].sort((a, b) => a - b));
});

test("a failed page says so, and a tap loads it again", async ({ page, sandbox }) => {
  await sandbox.fault("/api/business/recommend", "http500", 1);
  await page.mouse.wheel(0, 20000);
  const retry = page.getByRole("button", { name: "Load failed, tap to reload" });
  await expect(retry).toBeVisible();
  const before = await cards(page).count();
  await retry.click();
  await expect(retry).toBeHidden();
  await expect.poll(() => cards(page).count()).toBeGreaterThan(before);
});

test("cards carry the discount label, and the ends-today and coming-soon labels", async ({ page }) => {
  await expect(
    list(page)
      .getByText(/^\d+% OFF$/)
      .first(),
  ).toBeVisible();
  await page.getByRole("tab", { name: "Latest" }).click();
  await expect(list(page).getByText("Coming soon").first()).toBeVisible();
  await scrollToEnd(page);
  await expect(list(page).getByText("Ends today").first()).toBeAttached();
  await expect(list(page).getByText("Sold out").first()).toBeAttached();
});

/**
 * Every offer rail at the height it is given, at phone widths from small to large: a rail whose
 * tiles needed more would stand taller when drawn than while skipped below the screen, and a member
 * coming back to the list would land off their place (app/routes/index.css, `.rail--offers`).
 */
async function expectRailsAtTheirHeight(page: Page) {
  for (const width of [320, 360, 390, 430]) {
    await page.setViewportSize({ width, height: 800 });
    const rails = page.locator(".rail--offers");
    await expect(rails).toHaveCount(3);
    for (const rail of await rails.all()) {
      await rail.scrollIntoViewIfNeeded();
      const fit = await rail.evaluate((section) => {
        const given = parseFloat(getComputedStyle(section).minHeight);
        const tiles = [...section.querySelectorAll<HTMLElement>(".offer-tile")];
        const track = section.querySelector(".rail__track")!.getBoundingClientRect();
        return {
          height: section.getBoundingClientRect().height - given,
          overflow: Math.max(track.bottom - section.getBoundingClientRect().bottom, ...tiles.map((tile) => tile.scrollHeight - tile.clientHeight)),
        };
      });
      // Its given height as laid out (layout counts in 64ths of a pixel, the computed style does not).
      expect(Math.abs(fit.height), `${width} px`).toBeLessThan(1 / 64);
      expect(fit.overflow, `${width} px`).toBeLessThanOrEqual(0);
    }
  }
  // A price of mCoin and cash (two lines in a tile) is among them, or the test proves little.
  expect(await page.locator(".rail--offers .pay__cash").count()).toBeGreaterThan(0);
}

test("every offer rail is one height, whatever its offers, and its tiles fit in it", async ({ page }) => {
  await expectRailsAtTheirHeight(page);
});

test.describe("in Chinese", () => {
  test.use({ userAgent: walletUserAgent("zh-TW"), locale: "zh-TW" });

  test("every offer rail is one height, whatever its offers, and its tiles fit in it", async ({ page }) => {
    await expectRailsAtTheirHeight(page);
  });

  test("the discount label is in tenths", async ({ page }) => {
    await expect(
      page
        .getByRole("region", { name: "全部優惠" })
        .getByText(/^\d(\.\d)?折$/)
        .first(),
    ).toBeVisible();
  });
});

test.describe("when the member refused location", () => {
  test("nearby falls back politely to recommended offers, without distances", async ({ browser }) => {
    const context = await browser.newContext({ userAgent: walletUserAgent("en"), viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await context.addInitScript(() => window.sessionStorage.setItem("mcoin.host.location", "denied"));
    const page = await context.newPage();
    await page.goto("/index");
    await page.getByRole("button", { name: "Continue as 陳大文" }).click();
    await expect(page.getByText("Turn on location for MPay to see offers near you.")).toBeVisible();
    await expect(cards(page).first()).toBeVisible();
    await expect(list(page).locator(".offer-card__distance")).toHaveCount(0);
    await context.close();
  });
});

test("pages of offers are cacheable, the member's own page is not, and bad queries get 400", async ({ page }) => {
  const pageTwo = await page.request.get("/resources/offers?list=home&tab=sales&page=2");
  expect(pageTwo.status()).toBe(200);
  expect(pageTwo.headers()["cache-control"]).toBe("public, max-age=60");
  const body = (await pageTwo.json()) as { page: { page: number; list: Record<string, unknown>[] } };
  expect(body.page.page).toBe(2);
  // What the cards show of each offer, and nothing more (lib/catalog/card-data.ts).
  expect(Object.keys(body.page.list[0]).sort()).toEqual([
    "ageRestricted",
    "distance",
    "districtId",
    "endAt",
    "id",
    "image",
    "mcoin",
    "mcoinPrice",
    "originalPrice",
    "price",
    "sold",
    "startAt",
    "stock",
    "storeName",
    "title",
  ]);
  const home = await page.request.get("/index");
  expect(home.headers()["cache-control"] ?? "").not.toContain("public");
  for (const query of ["list=nope&page=1", "list=home&page=0", "list=home&page=x", "list=search&page=1&districtId=..%2F..", "list=home&tab=everything&page=1"]) {
    expect((await page.request.get(`/resources/offers?${query}`)).status(), query).toBe(400);
  }
});

test("a mall that keeps catalog replies asks for home's lists, categories and ads once per language, the gateway's clock once, and for the member's own every time", async ({ page, sandbox }) => {
  // The suite's malls keep nothing (playwright.config.ts); this one keeps what the gateway allows, as
  // a mall does by default, and carries the gateway's clock after reading it once. On localhost, the
  // member's session cookie reaches it too.
  const mall = await startMall({ MCOIN_CATALOG_KEEP_S: "60", MCOIN_CLOCK_KEEP_S: "60", MCOIN_RATE_LIMITS: "login=100000,task=100000,picture=100000,action=100000" }, "localhost");
  try {
    const paths = ["/api/business/recommend", "/mcoinrecommend", "/api/business/classifylist", "/api/business/adverts", "/api/auth/basicinformation", "/api/system/time"];
    const counts = async () => {
      const calls = await sandbox.calls();
      return paths.map((path) => calls.filter((call) => call.path.endsWith(path)).length);
    };
    const home = async (lng: string) => {
      const reply = await page.request.get(`${mall.url}/index?lng=${lng}`);
      expect(reply.status()).toBe(200);
      return reply.text();
    };
    const before = await counts();
    const first = await home("en");
    expect(await home("en")).toContain("Hot offers");
    const afterEnglish = (await counts()).map((count, index) => count - before[index]);
    expect(afterEnglish.slice(0, 4)).toEqual([1, 1, 1, 1]);
    expect(afterEnglish[4]).toBeGreaterThanOrEqual(2);
    expect(afterEnglish[5]).toBe(1);
    expect(first).toContain("12,580");
    // Chinese texts are another reply.
    expect(await home("zh")).toContain("熱門");
    const afterChinese = (await counts()).map((count, index) => count - before[index]);
    expect(afterChinese.slice(0, 4)).toEqual([2, 2, 2, 2]);
    expect(afterChinese[5]).toBe(1);
  } finally {
    mall.stop();
  }
});

test("with the gateway's clock carried, returning to the tab still asks the gateway for the time", async ({ page, sandbox }) => {
  // A mall that carries the gateway's clock for a minute (as by default): home reads it once, and a
  // return to the tab within that minute reads it again, from the gateway (spec section 4).
  const mall = await startMall({ MCOIN_CLOCK_KEEP_S: "60", MCOIN_RATE_LIMITS: "login=100000,task=100000,picture=100000,action=100000" }, "localhost");
  try {
    await page.goto(`${mall.url}/index`);
    await expect(page.getByTestId("mcoin-balance")).toHaveText("12,580");
    await hydrated(page);
    const clockReads = async () => (await sandbox.calls("/api/system/time")).length;
    await page.goto(`${mall.url}/index`);
    await hydrated(page);
    const before = await clockReads();
    const refreshed = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith("/resources/session") && response.request().method() === "POST");
    await page.evaluate(() => {
      for (const state of ["hidden", "visible"]) {
        Object.defineProperty(document, "visibilityState", { value: state, configurable: true });
        document.dispatchEvent(new Event("visibilitychange"));
      }
    });
    expect((await refreshed).ok()).toBe(true);
    expect((await clockReads()) - before).toBe(1);
  } finally {
    mall.stop();
  }
});
