/**
 * Screenshots of every screen of the mall, and a pixel-by-pixel comparison of two sets of them: the
 * check for a change that must not move anything a member sees (a style sheet split, a component cut
 * into sections). `npm run screens -- shoot --out DIR` takes them from the production build;
 * `npm run screens -- compare BEFORE AFTER` says which differ and writes a picture of each difference.
 *
 * What makes two runs comparable:
 * - **The same data.** The sandbox starts from a saved seed (`--seed`, .cache/screens/seed.json by
 *   default, made on first use), a fresh copy for each language and width, so the demo members'
 *   history has the same dates in every run; its clock is frozen at the seed's moment. Both runs of a
 *   comparison must use the same seed file.
 * - **The same steps.** Each pass (a language at a width) signs the demo members in, visits every
 *   screen with a whole page load, then opens the pop-ups that change the members' money (the
 *   purchase sheet, the cashier, the payment result) last, in the same order.
 * - **A still page.** A shot is taken once the page has hydrated, every page of its lists is loaded (it
 *   is scrolled to its end until nothing more comes, then back to its top), its pictures are in and no
 *   request has been in flight for half a second. A list left with a page to load would load it, or
 *   not, as the shot is taken.
 * - **Only what is random or runs masked.** A countdown's digits run on the page's own monotonic clock
 *   from the moment it read the gateway's, and a miles refund's number is random: they are painted
 *   over (`masks`) and everything else is compared.
 * - **What is left.** Chromium does not paint every load to the pixel alike (a focus ring drawn or not,
 *   a chip's edge): `compare` takes a second run of the same build with `--also`, and a picture equal
 *   to either run matches.
 *
 * The screens: the 32 routes of app/route-table.js (several in more than one state) and the
 * not-found screen, at 360 and 390 px wide, in zh and en, as the demo member the screen needs; and
 * the main pop-ups (the terms, the purchase sheet, the cashier, the payment result, confirmations).
 * Ports: each pass has a mall and a sandbox of its own, on 3300-3303 and 4300-4303 (moved by
 * `--port-offset N`), apart from the e2e suite's servers and `npm start`'s; a server that ended is
 * never asked again on its port (a pooled connection to it would fail). `--mall-root DIR`
 * shoots another checkout's build (its `build/`, made with `npm run build` there).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { PNG } from "pngjs";
import { SCREEN_ROUTES } from "../app/route-table.js";
import { walletUserAgent } from "../e2e/env";
import { DEMO_MEMBERS, MEMBER_LOCATION, type DemoMemberName } from "../lib/playwright";
import { controls, startSandbox, type StartedSandbox } from "../lib/sandbox";
import { CHROMIUM, ROOT, log } from "./lib.mjs";

const LANGUAGES = { en: { host: "en", locale: "en-US" }, zh: { host: "zh-TW", locale: "zh-TW" } } as const;
type Language = keyof typeof LANGUAGES;
/** The phones of issue 50: a small Android's width and an iPhone's. */
const VIEWPORTS = [
  { width: 360, height: 780 },
  { width: 390, height: 844 },
] as const;
/** What runs on the page's own clock, or is random: painted over in every shot. */
function masks(page: Page, language: Language): Locator[] {
  const row = (key: string) => page.locator("dl > div").filter({ has: page.locator("dt", { hasText: text(language, key) }) });
  return [page.locator(".countdown__digits"), row("miles.order.refundNo")];
}
/** Airline accounts of fixtures/promotions.json: one the airline credits, one it refuses (the mCoin come back). */
const MILES_ACCOUNTS = {
  credited: { lastName: "CHAN", firstName: "TAI MAN", memberNo: "1300000002" },
  refunded: { lastName: "LEI", firstName: "KA HOU", memberNo: "1300000009" },
};
/** How far the clock moves after the miles redemptions: past the airline's answer (sandbox/domain/miles.ts). */
const MILES_ANSWERED_MS = 10 * 60_000;

