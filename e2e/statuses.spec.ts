/**
 * Statuses that say what they mean (issue 28, items 11 and 12), in both languages where the words
 * matter: an unused paid coupon reads as unused, and as expired once it has run out; home's count of
 * redeemed items is the count of my coupons' unused tab; the Asia Miles result speaks of miles; the
 * refund's page has its own title, one refund number and what happens next; "Available at 1 store";
 * and a tab whose list call fails keeps the member on the screen with 'load failed, tap to reload'.
 */
import type { Page } from "@playwright/test";
import { E2E_SANDBOX_URL, walletUserAgent } from "./env";
import { MEMBERS, expect, hydrated, test, type SandboxControl } from "./fixtures";

/** The tyre safety check: 50 mCoin a piece, no cash, so it settles at once. */
const TYRE_CHECK = 53;
/** An IMAX ticket, sold at one store; the tyre check at several. */
const IMAX = 38;
const MINUTE = 60_000;

const LANGUAGES = {
  en: {
    use: { userAgent: walletUserAgent("en"), locale: "en-US" },
    unused: "Unused",
    expired: "Expired",
    received: "Received",
    milesTitle: "Miles redeemed",
    milesBody: /^300 miles have been added to Asia Miles membership \S*0002 \(CHAN\sTAI\sMAN\)\. 3,000 mCoin were used\.$/,
    notMiles: /coupon|payment/i,
    viewMiles: "View redemption",
    backToTop: "Back to top",
    refundTitle: "Refund Details",
    requested: "Refund requested",
    done: "Refund completed",
    refundNo: /^Refund order No\. RF\d{14}$/,
    nextRefunding: "Once the refund is processed, 50 mCoin goes back to your mCoin balance.",
    nextDone: /The refund was completed on .+: 50 mCoin went back to your mCoin balance\./,
    oneStore: "Available at 1 store",
    stores: /^Available at \d+ stores$/,
  },
  zh: {
    use: { userAgent: walletUserAgent("zh-MO"), locale: "zh-MO" },
    unused: "未使用",
    expired: "已過期",
    received: "已領取",
    milesTitle: "里數兌換成功",
    milesBody: /^300 里已存入亞洲萬里通會員 \S*0002（CHAN\sTAI\sMAN），已使用 3,000 mCoin。$/,
    notMiles: /優惠券|支付/,
    viewMiles: "查看兌換詳情",
    backToTop: "返回首頁",
    refundTitle: "退款詳情",
    requested: "已申請退款",
    done: "退款完成",
    refundNo: /^退款單號 RF\d{14}$/,
    nextRefunding: "退款處理完成後，50 mCoin 會退回你的 mCoin 餘額。",
    nextDone: /退款已於 .+ 完成：50 mCoin 已退回你的 mCoin 餘額。/,
    oneStore: "適用門店（1間）",
    stores: /^適用門店（\d+間）$/,
  },
} as const;

/** Buys the tyre check at the gateway with the member's own token, as another device of theirs would. */
async function boughtTyreCheck(playwright: { request: { newContext(options: object): Promise<import("@playwright/test").APIRequestContext> } }, sandbox: SandboxControl, openId: string) {
  const gateway = await playwright.request.newContext({ baseURL: E2E_SANDBOX_URL });
  const token = await sandbox.token(openId);
  const placed = await gateway.post("/api/business/snapup", {
    data: { offerId: TYRE_CHECK, quantity: 1, mcoinUsed: 50, adult: false },
    headers: { authorization: `Bearer ${token}`, mpay: "1", "Idempotency-Key": `statuses-${Date.now()}-${Math.random().toString(36).slice(2, 10)}` },
  });
  const order = ((await placed.json()) as { data: { id: number; status: string; coupons: { useUntil: number }[] } }).data;
  await gateway.dispose();
  expect(order.status).toBe("received");
  return order;
}

const orderCard = (page: Page, id: number) => page.locator(`article[data-order-id="${id}"]`);

