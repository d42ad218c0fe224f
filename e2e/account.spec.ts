/**
 * The member's account screens (issue "account"): the points screen, whose history is the gateway's
 * ledger and sums to the balance home shows, after a purchase, a refund and a check-in; favourites.
 */
import type { Locator, Page } from "@playwright/test";
import { walletUserAgent } from "./env";
import { MEMBERS, expect, hostCalls, hydrated, test } from "./fixtures";
import { holdRequests } from "./waits";

/**
 * Taps a favourite star and waits for the mall's answer. The star turns at once (it shows what was
 * asked), and a page left with page.goto right after would abort the request that saves it.
 */
async function tapAndSave(page: Page, star: Locator): Promise<void> {
  const saved = page.waitForResponse((response) => response.request().method() === "POST");
  await star.click();
  await saved;
}

/**
 * The mall's answer to a favourite saved (`collected` "1") or removed ("0"). The page's own network
 * going quiet is no sign of it: Playwright's "networkidle", once reached, need not wait for a request
 * the page makes later.
 */
function saved(page: Page, collected: "0" | "1") {
  return page.waitForResponse((response) => {
    const request = response.request();
    return request.method() === "POST" && new URLSearchParams(request.postData() ?? "").get("collected") === collected;
  });
}

/** 90 mCoin a piece, paid in mCoin only: settled at once. */
const MCOIN_ONLY = 64;

for (const language of ["en", "zh"] as const) {
  test.describe(`the points screen, in ${language}`, () => {
    test.use({ userAgent: walletUserAgent(language === "en" ? "en" : "zh-MO"), locale: language === "en" ? "en-US" : "zh-MO" });
    const text =
      language === "en"
        ? { spent: "Spent", earned: "Earned", purchase: "Purchase", refund: "Refund", checkIn: "Daily check-in" }
        : { spent: "使用", earned: "獲得", purchase: "兌換", refund: "退款", checkIn: "每日簽到" };

    test("its history sums to the balance home shows, after a purchase, a refund and a check-in; earned and spent filter it", async ({ page, sandbox, signIn }) => {
      await signIn("chan");
      const origin = new URL(page.url()).origin;
      const post = (path: string, form: Record<string, string>) => page.request.post(path, { form, headers: { Origin: origin } });
      const bought = await post(`/coupon_details/${MCOIN_ONLY}`, { intent: "checkout", quantity: "1", mcoinUsed: "90", idempotencyKey: `points-buy-${language}-000001` });
      expect(bought.status()).toBe(200);
      const [order] = await sandbox.orders(MEMBERS.chan.openId);
      const refunded = await post(`/refund_application/${order.id}`, { intent: "refund", reason: "bought_wrongly", remarks: "", confirmed: "1", idempotencyKey: `points-refund-${language}-01` });
      expect(refunded.ok()).toBe(true);
      const now = await sandbox.now();
      await sandbox.setClock(now + 3 * 60_000);
      expect((await post("/checkIn", { intent: "check-in", idempotencyKey: `points-check-in-${language}-1` })).ok()).toBe(true);

      await page.goto("/index");
      const home = (await page.getByTestId("mcoin-balance").textContent())!.trim();
      await page.goto("/mcoin_integral");
      await hydrated(page);
      await expect(page.getByTestId("points-balance")).toHaveText(home);
      const rows = page.getByTestId("ledger-row");
      await expect(rows.filter({ hasText: text.purchase })).toHaveCount(1);
      await expect(rows.filter({ hasText: text.refund })).toHaveCount(1);
      await expect(rows.filter({ hasText: text.checkIn })).toHaveCount(1);
      const amounts = (await rows.evaluateAll((elements) => elements.map((element) => Number(element.getAttribute("data-amount"))))).reduce((sum, amount) => sum + amount, 0);
      expect(amounts.toLocaleString("en-US")).toBe(home);

      await page.getByRole("tab", { name: text.spent }).click();
      await expect(page).toHaveURL(/filter=spent/);
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toHaveAttribute("data-amount", "-90");
      await page.getByRole("tab", { name: text.earned }).click();
      await expect(rows.filter({ hasText: text.purchase })).toHaveCount(0);
      await expect(rows.filter({ hasText: text.checkIn })).toHaveCount(1);
    });
  });
}

/** Congee breakfast set (a coupon) and a fruit gift box (goods). */
const CONGEE = 8;
const FRUIT_BOX = 25;

