/**
 * Pictures a member would believe (issue 28, item 13): home's banners carry their headline as text in
 * the member's language and move with their page dots or a swipe, without the page moving; every offer
 * on home shows a picture of its own, whole in its tile; the Chinese Asia Miles page has no English in
 * its hero. The pictures are drawn by sandbox/pictures/ and served as WebP (sandbox/pictures/raster.ts).
 */
import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { E2E_SANDBOX_URL, walletUserAgent } from "./env";
import { expect, hydrated, test } from "./fixtures";
import { nextFrame } from "./waits";

const CATALOG = JSON.parse(readFileSync(new URL("../fixtures/catalog.json", import.meta.url), "utf8")) as {
  merchants: { logo: string }[];
  offers: { images: string[] }[];
  ads: { image: string }[];
  zones: { banner: string }[];
};

const banner = (page: Page) => page.getByRole("region", { name: /^(Promotions|推廣活動)$/ });

/** The rendered box's width over height, and the picture's own. */
async function aspects(images: Locator): Promise<{ src: string; box: number; natural: number }[]> {
  // Pictures along a rail, beyond the screen's right edge, would wait for a swipe. The ones not drawn
  // yet are named with their state, so a failure says which and how (never asked for, or broken).
  const notDrawn = (all: Element[]) =>
    all.flatMap((element) => {
      const image = element as HTMLImageElement;
      image.loading = "eager";
      if (image.complete && image.naturalWidth > 0) return [];
      const offer = image.closest("[data-offer-id]")?.getAttribute("data-offer-id");
      return [`${offer ? `offer ${offer}: ` : ""}${image.getAttribute("src") ?? "no src"}, ${image.complete ? "broken" : "loading"}`];
    });
  await expect.poll(() => images.evaluateAll(notDrawn), { timeout: 15_000, message: "every picture drawn" }).toEqual([]);
  return images.evaluateAll((all) =>
    all.map((element) => {
      const image = element as HTMLImageElement;
      return { src: image.getAttribute("src") ?? "", box: image.clientWidth / image.clientHeight, natural: image.naturalWidth / image.naturalHeight };
    }),
  );
}