type Messages = { [key: string]: string | Messages };
const MESSAGES: Record<Language, Messages> = {
  en: JSON.parse(readFileSync(join(ROOT, "app/locales/en.json"), "utf8")),
  zh: JSON.parse(readFileSync(join(ROOT, "app/locales/zh.json"), "utf8")),
};

/** A locale string by its dotted key. */
function text(language: Language, key: string): string {
  const value = key.split(".").reduce<string | Messages | undefined>((node, part) => (typeof node === "object" ? node[part] : undefined), MESSAGES[language]);
  if (typeof value !== "string") throw new Error(`no string ${key} in ${language}.json`);
  return value;
}

/** What a pass knows when it visits a screen: the ids the sandbox gave out. */
interface Ids {
  /** wong's received coupon order with a code (its QR code, its refund form). */
  withCode: number;
  /** wong's finished order (the delete button). */
  finished: number;
  /** wong's goods on their way. */
  shipped: number;
  /** wong's goods waiting at a store. */
  pickup: number;
  /** wong's refunded order. */
  refunded: number;
  /** chan's miles redemptions. */
  milesCredited: number;
  milesRefunded: number;
  /** wong's session token, for the token coupon page. */
  wongToken: string;
}

interface Shot {
  /** The file's name (without the language and width). */
  name: string;
  /** Whose page: a demo member signed in, or a visitor. */
  member: DemoMemberName | "visitor";
  path: (ids: Ids) => string;
  /** What to do on the screen before the shot (open a pop-up). */
  act?: (page: Page, language: Language) => Promise<void>;
  /** The shot is of a moment, taken as soon as `act` is done: the screen is not waited for. */
  moment?: boolean;
  /** What to undo after the shot. */
  after?: (page: Page) => Promise<void>;
}

const at = (path: string) => () => path;
const dialog = (page: Page) => page.locator("[role=dialog], [role=alertdialog]").last();
const openDialog = async (page: Page, trigger: Locator) => {
  await trigger.click();
  await dialog(page).waitFor({ state: "visible" });
};
/**
 * The skeleton the frame draws for a screen while its data is on its way (components/screen-skeletons.tsx):
 * opened by the router from the error screen, whose own sheet is the smallest, with the screen's data
 * request held (single fetch's `.data`, never answered), so that the skeleton shows with only what
 * the frame loads.
 */
const skeleton = (to: string) => async (page: Page) => {
  await page.route(
    (url) => url.pathname.endsWith(".data"),
    () => undefined,
  );
  // Remix's router, as <Link> uses it; not awaited: the navigation ends only when the data comes.
  await page.evaluate((path) => void (window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } }).__remixRouter.navigate(path), to);
  await page.locator("[aria-busy='true'][aria-label]").first().waitFor({ state: "visible" });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
};
const release = (page: Page) => page.unrouteAll({ behavior: "ignoreErrors" });
const checkout = (page: Page, language: Language) => openDialog(page, page.getByRole("button", { name: text(language, "offer.checkout"), exact: true }));

