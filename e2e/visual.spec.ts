/**
 * The visual regression check: every screen at 360 and 390 px in both languages, compared with the
 * references committed beside this file (e2e/visual.spec.ts-snapshots/). A change that moves a screen
 * fails here until it is accepted on purpose with `npm run test:visual:update` (docs/testing.md).
 *
 * What would move between runs is held still: a sandbox and a mall of this file's own (no other
 * test's orders, no catalog replies the shared mall kept), the sandbox's data seeded at one fixed
 * moment and its clock frozen after it, a countdown's digits and a coupon's codes masked (they tick
 * on the page's clock; they are drawn at random), animations and the caret off, and the fonts
 * Debian's (fonts-noto-cjk, which `npm test` installs: scripts/lib.mjs).
 */
import { expect, test, type Browser, type Page, type Request } from "@playwright/test";
import * as controls from "#core/controls/declarations";
import { SCREEN_ROUTES } from "../app/route-table.js";
import { startSandbox, type StartedSandbox } from "../lib/sandbox";
import { playSeededHistory } from "../sandbox/domain/domain";
import { loadFixtures } from "../sandbox/fixtures";
import { seedData } from "../sandbox/store/seed";
import { stateJson } from "../sandbox/store/state-file";
import { walletUserAgent } from "./env";
import { routerSettled } from "./waits";
import { freePort, startMall, type SpawnedMall } from "./spawn-mall";

/** When the data was seeded (a Monday morning in Macau), and the moment the screens are shown, an hour later. */
const SEEDED_AT = Date.parse("2026-11-30T01:00:00Z");
const SHOWN_AT = SEEDED_AT + 60 * 60_000;
/** The member whose screens are shown: orders of every kind, the seckill's early access (fixtures/members.json). */
const MEMBER = { openId: "mpay-1003", nickname: "黃美玲" };

/**
 * Each screen of the route table at an address that shows it with this member's data; `null` leaves
 * a route out, with the reason. Orders are the fixtures' history, numbered from 1 once seeded.
 */
const SCREEN_PATHS: Record<string, string | null> = {
  index: "/index",
  search: "/search",
  checkIn: "/checkIn",
  classify: "/classify/coffee",
  classifys: "/classifys/2-Coffee%20%26%20Desserts",
  flashSale: "/flashSale",
  mycoupon: "/mycoupon",
  newMyCoupon: "/newMyCoupon",
  myOrder: "/myOrder",
  // Its address is a login token: it would replace the member's session.
  mycoupons: null,
  couponDetails: "/coupon_details/1",
  couponDetailsLink: "/coupon_details_link/1",
  asiaMilesDetails: "/asiaMiles_details/1",
  // The member has no Asia Miles order in the fixtures: its screen would be the not-found one.
  asiaMilesOrderDetails: null,
  otherStores: "/other_stores/3-41-2-1",
  storeDetails: "/store_details/1",
  storeDetailsLink: "/store_details_link/1",
  mCoinIntegral: "/mcoin_integral",
  orderDetails: "/order_details/1",
  otherOrderDetails: "/order_details/8",
  refundApplication: "/refund_application/6",
  error: "/error",
  loding: "/loding",
  shareCoupon: "/share_coupon/1",
  mCoinZone: "/mCoin_zone/1",
  shareZone: "/share_zone/1",
  seckill: "/seckill",
  seckillShare: "/seckill_share",
  myFavorites: "/myFavorites",
  myAddress: "/myAddress",
  editAddress: "/editAddress",
  map: "/map",
};

// Each language and width a test of its own, spread over the workers: the suite's longest file, and its
// last by name, would otherwise run on one worker while the others wait for it. Every worker that runs
// one starts its own sandbox and mall (beforeAll), seeded alike.
test.describe.configure({ mode: "parallel" });

let sandbox: StartedSandbox;
let mall: SpawnedMall;

test.beforeAll(async () => {
  const port = await freePort();
  sandbox = await startSandbox({ mallOrigins: [`http://127.0.0.1:${port}`] });
  // The fixtures seeded as a sandbox seeds them, with the demo members' past orders, at SEEDED_AT.
  const fixtures = loadFixtures();
  const data = seedData(fixtures, SEEDED_AT);
  playSeededHistory(data, fixtures);
  const state = JSON.parse(stateJson(data)) as unknown;
  await sandbox.controls.get(controls.importState, { input: state as never });
  await sandbox.controls.get(controls.setClock, { input: { now: SHOWN_AT, frozen: true } });
  // A returning member, past the terms (the pop-up belongs to the first visit after they change).
  await sandbox.controls.get(controls.patchMember, { params: { openId: MEMBER.openId }, input: { clauseStatus: 0 } });
  mall = await startMall({ MCOIN_SANDBOX_URL: sandbox.url }, "127.0.0.1", port);
});

