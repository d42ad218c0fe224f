/**
 * The tap bench's script in the page (tap-watch.ts), run in Debian's chromium on a page of its own:
 * what it times after a tap, and that it leaves the page's frames alone while it watches.
 */
import { chromium, type Browser, type Page } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TAP_INIT } from "./tap-watch";
import { tapTime, type TapPart, type TapRecord } from "./taps";

const PAGE = `<!doctype html>
<html><body>
<p elementtiming="old-card">On screen before the tap</p>
<div id="kept"><p elementtiming="kept-card">A kept screen's card</p></div>
<button id="insert" onclick="const p = document.createElement('p'); p.setAttribute('elementtiming', 'new-card'); p.textContent = 'The next screen'; document.body.append(p)">next</button>
<button id="show" onclick="document.getElementById('kept').style.contentVisibility = 'visible'">back</button>
</body></html>`;

/** Counts the animation frames the page asks for, from before the watch's own script. */
const COUNT_FRAMES = `(() => {
  const ask = window.requestAnimationFrame.bind(window);
  window.__framesAsked = 0;
  window.requestAnimationFrame = (callback) => { window.__framesAsked++; return ask(callback); };
})();`;

let browser: Browser;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
});

afterAll(async () => {
  await browser?.close();
});

async function open(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.addInitScript({ content: COUNT_FRAMES });
  await page.addInitScript({ content: `(${TAP_INIT})();` });
  await page.route("http://tap-watch.test/", (route) => route.fulfill({ contentType: "text/html", body: PAGE }));
  await page.goto("http://tap-watch.test/");
  await page.locator('[elementtiming="old-card"]').waitFor();
  return page;
}

async function journey(page: Page, parts: TapPart[], button: string): Promise<{ record: TapRecord; framesAsked: number }> {
  await page.evaluate(`window.__taps.arm(${JSON.stringify(parts)})`);
  const before = (await page.evaluate("window.__framesAsked")) as number;
  await page.click(button);
  await page.waitForFunction(() => (window as unknown as { __taps: { journey: { done: boolean } } }).__taps.journey.done, undefined, { polling: 50, timeout: 10_000 });
  const framesAsked = ((await page.evaluate("window.__framesAsked")) as number) - before;
  const record = (await page.evaluate(`window.__taps.read(${JSON.stringify(parts.map((part) => part.id))})`)) as TapRecord;
  return { record, framesAsked };
}

describe("the tap bench's watch", () => {
  it("times a new screen's element by its paint after the tap, and asks for no frame of its own", async () => {
    const page = await open();
    try {
      const parts = [{ id: "new-card", count: 1 }];
      const { record, framesAsked } = await journey(page, parts, "#insert");
      expect(record.tap).not.toBeNull();
      expect(record.candidates).toHaveLength(1);
      const [card] = record.candidates;
      expect(card!.renderTime).toBeGreaterThanOrEqual(record.tap!);
      expect(tapTime(parts, record)).toBe(card!.renderTime! - record.tap!);
      expect(framesAsked).toBe(0);
    } finally {
      await page.close();
    }
  });

  it("times a kept screen shown again by the first frame it is in view, and leaves out what was on screen", async () => {
    const page = await open();
    try {
      // Painted once, then kept hidden as a kept screen is (app/styles/base.css, .kept-screen[hidden]).
      await page.evaluate(() => void (document.getElementById("kept")!.style.contentVisibility = "hidden"));
      const parts = [
        { id: "kept-card", count: 1 },
        { id: "old-card", count: 1, optional: true },
      ];
      const { record } = await journey(page, parts, "#show");
      expect(record.candidates.map((candidate) => candidate.id)).toEqual(["kept-card"]);
      const [card] = record.candidates;
      expect(card!.renderTime).toBeLessThan(record.tap!);
      expect(card!.shownAt).toBeGreaterThanOrEqual(record.tap!);
      expect(tapTime(parts, record)).toBe(card!.shownAt! - record.tap!);
    } finally {
      await page.close();
    }
  });
});