/** Every screen of the route table at least once, then the pop-ups; those that spend money come last. */
const SHOTS: Shot[] = [
  { name: "index", member: "chan", path: at("/index") },
  { name: "index-filter", member: "chan", path: at("/index"), act: (page) => openPanel(page, "[aria-controls='home-filter']", "#home-filter") },
  { name: "search", member: "chan", path: at("/search") },
  { name: "classify", member: "chan", path: at("/classify/coffee") },
  { name: "classifys", member: "chan", path: at(`/classifys/7-${encodeURIComponent("Lifestyle Services")}`) },
  { name: "checkIn", member: "chan", path: at("/checkIn") },
  { name: "flashSale", member: "chan", path: at("/flashSale") },
  { name: "seckill", member: "chan", path: at("/seckill") },
  { name: "seckillShare", member: "chan", path: at("/seckill_share") },
  { name: "mycoupon", member: "wong", path: at("/mycoupon") },
  { name: "mycoupon-used", member: "wong", path: at("/mycoupon?tab=used") },
  { name: "mycoupon-expired", member: "wong", path: at("/mycoupon?tab=expired") },
  { name: "mycoupon-logistics", member: "wong", path: at("/mycoupon?view=logistics") },
  { name: "mycoupon-refunds", member: "wong", path: at("/mycoupon?view=refunds") },
  { name: "mycoupon-mcoin", member: "wong", path: at("/mycoupon?view=mcoin") },
  { name: "mycoupon-redeem-code", member: "wong", path: at("/mycoupon"), act: (page) => openDialog(page, page.locator(".wallet-nav__redeem")) },
  { name: "mycoupons-token", member: "visitor", path: (ids) => `/mycoupons/${ids.wongToken}` },
  { name: "newMyCoupon", member: "wong", path: at("/newMyCoupon") },
  { name: "myOrder", member: "wong", path: at("/myOrder") },
  { name: "couponDetails-coupon", member: "sam", path: at("/coupon_details/1") },
  { name: "couponDetails-mcoin", member: "chan", path: at("/coupon_details/53") },
  { name: "couponDetails-voucher", member: "chan", path: at("/coupon_details/9") },
  { name: "couponDetails-goods", member: "chan", path: at("/coupon_details/27") },
  { name: "couponDetails-adults", member: "chan", path: at("/coupon_details/58") },
  { name: "couponDetailsLink", member: "chan", path: at("/coupon_details_link/41") },
  { name: "asiaMilesDetails", member: "chan", path: at("/asiaMiles_details/1") },
  { name: "asiaMilesOrder-credited", member: "chan", path: (ids) => `/asiaMiles_order/${ids.milesCredited}` },
  { name: "asiaMilesOrder-refunded", member: "chan", path: (ids) => `/asiaMiles_order/${ids.milesRefunded}` },
  { name: "otherStores", member: "chan", path: at("/other_stores/1-1-3-2") },
  { name: "storeDetails", member: "chan", path: at("/store_details/3") },
  { name: "storeDetailsLink", member: "chan", path: at("/store_details_link/3") },
  { name: "mCoinIntegral", member: "chan", path: at("/mcoin_integral") },
  { name: "orderDetails-code", member: "wong", path: (ids) => `/order_details/${ids.withCode}` },
  { name: "orderDetails-shipped", member: "wong", path: (ids) => `/order_details/${ids.shipped}` },
  { name: "orderDetails-pickup", member: "wong", path: (ids) => `/order_details/${ids.pickup}` },
  { name: "orderDetails-refunded", member: "wong", path: (ids) => `/order_details/${ids.refunded}` },
  { name: "orderDetails-finished", member: "wong", path: (ids) => `/order_details/${ids.finished}` },
  {
    name: "orderDetails-delete",
    member: "wong",
    path: (ids) => `/order_details/${ids.finished}`,
    act: (page, language) => openDialog(page, page.getByRole("button", { name: text(language, "order.delete"), exact: true })),
  },
  { name: "otherOrderDetails", member: "wong", path: (ids) => `/other_order_details/${ids.withCode}` },
  { name: "refundApplication", member: "wong", path: (ids) => `/refund_application/${ids.withCode}` },
  { name: "error", member: "chan", path: at("/error") },
  { name: "loding", member: "chan", path: at("/loding") },
  { name: "shareCoupon", member: "chan", path: at("/share_coupon/1") },
  { name: "mCoinZone", member: "chan", path: at("/mCoin_zone/1") },
  { name: "shareZone", member: "chan", path: at("/share_zone/1") },
  { name: "myFavorites", member: "chan", path: at("/myFavorites") },
  { name: "myAddress", member: "wong", path: at("/myAddress") },
  { name: "myAddress-delete", member: "wong", path: at("/myAddress"), act: (page) => openDialog(page, page.locator(".address-card__action--danger").first()) },
  { name: "editAddress", member: "wong", path: at("/editAddress/3") },
  { name: "editAddress-new", member: "wong", path: at("/editAddress") },
  { name: "map", member: "wong", path: at("/map") },
  { name: "notFound", member: "chan", path: at("/no-such-page") },
  ...Object.entries({ home: "/index", offer: "/coupon_details/1", promo: "/flashSale", favourites: "/myFavorites", list: "/myOrder", detail: "/store_details/3", keywords: "/search" }).map(
    ([kind, to]): Shot => ({ name: `skeleton-${kind}`, member: "chan", path: at("/error"), act: skeleton(to), moment: true, after: release }),
  ),
  // The pop-ups that spend: the sheet and the cashier (sam pays partly in cash), the result (chan, mCoin only).
  { name: "popup-purchase-goods", member: "chan", path: at("/coupon_details/27"), act: checkout },
  { name: "popup-purchase-sheet", member: "sam", path: at("/coupon_details/1"), act: checkout },
  {
    name: "popup-cashier",
    member: "sam",
    path: at("/coupon_details/1"),
    act: async (page, language) => {
      await checkout(page, language);
      await dialog(page).locator("button[type=submit]").click();
      await page.locator(".cashier").waitFor({ state: "visible" });
    },
  },
  {
    name: "popup-payment-result",
    member: "chan",
    path: at("/coupon_details/53"),
    act: async (page, language) => {
      await checkout(page, language);
      await dialog(page).locator("button[type=submit]").click();
      await page.getByRole("alertdialog").waitFor({ state: "visible", timeout: 15_000 });
    },
  },
];