for (const [language, text] of Object.entries(LANGUAGES)) {
  test.describe(`statuses, in ${language}`, () => {
    test.use(text.use);

    test("a paid coupon not yet used reads 'unused' on my orders and on its page; once it has run out, 'expired'", async ({ page, sandbox, signIn, playwright }) => {
      await signIn("sam");
      const order = await boughtTyreCheck(playwright, sandbox, MEMBERS.sam.openId);

      await page.goto("/myOrder");
      await expect(orderCard(page, order.id).locator(".order-status")).toHaveText(text.unused);
      await page.goto(`/order_details/${order.id}`);
      await expect(page.locator(".order-hero .order-status")).toHaveText(text.unused);
      await expect(page.getByText(text.received, { exact: true })).toHaveCount(0);

      await sandbox.setClock(order.coupons[0].useUntil + MINUTE);
      await page.goto("/myOrder");
      await expect(orderCard(page, order.id).locator(".order-status")).toHaveText(text.expired);
      await page.goto(`/order_details/${order.id}`);
      await expect(page.locator(".order-hero .order-status")).toHaveText(text.expired);
    });

    test("the Asia Miles result speaks of the miles and the membership, never of a coupon or a payment", async ({ page, signIn }) => {
      await signIn("chan", { draw: false });
      await page.goto("/asiaMiles_details/1");
      await hydrated(page);
      const form = page.locator("form.miles__form");
      await form.locator('input[name="lastName"]').fill("Chan");
      await form.locator('input[name="firstName"]').fill("Tai Man");
      await form.locator('input[name="memberNo"]').fill("1300000002");
      await form.locator('input[name="memberNoAgain"]').fill("1300000002");
      await form.locator('input[name="mcoin"][value="3000"]').check();
      await form.locator('input[name="terms"]').check();
      await form.locator('button[type="submit"]').click();

      const result = page.getByRole("alertdialog", { name: text.milesTitle });
      await expect(result).toBeVisible({ timeout: 15_000 });
      await expect(result.locator(".dialog__message")).toHaveText(text.milesBody);
      await expect(result).not.toContainText(text.notMiles);
      await expect(result.getByRole("button", { name: text.backToTop })).toBeVisible();
      await result.getByRole("button", { name: text.viewMiles }).click();
      await expect(page).toHaveURL(/\/asiaMiles_order\/\d+$/);
    });

    test("the refund's page: its own title, one refund number, and what happens next until it is done", async ({ page, sandbox, signIn, playwright }) => {
      await signIn("sam");
      const order = await boughtTyreCheck(playwright, sandbox, MEMBERS.sam.openId);
      await page.goto(`/refund_application/${order.id}`);
      await hydrated(page);
      await page.locator('input[name="reason"]').first().check();
      await page.locator("form.refund-form button[type=submit]").click();
      // The one confirmation sheet asks; its main action sends the refund.
      await page.getByRole("alertdialog").locator(".button--primary").click();

      const refund = page.getByTestId("refund-order");
      await expect(page.getByRole("heading", { level: 1, name: text.refundTitle })).toBeVisible();
      await expect(refund.getByRole("heading", { name: text.requested })).toBeVisible();
      await expect(page.getByTestId("refund-number")).toHaveText(text.refundNo);
      // One refund number on the page: the refund order's, shown once.
      expect((await page.locator("main").innerText()).match(/RF\d{14}/g)).toHaveLength(1);
      await expect(refund.getByRole("status")).toContainText(text.nextRefunding);

      await sandbox.setClock((await sandbox.now()) + 2 * MINUTE + 1_000);
      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: text.refundTitle })).toBeVisible();
      await expect(refund.getByRole("heading", { name: text.done })).toBeVisible();
      await expect(refund.getByRole("status")).toContainText(text.nextDone);
      expect((await page.locator("main").innerText()).match(/RF\d{14}/g)).toHaveLength(1);
    });
  });
}

test("an offer sold at one store says 'Available at 1 store', at more the plural, in both languages", async ({ page, browser }) => {
  const zh = await browser.newContext(LANGUAGES.zh.use);
  try {
    for (const [text, tab] of [
      [LANGUAGES.en, page],
      [LANGUAGES.zh, await zh.newPage()],
    ] as const) {
      await tab.goto(`/coupon_details/${IMAX}`);
      await expect(tab.locator("#offer-stores")).toHaveText(text.oneStore);
      await tab.goto(`/coupon_details/${TYRE_CHECK}`);
      await expect(tab.locator("#offer-stores")).toHaveText(text.stores);
    }
  } finally {
    await zh.close();
  }
});

test("home's count of redeemed items is the count of my coupons' unused tab, and follows a purchase", async ({ page, sandbox, signIn, playwright }) => {
  await signIn("wong");
  await page.goto("/mycoupon?tab=unused");
  const unusedTab = page.getByRole("tablist").getByRole("tab", { name: /^Unused/ });
  const unused = Number((await unusedTab.getAttribute("aria-label"))?.match(/\((\d+)\)$/)?.[1]);
  expect(unused).toBeGreaterThan(0);
  await expect(page.locator("article.wallet-card .coupon-line")).toHaveCount(unused);
  await page.goto("/index");
  await expect(page.getByTestId("redeemed-count")).toHaveText(String(unused));

  await boughtTyreCheck(playwright, sandbox, MEMBERS.wong.openId);
  await page.reload();
  await expect(page.getByTestId("redeemed-count")).toHaveText(String(unused + 1));
});

