/** Store details and branches, mCoin zones, shared entries, and what each kind of ad does. */
import { E2E_APP_URL, E2E_SANDBOX_URL, walletUserAgent } from "./env";
import { expect, hostCalls, hydrated, test } from "./fixtures";

test.beforeEach(async ({ signIn, page }) => {
  await signIn("chan");
  await hydrated(page);
});

test.describe("a store", () => {
  test("shows the merchant, its facilities, every offer of the store and other branches", async ({ page }) => {
    await page.goto("/store_details/3");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Address")).toBeVisible();
    await expect(page.getByText("Opening hours")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Facilities" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "About the merchant" })).toBeVisible();
    const offers = page.locator("[data-offer-id]");
    expect(await offers.count()).toBeGreaterThan(0);
    await expect(page.getByRole("heading", { name: "Other branches" })).toBeVisible();

    await hydrated(page);
    await page.getByRole("button", { name: /^Call \+853/ }).click();
    await expect.poll(async () => (await hostCalls(page)).find((call) => call.method === "phoneCall")?.args[0]).toMatch(/^\+853 \d{4} \d{4}$/);

    await page.getByRole("link", { name: /View all \d+ branches/ }).click();
    await expect(page).toHaveURL(/\/other_stores\/3-0-\d+-1$/);
  });

  test("a petrol station, found by a store search, lists its facilities", async ({ page }) => {
    await page.goto("/classify/fuel");
    await page
      .getByRole("region", { name: "Stores" })
      .getByRole("link", { name: /MT Fuel & Auto Care/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/store_details\/\d+$/);
    const facilities = page.getByRole("region", { name: "Facilities" });
    await expect(facilities.getByText("Oil change")).toBeVisible();
    await expect(facilities.getByText("Convenience store")).toBeVisible();
  });

  test("its branch list shows distances and calls a branch through the host", async ({ page }) => {
    await page.goto("/store_details/3");
    const link = page.getByRole("link", { name: /View all \d+ branches/ });
    const count = Number((await link.textContent())?.replace(/[^\d]/g, ""));
    await link.click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Branches of");
    const rows = page.locator(".branch-row");
    await expect(rows).toHaveCount(count);
    const meters = (await page.locator(".branch-row__distance").allTextContents()).map((text) => (text.endsWith("km") ? Number.parseFloat(text) * 1000 : Number.parseFloat(text)));
    expect(meters).toEqual([...meters].sort((a, b) => a - b));
    await hydrated(page);
    await rows
      .first()
      .getByRole("button", { name: /^Call / })
      .click();
    await expect.poll(async () => (await hostCalls(page)).some((call) => call.method === "phoneCall")).toBe(true);
  });

  test("an unknown store says so with a 404", async ({ page }) => {
    const response = await page.goto("/store_details/99999");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "This store is no longer available." })).toBeVisible();
    expect((await page.goto("/other_stores/1-2-3"))?.status()).toBe(404);
  });

  test("the shared entry opens the same store and, with the secret door, asks the host for its nav bar", async ({ page, sandbox }) => {
    await page.goto(await sandbox.loginRedirect("mpay-1001", `${E2E_APP_URL}/index`, "store_details_link/3"));
    await expect(page).toHaveURL(`${E2E_APP_URL}/store_details_link/3`);
    await expect(page.getByRole("heading", { name: "Other branches" })).toBeVisible();
    await expect.poll(async () => (await hostCalls(page)).find((call) => call.method === "setNavigationBar")?.args).toEqual([{ visible: true }]);
  });
});

test.describe("mCoin zones", () => {
  test("an ongoing zone shows its rules and its offers", async ({ page }) => {
    await page.goto("/mCoin_zone/1");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Rules")).toBeVisible();
    expect(await page.locator(".zone__rules li").count()).toBeGreaterThanOrEqual(3);
    expect(await page.locator("[data-offer-id]").count()).toBeGreaterThanOrEqual(6);
    await expect(page.getByText(/^Until /)).toBeVisible();
  });

  test("a zone that is over says 'Special event has ended!', shared or not", async ({ page }) => {
    for (const path of ["/mCoin_zone/2", "/share_zone/2"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: "Special event has ended!" })).toBeVisible();
      await expect(page.locator("[data-offer-id]")).toHaveCount(0);
    }
    await page.goto("/share_zone/1");
    expect(await page.locator("[data-offer-id]").count()).toBeGreaterThan(0);
    expect((await page.goto("/mCoin_zone/77"))?.status()).toBe(404);
  });

  test("a zone ends when the gateway's clock passes its end", async ({ page, sandbox }) => {
    await sandbox.setClock(Date.now() + 30 * 86_400_000);
    await page.goto("/mCoin_zone/1");
    await expect(page.getByRole("heading", { name: "Special event has ended!" })).toBeVisible();
  });
});

