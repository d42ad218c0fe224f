/**
 * Accessibility: axe-core (WCAG 2.0/2.1 A and AA rules) over every screen of the mall, in English
 * and in Traditional Chinese, and again with each screen's pop-ups open (the terms, the purchase
 * sheet, the cashier, payment results, confirm-delete dialogs, filters, the redeem-code dialog).
 * A serious or critical violation fails the screen's test; the failure lists every one of them with
 * its rule, impact, the elements it was found on and axe's summary of what to fix.
 *
 * One page load per screen and language: pop-ups are opened on the loaded page. Set A11Y_VERBOSE=1
 * to print the moderate and minor findings too.
 */
import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { walletUserAgent } from "./env";
import { MEMBERS, expect, hydrated, isLoginPage, test, type SandboxControl } from "./fixtures";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const BLOCKING = new Set(["serious", "critical"]);
/** An open pop-up. */
const POPUP = "[role=dialog], [role=alertdialog]";

type Messages = { [key: string]: string | Messages };
const LANGUAGES = [
  { id: "en", name: "English", userAgent: walletUserAgent("en"), locale: "en-US" },
  { id: "zh", name: "Chinese", userAgent: walletUserAgent("zh-TW"), locale: "zh-TW" },
] as const;
type Language = (typeof LANGUAGES)[number]["id"];
const MESSAGES: Record<Language, Messages> = {
  en: JSON.parse(readFileSync(new URL("../app/locales/en.json", import.meta.url), "utf8")),
  zh: JSON.parse(readFileSync(new URL("../app/locales/zh.json", import.meta.url), "utf8")),
};