async function openPanel(page: Page, trigger: string, panel: string) {
  await page.locator(trigger).click();
  await page.locator(panel).waitFor({ state: "visible" });
}

/** The routes of the table that no shot visits (a list that lost one would pass vacuously). */
function unvisitedRoutes(): string[] {
  const ids: Ids = { withCode: 1, finished: 1, shipped: 1, pickup: 1, refunded: 1, milesCredited: 1, milesRefunded: 1, wongToken: "token" };
  const paths = SHOTS.map((shot) => new URL(shot.path(ids), "http://mall").pathname);
  const matches = (pattern: string, path: string) => new RegExp(`^${pattern.replace(/\/:[A-Za-z]+\?/g, "(?:/[^/]+)?").replace(/:[A-Za-z]+/g, "[^/]+")}$`).test(decodeURIComponent(path));
  return SCREEN_ROUTES.filter((route) => !paths.some((path) => matches(route.path, path))).map((route) => route.name);
}

// ---- servers -------------------------------------------------------------------------------------

interface Ports {
  mall: number;
  sandbox: number;
}

/** Answers once the mall's robots.txt does. */
async function waitForMall(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the mall on port ${port} exited (${child.exitCode})`);
    const ok = await new Promise<boolean>((done) => {
      const asked = httpRequest({ host: "127.0.0.1", port, path: "/robots.txt", headers: { host: `localhost:${port}` } }, (reply) => {
        reply.resume();
        done(reply.statusCode === 200);
      });
      asked.on("error", () => done(false));
      asked.end();
    });
    if (ok) return;
    await new Promise((wait) => setTimeout(wait, 200));
  }
  throw new Error(`the mall on port ${port} did not start`);
}

/** The production build of `mallRoot`, with the e2e suite's settings: nothing kept between requests, no rate limits. */
async function startMall(mallRoot: string, ports: Ports): Promise<ChildProcess> {
  const server = join(mallRoot, "build/mall-server.js");
  if (!existsSync(server)) throw new Error(`${server} is missing: run npm run build in ${mallRoot}`);
  const child = spawn(process.execPath, [server], {
    cwd: mallRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(ports.mall),
      MCOIN_SANDBOX_URL: `http://127.0.0.1:${ports.sandbox}`,
      MCOIN_API_TIMEOUT_MS: "5000",
      MCOIN_RATE_LIMITS: "login=100000,task=100000,picture=100000,action=100000",
      MCOIN_CATALOG_KEEP_S: "0",
      MCOIN_CLOCK_KEEP_S: "0",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitForMall(ports.mall, child);
  return child;
}