/** Brings every lazy picture of the page in (they load as they near the screen). */
async function scrollThrough(page: Page) {
  for (let y = 0; y < 6_000; y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await nextFrame(page);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

for (const { lang, headline, dot } of [
  { lang: "en", headline: "mCoin Super Value Picks are on", dot: (index: number) => `Show banner ${index} of 6` },
  { lang: "zh-MO", headline: "mCoin 超值精選火熱進行中", dot: (index: number) => `顯示第 ${index} 個橫幅（共 6 個）` },
] as const) {
  test.describe(`banners in ${lang}`, () => {
    test.use({ userAgent: walletUserAgent(lang), locale: lang === "en" ? "en-US" : "zh-MO", viewport: { width: 390, height: 844 } });

    test("carry their headline as text in the member's language, and the dots and a swipe move them in place", async ({ page, signIn }) => {
      await signIn("chan");
      await hydrated(page);
      const region = banner(page);
      const first = region.getByRole("listitem").first();
      // The headline is text over the picture, the banner's button is named by it.
      await expect(first.getByText(headline, { exact: true })).toBeVisible();
      await expect(first.getByRole("button", { name: headline })).toBeVisible();
      const track = region.getByRole("list");
      const before = await region.boundingBox();
      // The page dots are named buttons; the first is current.
      const dots = region.getByRole("button", { name: /^(Show banner|顯示第)/ });
      await expect(dots).toHaveCount(6);
      await expect(dots.first()).toHaveAttribute("aria-current", "true");
      for (const box of await dots.evaluateAll((all) => all.map((button) => button.getBoundingClientRect()))) {
        expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
      }
      await region.getByRole("button", { name: dot(3), exact: true }).click();
      await expect.poll(() => track.evaluate((list) => Math.round(list.scrollLeft / list.clientWidth))).toBe(2);
      await expect(region.getByRole("button", { name: dot(3), exact: true })).toHaveAttribute("aria-current", "true");
      await expect(dots.first()).not.toHaveAttribute("aria-current", "true");
      // A swipe (the track scrolled by hand) moves the dots with it.
      await track.evaluate((list) => list.scrollTo({ left: list.clientWidth * 4 }));
      await expect(region.getByRole("button", { name: dot(5), exact: true })).toHaveAttribute("aria-current", "true");
      // Nothing moved or changed size on the way.
      expect(await region.boundingBox()).toEqual(before);
      const [picture] = await aspects(first.locator("img"));
      expect(picture!.box).toBeCloseTo(picture!.natural, 1);
    });
  });
}

test.describe("home's offers", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("each has a picture of its own, drawn whole in its tile", async ({ page, signIn }) => {
    await signIn("chan");
    await hydrated(page);
    await scrollThrough(page);
    const images = page.locator("[data-offer-id] img");
    const seen = await aspects(images);
    expect(seen.length).toBeGreaterThan(10);
    // Whole: the tile has the picture's own shape (nothing cut off at its edges).
    for (const { src, box, natural } of seen) expect(Math.abs(box - natural) / natural, src).toBeLessThan(0.03);
    // Its own: one picture per offer, and no two offers' pictures alike. Each is drawn small and
    // compared pixel by pixel, so two pictures that differ only in their decoration count as one.
    const byOffer = new Map<string, string>();
    for (const [offer, src] of await images.evaluateAll((all) => all.map((image) => [image.closest("[data-offer-id]")!.getAttribute("data-offer-id")!, image.getAttribute("src")!] as const))) {
      expect(byOffer.get(offer) ?? src, `offer ${offer}`).toBe(src);
      byOffer.set(offer, src);
    }
    expect(new Set(byOffer.values()).size).toBe(byOffer.size);
    const nearest = await page.evaluate(
      async (sources) => {
        const thumbs = await Promise.all(
          sources.map(async (src) => {
            const image = new Image();
            image.src = src;
            await image.decode();
            const canvas = document.createElement("canvas");
            canvas.width = 32;
            canvas.height = 20;
            const context = canvas.getContext("2d")!;
            context.drawImage(image, 0, 0, 32, 20);
            return context.getImageData(0, 0, 32, 20).data;
          }),
        );
        let least = { difference: Infinity, pair: [] as string[] };
        for (let a = 0; a < thumbs.length; a++) {
          for (let b = a + 1; b < thumbs.length; b++) {
            let sum = 0;
            for (let i = 0; i < thumbs[a]!.length; i++) sum += Math.abs(thumbs[a]![i]! - thumbs[b]![i]!);
            if (sum / thumbs[a]!.length < least.difference) least = { difference: sum / thumbs[a]!.length, pair: [sources[a]!, sources[b]!] };
          }
        }
        return least;
      },
      [...byOffer.values()],
    );
    expect(nearest.difference, nearest.pair.map(decodeURIComponent).join(" and ")).toBeGreaterThan(3);
  });
});

test("every demo picture keeps what it shows inside its edges, with a margin", async ({ page }) => {
  const paths = [
    ...CATALOG.offers.flatMap((offer) => offer.images.map((file) => `offers/${file}`)),
    ...CATALOG.merchants.map((merchant) => `stores/${merchant.logo}`),
    ...CATALOG.ads.map((ad) => `ads/${ad.image}`),
    ...CATALOG.zones.map((zone) => `zones/${zone.banner}`),
    "promotions/asia-miles.webp",
  ];
  // Each picture is the raster of a drawing served beside it (sandbox/pictures/raster.ts): the drawing says what it shows.
  const drawing = (path: string) => path.replace(/\.webp$/, ".svg");
  const pictures = await Promise.all(paths.map(async (path) => `<div data-path="${path}">${await (await page.request.get(`${E2E_SANDBOX_URL}/static/${drawing(path)}`)).text()}</div>`));
  await page.setContent(pictures.join(""));
  // What each picture shows is its `.subject` (sandbox/pictures/scenes.ts); its box, in the picture's units.
  const outside = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("[data-path]")].flatMap((holder) => {
      const svg = holder.querySelector("svg");
      const subject = svg?.querySelector<SVGGraphicsElement>(".subject");
      if (!svg || !subject) return [`${holder.dataset.path}: no drawing`];
      const [, , width, height] = svg.getAttribute("viewBox")!.split(" ").map(Number);
      const box = subject.getBBox();
      const margin = Math.min(width!, height!) * 0.04;
      const inside = box.x >= margin && box.y >= margin && box.x + box.width <= width! - margin && box.y + box.height <= height! - margin;
      return inside ? [] : [`${holder.dataset.path}: ${[box.x, box.y, box.x + box.width, box.y + box.height].map(Math.round).join(", ")} in ${width} × ${height}`];
    }),
  );
  expect(outside).toEqual([]);
});

test.describe("the Asia Miles page in Chinese", () => {
  test.use({ userAgent: walletUserAgent("zh-MO"), locale: "zh-MO", viewport: { width: 390, height: 844 } });

  test("has no English in its hero: the programme's name is Chinese text over a picture without words", async ({ page, signIn }) => {
    await signIn("chan", { draw: false });
    await page.goto("/asiaMiles_details/1");
    await hydrated(page);
    const hero = page.locator(".miles__hero");
    const picture = hero.locator("img").first();
    const [seen] = await aspects(picture);
    expect(seen!.box).toBeCloseTo(seen!.natural, 1);
    // A photograph, as the gateway's are; the drawing it was made from has no text at all.
    const reply = await page.request.get(seen!.src);
    expect(reply.headers()["content-type"]).toBe("image/webp");
    const svg = await (await page.request.get(`${E2E_SANDBOX_URL}/static/promotions/asia-miles.svg`)).text();
    expect(svg).toContain("<svg");
    expect([...svg.matchAll(/<text[^>]*>([^<]*)</g)].map((match) => match[1])).toEqual([]);
    await expect(hero.getByText("亞洲萬里通", { exact: true })).toBeVisible();
    // The hero's words, apart from the name mCoin, are Chinese.
    expect((await hero.innerText()).replace(/mCoin/g, "")).not.toMatch(/[A-Za-z]/);
  });
});
