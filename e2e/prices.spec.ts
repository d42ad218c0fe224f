/**
 * Honest prices (issue 28, items 9 and 10, and item 11's "0 sold and 0 left"): cards show what the
 * member pays and the price home's filter goes by; a new tab, filter or sort starts at its first
 * result; the offer's bar follows the pieces and mCoin chosen; the balance is not on the slider's
 * scale; an item nobody bought and none left reads "Out of Stock".
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { walletUserAgent } from "./env";
import { shownPrices } from "./cards";
import { expect, hydrated, test } from "./fixtures";
import { scrollToListEnd, wheelDown } from "./waits";

/** Offers of the catalog (fixtures/catalog.json): 3,000 of its 5,980 mCoin, cash only, all in mCoin. */
const FAMILY_DINNER = 5;
const SHOPPING_VOUCHER = 29;
const BUN = 7;
/** Nobody has bought it yet; it goes on sale in three days. */
const SUITCASE = 68;
/** A seckill item that never had any stock (fixtures/promotions.json). */
const CROISSANT_SECKILL = 3;

const TEXT = {
  en: {
    ua: walletUserAgent("en"),
    locale: "en-US",
    outOfStock: "Out of Stock",
    sold: /\d sold/,
    onePiece: "for 1 piece",
    twoPieces: "for 2 pieces",
    noMore: "No more",
    balance: "Balance: 12,580 mCoin",
    cashValue: "Cash value",
    originalPrice: "Original price",
  },
  zh: {
    ua: walletUserAgent("zh-MO"),
    locale: "zh-MO",
    outOfStock: "暫時缺貨",
    sold: /已售 \d/,
    onePiece: "共 1 件",
    twoPieces: "共 2 件",
    noMore: "沒有更多了",
    balance: "餘額：12,580 mCoin",
    cashValue: "現金價",
    originalPrice: "原價",
  },
} as const;

const homeCards = (page: Page) => page.locator(".home-list [data-offer-id]");
/** An offer's card in a list (not its tile in a rail). */
const card = (page: Page, id: number) => page.locator(`.offer-card[data-offer-id="${id}"]`);

async function scrollDownTheList(page: Page) {
  for (let i = 0; i < 8; i++) await wheelDown(page, 1500);
  await expect.poll(() => homeCards(page).count()).toBeGreaterThan(10);
  await expect(homeCards(page).first()).not.toBeInViewport();
}

const scrollToTheEnd = (page: Page, noMore: string) => scrollToListEnd(page.locator(".home-list"), noMore);

interface CatalogOffer {
  id: number;
  price: number;
  status: string;
  endAt: string;
}

/** The catalog's offers on sale (none of them has ended), with a price in [min, max). */
function catalogOffersPriced(min: number, max: number): number[] {
  const catalog = JSON.parse(readFileSync(new URL("../fixtures/catalog.json", import.meta.url), "utf8")) as { offers: CatalogOffer[] };
  return catalog.offers
    .filter((offer) => offer.status === "online" && !offer.endAt.startsWith("-") && offer.price >= min && offer.price < max)
    .map((offer) => offer.id)
    .sort((a, b) => a - b);
}

