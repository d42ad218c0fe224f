/** The locale comes from the `language` part of the host's user agent and is kept in a cookie. */
import type { BrowserContext } from "@playwright/test";
import { walletUserAgent } from "./env";
import { MEMBERS, expect, hydrated, test } from "./fixtures";

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

test.describe("with a Traditional Chinese wallet", () => {
  test.use({ userAgent: walletUserAgent("zh-TW"), locale: "zh-TW" });

  test("the mall speaks Traditional Chinese", async ({ page }) => {
    await page.goto("/index");
    await expect(page.getByRole("heading", { name: "使用 MPay 登入" })).toBeVisible();
    await page.getByRole("button", { name: `以 ${MEMBERS.chan.nickname} 身份繼續` }).click();
    await expect(page.getByText("我的 mCoin")).toBeVisible();
    await expect(page.getByRole("link", { name: "我的訂單" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hant");
    await expect(page).toHaveTitle("mCoin 商城");
  });
});

test.describe("with an English wallet", () => {
  test.use({ userAgent: walletUserAgent("en") });

  test("the mall speaks English, and the choice is stored", async ({ page, signIn }) => {
    await signIn("chan");
    await expect(page.getByText("My mCoin")).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    const cookie = (await page.context().cookies()).find((c) => c.name === "mcoin_locale");
    // Remix serializes cookie values as base64 JSON.
    expect(JSON.parse(atob(decodeURIComponent(cookie?.value ?? "")))).toBe("en");
  });
});

test.describe("switching language in the wallet", () => {
  test.use({ userAgent: walletUserAgent("en") });

  test("the wallet's language wins over the stored one, and is stored in turn", async ({ page, signIn, browser }) => {
    await signIn("chan");
    await expect(page.getByText("My mCoin")).toBeVisible();
    const englishState = await page.context().storageState();

    const open = async (storageState: StorageState, language: string | null) => {
      const context = await browser.newContext({ storageState, userAgent: walletUserAgent(language), viewport: { width: 390, height: 844 } });
      const tab = await context.newPage();
      await tab.goto("/index");
      return { context, tab };
    };

    // The member switched the wallet to Chinese: the mall follows, and remembers it.
    const chinese = await open(englishState, "zh-MO");
    await expect(chinese.tab.getByText("我的 mCoin")).toBeVisible();
    const chineseState = await chinese.context.storageState();
    await chinese.context.close();

    // Outside the wallet (no language part) the stored locale decides.
    const plainAfterChinese = await open(chineseState, null);
    await expect(plainAfterChinese.tab.getByText("我的 mCoin")).toBeVisible();
    await plainAfterChinese.context.close();
    const plainAfterEnglish = await open(englishState, null);
    await expect(plainAfterEnglish.tab.getByText("My mCoin")).toBeVisible();
    await plainAfterEnglish.context.close();
  });
});

test.describe("outside the wallet, with no stored locale", () => {
  test.use({ userAgent: walletUserAgent(null) });

  test("the default is Traditional Chinese", async ({ page }) => {
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { name: "找不到頁面" })).toBeVisible();
  });
});

for (const { language, locale, other, myOrders } of [
  { language: "en", locale: "en", other: "zh", myOrders: "My Orders" },
  { language: "zh-MO", locale: "zh", other: "en", myOrders: "我的訂單" },
]) {
  test.describe(`the texts a page in ${language} fetches`, () => {
    test.use({ userAgent: walletUserAgent(language), locale: language });

    test("are its locale's only, once, started by the head, and the screens drawn in the browser speak it", async ({ page, signIn }) => {
      await signIn("chan");
      const fetched: string[] = [];
      page.on("request", (request) => {
        const file = /\/assets\/(en|zh)-[\w-]+\.json$/.exec(new URL(request.url()).pathname);
        if (file) fetched.push(file[1]);
      });
      await page.goto("/index");
      await hydrated(page);
      // The head asks for the texts with the page's other files (app/lib/i18n/messages.tsx).
      await expect(page.locator(`head link[rel=preload][as=fetch][href^="/assets/${locale}-"]`)).toHaveCount(1);
      // A screen React draws in the browser, after a tap: its texts come from the fetched file.
      await page.getByRole("link", { name: myOrders }).first().click();
      await expect(page.getByRole("heading", { level: 1, name: myOrders })).toBeVisible();
      expect(fetched).toEqual([locale]);
      expect(fetched).not.toContain(other);
    });
  });
}
