/**
 * Home as the server draws it: complete and usable without JavaScript (the rails, the first offers
 * with what the member pays, links to the offers, the search box and the search screen's form), and
 * a search typed before the page hydrates.
 */
import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";
import { nextFrame } from "./waits";

const RAILS = ["Hot offers", "Top picks", "Editors' choice"];
/** Whether an offer card's picture fills the card's picture box (a box of 16:10, laid out in rem). */
const fillsItsBox = (image: Element) => {
  const box = image.closest(".offer-card__media")!;
  return image.clientWidth > 0 && image.clientWidth === box.clientWidth && image.clientHeight === box.clientHeight;
};
const offers = (page: Page) => page.getByRole("region", { name: "All offers" }).locator("[data-offer-id]");

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test.beforeEach(async ({ signIn }) => {
    // The session cookie lands in the browser's jar without drawing a page (which would wait for hydration).
    await signIn("chan", { draw: false });
  });

  test("home shows its rails and first offers with their names and what the member pays, and an offer's link opens it", async ({ page }) => {
    await page.goto("/index");
    await expect(page.getByTestId("mcoin-balance")).toHaveText("12,580");
    for (const rail of RAILS) {
      const tiles = page.getByRole("region", { name: rail }).getByRole("link");
      expect(await tiles.count(), rail).toBeGreaterThan(3);
      await expect(tiles.first().locator(".offer-tile__title")).toHaveText(/\S/);
      await expect(tiles.first().locator(".offer-tile__pay")).toHaveText(/mCoin|\$/);
    }
    expect(await offers(page).count()).toBeGreaterThanOrEqual(10);
    const first = offers(page).first();
    await expect(first).toHaveAttribute("href", /^\/coupon_details\/\d+$/);
    const title = (await first.locator(".offer-card__title").textContent())!;
    expect(title).toMatch(/\S/);
    await expect(first.locator(".offer-card__pay")).toHaveText(/^[\d,]+ mCoin( \+ \$[\d,]+\.\d\d)?$|^\$[\d,]+\.\d\d$/);
    await expect(first.locator(".offer-card__original")).toHaveText(/^\$[\d,]+\.\d\d$/);
    // Pictures of their size from the start, loading as the member scrolls to them: without
    // JavaScript, the one in the card's <noscript> stands in for the box that waits for the scripts.
    const picture = first.locator("img[src]");
    await expect(picture).toHaveAttribute("width", "104");
    await expect(picture).toHaveAttribute("height", "65");
    await expect(picture).toHaveAttribute("loading", "lazy");
    await expect(first.locator("img:not([src])")).toBeHidden();
    await picture.scrollIntoViewIfNeeded();
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    expect(await picture.evaluate(fillsItsBox)).toBe(true);

    await first.click();
    await expect(page).toHaveURL(/\/coupon_details\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  });

  test("the search box opens search; a blank search asks for keywords, a typed one finds its results", async ({ page }) => {
    await page.goto("/index");
    await page.getByRole("link", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search$/);
    const box = page.getByRole("searchbox", { name: "Keywords" });
    await box.fill("   ");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("Please enter keywords to search");
    await box.fill("coffee");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/classify\/coffee$/);
    await expect(page.getByRole("heading", { name: "coffee" })).toBeVisible();
    // The document may still be arriving: at least five offers.
    await expect(page.locator("[data-offer-id] .offer-card__title").nth(4)).toHaveText(/\S/);
  });
});

/** Holds the page's modules back (a slow phone's first seconds) until the returned function is called. */
async function holdModules(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^?]+\.js(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe("before the page hydrates", () => {
  test("home asks only for its first screen's pictures; the others once it has hydrated, as the member scrolls to them", async ({ page, signIn }) => {
    await signIn("chan", { draw: false });
    const release = await holdModules(page);
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/resources/picture?")) asked.push(decodeURIComponent(new URL(request.url()).searchParams.get("src") ?? ""));
    });
    await page.goto("/index", { waitUntil: "commit" });
    await expect(offers(page).first()).toBeVisible();
    // Scrolled down to the list while the page's scripts are still on their way.
    await offers(page).nth(2).scrollIntoViewIfNeeded();
    // Drawn where it now stands: a picture near the screen with an address would have been asked for.
    await nextFrame(page);
    expect(asked.map((src) => src.replace(/^.*\/static\//, "")).sort()).toEqual(["ads/ad-super-value-picks.webp", "avatars/chan.svg"]);
    // The boxes stand at their size meanwhile, drawing nothing over the skeleton.
    const waiting = offers(page).first().locator("img");
    expect(await waiting.getAttribute("src")).toBeNull();
    expect(await waiting.evaluate(fillsItsBox)).toBe(true);
    await expect(waiting).toBeHidden();

    release();
    await hydrated(page);
    const picture = offers(page).nth(2).locator("img");
    await expect(picture).toHaveAttribute("src", /^\/resources\/picture\?src=/);
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    expect(await picture.evaluate(fillsItsBox)).toBe(true);
    await expect(picture).toBeVisible();
    expect(asked.length).toBeGreaterThan(2);
  });

  test("home hydrates in two parts without a mismatch: the rails after the rest, their pictures asked for once they are", async ({ page, signIn }) => {
    // The rails stand in a Suspense boundary of their own (app/routes/index.tsx), which React hydrates
    // after the rest of the page; their pictures' boxes must then read "not hydrated yet" as the
    // server drew them (hooks/use-hydrated.ts), or React throws the server's rails away and draws them again.
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await signIn("chan", { draw: false });
    const release = await holdModules(page);
    await page.goto("/index", { waitUntil: "commit" });
    const firstTile = page.getByRole("region", { name: RAILS[0] }).getByRole("link").first();
    await expect(firstTile).toBeVisible();
    const served = await firstTile.evaluate((tile) => {
      (tile as HTMLElement & { servedTile?: boolean }).servedTile = true;
      return tile.querySelector("img")?.getAttribute("src") ?? null;
    });
    expect(served).toBeNull();
    release();
    await hydrated(page);
    const owned = (element: Element) => Object.keys(element).some((key) => key.startsWith("__reactFiber$"));
    await expect
      .poll(() => page.locator(".offer-tile").evaluateAll((tiles) => tiles.filter((tile) => Object.keys(tile).some((key) => key.startsWith("__reactFiber$"))).length))
      .toBe(await page.locator(".offer-tile").count());
    expect(await offers(page).first().evaluate(owned)).toBe(true);
    await expect(firstTile.locator("img")).toHaveAttribute("src", /^\/resources\/picture\?src=/);
    // The element the server drew is the one React took over, not one drawn again in its place.
    expect(await firstTile.evaluate((tile) => (tile as HTMLElement & { servedTile?: boolean }).servedTile === true)).toBe(true);
    expect(errors).toEqual([]);
  });

  test("a search typed on the search screen opened from home's search box is the one searched", async ({ page, signIn }) => {
    await signIn("chan", { draw: false });
    // The page's modules wait until the member has typed: a slow phone's first seconds.
    const release = await holdModules(page);
    // Not waiting for the document's load, which waits for its modules.
    await page.goto("/index", { waitUntil: "commit" });
    await page.getByRole("link", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search$/);
    await page.getByRole("searchbox", { name: "Keywords" }).pressSequentially("coffee");
    release();
    await hydrated(page);
    await expect(page.getByRole("searchbox", { name: "Keywords" })).toHaveValue("coffee");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/classify\/coffee$/);
    await expect(page.getByRole("heading", { name: "coffee" })).toBeVisible();
  });
});