/** The seed's data: made once by a sandbox that writes its state, then only read. */
function ensureSeed(seed: string, ports: Ports): Promise<void> | void {
  if (existsSync(seed)) return;
  mkdirSync(dirname(seed), { recursive: true });
  return startSandbox({ stateFile: seed, port: ports.sandbox }).then((sandbox) => sandbox.stop());
}

/** A sandbox on a fresh copy of the seed, its clock frozen at the seed's moment. */
async function seededSandbox(seed: string, workDir: string, ports: Ports, mallUrl: string): Promise<{ sandbox: StartedSandbox; seededAt: number }> {
  const state = join(workDir, "sandbox-state.json");
  copyFileSync(seed, state);
  const seededAt = (JSON.parse(readFileSync(seed, "utf8")) as { data: { seededAt: number } }).data.seededAt;
  const sandbox = await startSandbox({ stateFile: state, port: ports.sandbox, mallOrigins: [mallUrl] });
  await sandbox.controls.get(controls.setClock, { input: { now: seededAt, frozen: true } });
  return { sandbox, seededAt };
}

async function memberToken(sandbox: StartedSandbox, openId: string): Promise<string> {
  const reply = await fetch(`${sandbox.url}/member/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ openId }) });
  return ((await reply.json()) as { data: { token: string } }).data.token;
}

/** What the pass shows that the sandbox makes: chan's two miles redemptions (one refused), answered; wong's orders. */
async function prepare(sandbox: StartedSandbox, seededAt: number): Promise<Ids> {
  const chanToken = await memberToken(sandbox, DEMO_MEMBERS.chan.openId);
  const redeem = async (key: keyof typeof MILES_ACCOUNTS) => {
    const reply = await fetch(`${sandbox.url}/api/auth/miles/redeem`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${chanToken}`, mpay: "1", "Idempotency-Key": `screens-miles-${key}` },
      body: JSON.stringify({ productId: 1, ...MILES_ACCOUNTS[key], mcoin: 1000 }),
    });
    const id = ((await reply.json()) as { data?: { id: number } }).data?.id;
    if (!id) throw new Error(`the sandbox refused the ${key} miles redemption`);
    return id;
  };
  const milesCredited = await redeem("credited");
  const milesRefunded = await redeem("refunded");
  await sandbox.controls.get(controls.setClock, { input: { now: seededAt + MILES_ANSWERED_MS, frozen: true } });
  const { orders } = await sandbox.controls.get(controls.orders, { params: { openId: DEMO_MEMBERS.wong.openId } });
  const find = (what: string, pick: (order: (typeof orders)[number]) => boolean) => {
    const order = orders.find(pick);
    if (!order) throw new Error(`wong has no ${what} order`);
    return order.id;
  };
  return {
    withCode: find("received coupon", (order) => order.status === "received" && order.offerId === 35),
    finished: find("finished", (order) => ["completed", "closed", "used"].includes(order.status) && order.orderKind !== "gift"),
    shipped: find("shipped", (order) => order.status === "awaiting_receipt"),
    pickup: find("pickup", (order) => order.status === "awaiting_pickup"),
    refunded: find("refunded", (order) => order.status === "refunded"),
    milesCredited,
    milesRefunded,
    wongToken: await memberToken(sandbox, DEMO_MEMBERS.wong.openId),
  };
}

// ---- the browser ---------------------------------------------------------------------------------

/** Requests in flight, by page. */
const inFlight = new WeakMap<Page, number>();

function countRequests(page: Page): Page {
  inFlight.set(page, 0);
  const done = () => inFlight.set(page, Math.max(0, (inFlight.get(page) ?? 0) - 1));
  page.on("request", () => inFlight.set(page, (inFlight.get(page) ?? 0) + 1));
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return page;
}

/** No request in flight for half a second (at most 20 s). */
async function quiet(page: Page): Promise<void> {
  const deadline = Date.now() + 20_000;
  let since = Date.now();
  while (Date.now() < deadline) {
    if ((inFlight.get(page) ?? 0) > 0) since = Date.now();
    else if (Date.now() - since >= 500) return;
    await new Promise((wait) => setTimeout(wait, 50));
  }
  throw new Error(`${page.url()}: requests still in flight after 20 s`);
}