for (const language of ["en", "zh"] as const) {
  test.describe(`favourites, in ${language}`, () => {
    test.use({ userAgent: walletUserAgent(language === "en" ? "en" : "zh-MO"), locale: language === "en" ? "en-US" : "zh-MO" });
    const text =
      language === "en"
        ? {
            favourite: "Favourite",
            coupons: "Coupons (1)",
            products: "Products (1)",
            undo: "Undo",
            removed: "Removed from favourites",
            empty: "No favourite coupons yet",
            remove: /^Remove .* from favourites$/,
          }
        : { favourite: "收藏", coupons: "優惠券(1)", products: "商品(1)", undo: "復原", removed: "已從收藏移除", empty: "暫無收藏的優惠券", remove: /^從收藏移除 / };

    test("an offer favourited on its screen is under favourites; removed there, it can be undone; each tab keeps its own", async ({ page, signIn }) => {
      await signIn("ana");
      for (const id of [CONGEE, FRUIT_BOX]) {
        await page.goto(`/coupon_details/${id}`);
        await hydrated(page);
        const star = page.getByRole("button", { name: text.favourite });
        await tapAndSave(page, star);
        await expect(star).toHaveAttribute("aria-pressed", "true");
      }
      await page.goto("/myFavorites");
      await hydrated(page);
      await expect(page.getByRole("tab", { name: text.coupons })).toHaveAttribute("aria-selected", "true");
      await expect(page.getByRole("tab", { name: text.products })).toBeVisible();
      const favourites = page.getByTestId("favourite");
      await expect(favourites).toHaveCount(1);
      await expect(favourites.first().locator(`[data-offer-id="${CONGEE}"]`)).toBeVisible();

      // Removed: gone at once, with the chance to undo.
      const undone = saved(page, "1");
      await favourites.first().getByRole("button", { name: text.remove }).click();
      await expect(favourites).toHaveCount(0);
      await expect(page.getByRole("status").filter({ hasText: text.removed })).toBeVisible();
      await page.getByRole("button", { name: text.undo }).click();
      await expect(favourites).toHaveCount(1);
      // The undo is saved after the removal it undoes, however quickly it was tapped.
      await undone;
      await page.reload();
      await expect(page.getByTestId("favourite")).toHaveCount(1);

      // Removed for good: the tab is empty and leads back to browsing.
      const removed = saved(page, "0");
      await page.getByTestId("favourite").first().getByRole("button", { name: text.remove }).click();
      await removed;
      await page.reload();
      await expect(page.getByTestId("favourites-empty")).toContainText(text.empty);
      await page.getByRole("tab", { name: text.products }).click();
      await expect(page.getByTestId("favourite").locator(`[data-offer-id="${FRUIT_BOX}"]`)).toBeVisible();
    });
  });
}

test("a favourite removed on its offer is not shown on the way back to the favourites, not even for a moment", async ({ page, signIn }) => {
  await signIn("ana");
  await page.goto(`/coupon_details/${CONGEE}`);
  await hydrated(page);
  const star = page.getByRole("button", { name: "Favourite" });
  await tapAndSave(page, star);
  await page.goto("/myFavorites");
  await hydrated(page);
  const favourites = page.getByTestId("favourite");
  await expect(favourites).toHaveCount(1);
  await favourites.first().locator(`[data-offer-id="${CONGEE}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/coupon_details/${CONGEE}$`));
  await expect(star).toHaveAttribute("aria-pressed", "true");
  const removed = saved(page, "0");
  await star.click();
  await removed;

  // What the member saw of the favourites was forgotten with the form sent (lib/intent-data.ts): the
  // way back loads them, under the screen's title until they come, never showing the removed offer.
  const refresh = await holdRequests(page, /\/myFavorites\.data/);
  await page.goBack();
  await expect(page).toHaveURL(/\/myFavorites$/);
  await expect.poll(refresh.held).toBe(1);
  await expect(page.getByRole("heading", { name: "My Favourites" })).toBeVisible();
  await expect(favourites).toHaveCount(0);
  refresh.release();
  await expect(page.getByTestId("favourites-empty")).toBeVisible();
  await expect(favourites).toHaveCount(0);
});

/** Baía Portuguese Kitchen and its Portuguese chicken set (a coupon). */
const BAIA = 1;
const AFRICAN_CHICKEN = 1;

for (const language of ["en", "zh"] as const) {
  test.describe(`favourites from a store's screen, in ${language}`, () => {
    test.use({ userAgent: walletUserAgent(language === "en" ? "en" : "zh-MO"), locale: language === "en" ? "en-US" : "zh-MO" });
    const text = language === "en" ? { star: "Favourite Portuguese chicken set for two", gone: "This offer is no longer available." } : { star: "收藏葡國雞雙人套餐", gone: "此優惠已下架。" };

    test("a star on the store's offer favourites it at once; it is under favourites; a refusal puts the star back and says why", async ({ page, sandbox, signIn }) => {
      await signIn("ana");
      await page.goto(`/store_details/${BAIA}`);
      await hydrated(page);
      const star = page.getByRole("button", { name: text.star, exact: true });
      await expect(star).toHaveAttribute("aria-pressed", "false");
      await tapAndSave(page, star);
      await expect(star).toHaveAttribute("aria-pressed", "true");
      await page.goto("/myFavorites");
      await expect(page.getByTestId("favourite").locator(`[data-offer-id="${AFRICAN_CHICKEN}"]`)).toBeVisible();

      // Back on the store: shown as a favourite; un-favouriting is refused by the gateway, so it stays one.
      await page.goto(`/store_details/${BAIA}`);
      await hydrated(page);
      await expect(star).toHaveAttribute("aria-pressed", "true");
      await sandbox.fault("/api/auth/collection", "not-found", 1);
      await star.click();
      await expect(page.getByTestId("toast")).toHaveText(text.gone);
      await expect(star).toHaveAttribute("aria-pressed", "true");
      await page.reload();
      await expect(page.getByRole("button", { name: text.star, exact: true })).toHaveAttribute("aria-pressed", "true");
      // A visitor sees no stars.
      await page.context().clearCookies();
      await page.goto(`/store_details/${BAIA}`);
      await expect(page.getByRole("button", { name: text.star, exact: true })).toHaveCount(0);
    });
  });
}

