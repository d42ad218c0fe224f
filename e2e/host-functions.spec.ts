/**
 * The host's scanner and network type where a member expects them (spec section 7), through the
 * simulated host: scanning a code into 'Redeem a coupon' (redeemed; the scanner closed; not a code, or
 * a code the gateway refuses; no scanner; the camera refused), and the network type asked before a
 * payment: with no network nothing is placed or paid, and the same tap works once it is back.
 */
import type { Page } from "@playwright/test";
import { walletUserAgent } from "./env";
import { MEMBERS, expect, hostCalls, hydrated, test } from "./fixtures";
import { tapGuardOpen } from "./waits";

/** mCoin only: 50 mCoin a piece, settled at once (no cashier). */
const TYRE_CHECK = 53;
/** Cash only: MOP 485, paid in the cashier. */
const BANQUET = 29;
/** A seckill item at MOP 1 (fixtures/promotions.json). */
const DOLLAR_BUN = 1;
const REDEEM_CALL = "/api/auth/updatecode";

/** What the simulated scanner reads next (app/lib/host-bridge/simulated-host.ts, HOST_SCAN_KEY). */
async function scanWillRead(page: Page, reading: { text: string } | { cancel: true } | { deny: true } | null) {
  await page.evaluate((value) => (value === null ? window.sessionStorage.removeItem("mcoin.host.scan") : window.sessionStorage.setItem("mcoin.host.scan", value)), reading && JSON.stringify(reading));
}

async function openRedeem(page: Page) {
  await page.goto("/mycoupon");
  await hydrated(page);
  await page.getByRole("button", { name: "Redeem a coupon" }).click();
  return page.getByRole("dialog", { name: "Redeem a coupon" });
}

const scans = async (page: Page) => (await hostCalls(page)).filter((call) => call.method === "scanQRCode").length;

