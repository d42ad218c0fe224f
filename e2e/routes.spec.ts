/** The route table: every path answers, unknown paths are not found, titles and back arrows, entries. */
import { encodeOauthParams } from "../app/lib/session-start/oauth-params";
import { SCREEN_ROUTES } from "../app/route-table.js";
import { E2E_APP_URL } from "./env";
import { expect, hostCalls, hydrated, isLoginPage, test } from "./fixtures";
import { routerIdle, watchRequests } from "./waits";

/** A concrete path for each pattern of the route table. */
function samplePath(pattern: string): string {
  return pattern
    .replace(":title", "coffee")
    .replace(":idTitle", "12-coffee")
    .replace(":spec", "3-41-2-1")
    .replace(":token", "sample-session-token")
    .replace(/:id\??/, "1");
}

test("an unknown path shows the not-found screen with HTTP 404", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to home" }).click();
  await expect(page).toHaveURL(isLoginPage);
});

test("every path of the route table answers without a server error, signed in or not", async ({ page, signIn }) => {
  for (const route of SCREEN_ROUTES) {
    const response = await page.request.get(samplePath(route.path), { maxRedirects: 0 });
    expect(response.status(), route.path).toBeLessThan(500);
  }
  await signIn("chan");
  for (const route of SCREEN_ROUTES) {
    if (route.name === "mycoupons") continue; // it would replace the member's token
    const response = await page.request.get(samplePath(route.path));
    // An order's screen names one order: this member has none of that id.
    const status = ["orderDetails", "otherOrderDetails", "refundApplication", "asiaMilesOrderDetails"].includes(route.name) ? 404 : 200;
    expect(response.status(), route.path).toBe(status);
  }
});

test("titled screens show the header bar with a back arrow; other screens have no header bar", async ({ page, signIn }) => {
  await signIn("chan");
  const titled: Record<string, string> = {
    "/mycoupon": "My Coupons",
    "/newMyCoupon": "My Redemptions",
    "/myOrder": "My Orders",
    "/myFavorites": "My Favourites",
    "/refund_application/7": "Refund Application",
    "/map": "Choose Region",
    "/flashSale": "Flash Sale",
  };
  for (const [path, title] of Object.entries(titled)) {
    await page.goto(path);
    await expect(page.getByRole("banner").getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("button", { name: "Back" })).toBeVisible();
  }
  for (const path of ["/index", "/search", "/checkIn", "/store_details/7", "/mCoin_zone/1"]) {
    await page.goto(path);
    await expect(page.getByRole("banner")).toHaveCount(0);
  }
  // Home is the wallet's first screen: its back is the wallet's own.
  await page.goto("/index");
  await expect(page.getByRole("button", { name: "Back" })).toHaveCount(0);
  await page.goto("/checkIn");
  await expect(page.getByRole("heading", { name: "Sign in to get mCoin" })).toBeVisible();
});

test("a screen without a title has one back of its own: in its heading band, or round over its picture", async ({ page, signIn }) => {
  await signIn("chan");
  const hero = ["/checkIn", "/mcoin_integral", "/seckill", "/store_details/7", "/other_stores/3-41-2-1", "/myAddress", "/editAddress"];
  for (const path of hero) {
    await page.goto(path);
    const band = page.locator(".screen-hero");
    await expect(band.getByRole("heading", { level: 1 }), path).toBeVisible();
    await expect(band.getByRole("button", { name: "Back" }), path).toBeVisible();
    await expect(page.getByRole("button", { name: "Back" }), path).toHaveCount(1);
  }
  for (const path of ["/coupon_details/1", "/mCoin_zone/1", "/asiaMiles_details/1"]) {
    await page.goto(path);
    await expect(page.getByTestId("screen-back").getByRole("button", { name: "Back" }), path).toBeVisible();
    await expect(page.getByRole("button", { name: "Back" }), path).toHaveCount(1);
  }
});