/** A locale string by its dotted key, without interpolation ({{…}} parts match anything). */
function text(language: Language, key: string): RegExp {
  const value = key.split(".").reduce<string | Messages | undefined>((node, part) => (typeof node === "object" ? node[part] : undefined), MESSAGES[language]);
  if (typeof value !== "string") throw new Error(`no string ${key} in ${language}.json`);
  const pattern = value
    .split(/\{\{[^}]+\}\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${pattern}$`);
}

/** Runs axe on states of one page and fails once, at the end, with every blocking finding. */
class Audit {
  private readonly findings: string[] = [];
  constructor(
    private readonly page: Page,
    private readonly language: Language,
  ) {}

  /** Audits the page, or only `within` (an open pop-up: the page behind it was audited already). */
  async check(state: string, within?: string): Promise<void> {
    // Pop-ups fade in: let transitions finish so contrast is measured on the settled colours.
    const started = Date.now();
    await this.page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
    const settled = Date.now();
    // Only violations are read: axe skips detailing the passes, which halves its time on long lists.
    const builder = new AxeBuilder({ page: this.page }).withTags(TAGS).options({ resultTypes: ["violations"] });
    const { violations } = await (within ? builder.include(within) : builder).analyze();
    if (process.env.A11Y_VERBOSE) console.log(`${state}: settled in ${settled - started} ms, axe in ${Date.now() - settled} ms`);
    const label = `[${this.language}] ${state} (${new URL(this.page.url()).pathname})`;
    if (process.env.A11Y_VERBOSE) {
      for (const v of violations) console.log(`${label}: ${v.id} (${v.impact}) ${v.nodes.map((node) => node.target.join(" ")).join(" | ")}`);
    }
    const blocking = violations.filter((violation) => BLOCKING.has(violation.impact ?? ""));
    for (const violation of blocking) {
      const nodes = violation.nodes
        .slice(0, 6)
        .map((node) => `    - ${node.target.join(" ")}: ${(node.failureSummary ?? "").replace(/\s+/g, " ").trim()}`)
        .join("\n");
      const more = violation.nodes.length > 6 ? `\n    … and ${violation.nodes.length - 6} more` : "";
      this.findings.push(`${label}: ${violation.id} [${violation.impact}] ${violation.help} (${violation.helpUrl})\n${nodes}${more}`);
    }
  }

  done(): void {
    expect(this.findings, `serious or critical accessibility violations:\n\n${this.findings.join("\n\n")}\n`).toEqual([]);
  }
}

/** Goes to a screen and waits for it to hydrate. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await hydrated(page);
  await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
}

/** A demo member's order at the gateway, by what it must be. */
async function orderOf(sandbox: SandboxControl, openId: string, pick: (order: { status: string; orderKind: string; offerId: number }) => boolean): Promise<number> {
  const order = (await sandbox.orders(openId)).find(pick);
  expect(order, "the demo member has such an order").toBeTruthy();
  return order!.id;
}

/** Closes the dialog open on the page with its cancel or close button. */
async function dismiss(page: Page, language: Language): Promise<void> {
  const dialog = page.locator("[role=dialog], [role=alertdialog]").last();
  await dialog.getByRole("button", { name: new RegExp(`${text(language, "common.cancel").source}|${text(language, "common.close").source}`) }).first().click();
  await expect(dialog).toBeHidden();
}

for (const language of LANGUAGES) {
  const lang = language.id;

  test.describe(`accessibility in ${language.name}`, () => {
    test.use({ userAgent: language.userAgent, locale: language.locale, reducedMotion: "reduce" });

    test.describe("sign-in and the terms", () => {
      test("the terms pop-up of a member who has not agreed yet", async ({ page, signIn }) => {
        const audit = new Audit(page, lang);
        await signIn("ana", { agree: false });
        await expect(page.getByRole("dialog")).toBeVisible();
        await audit.check("home with the terms dialog");
        audit.done();
      });
    });

    test.describe("home", () => {
      test("home, its list tabs and its filter panel", async ({ page, signIn }) => {
        const audit = new Audit(page, lang);
        await signIn("chan");
        await audit.check("home");
        await page.locator("[aria-controls='home-filter']").click();
        await expect(page.locator("#home-filter")).toBeVisible();
        await audit.check("home with the filter panel open", "#home-filter");
        audit.done();
      });
    });

    test.describe("search", () => {
      test("search, its history, the clear-history dialog and the results", async ({ page, signIn }) => {
        const audit = new Audit(page, lang);
        await signIn("chan");
        await open(page, "/search");
        await audit.check("search");
        await page.getByRole("searchbox").fill(lang === "en" ? "coffee" : "咖啡");
        await page.getByRole("searchbox").press("Enter");
        await expect(page).toHaveURL(/\/classify\//);
        await hydrated(page);
        await audit.check("search results");
        await page.goBack();
        await expect(page).toHaveURL(/\/search/);
        const clear = page.getByRole("button", { name: text(lang, "search.clear") });
        await clear.click();
        await expect(page.getByRole("alertdialog")).toBeVisible();
        await audit.check("search with the clear-history dialog", POPUP);
        audit.done();
      });
    });

    test.describe("category listing", () => {
      test("a category with its area and category filters", async ({ page, signIn }) => {
        const audit = new Audit(page, lang);
        await signIn("chan");
        await open(page, `/classifys/7-${encodeURIComponent("Lifestyle Services")}`);
        await audit.check("category listing");
        audit.done();
      });
    });

    test.describe("stores and zones", () => {
      test("a store, and an mCoin zone and its shared page", async ({ page, signIn }) => {
        const audit = new Audit(page, lang);
        await signIn("chan");
        await open(page, "/store_details/3");
        await audit.check("store detail");
        await open(page, "/mCoin_zone/1");
        await audit.check("mCoin zone");
        await open(page, "/share_zone/1");
        await audit.check("shared mCoin zone");
        audit.done();
      });
    });

    test.describe("offer detail", () => {
      test("a coupon: its page, the confirmation sheet and the cashier", async ({ page, signIn }) => {
        const audit = new Audit(page, lang);
        // 500 mCoin of 2,380: the rest is paid in cash, at the (simulated) wallet's cashier.
        await signIn("sam");
        await open(page, "/coupon_details/1");
        await audit.check("coupon offer");
        await page.getByRole("button", { name: text(lang, "offer.checkout") }).click();
        const sheet = page.getByRole("dialog");
        await expect(sheet).toBeVisible();
        await audit.check("coupon offer with the confirmation sheet", POPUP);
        await sheet.locator("button[type=submit]").click();
        await expect(page.locator(".cashier")).toBeVisible();
        await audit.check("coupon offer with the cashier", POPUP);
        audit.done();
      });

      test("a voucher paid with mCoin: its page and the payment result", async ({ page, signIn }) => {
        const audit = new Audit(page, lang);
        await signIn("chan");
        await open(page, "/coupon_details/53");
        await audit.check("mCoin-only offer");
        await page.getByRole("button", { name: text(lang, "offer.checkout") }).click();
        await expect(page.getByRole("dialog")).toBeVisible();
        await page.getByRole("dialog").locator("button[type=submit]").click();
        await expect(page.getByRole("alertdialog")).toBeVisible({ timeout: 15_000 });
        await audit.check("mCoin-only offer with the payment result", POPUP);
        await open(page, "/coupon_details/9");
        await audit.check("voucher offer");
        audit.done();
      });

      test("goods delivered to an address, and an offer for adults", async ({ page, signIn }) => {
        const audit = new Audit(page, lang);
        await signIn("chan");
        await open(page, "/coupon_details/27");
        await audit.check("goods offer");
        await page.getByRole("button", { name: text(lang, "offer.checkout") }).click();
        await expect(page.getByRole("dialog")).toBeVisible();
        await audit.check("goods offer with the confirmation sheet", POPUP);
        await open(page, "/coupon_details/58");
        await expect(page.getByRole("alertdialog")).toBeVisible();
        await audit.check("adults-only offer with the age question");
        audit.done();
      });
    });

    test.describe("promotions", () => {
      test("flash sale, seckill and its shared page", async ({ page, signIn }) => {
        const audit = new Audit(page, lang);
        await signIn("chan");
        await open(page, "/flashSale");
        await audit.check("flash sale");
        await open(page, "/seckill");
        await audit.check("seckill");
        await open(page, "/seckill_share");
        await audit.check("seckill share page");
        audit.done();
      });

      test("check-in and its result", async ({ page, signIn }) => {
        const audit = new Audit(page, lang);
        await signIn("chan");
        await open(page, "/checkIn");
        await audit.check("check-in");
        const button = page.locator(".check-in__form button[type=submit]");
        if (await button.isEnabled()) {
          await button.click();
          await expect(page.locator(".check-in__hero ~ * [role=status], [role=status], [role=alert]").first()).toBeVisible();
          await audit.check("check-in with its result");
        }
        audit.done();
      });

      test("Asia Miles: the redemption form and a member without the mCoin", async ({ page, signIn }) => {
        const audit = new Audit(page, lang);
        await signIn("chan");
        await open(page, "/asiaMiles_details/1");
        await audit.check("Asia Miles detail");
        audit.done();
      });
    });

    test.describe("my coupons", () => {
      test("each tab and view, and the redeem-code dialog", async ({ page, signIn }) => {
        const audit = new Audit(page, lang);
        await signIn("wong");
        await open(page, "/mycoupon?tab=unused");
        await audit.check("my coupons, unused");
        for (const tab of ["used", "expired"]) {
          await page.getByRole("tab", { name: new RegExp(`^${text(lang, `coupon.tab.${tab}`).source.slice(1, -1)}`) }).click();
          await expect(page).toHaveURL(new RegExp(`tab=${tab}`));
          await audit.check(`my coupons, ${tab}`);
        }
        for (const view of ["logistics", "refunds", "mcoin"]) {
          await page.locator(`a[href*='view=${view}']`).first().click();
          await expect(page).toHaveURL(new RegExp(`view=${view}`));
          await hydrated(page);
          await audit.check(`my coupons, ${view}`);
        }
        await page.locator(".wallet-nav__redeem").click();
        await expect(page.getByRole("dialog")).toBeVisible();
        await audit.check("my coupons with the redeem-code dialog", POPUP);
        audit.done();
      });
    });

    test.describe("orders", () => {
      test("orders, redemptions, a coupon's QR code, the refund form and the delete dialog", async ({ page, signIn, sandbox }) => {
        const audit = new Audit(page, lang);
        await signIn("wong");
        await open(page, "/myOrder");
        await audit.check("my orders");
        await open(page, "/newMyCoupon");
        await audit.check("my redemptions");
        const withCode = await orderOf(sandbox, MEMBERS.wong.openId, (order) => order.status === "received" && order.offerId === 35);
        await open(page, `/order_details/${withCode}`);
        await expect(page.locator(".coupon-card__qr").first()).toBeVisible();
        await audit.check("order detail with its coupon's QR code");
        await open(page, `/refund_application/${withCode}`);
        await audit.check("refund application");
        const finished = await orderOf(sandbox, MEMBERS.wong.openId, (order) => ["completed", "closed", "used"].includes(order.status) && order.orderKind !== "gift");
        await open(page, `/order_details/${finished}`);
        await audit.check("finished order detail");
        await page.getByRole("button", { name: text(lang, "order.delete") }).click();
        await expect(page.getByRole("alertdialog")).toBeVisible();
        await audit.check("order detail with the delete dialog", POPUP);
        audit.done();
      });
    });

    test.describe("points and favourites", () => {
      test("the mCoin points screen and favourites", async ({ page, signIn }) => {
        const audit = new Audit(page, lang);
        await signIn("chan");
        await open(page, "/mcoin_integral");
        await audit.check("mCoin points");
        await open(page, "/myFavorites");
        await audit.check("favourites");
        audit.done();
      });
    });

    test.describe("address book", () => {
      test("the address book, its delete dialog, the address form and the region map", async ({ page, signIn }) => {
        const audit = new Audit(page, lang);
        await signIn("wong");
        await open(page, "/myAddress");
        await audit.check("address book");
        await page.locator(".address-card__action--danger").first().click();
        await expect(page.getByRole("alertdialog")).toBeVisible();
        await audit.check("address book with the delete dialog", POPUP);
        await dismiss(page, lang);
        await open(page, "/editAddress/3");
        await audit.check("address form");
        await open(page, "/map");
        await audit.check("region map");
        audit.done();
      });
    });

    test.describe("errors", () => {
      test("the error screen and the not-found screen", async ({ page, signIn }) => {
        const audit = new Audit(page, lang);
        await signIn("chan");
        await open(page, "/error");
        await audit.check("error screen");
        await page.goto("/no-such-page");
        await audit.check("not-found screen");
        audit.done();
      });
    });
  });
}

void isLoginPage;