/** Scrolls to the page's end until it stops growing (each list loads its pages), then back to its top. */
async function wholePage(page: Page): Promise<void> {
  const height = () => page.evaluate(() => document.documentElement.scrollHeight);
  for (let scrolls = 0; scrolls < 20; scrolls++) {
    const before = await height();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await quiet(page);
    if ((await height()) === before) break;
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await quiet(page);
}

/** The page has hydrated, nothing on it loads, its pictures and fonts are in, and two frames have passed. */
async function settled(page: Page): Promise<void> {
  const until = async (what: string, condition: () => boolean) => {
    await page.waitForFunction(condition, undefined, { timeout: 20_000 }).catch(() => {
      throw new Error(`${page.url()}: still not ${what} after 20 s`);
    });
  };
  await until("hydrated", () => (window as unknown as { __mcoinHost?: unknown }).__mcoinHost !== undefined);
  await until("idle (aria-busy or the loading bar)", () => document.querySelector("[aria-busy='true'], .loading-overlay") === null);
  // A full-page shot shows what is below the first screen too: its pictures are asked for now.
  await page.evaluate(() => document.querySelectorAll<HTMLImageElement>("img[loading=lazy]").forEach((image) => (image.loading = "eager")));
  await quiet(page);
  await wholePage(page);
  await until("done loading its pictures", () => [...document.images].every((image) => !image.getAttribute("src") || image.complete));
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });
}

/** The terms pop-up, agreed when it shows. */
async function agreeToTerms(page: Page, language: Language): Promise<void> {
  const terms = page.getByRole("dialog");
  if (!(await terms.isVisible())) return;
  await terms.getByRole("checkbox").check();
  await terms.getByRole("button", { name: text(language, "agreement.agree"), exact: true }).click();
  await terms.waitFor({ state: "hidden" });
}

/** A context with the wallet's user agent in `language`, the member's location known (as after an earlier visit). */
async function newContext(browser: Browser, language: Language, viewport: (typeof VIEWPORTS)[number], mallUrl: string): Promise<BrowserContext> {
  const { host, locale } = LANGUAGES[language];
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, isMobile: true, hasTouch: true, userAgent: walletUserAgent(host), locale, reducedMotion: "reduce", baseURL: mallUrl });
  await context.addCookies([{ name: "mcoin_geo", value: encodeURIComponent(MEMBER_LOCATION), url: mallUrl }]);
  return context;
}

/** Signs `member` in as the wallet does (a login code for home), and hands back the page with the terms pop-up as it came. */
async function signIn(context: BrowserContext, sandbox: StartedSandbox, member: DemoMemberName, mallUrl: string): Promise<Page> {
  const reply = await fetch(`${sandbox.url}/oauth/authorize`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ openId: DEMO_MEMBERS[member].openId, redirect_uri: `${mallUrl}/index`, state: "" }),
    redirect: "manual",
  });
  const location = reply.headers.get("location");
  if (reply.status !== 302 || !location) throw new Error(`the sandbox did not sign ${member} in (${reply.status})`);
  const page = countRequests(await context.newPage());
  await page.goto(location);
  await settled(page);
  return page;
}

/** A full-page shot; of a moment, without the loading bar (whether it shows yet depends on how long the moment took). */
async function shoot(page: Page, language: Language, file: string, moment = false): Promise<void> {
  const style = moment ? ".loading-overlay { visibility: hidden !important; }" : undefined;
  await page.screenshot({ path: file, fullPage: true, animations: "disabled", caret: "hide", mask: masks(page, language), maskColor: "#ff00ff", style });
}

interface ShootOptions {
  out: string;
  seed: string;
  mallRoot: string;
  ports: Ports;
  only?: RegExp;
}

