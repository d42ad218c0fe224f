/** Search and the listing screen: keywords in both languages, history, filters, sorting, empty states. */
import type { Page } from "@playwright/test";
import { shownPrices } from "./cards";
import { walletUserAgent } from "./env";
import { expect, hydrated, test } from "./fixtures";

const offers = (page: Page) =>
  page
    .getByRole("region", { name: /.+/ })
    .filter({ has: page.locator("[data-offer-id]") })
    .last()
    .locator("[data-offer-id]");

async function search(page: Page, keyword: string) {
  const box = page.getByRole("searchbox", { name: "Keywords" });
  await box.fill(keyword);
  await page.getByRole("button", { name: "Search", exact: true }).click();
}

test.beforeEach(async ({ signIn, page }) => {
  await signIn("chan", { draw: false });
  await page.goto("/search");
  await hydrated(page);
});

test("'coffee' finds the coffee offers and the coffee stores", async ({ page }) => {
  await search(page, "coffee");
  await expect(page).toHaveURL(/\/classify\/coffee$/);
  await expect(page.getByRole("heading", { name: "coffee" })).toBeVisible();
  await expect(offers(page).first()).toBeVisible();
  const titles = await offers(page).locator(".offer-card__title").allTextContents();
  expect(titles.length).toBeGreaterThanOrEqual(5);
  expect(titles.filter((title) => /coffee|latte|espresso|cappuccino|mocha|americano/i.test(title)).length).toBeGreaterThanOrEqual(5);
  await expect(page.getByRole("region", { name: "Stores" }).getByRole("link").first()).toContainText(/Coffee/);
});