for (const language of ["en", "zh"] as const) {
  test.describe(`the user centre on home, in ${language}`, () => {
    test.use({ userAgent: walletUserAgent(language === "en" ? "en" : "zh-MO"), locale: language === "en" ? "en-US" : "zh-MO" });
    const text =
      language === "en"
        ? {
            greeting: "Hi, 陳大文",
            avatar: "陳大文's avatar",
            shortcuts: "Shortcuts",
            mcoin: "My mCoin",
            coupons: "My coupons",
            orders: "My orders",
            favourites: "Favourites",
            addresses: "Shipping addresses",
            checkIn: "Check in",
          }
        : {
            greeting: "你好，陳大文",
            avatar: "陳大文的頭像",
            shortcuts: "快捷入口",
            mcoin: "我的 mCoin",
            coupons: "我的優惠券",
            orders: "我的訂單",
            favourites: "我的收藏",
            addresses: "收貨地址",
            checkIn: "每日簽到",
          };

    test("shows the member's nickname and avatar, and leads to coupons, orders, favourites, addresses, points and check-in", async ({ page, signIn }) => {
      await signIn("chan");
      await expect(page.getByText(text.greeting)).toBeVisible();
      await expect(page.getByRole("img", { name: text.avatar })).toBeVisible();
      const shortcuts = page.getByRole("navigation", { name: text.shortcuts });
      const entries: [ReturnType<typeof page.getByRole>, RegExp, string][] = [
        [page.getByRole("link", { name: new RegExp(`^${text.mcoin}`) }), /\/mcoin_integral$/, "mCoinIntegral"],
        [shortcuts.getByRole("link", { name: text.coupons }), /\/mycoupon$/, "mycoupon"],
        [shortcuts.getByRole("link", { name: text.orders }), /\/myOrder$/, "myOrder"],
        [shortcuts.getByRole("link", { name: text.favourites }), /\/myFavorites$/, "myFavorites"],
        [shortcuts.getByRole("link", { name: text.addresses }), /\/myAddress$/, "myAddress"],
        [shortcuts.getByRole("link", { name: text.checkIn }), /\/checkIn$/, "checkIn"],
      ];
      // The screen shown, by the frame's analytics tag: a skeleton is not the screen yet, and a going back
      // from home (still home while the next screen loads) asks the host to go back out of the mall.
      const shown = page.locator("[data-analytics-page]");
      for (const [entry, url, screen] of entries) {
        await entry.click();
        await expect(page).toHaveURL(url);
        await expect(shown).toHaveAttribute("data-analytics-page", screen);
        await expect(page.locator("main")).not.toBeEmpty();
        await page.goBack();
        await expect(page).toHaveURL(/\/index/);
        await expect(shown).toHaveAttribute("data-analytics-page", "index");
      }
    });
  });
}

for (const language of ["en", "zh"] as const) {
  test.describe(`customer service on home, in ${language}`, () => {
    test.use({ userAgent: walletUserAgent(language === "en" ? "en" : "zh-MO"), locale: language === "en" ? "en-US" : "zh-MO" });
    const text =
      language === "en"
        ? { call: "Call", hours: "Daily 09:00–21:00", closed: "The line is closed now. Call us daily 09:00–21:00." }
        : { call: "致電", hours: "每日 09:00–21:00", closed: "現在非服務時間，請於每日 09:00–21:00 致電。" };

    test("calls through the host within 09:00–21:00 in Macau, and says the line is closed outside them", async ({ page, sandbox, signIn }) => {
      await sandbox.setClock(Date.parse("2026-11-21T10:00:00+08:00"));
      await signIn("chan");
      const service = page.getByTestId("customer-service");
      await expect(service).toContainText(text.hours);
      await hydrated(page);
      await service.getByRole("button", { name: text.call }).click();
      await expect.poll(async () => (await hostCalls(page)).filter((call) => call.method === "phoneCall").length).toBe(1);

      await sandbox.setClock(Date.parse("2026-11-21T21:30:00+08:00"));
      await page.goto("/index?tab=latest");
      await expect(service).toContainText(text.closed);
      await expect(service.getByRole("button", { name: text.call })).toBeDisabled();
    });
  });
}