test.describe("scanning a code into 'Redeem a coupon'", () => {
  test("the scanned code fills the field and is redeemed", async ({ page, sandbox, signIn }) => {
    await signIn("sam");
    const before = await sandbox.orders(MEMBERS.sam.openId);
    const dialog = await openRedeem(page);
    await scanWillRead(page, { text: " gift-congee\n" });
    await dialog.getByRole("button", { name: "Scan QR code" }).click();
    await expect(dialog.getByRole("textbox", { name: "Coupon code" })).toHaveValue("gift-congee");
    await expect(dialog.getByRole("status")).toContainText("Redeemed:");
    const after = await sandbox.orders(MEMBERS.sam.openId);
    expect(after.length).toBe(before.length + 1);
    expect(after.find((order) => !before.some((known) => known.id === order.id))).toMatchObject({ orderKind: "gift" });
    expect(await scans(page)).toBe(1);
  });

  test("closing the scanner changes nothing and says nothing", async ({ page, sandbox, signIn }) => {
    await signIn("sam");
    const dialog = await openRedeem(page);
    await dialog.getByRole("textbox", { name: "Coupon code" }).fill("MCO");
    await scanWillRead(page, { cancel: true });
    await dialog.getByRole("button", { name: "Scan QR code" }).click();
    await expect.poll(() => scans(page)).toBe(1);
    await expect(dialog.getByRole("button", { name: "Scan QR code" })).toBeEnabled();
    await expect(dialog.getByRole("textbox", { name: "Coupon code" })).toHaveValue("MCO");
    await expect(dialog.getByRole("alert")).toHaveCount(0);
    expect(await sandbox.calls(REDEEM_CALL)).toHaveLength(0);
  });

  test("a scanned text that is not a code is refused in place; a code the gateway does not know gets its answer", async ({ page, sandbox, signIn }) => {
    await signIn("sam");
    const dialog = await openRedeem(page);
    const field = dialog.getByRole("textbox", { name: "Coupon code" });
    await scanWillRead(page, { text: "https://example.com/<b>promo</b>" });
    await dialog.getByRole("button", { name: "Scan QR code" }).click();
    await expect(field).toHaveValue("https://example.com/<b>promo</b>");
    await expect(dialog.getByRole("alert")).toHaveText("The scanned QR code isn't a coupon code. A code has 4 to 32 letters, digits or dashes.");
    await expect(field).toBeFocused();
    expect(await sandbox.calls(REDEEM_CALL)).toHaveLength(0);

    // Typing replaces the scan, and its message goes.
    await field.fill("GIFT");
    await expect(dialog.getByRole("alert")).toHaveCount(0);

    await scanWillRead(page, { text: "NO-SUCH-CODE" });
    await dialog.getByRole("button", { name: "Scan QR code" }).click();
    await expect(field).toHaveValue("NO-SUCH-CODE");
    await expect(dialog.getByRole("alert")).toHaveText("This code is invalid, used up or expired.");
    expect(await sandbox.calls(REDEEM_CALL)).toHaveLength(1);
  });

  test("a wallet without a scanner, or a refused camera, says so and leaves the field to type in", async ({ page, signIn }) => {
    await signIn("sam");
    const dialog = await openRedeem(page);
    await scanWillRead(page, null);
    await dialog.getByRole("button", { name: "Scan QR code" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("This version of MPay can't scan codes. Please type the code instead.");
    await scanWillRead(page, { deny: true });
    await dialog.getByRole("button", { name: "Scan QR code" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("MPay isn't allowed to use the camera. Allow it in your phone's settings, or type the code.");
    await expect(dialog.getByRole("textbox", { name: "Coupon code" })).toBeEditable();
  });

  test.describe("in Chinese", () => {
    test.use({ userAgent: walletUserAgent("zh-MO"), locale: "zh-MO" });
    test("the button and the message are translated", async ({ page, signIn }) => {
      await signIn("sam", { draw: false });
      await page.goto("/mycoupon");
      await hydrated(page);
      await page.getByRole("button", { name: "兌換優惠券" }).click();
      await scanWillRead(page, { text: "不是兌換碼" });
      await page.getByRole("dialog").getByRole("button", { name: "掃描二維碼" }).click();
      await expect(page.getByRole("dialog").getByRole("alert")).toContainText("掃描到的二維碼不是兌換碼");
    });
  });
});

test.describe("no network before a payment", () => {
  test("checkout: nothing is placed while offline, and the same Pay works when the network is back", async ({ page, context, sandbox, signIn }) => {
    await signIn("sam");
    const before = await sandbox.orders(MEMBERS.sam.openId);
    await page.goto(`/coupon_details/${TYRE_CHECK}`);
    await hydrated(page);
    await page.getByRole("button", { name: "Checkout" }).click();
    const confirmation = page.getByRole("dialog");
    await expect(confirmation).toBeVisible();

    await context.setOffline(true);
    await confirmation.getByRole("button", { name: "Pay with mCoin" }).click();
    await expect(confirmation.getByRole("alert")).toHaveText("No network connection, so nothing has been paid. Check your connection, then try again.");
    expect((await hostCalls(page)).some((call) => call.method === "getNetworkType")).toBe(true);
    expect(await sandbox.orders(MEMBERS.sam.openId)).toHaveLength(before.length);

    await context.setOffline(false);
    await expect(confirmation.getByRole("alert")).toHaveCount(0);
    await tapGuardOpen(confirmation.getByRole("button", { name: "Pay with mCoin" }));
    await confirmation.getByRole("button", { name: "Pay with mCoin" }).click();
    await expect(page.getByRole("alertdialog")).toContainText("Payment success");
    expect(await sandbox.orders(MEMBERS.sam.openId)).toHaveLength(before.length + 1);
    // The spec's 'back to top', with where it leads said under it; it leads there.
    const home = page.getByRole("alertdialog").getByRole("button", { name: "Back to top mCoin Mall home", exact: true });
    await expect(home.locator("small")).toHaveText("mCoin Mall home");
    await home.click();
    await expect(page).toHaveURL(/\/index$/);
  });

  test("pay now: the cashier does not open while offline; it does when the network is back", async ({ page, context, sandbox, signIn }) => {
    await signIn("sam", { draw: false });
    await page.goto(`/coupon_details/${BANQUET}`);
    await hydrated(page);
    await page.getByRole("button", { name: "Checkout" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Pay $485.00" }).click();
    await page.getByRole("dialog", { name: "Pay mCoin Mall" }).getByRole("button", { name: "Make the payment fail" }).click();
    await expect(page.getByRole("alertdialog")).toContainText("Payment Failed");
    const [unpaid] = (await sandbox.orders(MEMBERS.sam.openId)).filter((order) => order.status === "awaiting_payment");
    expect(unpaid).toBeDefined();

    await page.goto(`/order_details/${unpaid.id}`);
    await hydrated(page);
    const cashierCalls = async () => (await hostCalls(page)).filter((call) => call.method === "choosePayment").length;
    const opened = await cashierCalls();
    await context.setOffline(true);
    await page.getByRole("button", { name: "Pay now" }).click();
    await expect(page.getByTestId("no-network")).toHaveText("No network connection, so nothing has been paid. Check your connection, then try again.");
    expect(await cashierCalls()).toBe(opened);

    await context.setOffline(false);
    await expect(page.getByTestId("no-network")).toHaveCount(0);
    await tapGuardOpen(page.getByRole("button", { name: "Pay now" }));
    await page.getByRole("button", { name: "Pay now" }).click();
    await expect(page.getByRole("dialog", { name: "Pay mCoin Mall" })).toBeVisible();
    expect(await cashierCalls()).toBe(opened + 1);
  });

  test("seckill: nothing is snapped up while offline; the same tap snaps it up when the network is back", async ({ page, context, sandbox, signIn }) => {
    await signIn("chan", { draw: false });
    await page.goto(`/seckill/${DOLLAR_BUN}`);
    await hydrated(page);
    const snapUp = page.getByTestId("seckill-product").getByRole("button", { name: "Snap up" });
    await context.setOffline(true);
    await snapUp.click();
    await expect(page.getByTestId("no-network")).toHaveText("No network connection, so nothing has been paid. Check your connection, then try again.");
    expect((await sandbox.orders(MEMBERS.chan.openId)).filter((order) => order.orderKind === "seckill")).toHaveLength(0);

    await context.setOffline(false);
    await expect(page.getByTestId("no-network")).toHaveCount(0);
    await tapGuardOpen(snapUp);
    await snapUp.click();
    await expect(page.getByRole("dialog", { name: "Pay mCoin Mall" })).toBeVisible();
    expect((await sandbox.orders(MEMBERS.chan.openId)).filter((order) => order.orderKind === "seckill")).toHaveLength(1);
  });
});