test.describe("a tab whose list fails", () => {
  test("my orders: the member stays on the screen with 'load failed, tap to reload'; the tap loads the list", async ({ page, sandbox, signIn, playwright }) => {
    await signIn("sam");
    const order = await boughtTyreCheck(playwright, sandbox, MEMBERS.sam.openId);
    await page.goto("/myOrder");
    await hydrated(page);
    await expect(orderCard(page, order.id)).toBeVisible();

    // Twice: the mall asks a read once more after a dropped connection (docs/decisions/048-one-retry-of-a-read.md).
    await sandbox.fault("/api/mini/order/list", "reset", 2);
    await page.getByRole("tab", { name: "Completed" }).click();
    await expect(page).toHaveURL(/\/myOrder\?tab=completed$/);
    await expect(page.getByRole("heading", { level: 1, name: "My Orders" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Completed" })).toHaveAttribute("aria-selected", "true");
    const retry = page.getByRole("button", { name: "Load failed, tap to reload" });
    await expect(retry).toBeVisible();
    expect((await sandbox.calls("/api/mini/order/list")).at(-1)?.fault).toBe("reset");

    // Back to all: that list loads as usual; on the failed tab, the tap asks for its first page again.
    await page.getByRole("tab", { name: "All" }).click();
    await expect(orderCard(page, order.id)).toBeVisible();
    await sandbox.fault("/api/mini/order/list", "not-found", 1);
    await page.getByRole("tab", { name: "Unpaid" }).click();
    await expect(retry).toBeVisible();
    await retry.click();
    await expect(page.getByText("No orders here yet.")).toBeVisible();
    await expect(retry).toBeHidden();

    // An HTTP 500 is not one of those: the spec sends it to the error route (section 8).
    await sandbox.fault("/api/mini/order/list", "http500", 1);
    await page.getByRole("tab", { name: /^Shipped/ }).click();
    await expect(page).toHaveURL(/\/error\?code=SERVER_ERROR&/);
    await expect(page.getByRole("heading", { name: "Overwhelming Response" })).toBeVisible();
  });

  test("my coupons: the tab's counts stay, 'load failed, tap to reload' in place, and the tap shows the coupons", async ({ page, sandbox, signIn }) => {
    await signIn("wong");
    await page.goto("/mycoupon?tab=unused");
    await hydrated(page);
    const used = page.getByRole("tablist").getByRole("tab", { name: /^Used/ });
    const usedName = (await used.getAttribute("aria-label"))!;
    expect(usedName).toMatch(/^Used \(\d+\)$/);
    await sandbox.fault("/api/auth/mycoupon", "garbage", 1);
    await used.click();
    await expect(page).toHaveURL(/\/mycoupon\?tab=used$/);
    await expect(used).toHaveAttribute("aria-selected", "true");
    await expect(used).toHaveAttribute("aria-label", usedName);
    const retry = page.getByRole("button", { name: "Load failed, tap to reload" });
    await expect(retry).toBeVisible();
    await retry.click();
    await expect(page.locator("article.wallet-card").first()).toBeVisible();
    await expect(retry).toBeHidden();
  });

  test("favourites and the mCoin history: a tab or filter whose list fails stays, with its counts and the balance; the tap loads it", async ({ page, sandbox, signIn }) => {
    await signIn("wong");
    await page.goto("/myFavorites");
    await hydrated(page);
    const products = page.getByRole("tablist").getByRole("tab", { name: /^Products/ });
    const productsName = await products.getAttribute("aria-label");
    // Twice: the mall asks a read once more after a dropped connection.
    await sandbox.fault("/api/auth/collection/list", "reset", 2);
    await products.click();
    await expect(page).toHaveURL(/\/myFavorites\?tab=products$/);
    await expect(products).toHaveAttribute("aria-selected", "true");
    await expect(products).toHaveAttribute("aria-label", productsName!);
    const retry = page.getByRole("button", { name: "Load failed, tap to reload" });
    await expect(retry).toBeVisible();
    await retry.click();
    await expect(retry).toBeHidden();

    await page.goto("/mcoin_integral");
    await hydrated(page);
    const balance = await page.getByTestId("points-balance").textContent();
    await sandbox.fault("/api/auth/mcoinrecord", "reset", 2);
    await page.getByRole("tab", { name: "Earned" }).click();
    await expect(page).toHaveURL(/\/mcoin_integral\?filter=earned$/);
    await expect(retry).toBeVisible();
    await expect(page.getByTestId("points-balance")).toHaveText(balance!);
    await retry.click();
    await expect(retry).toBeHidden();
    await expect(page.locator(".points__list li").first()).toBeVisible();
  });

  test("home: a tab whose list fails keeps the member on home with the rails, and the tap loads that list", async ({ page, sandbox, signIn }) => {
    await signIn("wong");
    // Filters no other test uses, so the list is not one the mall's server already keeps.
    await page.goto("/index?mcoin=1000-5000&price=100-300");
    await hydrated(page);
    await expect(page.locator("a.offer-card").first()).toBeVisible();
    // Twice: the mall asks a read once more after a dropped connection.
    await sandbox.fault("/api/business/recommend", "reset", 2);
    await page.getByRole("tab", { name: "Sales volume" }).click();
    await expect(page).toHaveURL(/\/index\?tab=sales&mcoin=1000-5000&price=100-300$/);
    expect((await sandbox.calls("/api/business/recommend")).at(-1)?.fault).toBe("reset");
    await expect(page.getByTestId("mcoin-balance")).toBeVisible();
    await expect(page.getByRole("tab", { name: "Sales volume" })).toHaveAttribute("aria-selected", "true");
    const retry = page.getByRole("button", { name: "Load failed, tap to reload" });
    await expect(retry).toBeVisible();
    await retry.click();
    await expect(retry).toBeHidden();
    await expect(page.locator("a.offer-card").first()).toBeVisible();
  });
});
