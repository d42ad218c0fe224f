/** What the mall asks of the host app as the member moves around. */
import { expect, hostCalls, hydrated, test } from "./fixtures";
import { routerIdle, watchRequests } from "./waits";
import { SEEN_KEPT_MS } from "../app/lib/intent-data";

async function leaveAndReturnToTab(page: import("@playwright/test").Page) {
  await hydrated(page);
  await page.evaluate(() => {
    for (const state of ["hidden", "visible"]) {
      Object.defineProperty(document, "visibilityState", { value: state, configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    }
  });
}

test("returning to the tab refreshes the system time and the access token", async ({ page, signIn, sandbox }) => {
  await signIn("chan");
  await hydrated(page);
  const clockReads = (await sandbox.calls("/api/system/time")).length;
  await leaveAndReturnToTab(page);
  await expect.poll(async () => (await sandbox.calls("/api/business/refresh")).length).toBe(1);
  expect((await sandbox.calls("/api/system/time")).length).toBeGreaterThan(clockReads);

  // The refresh rotated the token (the old one no longer works): the session holds the new one.
  await page.reload();
  await expect(page.getByTestId("mcoin-balance")).toHaveText("12,580");
  expect(new URL(page.url()).pathname).toBe("/index");
  const [refresh] = await sandbox.calls("/api/business/refresh");
  const later = await sandbox.calls("/api/auth/basicinformation");
  expect(later[later.length - 1].seq).toBeGreaterThan(refresh.seq);
});

test("returning to the tab on a shop detail page refreshes the time only", async ({ page, signIn, sandbox }) => {
  await signIn("chan", { draw: false });
  await page.goto("/store_details/7");
  await hydrated(page);
  const clockReads = (await sandbox.calls("/api/system/time")).length;
  await leaveAndReturnToTab(page);
  await expect.poll(async () => (await sandbox.calls("/api/system/time")).length).toBeGreaterThan(clockReads);
  await page.waitForLoadState("networkidle");
  expect(await sandbox.calls("/api/business/refresh")).toHaveLength(0);
});

test("going back while on home asks the host to go back; going forward from home, or back elsewhere, does not", async ({ page, signIn, sandbox }) => {
  // The page's clock, to outlive what the member saw of a page (below).
  await page.clock.install();
  await signIn("chan");
  const goBacks = async () => (await hostCalls(page)).filter((call) => call.method === "goBack").length;
  // My Orders is on screen once its tabs are (its skeleton shows the title before).
  const myOrders = page.getByRole("tab", { name: /^All/ });
  await page.getByRole("link", { name: "My orders" }).click();
  await expect(myOrders).toBeVisible();
  await page.goBack(); // leaves My Orders, back to home
  await expect(page.getByTestId("mcoin-balance")).toBeVisible();
  await page.goForward(); // leaves home going forward: the member stays in the mall
  await expect(myOrders).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId("mcoin-balance")).toBeVisible();
  expect(await goBacks()).toBe(0);

  // A back step while a forward step from home is still loading (its skeleton shown) is a step within
  // the mall, back to home: nothing for the host. The screens home leads to come forward from what the
  // member saw (lib/intent-data.ts) for SEEN_KEPT_MS, so the step is taken after that: it loads.
  const search = page.locator('input[type="search"]');
  await page.locator("a.search-box").click();
  await expect(search).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId("mcoin-balance")).toBeVisible();
  await page.clock.fastForward(SEEN_KEPT_MS + 1_000);
  await sandbox.fault("api/auth/searchhistory", "delay", 1, 1_500);
  const searchData = watchRequests(page, (url) => url.pathname.startsWith("/search"));
  await page.goForward();
  await expect(page.getByTestId("screen-skeleton")).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId("mcoin-balance")).toBeVisible();
  // Settled: the search's data, if the router had asked for it, answered or given up; the router idle.
  await searchData();
  await routerIdle(page);
  await expect(search).toHaveCount(0);
  expect(await goBacks()).toBe(0);

  // An entry of home's own (as the webview may add one) to step back from, while on home.
  await page.evaluate(() => window.history.pushState(window.history.state, "", window.location.href));
  await page.goBack();
  await expect.poll(goBacks).toBe(1);
});

test("the user centre opens the wallet's own page", async ({ page, signIn }) => {
  await signIn("chan");
  await page.getByRole("button", { name: "User centre" }).click();
  await expect.poll(async () => (await hostCalls(page)).find((call) => call.method === "openNativePage")?.args).toEqual(["userCenter", null]);
});
