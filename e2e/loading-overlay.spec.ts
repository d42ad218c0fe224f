/** The global loading overlay: requests whose gateway calls are counted show it; exempt calls and home never do. */
import { isLoadingExempt } from "../app/lib/loading/loading-counter";
import { SCREEN_ROUTES } from "../app/route-table.js";
import { MEMBERS, expect, hydrated, test } from "./fixtures";
import { routerIdle } from "./waits";

/**
 * How long each gateway call takes in these tests, about as long as a real gateway's. The overlay is
 * the navigation's pending state, which React may never draw when the answer comes first (a
 * transition's state that is already stale is skipped): with the sandbox answering at once and a
 * slow machine drawing slowly, a navigation could end before its pending state was drawn.
 */
const GATEWAY_MS = 200;

/** Records whether the overlay ever appeared, however briefly. */
async function watchOverlay(page: import("@playwright/test").Page) {
  await page.evaluate(() => {
    const seen = { value: false };
    (window as unknown as { __overlaySeen: typeof seen }).__overlaySeen = seen;
    new MutationObserver(() => {
      if (document.querySelector(".loading-overlay")) seen.value = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __overlaySeen: { value: boolean } }).__overlaySeen.value);
}

test("a counted navigation shows the overlay, which hides about 400 ms after it finishes", async ({ page, signIn, sandbox }) => {
  await sandbox.setLatency(GATEWAY_MS);
  await signIn("chan");
  const seen = await watchOverlay(page);
  await page.getByRole("link", { name: "Check in" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to get mCoin" })).toBeVisible();
  // A machine slow to draw may draw the pending state after the screen's data came: polled.
  await expect.poll(seen).toBe(true);
  await expect(page.locator(".loading-overlay")).toHaveCount(0);
});

test("a navigation to a screen that loads only exempt calls shows no overlay", async ({ page, signIn }) => {
  await signIn("chan");
  const seen = await watchOverlay(page);
  await page.getByRole("link", { name: "My orders" }).click();
  await expect(page.getByRole("heading", { name: "My Orders" })).toBeVisible();
  // Landed (the tabs come with the screen's data; its skeleton shows the heading before) and settled:
  // an overlay the navigation started would be on the record by now.
  await expect(page.getByRole("tab", { name: /^All/ })).toBeVisible();
  await routerIdle(page);
  expect(await seen()).toBe(false);
});

test("after a counted navigation the overlay stays 400 ms; after one that ends on the error route, 100 ms", async ({ page, signIn, sandbox }) => {
  await page.clock.install();
  await sandbox.setLatency(GATEWAY_MS);
  await signIn("chan");
  await hydrated(page);
  // The page's timers stand still from here: only runFor moves them, so the two delays are exact.
  await page.clock.pauseAt(Date.now() + 60_000);
  const overlay = page.locator(".loading-overlay");

  await page.getByRole("link", { name: "Check in" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to get mCoin" })).toBeVisible();
  await expect(overlay).toHaveCount(1);
  await page.clock.runFor(150);
  await expect(overlay).toHaveCount(1);
  await page.clock.runFor(300);
  await expect(overlay).toHaveCount(0);

  await page.goBack();
  await expect(page.getByTestId("mcoin-balance")).toBeVisible();
  await page.clock.runFor(500);
  await sandbox.fault("/api/auth/checkin/info", "http500", 5);
  await page.getByRole("link", { name: "Check in" }).click();
  await expect(page.getByRole("heading", { name: "Overwhelming Response" })).toBeVisible();
  await expect(overlay).toHaveCount(1);
  await page.clock.runFor(150);
  await expect(overlay).toHaveCount(0);
});

/** A concrete path of each screen's pattern, with orders of `orders` where a screen names one. */
function screenPath(route: (typeof SCREEN_ROUTES)[number], orders: { id: number; paymentType: number }[]): string {
  const orderId = route.name === "otherOrderDetails" ? orders.find((order) => order.paymentType === 11)?.id : orders.find((order) => order.paymentType !== 11)?.id;
  const id = ["orderDetails", "otherOrderDetails", "refundApplication"].includes(route.name) ? orderId : 1;
  return route.path
    .replace(":title", "coffee")
    .replace(":idTitle", "12-coffee")
    .replace(":spec", "3-41-2-1")
    .replace(/:id\??/, String(id));
}

/**
 * Screens of every kind of call: counted ones (an offer, check-in, a refund, a store, the Asia Miles
 * product, the points), exempt ones (order and coupon lists, favourites, addresses) and both. That
 * each screen's declaration is true is a unit test's (app/routes/declared-calls.test.ts); this walk
 * checks that the browser shows the overlay as the declarations say.
 */
const WALKED = new Set([
  "couponDetails",
  "checkIn",
  "refundApplication",
  "storeDetails",
  "asiaMilesDetails",
  "mCoinIntegral",
  "search",
  "flashSale",
  "myOrder",
  "mycoupon",
  "myFavorites",
  "myAddress",
]);

test("on screens of every kind, a navigation shows the overlay exactly when a gateway call it makes is outside the spec's exempt fragments", async ({ page, signIn, sandbox }) => {
  await sandbox.setLatency(GATEWAY_MS);
  await signIn("wong");
  const orders = await sandbox.orders(MEMBERS.wong.openId);
  const seen = await watchOverlay(page);
  const walked: string[] = [];
  for (const route of SCREEN_ROUTES) {
    if (!WALKED.has(route.name)) continue;
    const path = screenPath(route, orders);
    const before = (await sandbox.calls()).length;
    // The last screen's overlay, if any, has gone (it stays 400 ms after its request).
    await expect(page.locator(".loading-overlay")).toHaveCount(0);
    await page.evaluate(() => ((window as unknown as { __overlaySeen: { value: boolean } }).__overlaySeen.value = false));
    // A client-side navigation, as a tap on a link makes: the router is the page's own.
    await page.evaluate((to) => (window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } }).__remixRouter.navigate(to), path);
    await expect(page).toHaveURL((url) => url.pathname === path.split("?")[0]);
    const calls = (await sandbox.calls()).slice(before).map((call) => call.path);
    const counted = calls.filter((call) => !isLoadingExempt(call));
    if (counted.length > 0) {
      // A machine slow to draw may draw the pending state after the router landed: polled.
      await expect.poll(seen, { message: `${path}: ${calls.join(", ")}` }).toBe(true);
    } else {
      await routerIdle(page);
      expect(await seen(), `${path}: ${calls.join(", ")}`).toBe(false);
    }
    walked.push(`${route.name}${counted.length > 0 ? "*" : ""}`);
  }
  // Both kinds were met: productdetail, checkin and refund lists count; order lists and favourites do not.
  expect(walked).toEqual(expect.arrayContaining(["couponDetails*", "checkIn*", "myOrder", "myFavorites", "mycoupon"]));
});

test("an action shows the overlay by its own call: favouriting (collection, exempt) does not, liking (business/like) and deleting an address (userAddress/update) do", async ({ page, signIn }) => {
  await signIn("chan", { draw: false });
  await page.goto("/coupon_details/1");
  await hydrated(page);
  const seen = await watchOverlay(page);
  const star = page.getByRole("button", { name: "Favourite" });
  await star.click();
  await expect(star).toHaveAttribute("aria-pressed", "true");
  // The star turns at the tap: the favourite's request answered and the page settled, an overlay it
  // started would be on the record by now.
  await routerIdle(page);
  expect(await seen()).toBe(false);
  await page.getByRole("button", { name: /likes?$/ }).click();
  await expect.poll(seen).toBe(true);

  await page.goto("/myAddress");
  await hydrated(page);
  const seenOnAddresses = await watchOverlay(page);
  await page
    .getByRole("button", { name: /^Delete .* address$/ })
    .first()
    .click();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect.poll(seenOnAddresses).toBe(true);
});