test("the offer's, the store's and the order's own back return to the screen before", async ({ page, signIn }) => {
  await signIn("wong");
  await page.getByRole("region", { name: "All offers" }).locator("[data-offer-id]").first().click();
  await expect(page).toHaveURL(/\/coupon_details\//);
  const back = page.getByTestId("screen-back").getByRole("button", { name: "Back" });
  await expect(back).toBeVisible();
  await hydrated(page);
  // It stays in reach while the page scrolls.
  await page.mouse.wheel(0, 800);
  await expect(back).toBeInViewport();
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByTestId("mcoin-balance")).toBeVisible();

  await page.goto("/coupon_details/1");
  await page.locator('a[href^="/store_details/"]').first().click();
  await expect(page).toHaveURL(/\/store_details\//);
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/coupon_details\/1$/);

  await page.goto("/mycoupon");
  await page.locator('a[href^="/order_details/"]').first().click();
  await expect(page).toHaveURL(/\/order_details\//);
  await expect(page.locator(".screen-hero").getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/mycoupon$/);
});

test("a stale session token on a members' screen leads to the sign-in page", async ({ page }) => {
  await page.goto("/mycoupons/a-token-the-gateway-never-issued");
  await expect(page).toHaveURL(isLoginPage);
});

test("the root font size is min(viewport width, 720) / 3.75", async ({ page }) => {
  const rootFontSize = () => page.evaluate(() => Number.parseFloat(getComputedStyle(document.documentElement).fontSize));
  await page.goto("/no-such-page");
  expect(await rootFontSize()).toBeCloseTo(390 / 3.75, 1);
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await rootFontSize()).toBeCloseTo(720 / 3.75, 1);
});

test("the back arrow returns to the previous page of the mall", async ({ page, signIn }) => {
  await signIn("chan");
  await page.getByRole("link", { name: "My orders" }).click();
  // My Orders is on screen once its tabs are (its skeleton shows the title before).
  await expect(page.getByRole("tab", { name: /^All/ })).toBeVisible();
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByTestId("mcoin-balance")).toBeVisible();
});

test("the back arrow on a screen still loading keeps the member where they were, in the mall", async ({ page, signIn, sandbox }) => {
  await signIn("chan");
  await sandbox.fault("api/mini/order/list", "delay", 1, 1_500);
  // The tap's own data request: asked beside the screen's code (a fetch ahead of the tap, `_ahead`,
  // is the browser's and may stay open), or the page's.
  const myOrdersData = watchRequests(page, (url) => url.pathname === "/resources/ahead" || (url.pathname.startsWith("/myOrder") && !url.searchParams.has("_ahead")));
  await page.getByRole("link", { name: "My orders" }).click();
  await expect(page.getByTestId("screen-skeleton")).toBeVisible();
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByTestId("mcoin-balance")).toBeVisible();
  // The tap may come while the router still fetches the screen's route or code, before the list is
  // asked for; if the list was asked for, its slow answer has come (or the request was given up) and
  // the router is idle, and it is not shown: the member chose to stay.
  await myOrdersData();
  await routerIdle(page);
  await expect(page.getByTestId("mcoin-balance")).toBeVisible();
  await expect(page.getByRole("tab", { name: /^All/ })).toHaveCount(0);
  expect((await hostCalls(page)).filter((call) => call.method === "goBack")).toHaveLength(0);
});

test("the browser's own back on a screen still loading keeps the member where they were", async ({ page, signIn, sandbox }) => {
  await signIn("wong");
  await page.getByRole("link", { name: "My orders" }).click();
  await expect(page.getByRole("tab", { name: /^All/ })).toBeVisible();
  await hydrated(page);
  await sandbox.fault("api/business/productdetail", "delay", 1, 1_500);
  // The tap's own data request: the touch's, beside the screen's code (a fetcher's load ahead of the
  // tap, `_ahead`, is the browser's and may stay open), or the page's.
  const orderData = watchRequests(page, (url) => url.pathname === "/resources/ahead" || (/order_details\/\d+\.data$/.test(url.pathname) && !url.searchParams.has("_ahead")));
  await page.locator('a[href*="order_details/"]').first().click();
  await expect(page.getByTestId("screen-skeleton")).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("tab", { name: /^All/ })).toBeVisible();
  await expect(page).toHaveURL(/\/myOrder$/);
  // Settled: the order's slow data answered or given up, the router idle, and the order not shown.
  await orderData();
  await routerIdle(page);
  await expect(page).toHaveURL(/\/myOrder$/);
  await expect(page.locator(".order-hero")).toHaveCount(0);
  // The mall's history is as it was: one more back returns home.
  await page.goBack();
  await expect(page.getByTestId("mcoin-balance")).toBeVisible();
});

