/**
 * Text that fits (issue 28, item 15): at 360 and 390 px, in both languages, no key fact is cut. A key
 * fact is an element marked `data-key-fact` (a limit per member, sold and left counts, a session's
 * time and phase, a tab's name, a screen's title): it fails when its own box overflows, when an
 * ellipsis or a line clamp cuts the box it is in, or when a box that hides overflow cuts it. Home's
 * grid labels (shortcuts, categories) break between words only (我的優惠券 and 亞洲萬里通 whole), and
 * each rail starts where its title does. The last test forces a long text into a key fact to show the
 * check sees it.
 */
import type { Page } from "@playwright/test";
import { walletUserAgent } from "./env";
import { expect, hydrated, test } from "./fixtures";

/** The screens with key facts: home, the timed sales (a seckill item too), the member's tabbed lists, a search's stores. */
const SCREENS = ["/index", "/flashSale", "/seckill", "/seckill/1", "/mycoupon", "/myOrder", "/myFavorites", "/map", "/classify/coffee"];

/** What cuts a key fact on the page: "reason: text" for each one cut, none when all fit. */
async function cutKeyFacts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cut: string[] = [];
    const scrolls = (style: CSSStyleDeclaration) => style.overflowX === "auto" || style.overflowX === "scroll";
    for (const fact of Array.from(document.querySelectorAll<HTMLElement>("[data-key-fact]"))) {
      const rect = fact.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue;
      const text = (fact.textContent ?? "").trim();
      const own = getComputedStyle(fact);
      if (own.display !== "inline" && fact.scrollWidth > fact.clientWidth + 1) cut.push(`overflows its box: ${text}`);
      for (let box = fact as HTMLElement | null; box && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (style.textOverflow === "ellipsis" && box.scrollWidth > box.clientWidth + 1) cut.push(`ellipsis: ${text}`);
        if (style.webkitLineClamp !== "none" && style.webkitLineClamp !== "" && box.scrollHeight > box.clientHeight + 1) cut.push(`line clamp: ${text}`);
        if (box !== fact && style.overflowX !== "visible" && !scrolls(style)) {
          const bounds = box.getBoundingClientRect();
          if (rect.right > bounds.right + 1 || rect.left < bounds.left - 1) cut.push(`cut by its container: ${text}`);
        }
      }
    }
    return [...new Set(cut)];
  });
}

/** Home's grid labels and banner headlines broken inside a word ("我的優惠 / 券", "超值精 / 選", "Supermar / kets"): the label and the word. */
async function labelsBrokenInAWord(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    for (const label of Array.from(document.querySelectorAll(".shortcut, .category-grid__item, .ad-banner__headline"))) {
      const node = Array.from(label.childNodes).find((child) => child.nodeType === Node.TEXT_NODE && (child.textContent ?? "").trim() !== "");
      if (!node) continue;
      const text = node.textContent ?? "";
      // A word: a run without spaces or Chinese punctuation, after which a line may break (a Chinese
      // label without either is one word).
      for (const match of text.matchAll(/[^\s，：、。；！？]+/g)) {
        const tops = new Set<number>();
        for (let index = match.index; index < match.index + match[0].length; index++) {
          const range = document.createRange();
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          const box = range.getBoundingClientRect();
          if (box.width > 0) tops.add(Math.round(box.top));
        }
        if (tops.size > 1) broken.push(`${text.trim()} (in "${match[0]}")`);
      }
    }
    return broken;
  });
}

/** Rails whose first tile does not start where their title does: title's left and tile's left. */
async function railsOutOfLine(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll(".rail"))
      .map((rail) => {
        // Where the title's text starts (its box spans the screen).
        const heading = rail.querySelector(".section-title");
        const range = document.createRange();
        if (heading) range.selectNodeContents(heading);
        const title = heading ? range.getBoundingClientRect().left : undefined;
        const tile = rail.querySelector(".rail__track > li")?.getBoundingClientRect().left;
        return title !== undefined && tile !== undefined && Math.abs(title - tile) > 1 ? `${rail.getAttribute("aria-label")}: ${title} / ${tile}` : null;
      })
      .filter((line): line is string => line !== null),
  );
}

for (const language of ["en", "zh"] as const) {
  for (const viewport of [
    { width: 360, height: 780 },
    { width: 390, height: 844 },
  ]) {
    test.describe(`text that fits at ${viewport.width} px, in ${language}`, () => {
      test.use({ userAgent: walletUserAgent(language === "en" ? "en" : "zh-MO"), locale: language === "en" ? "en-US" : "zh-MO", viewport });

      test("no key fact is cut on the screens that have them; home's labels break between words and its rails line up", async ({ page, signIn }) => {
        await signIn("chan");
        for (const path of SCREENS) {
          await page.goto(path);
          await hydrated(page);
          await expect(page.locator("[data-key-fact]").first()).toBeAttached();
          // Fonts in: a fallback font measures differently.
          await page.evaluate(() => document.fonts.ready);
          expect(await cutKeyFacts(page), path).toEqual([]);
          if (path === "/index") {
            await page.locator(".rail").last().scrollIntoViewIfNeeded();
            await expect(page.locator(".rail__track > li .offer-tile").first()).toBeVisible();
            expect(await labelsBrokenInAWord(page), "home's grid labels and banner headlines").toEqual([]);
            expect(await railsOutOfLine(page), "home's rails").toEqual([]);
          }
        }
      });
    });
  }
}

test.describe("the check itself", () => {
  test.use({ userAgent: walletUserAgent("en"), locale: "en-US", viewport: { width: 360, height: 780 } });

  test("sees a key fact cut by an ellipsis (a title forced too long, the limit back in the merchant's line) and a grid label broken inside a word", async ({ page, signIn }) => {
    await signIn("chan", { draw: false });
    await page.goto("/flashSale");
    await hydrated(page);
    expect(await cutKeyFacts(page)).toEqual([]);
    await page.locator("[data-key-fact=title]").evaluate((fact) => (fact.textContent = "Flash sale of the week for every member of the mall"));
    // The limit in one line with the merchant's name, which an ellipsis ends.
    await page
      .locator(".promo-item__subtitle")
      .first()
      .evaluate((line) => line.append(" · ", line.nextElementSibling!.querySelector("[data-key-fact=limit]")!));
    const cut = await cutKeyFacts(page);
    expect(cut).toContain("ellipsis: Flash sale of the week for every member of the mall");
    expect(cut.some((line) => /^ellipsis: Limit \d+ per member$/.test(line))).toBe(true);

    await page.goto("/index");
    await hydrated(page);
    expect(await labelsBrokenInAWord(page)).toEqual([]);
    await page
      .locator(".shortcut")
      .first()
      .evaluate((label) => {
        const node = Array.from(label.childNodes).find((child) => child.nodeType === Node.TEXT_NODE)!;
        node.textContent = `${node.textContent} Extraordinarilylongwordthatcannotfit`;
      });
    expect((await labelsBrokenInAWord(page)).some((line) => line.includes("Extraordinarilylongwordthatcannotfit"))).toBe(true);
  });
});