for (const language of ["en", "zh"] as const) {
  const text = TEXT[language];
  test.describe(`prices, in ${language}`, () => {
    test.use({ userAgent: text.ua, locale: text.locale });

    test("a card shows what the member pays: mCoin, mCoin and the cash left, or cash; and the MOP price, labelled, beside the original", async ({ page, signIn }) => {
      await signIn("chan", { draw: false });
      await page.goto("/index?tab=price&order=desc");
      await hydrated(page);
      await expect(card(page, FAMILY_DINNER).locator(".offer-card__pay")).toHaveText("3,000 mCoin + $298.00");
      await expect(card(page, FAMILY_DINNER).locator(".offer-card__price")).toHaveText("$598.00");
      await expect(card(page, FAMILY_DINNER).locator(".offer-card__original")).toHaveText("$880.00");
      // Which amount is paid, read at a glance: the MOP price beside the mCoin price says what it is,
      // and the struck one is named the original price.
      await expect(card(page, FAMILY_DINNER).locator(".money-value")).toHaveText(`${text.cashValue} $598.00`);
      await expect(card(page, FAMILY_DINNER).locator(".offer-card__original")).toHaveAttribute("aria-label", `${text.originalPrice} $880.00`);
      // mCoin cannot pay for it: no mCoin price on its card.
      await expect(card(page, SHOPPING_VOUCHER).locator(".offer-card__pay")).toHaveText("$485.00");
      await expect(card(page, SHOPPING_VOUCHER)).not.toContainText("mCoin");
      await page.goto("/classify/pork%20chop%20bun");
      await hydrated(page);
      await expect(card(page, BUN).locator(".offer-card__pay")).toHaveText("380 mCoin");
      await expect(card(page, BUN).locator(".offer-card__price")).toHaveText("$38.00");
    });

    test("the price filter goes by the price the cards show, and the mCoin filter by the mCoin they ask for", async ({ page, signIn }) => {
      await signIn("chan", { draw: false });
      await page.goto("/index?price=50-100");
      await hydrated(page);
      await scrollToTheEnd(page, text.noMore);
      const ids = (await homeCards(page).evaluateAll((cards) => cards.map((element) => Number(element.getAttribute("data-offer-id"))))).sort((a, b) => a - b);
      expect(ids).toEqual(catalogOffersPriced(50, 100));
      for (const price of await shownPrices(homeCards(page))) {
        expect(price).toBeGreaterThanOrEqual(50);
        expect(price).toBeLessThan(100);
      }

      // Through the panel: mCoin under 500 lists what is paid in cash alone (it asks for no mCoin).
      await page.goto("/index");
      await hydrated(page);
      await page.locator(".list-bar__filter").click();
      await page.locator("#home-filter fieldset").first().getByRole("button").first().click();
      await page.locator("#home-filter .button--primary").click();
      await expect(page).toHaveURL(/mcoin=0-500/);
      await scrollToTheEnd(page, text.noMore);
      await expect(card(page, SHOPPING_VOUCHER)).toBeAttached();
      for (const mcoin of await homeCards(page).locator(".pay__mcoin").allTextContents()) {
        if (!mcoin.includes("mCoin")) continue;
        expect(Number(mcoin.replace(/[^\d]/g, ""))).toBeLessThan(500);
      }
    });

    test("the offer's bar follows the pieces and the mCoin chosen; the slider starts at the card's price; the balance is beside the label, not on the scale", async ({ page, signIn }) => {
      await signIn("chan", { draw: false });
      await page.goto(`/coupon_details/${BUN}`);
      await hydrated(page);
      const bar = page.getByTestId("offer-bar-selection");
      const slider = page.getByRole("slider");
      await expect(slider).toHaveAttribute("aria-valuenow", "380");
      await expect(bar.locator(".offer-bar__pay")).toHaveText("380 mCoin");
      await expect(bar.locator(".offer-bar__per")).toHaveText(text.onePiece);

      // Left at its end, the slider stays at the end as pieces are added.
      await page.locator(".stepper__button").last().click();
      await expect(slider).toHaveAttribute("aria-valuenow", "760");
      await expect(bar.locator(".offer-bar__pay")).toHaveText("760 mCoin");
      await expect(bar.locator(".offer-bar__per")).toHaveText(text.twoPieces);

      await slider.focus();
      await page.keyboard.press("ArrowLeft");
      await expect(bar.locator(".offer-bar__pay")).toHaveText("700 mCoin + $6.00");
      await page.keyboard.press("Home");
      await expect(bar.locator(".offer-bar__pay")).toHaveText("$76.00");
      await page.keyboard.press("End");
      await expect(bar.locator(".offer-bar__pay")).toHaveText("760 mCoin");

      await expect(page.getByTestId("offer-balance")).toHaveText(text.balance);
      const scale = page.locator(".offer-buy__scale > *");
      await expect(scale).toHaveText(["0", "760"]);
    });

    test("an offer nobody bought with none left says it is out of stock, not '0 sold, 0 left' or 'sold out'", async ({ page, signIn, sandbox }) => {
      await sandbox.setOffer(SUITCASE, { stock: 0 });
      await sandbox.setClock((await sandbox.now()) + 4 * 86_400_000);
      await signIn("chan", { draw: false });
      await page.goto("/classify/suitcase");
      await hydrated(page);
      await expect(card(page, SUITCASE).locator(".badge--soldOut")).toHaveText(text.outOfStock);
      await expect(card(page, SUITCASE)).not.toContainText(text.sold);
      await page.goto(`/coupon_details/${SUITCASE}`);
      await hydrated(page);
      await expect(page.getByRole("status").filter({ hasText: text.outOfStock })).toBeVisible();
      await expect(page.locator(".offer-head")).not.toContainText(text.sold);
    });

    test("a seckill item that never had stock says it is out of stock, without counts of nothing", async ({ page, signIn }) => {
      await signIn("chan", { draw: false });
      await page.goto("/seckill");
      await hydrated(page);
      const item = page.locator(`[data-item-id="${CROISSANT_SECKILL}"]`);
      await expect(item).toContainText(text.outOfStock);
      await expect(item).not.toContainText(text.sold);
      await expect(item.locator(".promo-item__progress")).toHaveCount(0);
    });
  });
}

test.describe("a new list starts at its first result", () => {
  test.beforeEach(async ({ signIn, page }) => {
    await signIn("chan");
    await hydrated(page);
  });

  test("home: after a tab and after a filter, the list's first card is on the screen", async ({ page }) => {
    await page.goto("/index?tab=sales");
    await hydrated(page);
    await scrollDownTheList(page);
    await page.getByRole("tab", { name: "Latest" }).click();
    await expect(page).toHaveURL(/tab=latest/);
    await expect(homeCards(page).first()).toBeInViewport();

    await scrollDownTheList(page);
    await page.getByRole("button", { name: "Filter" }).click();
    await page.getByRole("group", { name: "Filter offers" }).getByRole("button", { name: "$100 – $300" }).click();
    await page.getByRole("group", { name: "Filter offers" }).getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(/price=100-300/);
    await expect(homeCards(page).first()).toBeInViewport();
  });

  test("a listing: after another sort, its first card is on the screen", async ({ page }) => {
    await page.goto("/classify/food");
    await hydrated(page);
    const cards = page.locator("[data-offer-id]");
    for (let i = 0; i < 6; i++) await wheelDown(page, 1500);
    await expect(cards.first()).not.toBeInViewport();
    await page.getByRole("tab", { name: "Sales" }).click();
    await expect(page).toHaveURL(/sort=sales/);
    await expect(cards.first()).toBeInViewport();
  });
});