test("/mycoupons/{token} keeps the token as the session and takes it out of the address bar", async ({ page, sandbox }) => {
  const token = await sandbox.token("mpay-1001");
  await page.goto(`/mycoupons/${token}`);
  await expect(page).toHaveURL(`${E2E_APP_URL}/mycoupon?entry=token`);
  expect(page.url()).not.toContain(token);
  await expect(page).toHaveTitle("My Coupons");
  await expect(page.getByRole("heading", { name: "My Coupons" })).toBeVisible();

  // The stored token is the member's session: home shows their balance without signing in.
  await page.goto("/index");
  await expect(page.getByTestId("mcoin-balance")).toHaveText("12,580");

  // Entered with a token, going back asks the host app to go back.
  await page.goto(`/mycoupons/${token}`);
  await hydrated(page);
  await page.getByRole("button", { name: "Back" }).click();
  await expect.poll(async () => (await hostCalls(page)).some((call) => call.method === "goBack")).toBe(true);
});

test("a screen for members sends a visitor to sign in and the login's state brings them back", async ({ page }) => {
  await page.goto("/mycoupon");
  await expect(page).toHaveURL(isLoginPage);
  expect(new URL(page.url()).searchParams.get("state")).toBe("mycoupon");
  await page.getByRole("button", { name: "Continue as 陳大文" }).click();
  await expect(page).toHaveURL(/\/mycoupon$/);
  await expect(page.getByRole("heading", { name: "My Coupons" })).toBeVisible();
});

test("every member-only screen of the route table comes back to itself after the sign-in round trip", async ({ page, signIn }) => {
  test.setTimeout(120_000);
  const memberOnly: string[] = [];
  for (const route of SCREEN_ROUTES) {
    // The token route starts a session by itself; it never sends anyone to sign in.
    if (route.name === "mycoupons") continue;
    const path = samplePath(route.path);
    await page.context().clearCookies();
    const response = await page.request.get(path, { maxRedirects: 0 });
    const location = response.headers().location;
    if (!location || !isLoginPage(new URL(location, E2E_APP_URL))) continue;
    memberOnly.push(path);
    await signIn("wong", { from: path });
    const landed = new URL(page.url());
    // The member's order 1 is an ordinary one: at the third-party screen's address it is sent to its own.
    const own = path === "/other_order_details/1" ? "/order_details/1" : path;
    expect(`${landed.pathname}${landed.search}`, `signed in from ${path}`).toBe(own);
  }
  // The walk found the screens the spec keeps for members (a table that lost them would pass vacuously).
  expect(memberOnly).toEqual(expect.arrayContaining(["/checkIn", "/order_details/1", "/myAddress", "/myOrder", "/flashSale", "/asiaMiles_details/1", "/mcoin_integral"]));
});

test("state 'classify' opens the listing named in oauthParams", async ({ page, sandbox }) => {
  const back = `${E2E_APP_URL}/index?oauthParams=${encodeURIComponent(encodeOauthParams({ buz: "coffee" }))}`;
  await page.goto(await sandbox.loginRedirect("mpay-1001", back, "classify"));
  await expect(page).toHaveURL(`${E2E_APP_URL}/classify/coffee`);
});

test("a details_link state turns on the secret door: the host is asked to control its nav bar", async ({ page, sandbox }) => {
  await page.goto(await sandbox.loginRedirect("mpay-1001", `${E2E_APP_URL}/index`, "coupon_details_link/41"));
  await expect(page).toHaveURL(`${E2E_APP_URL}/coupon_details_link/41`);
  await expect.poll(async () => (await hostCalls(page)).find((call) => call.method === "setNavigationBar")?.args).toEqual([{ visible: true }]);
});