async function shootAll(options: ShootOptions): Promise<number> {
  const missing = unvisitedRoutes();
  if (missing.length > 0) throw new Error(`no shot visits these routes of app/route-table.js: ${missing.join(", ")}`);
  const workDir = join(ROOT, ".cache/screens", `run-${process.pid}`);
  mkdirSync(workDir, { recursive: true });
  mkdirSync(options.out, { recursive: true });
  await ensureSeed(options.seed, options.ports);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--font-render-hinting=none"],
  });
  const failures: string[] = [];
  let taken = 0;
  try {
    const passes = (Object.keys(LANGUAGES) as Language[]).flatMap((language) => VIEWPORTS.map((viewport) => ({ language, viewport })));
    for (const [index, { language, viewport }] of passes.entries()) {
      const pass = `${language}-${viewport.width}`;
      const ports = { mall: options.ports.mall + index, sandbox: options.ports.sandbox + index };
      const mallUrl = `http://localhost:${ports.mall}`;
      const { sandbox, seededAt } = await seededSandbox(options.seed, workDir, ports, mallUrl);
      const mall = await startMall(options.mallRoot, ports).catch(async (error) => {
        await sandbox.stop();
        throw error;
      });
      const pages = new Map<string, Page>();
      try {
        const ids = await prepare(sandbox, seededAt);
        // The terms pop-up: ana has not agreed yet.
        const ana = await newContext(browser, language, viewport, mallUrl);
        const anaPage = await signIn(ana, sandbox, "ana", mallUrl);
        if (!options.only || options.only.test("popup-terms")) {
          await shoot(anaPage, language, join(options.out, `${pass}-popup-terms.png`));
          taken += 1;
        }
        await ana.close();
        for (const shot of SHOTS) {
          if (options.only && !options.only.test(shot.name)) continue;
          const file = join(options.out, `${pass}-${shot.name}.png`);
          try {
            let page = pages.get(shot.member);
            if (!page) {
              const context = await newContext(browser, language, viewport, mallUrl);
              page = shot.member === "visitor" ? countRequests(await context.newPage()) : await signIn(context, sandbox, shot.member, mallUrl);
              await agreeToTerms(page, language);
              pages.set(shot.member, page);
            }
            await page.goto(shot.path(ids));
            await settled(page);
            if (shot.act) {
              await shot.act(page, language);
              if (!shot.moment) await settled(page);
            }
            await shoot(page, language, file, shot.moment);
            await shot.after?.(page);
            taken += 1;
          } catch (error) {
            failures.push(`${pass} ${shot.name}: ${(error as Error).message.split("\n")[0]}`);
            // The next shot of this member starts afresh.
            await pages.get(shot.member)?.context().close();
            pages.delete(shot.member);
          }
        }
        log(`screens: ${pass} done`);
      } finally {
        for (const page of pages.values()) await page.context().close();
        mall.kill();
        await sandbox.stop();
      }
    }
  } finally {
    await browser.close();
    rmSync(workDir, { recursive: true, force: true });
  }
  log(`screens: ${taken} shots in ${options.out}`);
  for (const failure of failures) console.error(`screens: not taken: ${failure}`);
  return failures.length === 0 ? 0 : 1;
}

// ---- compare -------------------------------------------------------------------------------------

interface Difference {
  file: string;
  what: string;
}