test.afterAll(async () => {
  mall?.stop();
  await sandbox?.stop();
});

test("every screen of the route table has an address here, or a reason it has none", () => {
  expect(Object.keys(SCREEN_PATHS).sort()).toEqual(SCREEN_ROUTES.map((route) => route.name).sort());
});

/** How long the page must have had no request under way before its picture is taken. */
const QUIET_MS = 150;

/**
 * Watches the page's requests from now on: how many are under way, and when the last one started or
 * ended. Playwright's "networkidle" asks for 500 ms without one, a third of each screen's time here.
 */
function watchNetwork(page: Page): () => { underWay: number; since: number } {
  const underWay = new Set<Request>();
  let since = Date.now();
  const started = (request: Request) => {
    underWay.add(request);
    since = Date.now();
  };
  const ended = (request: Request) => {
    underWay.delete(request);
    since = Date.now();
  };
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  return () => ({ underWay: underWay.size, since });
}

/**
 * A page settled for its picture: loaded, its router idle and no request under way for QUIET_MS (or
 * five seconds: a screen may keep asking), fonts in, the pictures on screen decoded.
 */
async function settled(page: Page, network: () => { underWay: number; since: number }): Promise<void> {
  await page.waitForLoadState("load");
  await expect
    .poll(
      async () => {
        const { underWay, since } = network();
        return underWay === 0 && Date.now() - since >= QUIET_MS && (await routerSettled(page));
      },
      { timeout: 5_000, intervals: [50] },
    )
    .toBe(true)
    .catch(() => undefined);
  await page.evaluate(async () => {
    await document.fonts.ready;
    // A picture the page has not asked for yet (a lazy one whose address comes after hydration, or
    // one further along a rail than the screen is wide) never loads by itself: the wait is for those
    // on screen that are loading, and for two seconds at most.
    const onScreen = Array.from(document.images).filter((image) => {
      const box = image.getBoundingClientRect();
      return image.currentSrc !== "" && box.top < window.innerHeight && box.left < window.innerWidth && box.right > 0;
    });
    const decoded = Promise.all(onScreen.map((image) => (image.complete ? Promise.resolve() : image.decode().catch(() => undefined))));
    await Promise.race([decoded, new Promise((resolve) => setTimeout(resolve, 2_000))]);
  });
}

async function memberPage(browser: Browser, language: "en" | "zh", viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    userAgent: walletUserAgent(language === "en" ? "en" : "zh-MO"),
    locale: language === "en" ? "en-US" : "zh-MO",
    reducedMotion: "reduce",
  });
  // The member was here before: the host told the page where they are (components/location-sync.tsx).
  await context.addCookies([{ name: "mcoin_geo", value: encodeURIComponent("22.19350,113.53970"), url: mall.url }]);
  const page = await context.newPage();
  await page.goto(`${mall.url}/index`);
  await page.getByRole("button", { name: new RegExp(MEMBER.nickname) }).click();
  await page.waitForURL((url) => url.origin === mall.url);
  return page;
}

for (const language of ["en", "zh"] as const) {
  for (const viewport of [
    { width: 360, height: 780 },
    { width: 390, height: 844 },
  ]) {
    test(`every screen looks as its reference, at ${viewport.width} px in ${language}`, async ({ browser }) => {
      test.setTimeout(180_000);
      const page = await memberPage(browser, language, viewport);
      const network = watchNetwork(page);
      try {
        for (const [name, path] of Object.entries(SCREEN_PATHS)) {
          if (path === null) continue;
          await page.goto(`${mall.url}${path}`);
          await settled(page, network);
          await expect.soft(page, `${name} (${path})`).toHaveScreenshot(`${name}-${language}-${viewport.width}.png`, {
            animations: "disabled",
            caret: "hide",
            // A countdown ticks on the page's own clock from the gateway's frozen one, and a coupon's
            // codes (and their QR) are drawn at random when the history is played: painted over.
            mask: [page.locator(".countdown__digits, .coupon-card__qr, [data-testid='redemption-code'], .order-code__value")],
            // Anti-aliasing of the same fonts may differ by a pixel between Chromium builds.
            maxDiffPixelRatio: 0.01,
          });
        }
      } finally {
        await page.context().close();
      }
    });
  }
}