test.describe("in Chinese", () => {
  test.use({ userAgent: walletUserAgent("zh-TW"), locale: "zh-TW" });

  test("'咖啡' finds the coffee offers too", async ({ page }) => {
    await page.getByRole("searchbox", { name: "關鍵字" }).fill("咖啡");
    await page.getByRole("button", { name: "搜尋", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/classify/${encodeURIComponent("咖啡")}$`));
    await expect(offers(page).first()).toBeVisible();
    const titles = await offers(page).locator(".offer-card__title").allTextContents();
    expect(titles.filter((title) => /咖啡|拿鐵|咖/.test(title)).length).toBeGreaterThanOrEqual(5);
  });
});

test("an empty keyword asks for one and goes nowhere", async ({ page }) => {
  await search(page, "   ");
  await expect(page.getByRole("alert")).toHaveText("Please enter keywords to search");
  await expect(page).toHaveURL(/\/search$/);
});

test("a nonsense word shows the empty state", async ({ page }) => {
  await search(page, "zqxjvw");
  await expect(page.getByText("No related search results")).toBeVisible();
  await expect(page.locator("[data-offer-id]")).toHaveCount(0);
});

test("recent searches survive a reload and are cleared only after confirming", async ({ page }) => {
  await search(page, "coffee");
  await expect(page).toHaveURL(/\/classify\/coffee$/);
  await page.goto("/search");
  await search(page, "buffet");
  await expect(page).toHaveURL(/\/classify\/buffet$/);
  await page.goto("/search");
  await page.reload();
  const recent = page.getByRole("region", { name: "Recent searches" });
  await expect(recent.getByRole("listitem")).toHaveText(["buffet", "coffee"]);

  await hydrated(page);
  await recent.getByRole("button", { name: "Clear search history" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Clear search history?" });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(recent.getByRole("listitem")).toHaveCount(2);

  await recent.getByRole("button", { name: "Clear search history" }).click();
  await confirm.getByRole("button", { name: "Clear" }).click();
  await expect(recent.getByText("No recent searches yet.")).toBeVisible();
  await page.reload();
  await expect(recent.getByRole("listitem")).toHaveCount(0);
});

test("popular searches open their results", async ({ page }) => {
  await page.getByRole("region", { name: "Popular searches" }).getByRole("button", { name: "coffee" }).click();
  await expect(page).toHaveURL(/\/classify\/coffee$/);
});

test("sorting by distance orders the results by the distance shown on each card", async ({ page }) => {
  await page.goto("/classify/coffee");
  await hydrated(page);
  await page.getByRole("tab", { name: "Distance" }).click();
  await expect(page).toHaveURL(/sort=distance/);
  await expect(page.getByRole("tab", { name: "Distance" })).toHaveAttribute("aria-selected", "true");
  await page.mouse.wheel(0, 20000);
  await page.waitForLoadState("networkidle");
  const meters = (await page.locator("[data-offer-id] .offer-card__distance").allTextContents()).map((text) => (text.endsWith("km") ? Number.parseFloat(text) * 1000 : Number.parseFloat(text)));
  expect(meters.length).toBeGreaterThanOrEqual(5);
  expect(meters).toEqual([...meters].sort((a, b) => a - b));
  expect(meters[0]).toBeLessThan(meters[meters.length - 1]);
});

test("sorting by price and by sales", async ({ page }) => {
  await page.goto("/classify/coffee?sort=price");
  // By the price each card shows beside its original price.
  const prices = await shownPrices(page.locator("[data-offer-id]"));
  expect(prices.length).toBeGreaterThan(3);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  await page.goto("/classify/coffee?sort=sales");
  const sold = (await page.locator("[data-offer-id] .offer-card__sold").allTextContents()).map((text) => Number(text.replace(/[^\d]/g, "")));
  expect(sold).toEqual([...sold].sort((a, b) => b - a));
});

test("filters by area and by category", async ({ page }) => {
  await page.goto("/classify/coffee");
  await hydrated(page);
  const everywhere = await page.locator("[data-offer-id]").count();
  await page.getByRole("combobox", { name: "Area" }).selectOption({ label: "Taipa" });
  await expect(page).toHaveURL(/district=taipa/);
  // The address changes a moment before React draws the list it brought.
  const districts = () => page.locator("[data-offer-id]").evaluateAll((cards) => [...new Set(cards.map((card) => card.getAttribute("data-district")))]);
  await expect.poll(districts).toEqual(["taipa"]);

  // Two quick changes both count: the second builds on the first even before it lands.
  await page.getByRole("combobox", { name: "Area" }).selectOption({ label: "All areas" });
  await page.getByRole("combobox", { name: "Category" }).selectOption({ label: "Hotels & Stays" });
  await expect(page).toHaveURL(/\?category=6$/);
  await expect(page.locator("[data-offer-id]")).toHaveCount(1);
  expect(everywhere).toBeGreaterThan(1);
  // No coffee is sold under Beauty & Wellness: the filter leaves nothing.
  await page.getByRole("combobox", { name: "Category" }).selectOption({ label: "Beauty & Wellness" });
  await expect(page.getByText("No related search results")).toBeVisible();
});

test("/classifys/{id}-{title} lists a category with its name in the member's language in the header", async ({ page }) => {
  await page.goto(`/classifys/7-${encodeURIComponent("Lifestyle Services")}`);
  await expect(page.getByRole("heading", { name: "Lifestyle Services", level: 1 })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Category" })).toHaveValue("7");
  await expect(page.locator("[data-offer-id]").first()).toBeVisible();
  // Home's grid links in the member's language; an address written in the other one (shared, or
  // from a Chinese page) still says the category's name in this member's.
  await page.goto(`/classifys/1-${encodeURIComponent("餐飲美食")}`);
  await expect(page.getByRole("heading", { name: "Food & Dining", level: 1 })).toBeVisible();
  // An id the catalog does not know keeps the address's own title.
  await page.goto(`/classifys/999-${encodeURIComponent("Somewhere")}`);
  await expect(page.getByRole("heading", { name: "Somewhere", level: 1 })).toBeVisible();
  const response = await page.goto("/classifys/not-a-category");
  expect(response?.status()).toBe(404);
});

test("a listing asks for the pictures of its first screen first, and for the rest as the member scrolls", async ({ page }) => {
  await page.goto(`/classifys/2-${encodeURIComponent("Coffee & Desserts")}`);
  const pictures = page.locator("[data-offer-id] img");
  await expect(pictures.first()).toBeVisible();
  expect(await pictures.count()).toBeGreaterThan(6);
  const loading = await pictures.evaluateAll((images) =>
    images.map((image) => [image.getAttribute("fetchpriority"), image.getAttribute("loading"), image.getBoundingClientRect().top < window.innerHeight]),
  );
  // The four a phone shows (the fourth in part) are asked for first; the rest load lazily.
  expect(loading.slice(0, 4)).toEqual(Array(4).fill(["high", "eager", true]));
  for (const [priority, lazy] of loading.slice(4)) expect([priority, lazy]).toEqual([null, "lazy"]);
});

test("age-gated offers carry 18+, and taken-down offers are never listed", async ({ page }) => {
  await page.goto("/classify/wine");
  const wine = page.locator("[data-offer-id]");
  await expect(wine.first()).toBeVisible();
  await expect(wine.filter({ hasText: "Portuguese wine tasting" }).getByText("18+")).toBeVisible();
  // 'Two bowls of shrimp wonton noodles' (offer 10) was taken down; other wonton offers remain.
  await page.goto("/classify/wonton");
  await expect(page.locator('[data-offer-id="10"]')).toHaveCount(0);
  await page.goto("/classify/laundry%20credit");
  await expect(page.getByText("No related search results")).toBeVisible();
});

test("the search screen's action answers bad input with 400 and changes nothing", async ({ page, sandbox }) => {
  await search(page, "coffee");
  await expect(page).toHaveURL(/\/classify\/coffee$/);
  const forms: Record<string, string>[] = [{}, { intent: "drop-tables" }, { intent: "x".repeat(5000) }];
  for (const form of forms) {
    expect((await page.request.post("/search", { form })).status(), JSON.stringify(form).slice(0, 40)).toBe(400);
  }
  // The history's own resource, which the screen posts to beside its navigation, refuses the same way.
  const records: Record<string, string>[] = [
    ...forms,
    { intent: "record" },
    { intent: "record", keyword: "   " },
    { intent: "record", keyword: "x".repeat(61) },
    { intent: "record", keyword: "tea\u0007" },
  ];
  const origin = new URL(page.url()).origin;
  for (const form of records) {
    expect((await page.request.post("/resources/search-history", { form, headers: { Origin: origin } })).status(), JSON.stringify(form).slice(0, 40)).toBe(400);
  }
  expect((await page.request.get("/resources/search-history")).status()).toBe(405);
  expect((await sandbox.calls("/api/auth/searchhistory")).filter((call) => call.method === "DELETE")).toHaveLength(0);
  await page.goto("/search");
  await expect(page.getByRole("region", { name: "Recent searches" }).getByRole("listitem")).toHaveText(["coffee"]);
});

test.describe("a search with script (docs/decisions/053-code-ahead-and-back-without-drawing.md)", () => {
  /**
   * The data requests and the history's records the page makes, as "METHOD path"; a page's data asked
   * ahead, beside its code, as "ahead path" (docs/decisions/066-data-asked-beside-the-module.md).
   */
  function requests(page: Page): string[] {
    const seen: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/resources/ahead") seen.push(`ahead ${decodeURIComponent(new URL(url.searchParams.get("to") ?? "", url).pathname)}`);
      else if (url.pathname.endsWith(".data") || url.pathname === "/resources/search-history") seen.push(`${request.method()} ${decodeURIComponent(url.pathname)}`);
    });
    return seen;
  }

  test("the first letter typed asks for results ahead; the search opens its results at once and records itself alongside", async ({ page }) => {
    const seen = requests(page);
    await page.getByRole("searchbox", { name: "Keywords" }).pressSequentially("coffee", { delay: 40 });
    await expect.poll(() => seen).toContain("ahead /classify/c");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/classify\/coffee$/);
    await expect(offers(page).first()).toBeVisible();
    await expect.poll(() => seen).toContain("POST /resources/search-history");
    // Not the action and its redirect: the results were asked for at once.
    expect(seen.filter((request) => request.startsWith("POST /search"))).toEqual([]);
    await page.goto("/search");
    await expect(page.getByRole("region", { name: "Recent searches" }).getByRole("listitem")).toHaveText(["coffee"]);
  });

  test("a pause in typing asks for the word's results, and the search then uses them", async ({ page }) => {
    const seen = requests(page);
    await page.getByRole("searchbox", { name: "Keywords" }).pressSequentially("latte", { delay: 20 });
    await expect.poll(() => seen).toContain("ahead /classify/latte");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/classify\/latte$/);
    await expect(offers(page).first()).toBeVisible();
    // Asked once, ahead; the results' page itself is not asked.
    expect(seen.filter((request) => request.endsWith("/classify/latte") || request.endsWith("/classify/latte.data"))).toEqual(["ahead /classify/latte"]);
  });
});