test.describe("ads", () => {
  test("types 1, 2 and 5 open a route of the mall", async ({ page }) => {
    const ads = banner(page).getByRole("button");
    const titles = await ads.evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-label") ?? ""));
    expect(titles.length).toBeGreaterThanOrEqual(6);
    const routes: Record<string, RegExp> = {};
    const list = await page.request.get(`${E2E_SANDBOX_URL}/api/business/adverts?position=home`, { headers: { "accept-language": "en" } });
    for (const ad of ((await list.json()) as { data: { list: { title: string; type: number; url: string }[] } }).data.list) {
      if ([1, 2, 5].includes(ad.type)) routes[ad.title] = new RegExp(`${ad.url.replace(/[/_]/g, "\\$&")}$`);
    }
    expect(Object.keys(routes).length).toBeGreaterThanOrEqual(3);
    for (const [title, url] of Object.entries(routes)) {
      await page.goto("/index");
      await hydrated(page);
      await banner(page).getByRole("button", { name: title }).click();
      await expect(page).toHaveURL(url);
    }
  });

  test("type 3 opens the web page in a new window", async ({ page, context }) => {
    await context.route("https://www.macaupass.com/**", (route) => route.fulfill({ contentType: "text/html", body: "<title>Macau Pass</title>" }));
    const list = await page.request.get(`${E2E_SANDBOX_URL}/api/business/adverts?position=home`, { headers: { "accept-language": "en" } });
    const ad = ((await list.json()) as { data: { list: { title: string; type: number }[] } }).data.list.find((item) => item.type === 3)!;
    const popup = page.waitForEvent("popup");
    await banner(page).getByRole("button", { name: ad.title }).click();
    expect((await popup).url()).toBe("https://www.macaupass.com/");
  });

  test("type 4 opens the mini-program with the mall's source tag", async ({ page }) => {
    const list = await page.request.get(`${E2E_SANDBOX_URL}/api/business/adverts?position=home`, { headers: { "accept-language": "en" } });
    const ad = ((await list.json()) as { data: { list: { title: string; type: number; appId?: string; url: string }[] } }).data.list.find((item) => item.type === 4)!;
    await banner(page).getByRole("button", { name: ad.title }).click();
    await expect.poll(async () => (await hostCalls(page)).find((call) => call.method === "openMiniProgram")?.args[0]).toEqual({ appId: ad.appId, path: ad.url, source: "mcoin_mall" });
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
  });
});

test.describe("below wallet 5.8.6", () => {
  test.use({ userAgent: walletUserAgent("en", "5.8.5") });

  test("a mini-program ad asks to update the app instead, with a way to the app market", async ({ page }) => {
    const list = await page.request.get(`${E2E_SANDBOX_URL}/api/business/adverts?position=home`, { headers: { "accept-language": "en" } });
    const ad = ((await list.json()) as { data: { list: { title: string; type: number }[] } }).data.list.find((item) => item.type === 4)!;
    await banner(page).getByRole("button", { name: ad.title }).click();
    const prompt = page.getByRole("alertdialog", { name: "Update MPay" });
    await expect(prompt).toContainText("app market");
    expect((await hostCalls(page)).some((call) => call.method === "openMiniProgram")).toBe(false);
    await prompt.getByRole("button", { name: "Not now" }).click();
    await expect(prompt).toBeHidden();

    // The sandbox stands in for the app market, as it does for the wallet's sign-in page.
    await banner(page).getByRole("button", { name: ad.title }).click();
    const market = page.context().waitForEvent("page");
    await prompt.getByRole("link", { name: "Go to the app market" }).click();
    const store = await market;
    await expect(store).toHaveURL(/\/__wallet\/app-market$/);
    await expect(store.getByRole("heading", { name: "MPay" })).toBeVisible();
    await expect(store.getByRole("button", { name: "Update" })).toBeVisible();
    await expect(prompt).toBeHidden();
  });
});

function banner(page: import("@playwright/test").Page) {
  return page.getByRole("region", { name: "Promotions" });
}