/** Compares two PNGs pixel by pixel: null when equal, or what differs and the after picture faded with the differing pixels in red. */
function comparePictures(beforeFile: string, afterFile: string): { what: string; picture?: PNG } | null {
  const before = PNG.sync.read(readFileSync(beforeFile));
  const after = PNG.sync.read(readFileSync(afterFile));
  if (before.width !== after.width || before.height !== after.height) {
    return { what: `size ${before.width}x${before.height} -> ${after.width}x${after.height}` };
  }
  let count = 0;
  let box = { top: Infinity, left: Infinity, bottom: -1, right: -1 };
  const diff = new PNG({ width: after.width, height: after.height });
  for (let y = 0; y < after.height; y++) {
    for (let x = 0; x < after.width; x++) {
      const i = (y * after.width + x) * 4;
      const same = before.data[i] === after.data[i] && before.data[i + 1] === after.data[i + 1] && before.data[i + 2] === after.data[i + 2] && before.data[i + 3] === after.data[i + 3];
      if (same) {
        // The picture faded, so the differences stand out.
        const grey = Math.round((after.data[i] + after.data[i + 1] + after.data[i + 2]) / 3);
        diff.data[i] = diff.data[i + 1] = diff.data[i + 2] = 200 + Math.round(grey / 5);
      } else {
        count += 1;
        box = { top: Math.min(box.top, y), left: Math.min(box.left, x), bottom: Math.max(box.bottom, y), right: Math.max(box.right, x) };
        diff.data[i] = 255;
        diff.data[i + 1] = diff.data[i + 2] = 0;
      }
      diff.data[i + 3] = 255;
    }
  }
  if (count === 0) return null;
  return { what: `${count} pixels differ, within x ${box.left}-${box.right}, y ${box.top}-${box.bottom}`, picture: diff };
}

/**
 * Compares each picture of `afterDir` with the same picture of `beforeDir`, and of every other run of
 * the before build (`alsoDirs`): it matches when it equals any of them; the difference reported and
 * drawn is the one with `beforeDir`'s.
 */
function compareAll(beforeDir: string, afterDir: string, alsoDirs: string[], diffDir: string): number {
  const pictures = (dir: string) => new Set(readdirSync(dir).filter((file) => file.endsWith(".png")));
  const before = pictures(beforeDir);
  const after = pictures(afterDir);
  const differences: Difference[] = [];
  for (const file of before) {
    if (!after.has(file)) differences.push({ file, what: "missing after" });
    else {
      const found = comparePictures(join(beforeDir, file), join(afterDir, file));
      const elsewhere = (dir: string) => existsSync(join(dir, file)) && comparePictures(join(dir, file), join(afterDir, file)) === null;
      if (!found || alsoDirs.some(elsewhere)) continue;
      differences.push({ file, what: found.what });
      if (found.picture) {
        mkdirSync(diffDir, { recursive: true });
        writeFileSync(join(diffDir, file), PNG.sync.write(found.picture));
      }
    }
  }
  for (const file of after) if (!before.has(file)) differences.push({ file, what: "new (not in before)" });
  for (const { file, what } of differences) console.log(`${file}: ${what}`);
  log(`screens: ${before.size} before, ${after.size} after, ${differences.length} differ${differences.length > 0 ? ` (pictures in ${diffDir})` : ""}`);
  return differences.length === 0 ? 0 : 1;
}

// ---- command line --------------------------------------------------------------------------------

const USAGE = `usage:
  npm run screens -- shoot --out DIR [--seed FILE] [--mall-root DIR] [--port-offset N] [--only REGEX]
  npm run screens -- compare BEFORE AFTER [--also BEFORE2]... [--diff DIR]`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      out: { type: "string" },
      seed: { type: "string", default: join(ROOT, ".cache/screens/seed.json") },
      "mall-root": { type: "string", default: ROOT },
      "port-offset": { type: "string", default: "0" },
      only: { type: "string" },
      diff: { type: "string" },
      also: { type: "string", multiple: true, default: [] },
    },
  });
  const [command, ...rest] = positionals;
  if (command === "shoot" && values.out) {
    const offset = Number(values["port-offset"]);
    return shootAll({
      out: resolve(values.out),
      seed: resolve(values.seed),
      mallRoot: resolve(values["mall-root"]),
      ports: { mall: 3300 + offset, sandbox: 4300 + offset },
      only: values.only ? new RegExp(values.only) : undefined,
    });
  }
  if (command === "compare" && rest.length === 2) {
    const [before, after] = rest.map((dir) => resolve(dir));
    return compareAll(
      before,
      after,
      values.also.map((dir) => resolve(dir)),
      resolve(values.diff ?? `${after}-diff`),
    );
  }
  console.error(USAGE);
  return 2;
}

process.exitCode = await main(process.argv.slice(2));
