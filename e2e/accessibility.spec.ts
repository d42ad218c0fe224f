/**
 * Accessibility: axe-core (WCAG 2.0/2.1 A and AA rules) over every screen of the mall and the
 * sandbox's sign-in page, in English and in Traditional Chinese, and again with each screen's pop-ups
 * open (the terms, the purchase sheet, the cashier, payment results, confirm-delete dialogs, filters,
 * the redeem-code dialog, Asia Miles' 'redeeming' and 'not enough mCoin' dialogs, the upgrade prompt).
 * A serious or critical violation fails the screen's test; the failure lists every one of them with
 * its rule, impact, the elements it was found on and axe's summary of what to fix. On the sign-in
 * page, the Asia Miles orders, the branches, the token coupon page, the loading page and the dialogs
 * of Asia Miles and the upgrade prompt it also walks the screen with the Tab key: every control must
 * be reached, and named.
 *
 * Fast on purpose (it took about 7 s a test, most of it signing in, page loads and axe's set-up):
 * - Each member signs in once per language and keeps one page for the whole file (`sessions`, a
 *   worker fixture), as the wallet signs in (it opens the mall with a login code, one page load);
 *   the sign-in page itself is audited once per language, by the member who has not agreed to the
 *   terms yet. A page is never copied into another context (storageState): the session token
 *   rotates when a page returns to view, and the copy would hold a stale one.
 * - The sandbox is reset when a language starts (not before each test), so both languages see the
 *   same data; a test may see what earlier ones of its language did (an order bought, a check-in).
 * - A test goes from screen to screen by the mall's own client-side navigation (`open`), as a member
 *   does, and waits for a screen to settle at every frame rather than at Playwright's back-off.
 * - axe is injected once per document and run in the page (`axe.run`): AxeBuilder injects its
 *   0.5 MB script again on every call and finishes each run in a new blank page.
 * - The trace keeps the actions only: its screencast and DOM snapshots nearly doubled the time.
 * A failing test restarts the worker, so the next one signs in afresh; the screenshots of its pages
 * are attached to the report. A11Y_VERBOSE=1 prints the moderate and minor findings, and timings.
 */
import * as controls from "#core/controls/declarations";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { APIRequestContext, Browser, BrowserContextOptions, Page } from "@playwright/test";
import type { ImpactValue } from "axe-core";
import { E2E_APP_URL, E2E_SANDBOX_URL, walletUserAgent } from "./env";
import { stateForPath } from "../app/lib/session-start/state-route";
import { MEMBERS, MEMBER_LOCATION, SandboxControl, expect, hydrated, isLoginPage, test as base, type MemberKey } from "./fixtures";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const BLOCKING = new Set<ImpactValue | undefined | null>(["serious", "critical"]);
/**
 * Rules outside the WCAG tags (or of lesser impact) that Lighthouse's accessibility score counts: they
 * fail the screen too, whatever their impact. Headings must not skip a level (a flash sale's items
 * were h3s under the page's h1), and a control's accessible name must contain its visible text.
 */
const ALSO_BLOCKING = ["heading-order", "label-content-name-mismatch"];
/** An open pop-up. */
const POPUP = "[role=dialog], [role=alertdialog]";
const VERBOSE = Boolean(process.env.A11Y_VERBOSE);

/** axe-core as @axe-core/playwright depends on it (the version it was made for). */
const requireHere = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(createRequire(requireHere.resolve("@axe-core/playwright")).resolve("axe-core/axe.min.js"), "utf8");

type Messages = { [key: string]: string | Messages };
const LANGUAGES = [
  { id: "en", name: "English", host: "en", locale: "en-US" },
  { id: "zh", name: "Chinese", host: "zh-TW", locale: "zh-TW" },
] as const;
type Language = (typeof LANGUAGES)[number]["id"];
const MESSAGES: Record<Language, Messages> = {
  en: JSON.parse(readFileSync(new URL("../app/locales/en.json", import.meta.url), "utf8")),
  zh: JSON.parse(readFileSync(new URL("../app/locales/zh.json", import.meta.url), "utf8")),
};
/** Below wallet 5.8.6 a mini-program cannot be opened (spec section 1): the app asks for an update. */
const OLD_WALLET = "5.8.5";
/** Home's mini-program ad (type 4): below wallet 5.8.6 it asks the member to update the app. */
const MINI_PROGRAM_AD = (JSON.parse(readFileSync(new URL("../fixtures/catalog.json", import.meta.url), "utf8")) as { ads: { type: number; title: Record<Language, string> }[] }).ads.find(
  (ad) => ad.type === 4,
)!;
/** Airline accounts of fixtures/promotions.json: chan's own, and one the airline refuses (the mCoin come back). */
const CHAN_MILES = { lastName: "CHAN", firstName: "TAI MAN", memberNo: "1300000002" };
const SUSPENDED_MILES = { lastName: "LEI", firstName: "KA HOU", memberNo: "1300000009" };
/** How long the sandbox's airline takes to answer (sandbox/domain/miles.ts, MILES_PROCESSING_MS), and a margin. */
const MILES_ANSWERED_MS = 6_000;

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

interface Violation {
  id: string;
  impact?: ImpactValue | null;
  help: string;
  helpUrl: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Runs axe in the page (injected once per document), over the page or only `within`. */
async function axe(page: Page, within?: string): Promise<Violation[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ within, tags, extraRules }) => {
      // Only violations are read: axe skips detailing the passes, which halves its time on long lists.
      const rules = Object.fromEntries(extraRules.map((rule) => [rule, { enabled: true }]));
      const options = { runOnly: { type: "tag" as const, values: tags }, rules, resultTypes: ["violations" as const], iframes: false };
      const { violations } = await window.axe.run(within ? { include: [within] } : document, options);
      return violations.map(({ id, impact, help, helpUrl, nodes }) => ({
        id,
        impact,
        help,
        helpUrl,
        nodes: nodes.map((node) => ({ target: node.target.map(String), failureSummary: node.failureSummary })),
      }));
    },
    { within, tags: TAGS, extraRules: ALSO_BLOCKING },
  );
}

declare global {
  interface Window {
    axe: typeof import("axe-core");
    /** Remix's router (what <Link> uses), for client-side navigation. */
    __remixRouter: { navigate(to: string): Promise<void> };
    /** The Tab walk's record: which controls took focus. */
    __a11yFocus?: { reached: string[]; listener: (event: FocusEvent) => void };
  }
}

/** When the last check ended (A11Y_VERBOSE's timings). */
let lastCheck = Date.now();

/** Audits states of screens and fails once, at the end, with every blocking finding. */
class Audit {
  private readonly findings: string[] = [];
  constructor(private readonly language: Language) {}

  private label(page: Page, state: string): string {
    return `[${this.language}] ${state} (${new URL(page.url()).pathname})`;
  }

  /** Audits the page, or only `within` (an open pop-up: the page behind it was audited already). */
  async check(page: Page, state: string, within?: string): Promise<void> {
    // Pop-ups fade in: let transitions finish so contrast is measured on the settled colours (a
    // spinner turns for ever, and a scroll-driven one, the tab rows' fade, moves only with a scroll:
    // neither is waited for).
    const started = Date.now();
    const since = started - lastCheck;
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.timeline === document.timeline && animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    const settled = Date.now();
    const violations = await axe(page, within);
    const label = this.label(page, state);
    if (VERBOSE) {
      console.log(`${label}: ${since} ms since the last check, settled in ${settled - started} ms, axe in ${Date.now() - settled} ms`);
      for (const v of violations) console.log(`${label}: ${v.id} (${v.impact}) ${v.nodes.map((node) => node.target.join(" ")).join(" | ")}`);
    }
    lastCheck = Date.now();
    for (const violation of violations.filter((found) => BLOCKING.has(found.impact) || ALSO_BLOCKING.includes(found.id))) {
      const nodes = violation.nodes
        .slice(0, 6)
        .map((node) => `    - ${node.target.join(" ")}: ${(node.failureSummary ?? "").replace(/\s+/g, " ").trim()}`)
        .join("\n");
      const more = violation.nodes.length > 6 ? `\n    … and ${violation.nodes.length - 6} more` : "";
      this.findings.push(`${label}: ${violation.id} [${violation.impact}] ${violation.help} (${violation.helpUrl})\n${nodes}${more}`);
    }
  }

  /**
   * Walks the page (or the open pop-up `within`) with the Tab key from its start: every visible,
   * enabled control must be reached (one radio of a group is enough: arrows move within it), and
   * every control must have an accessible name (as axe computes it).
   */
  async keyboard(page: Page, state: string, within?: string): Promise<void> {
    if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
    const count = await page.evaluate((within) => {
      const root = within ? document.querySelector<HTMLElement>(within) : document.body;
      if (!root) throw new Error(`nothing matches ${within}`);
      const selector =
        "a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex], [contenteditable=true], [role=button], [role=link], [role=tab], [role=checkbox], [role=radio], [role=switch], [role=menuitem], [role=option]";
      const controls = [...root.querySelectorAll<HTMLElement>(selector)].filter(
        (element) =>
          !(element as HTMLButtonElement).disabled &&
          !element.closest("[inert], [aria-hidden=true]") &&
          element.checkVisibility({ checkVisibilityCSS: true }) &&
          element.getClientRects().length > 0 &&
          // A container that takes focus only from a script (a dialog, a list) is not a control.
          !(element.getAttribute("tabindex") === "-1" && !element.matches("a[href], button, input, select, textarea, summary, [role]")),
      );
      controls.forEach((element, index) => element.setAttribute("data-a11y-control", String(index)));
      const reached: string[] = [];
      window.__a11yFocus = { reached, listener: (event) => reached.push((event.target as Element).getAttribute?.("data-a11y-control") ?? "other") };
      document.addEventListener("focusin", window.__a11yFocus.listener);
      // Start where the screen starts: a focus point before its first control.
      const start = document.createElement("span");
      start.tabIndex = -1;
      start.setAttribute("data-a11y-start", "");
      root.prepend(start);
      start.focus();
      return controls.length;
    }, within);
    for (let press = 0; press < count + 2; press += 1) await page.keyboard.press("Tab");
    const problems = await page.evaluate(() => {
      const walk = window.__a11yFocus!;
      document.removeEventListener("focusin", walk.listener);
      const reached = new Set(walk.reached);
      document.querySelector("[data-a11y-start]")?.remove();
      window.axe.setup(document);
      try {
        const controls = [...document.querySelectorAll<HTMLElement>("[data-a11y-control]")];
        const found: string[] = [];
        for (const element of controls) {
          const describe = () =>
            `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${element.className && typeof element.className === "string" ? `.${element.className.trim().split(/\s+/).join(".")}` : ""} "${(element.textContent ?? "").trim().slice(0, 40)}"`;
          const group =
            element instanceof HTMLInputElement && element.type === "radio" && element.name
              ? controls.filter((other) => other instanceof HTMLInputElement && other.type === "radio" && other.name === element.name)
              : [element];
          if (!group.some((member) => reached.has(member.getAttribute("data-a11y-control")!))) found.push(`not reached with the Tab key: ${describe()}`);
          if (!window.axe.commons.text.accessibleText(element).trim()) found.push(`no accessible name: ${describe()}`);
        }
        for (const element of controls) element.removeAttribute("data-a11y-control");
        return found;
      } finally {
        window.axe.teardown();
        window.__a11yFocus = undefined;
      }
    });
    if (VERBOSE) console.log(`${this.label(page, state)}: walked ${count} controls with the Tab key`);
    if (problems.length > 0) this.findings.push(`${this.label(page, state)}: keyboard and names\n${problems.map((problem) => `    - ${problem}`).join("\n")}`);
  }

  done(): void {
    expect(this.findings, `accessibility: serious or critical axe violations, controls out of the keyboard's reach or unnamed:\n\n${this.findings.join("\n\n")}\n`).toEqual([]);
  }
}

/**
 * Signed-in pages kept for the whole file: one per language, member and wallet version, each in a
 * context of its own with the wallet's user agent. The first page of a language resets the sandbox
 * and closes the other language's pages.
 */
class Sessions {
  private readonly pages = new Map<string, Page>();
  /** Kept pages that may still show the terms (signed in on the sign-in page by a test). */
  private readonly unsettled = new Set<Page>();
  private language: Language | null = null;
  private visitors = 0;
  /** The pages the running test used: their screenshots go with its failure. */
  readonly used = new Set<Page>();
  readonly sandbox: SandboxControl;

  constructor(
    private readonly browser: Browser,
    private readonly contextOptions: BrowserContextOptions,
    readonly request: APIRequestContext,
  ) {
    this.sandbox = new SandboxControl(request, E2E_SANDBOX_URL);
  }

  private async start(language: Language): Promise<void> {
    if (this.language === language) return;
    await this.close();
    await this.sandbox.reset();
    this.language = language;
  }

  private async newPage(key: string, language: Language, appVersion?: string): Promise<Page> {
    const { host, locale } = LANGUAGES.find((candidate) => candidate.id === language)!;
    const context = await this.browser.newContext({ ...this.contextOptions, userAgent: walletUserAgent(host, appVersion), locale });
    // The member's location is known already (as after an earlier visit): the page does not load
    // its data again when the host answers.
    await context.addCookies([{ name: "mcoin_geo", value: encodeURIComponent(MEMBER_LOCATION), url: E2E_APP_URL }]);
    const page = await context.newPage();
    this.pages.set(key, page);
    this.used.add(page);
    return page;
  }

  /** A page of someone not signed in, in `language`. */
  async visitor(language: Language): Promise<Page> {
    await this.start(language);
    return this.newPage(`visitor ${(this.visitors += 1)}`, language);
  }

  /**
   * A page of someone not signed in yet, kept as `member`'s: the test signs them in on the sandbox's
   * sign-in page; whoever asks for the member's page next gets it (with the terms agreed).
   */
  async signingIn(language: Language, member: MemberKey, { appVersion }: { appVersion?: string } = {}): Promise<Page> {
    await this.start(language);
    const page = await this.newPage(`${member} ${appVersion ?? ""}`, language, appVersion);
    this.unsettled.add(page);
    return page;
  }

  /**
   * `member`'s page in `language`, on the screen `at`. Signed in on first use as the wallet signs in:
   * it opens /index with a login code whose state leads to `at` when a state can (my coupons, an
   * offer, a store...), which spares a page load of home; the terms are agreed if they pop up.
   */
  async member(language: Language, member: MemberKey, { at, appVersion }: { at: string; appVersion?: string }): Promise<Page> {
    await this.start(language);
    const key = `${member} ${appVersion ?? ""}`;
    let page = this.pages.get(key);
    if (page) {
      this.used.add(page);
      if (!this.unsettled.delete(page)) {
        await open(page, at);
        return page;
      }
      expect(isLoginPage(page.url()), `${member} signed in on the sign-in page`).toBe(false);
    } else {
      page = await this.newPage(key, language, appVersion);
      await page.goto(await this.sandbox.loginRedirect(MEMBERS[member].openId, `${E2E_APP_URL}/index`, stateForPath(new URL(at, E2E_APP_URL).pathname)));
      expect(isLoginPage(page.url()), `${member} signed in`).toBe(false);
    }
    await hydrated(page);
    const dialog = page.getByRole("dialog");
    if (await dialog.isVisible()) {
      await dialog.getByRole("checkbox").check();
      await dialog.getByRole("button", { name: text(language, "agreement.agree") }).click();
      await expect(dialog).toBeHidden();
    }
    await open(page, at);
    return page;
  }

  /** Stops the sandbox's clock (work due later waits), or starts it again `ms` later than it stopped. */
  async clock(change: { frozen: true } | { resumeAfter: number }): Promise<void> {
    const now = await this.sandbox.now();
    await this.sandbox.controls.get(controls.setClock, { input: "frozen" in change ? { now, frozen: true } : { now: now + change.resumeAfter, frozen: false } });
  }

  async close(): Promise<void> {
    for (const page of this.pages.values()) await page.context().close();
    this.pages.clear();
    this.unsettled.clear();
    this.language = null;
  }
}

const test = base.extend<{ failureScreenshots: void }, { sessions: Sessions }>({
  sessions: [
    async ({ browser, playwright }, use, workerInfo) => {
      const { viewport, deviceScaleFactor, isMobile, hasTouch } = workerInfo.project.use;
      const request = await playwright.request.newContext({ baseURL: E2E_SANDBOX_URL });
      const sessions = new Sessions(browser, { baseURL: E2E_APP_URL, viewport, deviceScaleFactor, isMobile, hasTouch, reducedMotion: "reduce" }, request);
      await use(sessions);
      await sessions.close();
      await request.dispose();
    },
    { scope: "worker" },
  ],
  failureScreenshots: [
    async ({ sessions }, use, testInfo) => {
      sessions.used.clear();
      await use();
      if (testInfo.status === testInfo.expectedStatus) return;
      let index = 0;
      for (const page of sessions.used) {
        if (page.isClosed()) continue;
        index += 1;
        // A file (not a body) so that the terminal's report names it too.
        const path = testInfo.outputPath(`screen-${index}.png`);
        if (
          await page.screenshot({ path, timeout: 5_000 }).then(
            () => true,
            () => false,
          )
        )
          await testInfo.attach(`screen ${index}: ${page.url()}`, { path, contentType: "image/png" });
      }
    },
    { auto: true },
  ],
});

// A trace's screencast and DOM snapshots nearly double the file's time (axe's script and its long
// runs in every snapshot); a failure keeps its timeline of actions, and the screenshots above.
test.use({ trace: { mode: "retain-on-failure", screenshots: false, snapshots: false, sources: false } });

// Later files of this worker must not share the sandbox with pages left open here.
test.afterAll(async ({ sessions }) => {
  await sessions.close();
});

/**
 * Goes to a screen the way a member does, by the mall's own (client-side) navigation, and waits for
 * it to settle. A whole page load costs about five times as much (the document, its scripts,
 * hydration, axe again); it is used when the page is not the mall's yet, or when what an earlier
 * step left would stay: the same screen with other parameters (its state), or a pop-up still open
 * (the wallet's cashier is the whole page's).
 */
async function open(page: Page, path: string): Promise<void> {
  const here = new URL(page.url());
  const there = new URL(path, E2E_APP_URL);
  const inApp = here.origin === there.origin && (await page.evaluate((popup) => "__remixRouter" in window && document.querySelector(popup) === null, POPUP));
  if (inApp && here.pathname + here.search === there.pathname + there.search) {
    // There already, as signing in leaves a member on home.
  } else if (inApp && here.pathname !== there.pathname) await page.evaluate((to) => window.__remixRouter.navigate(to), path);
  else await page.goto(path);
  await settled(page);
}

/** The screen has hydrated and nothing on it is loading (checked at every frame, not every few hundred ms). */
async function settled(page: Page): Promise<void> {
  await hydrated(page);
  const busy = "[aria-busy='true'], .loading-overlay";
  await page
    .waitForFunction((busy) => document.querySelector(busy) === null, busy, { timeout: 10_000 })
    .catch(async () => {
      // Said the way Playwright says it, with what is still busy.
      await expect(page.locator(busy), "the screen settles").toHaveCount(0, { timeout: 1 });
    });
}

/** A demo member's order at the gateway, by what it must be. */
async function orderOf(sandbox: SandboxControl, openId: string, pick: (order: { status: string; orderKind: string; offerId: number }) => boolean): Promise<number> {
  const order = (await sandbox.orders(openId)).find(pick);
  expect(order, "the demo member has such an order").toBeTruthy();
  return order!.id;
}

/** Closes the pop-up open on the page with its cancel or close button (the next screen is then a client-side navigation away). */
async function dismiss(page: Page, language: Language): Promise<void> {
  const dialog = page.locator(POPUP).last();
  await dialog
    .getByRole("button", { name: new RegExp(`${text(language, "common.cancel").source}|${text(language, "common.close").source}`) })
    .first()
    .click();
  await expect(dialog).toBeHidden();
}

/** Fills in the Asia Miles form with an airline account and ticks the terms (the first step stays chosen). */
async function fillMilesForm(page: Page, language: Language, account: { lastName: string; firstName: string; memberNo: string }): Promise<void> {
  await page.getByLabel(text(language, "miles.lastName")).fill(account.lastName);
  await page.getByLabel(text(language, "miles.firstName")).fill(account.firstName);
  await page.getByLabel(text(language, "miles.memberNo")).fill(account.memberNo);
  await page.getByLabel(text(language, "miles.memberNoAgain")).fill(account.memberNo);
  await page.getByLabel(text(language, "miles.agree")).check();
}

for (const language of LANGUAGES) {
  const lang = language.id;

  test.describe(`accessibility in ${language.name}`, () => {
    test.describe("sign-in and the terms", () => {
      test("the sandbox's sign-in page, and the terms pop-up of a member who has not agreed yet", async ({ sessions }) => {
        const audit = new Audit(lang);
        // A member on an old wallet: the upgrade prompt below is theirs.
        const page = await sessions.signingIn(lang, "ana", { appVersion: OLD_WALLET });
        await page.goto("/index");
        await expect(page).toHaveURL(isLoginPage);
        await audit.check(page, "the sandbox's sign-in page");
        await audit.keyboard(page, "the sandbox's sign-in page");
        await page.getByRole("button", { name: new RegExp(MEMBERS.ana.nickname) }).click();
        await page.waitForURL((url) => !isLoginPage(url));
        await settled(page);
        await expect(page.getByRole("dialog")).toBeVisible();
        // Home itself is audited below: here, the pop-up.
        await audit.check(page, "home with the terms dialog", POPUP);
        audit.done();
      });
    });

    test.describe("home", () => {
      test("home, its list tabs and its filter panel", async ({ sessions }) => {
        const audit = new Audit(lang);
        const page = await sessions.member(lang, "chan", { at: "/index" });
        await audit.check(page, "home");
        await page.locator("[aria-controls='home-filter']").click();
        await expect(page.locator("#home-filter")).toBeVisible();
        await audit.check(page, "home with the filter panel open", "#home-filter");
        audit.done();
      });

      test("the upgrade prompt of a wallet older than 5.8.6", async ({ sessions }) => {
        const audit = new Audit(lang);
        // The member who signed in on the sign-in page above, on an old wallet.
        const page = await sessions.member(lang, "ana", { at: "/index", appVersion: OLD_WALLET });
        await page
          .getByRole("region", { name: text(lang, "home.promotions") })
          .getByRole("button", { name: MINI_PROGRAM_AD.title[lang] })
          .click();
        await expect(page.getByRole("alertdialog", { name: text(lang, "upgrade.title") })).toBeVisible();
        await audit.check(page, "home with the upgrade prompt", POPUP);
        await audit.keyboard(page, "home with the upgrade prompt", POPUP);
        audit.done();
      });
    });

    test.describe("search", () => {
      test("search, its history, the clear-history dialog and the results", async ({ sessions }) => {
        const audit = new Audit(lang);
        const page = await sessions.member(lang, "chan", { at: "/search" });
        await audit.check(page, "search");
        await page.getByRole("searchbox").fill(lang === "en" ? "coffee" : "咖啡");
        await page.getByRole("searchbox").press("Enter");
        await expect(page).toHaveURL(/\/classify\//);
        await settled(page);
        await audit.check(page, "search results");
        await page.goBack();
        await expect(page).toHaveURL(/\/search/);
        await settled(page);
        const clear = page.getByRole("button", { name: text(lang, "search.clear") });
        await clear.click();
        await expect(page.getByRole("alertdialog")).toBeVisible();
        await audit.check(page, "search with the clear-history dialog", POPUP);
        await dismiss(page, lang);
        audit.done();
      });
    });

    test.describe("category listing", () => {
      test("a category with its area and category filters", async ({ sessions }) => {
        const audit = new Audit(lang);
        const page = await sessions.member(lang, "chan", { at: `/classifys/7-${encodeURIComponent("Lifestyle Services")}` });
        await audit.check(page, "category listing");
        audit.done();
      });
    });

    test.describe("stores and zones", () => {
      test("a store and its branches, and an mCoin zone and its shared page", async ({ sessions }) => {
        const audit = new Audit(lang);
        const page = await sessions.member(lang, "chan", { at: "/store_details/3" });
        await audit.check(page, "store detail");
        await page.locator("a[href^='/other_stores/']").click();
        await expect(page).toHaveURL(/\/other_stores\/3-0-\d+-1$/);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await audit.check(page, "the store's branches");
        await audit.keyboard(page, "the store's branches");
        await open(page, "/other_stores/1-1-3-2");
        await audit.check(page, "the stores of an offer");
        await open(page, "/mCoin_zone/1");
        await audit.check(page, "mCoin zone");
        await open(page, "/share_zone/1");
        await audit.check(page, "shared mCoin zone");
        audit.done();
      });
    });

    test.describe("offer detail", () => {
      test("a coupon: its page, the confirmation sheet and the cashier", async ({ sessions }) => {
        const audit = new Audit(lang);
        // 500 mCoin of 2,380: the rest is paid in cash, at the (simulated) wallet's cashier.
        const page = await sessions.member(lang, "sam", { at: "/coupon_details/1" });
        await audit.check(page, "coupon offer");
        await page.getByRole("button", { name: text(lang, "offer.checkout") }).click();
        const sheet = page.getByRole("dialog");
        await expect(sheet).toBeVisible();
        await audit.check(page, "coupon offer with the confirmation sheet", POPUP);
        await sheet.locator("button[type=submit]").click();
        await expect(page.locator(".cashier")).toBeVisible();
        await audit.check(page, "coupon offer with the cashier", POPUP);
        audit.done();
      });

      test("a voucher paid with mCoin: its page and the payment result", async ({ sessions }) => {
        const audit = new Audit(lang);
        const page = await sessions.member(lang, "chan", { at: "/coupon_details/53" });
        await audit.check(page, "mCoin-only offer");
        await page.getByRole("button", { name: text(lang, "offer.checkout") }).click();
        await expect(page.getByRole("dialog")).toBeVisible();
        await page.getByRole("dialog").locator("button[type=submit]").click();
        await expect(page.getByRole("alertdialog")).toBeVisible({ timeout: 15_000 });
        await audit.check(page, "mCoin-only offer with the payment result", POPUP);
        await open(page, "/coupon_details/9");
        await audit.check(page, "voucher offer");
        audit.done();
      });

      test("goods delivered to an address, and an offer for adults", async ({ sessions }) => {
        const audit = new Audit(lang);
        const page = await sessions.member(lang, "chan", { at: "/coupon_details/27" });
        await audit.check(page, "goods offer");
        await page.getByRole("button", { name: text(lang, "offer.checkout") }).click();
        await expect(page.getByRole("dialog")).toBeVisible();
        await audit.check(page, "goods offer with the confirmation sheet", POPUP);
        await dismiss(page, lang);
        await open(page, "/coupon_details/58");
        await expect(page.getByRole("alertdialog")).toBeVisible();
        await audit.check(page, "adults-only offer with the age question");
        await page
          .getByRole("alertdialog")
          .getByRole("button", { name: text(lang, "offer.age.over") })
          .click();
        await expect(page.getByRole("alertdialog")).toBeHidden();
        audit.done();
      });
    });

    test.describe("promotions", () => {
      test("flash sale, seckill and its shared page", async ({ sessions }) => {
        const audit = new Audit(lang);
        const page = await sessions.member(lang, "chan", { at: "/flashSale" });
        await audit.check(page, "flash sale");
        await open(page, "/seckill");
        await audit.check(page, "seckill");
        await open(page, "/seckill_share");
        await audit.check(page, "seckill share page");
        audit.done();
      });

      test("check-in and its result", async ({ sessions }) => {
        const audit = new Audit(lang);
        const page = await sessions.member(lang, "chan", { at: "/checkIn" });
        await audit.check(page, "check-in");
        // The sandbox was reset when the language started: the member has not checked in today.
        await page.locator(".check-in__form button[type=submit]").click();
        await expect(page.getByRole("status").filter({ hasText: text(lang, "checkIn.rewarded") })).toBeVisible();
        await settled(page);
        await audit.check(page, "check-in with its result");
        audit.done();
      });

      test("Asia Miles: the form, 'redeeming', the result, and orders credited and refunded", async ({ sessions }) => {
        const audit = new Audit(lang);
        const page = await sessions.member(lang, "chan", { at: "/asiaMiles_details/1" });
        await audit.check(page, "Asia Miles detail");
        await fillMilesForm(page, lang, CHAN_MILES);
        // The airline answers on the sandbox's clock: stopped, 'redeeming' lasts while it is audited.
        await sessions.clock({ frozen: true });
        await page.getByRole("button", { name: text(lang, "miles.submit") }).click();
        await expect(page.getByRole("alertdialog", { name: text(lang, "miles.redeeming") })).toBeVisible();
        await audit.check(page, "Asia Miles with the 'redeeming' dialog", POPUP);
        // Meanwhile a redemption the airline will refuse, made at the gateway as another device would.
        const token = await sessions.sandbox.token(MEMBERS.chan.openId);
        const refused = await sessions.request.post("/api/auth/miles/redeem", {
          data: { productId: 1, ...SUSPENDED_MILES, mcoin: 1000 },
          headers: { authorization: `Bearer ${token}`, mpay: "1", "Idempotency-Key": `a11y-miles-${lang}-${Date.now()}` },
        });
        const refusedId = ((await refused.json()) as { data?: { id: number } }).data?.id;
        expect(refusedId, `the gateway took the redemption: ${await refused.text()}`).toBeGreaterThan(0);
        // Both are answered; the page asks every second.
        await sessions.clock({ resumeAfter: MILES_ANSWERED_MS });
        const result = page.getByRole("alertdialog").filter({ has: page.getByRole("button", { name: text(lang, "miles.result.view") }) });
        await expect(result).toBeVisible({ timeout: 10_000 });
        await audit.check(page, "Asia Miles with the result pop-up", POPUP);
        await result.getByRole("button", { name: text(lang, "miles.result.view") }).click();
        await expect(page).toHaveURL(/\/asiaMiles_order\/\d+$/);
        await settled(page);
        await expect(page.getByTestId("miles-order-status")).toHaveText(text(lang, "miles.order.status.credited"));
        await audit.check(page, "Asia Miles order, credited");
        await audit.keyboard(page, "Asia Miles order, credited");
        await open(page, `/asiaMiles_order/${refusedId}`);
        await expect(page.getByTestId("miles-order-status")).toHaveText(text(lang, "miles.order.status.refunded"));
        await audit.check(page, "Asia Miles order, refunded");
        await audit.keyboard(page, "Asia Miles order, refunded");
        audit.done();
      });

      test("Asia Miles: the 'not enough mCoin' dialog", async ({ sessions }) => {
        const audit = new Audit(lang);
        // 500 mCoin (or fewer, after the coupon above): the smallest step takes 1,000.
        const page = await sessions.member(lang, "sam", { at: "/asiaMiles_details/1" });
        await fillMilesForm(page, lang, { lastName: "WONG", firstName: "MEI LING", memberNo: "1300000001" });
        await page.getByRole("button", { name: text(lang, "miles.submit") }).click();
        await expect(page.getByRole("alertdialog", { name: text(lang, "shop.refusal.INSUFFICIENT_MCOIN") })).toBeVisible();
        await audit.check(page, "Asia Miles with the 'not enough mCoin' dialog", POPUP);
        await audit.keyboard(page, "Asia Miles with the 'not enough mCoin' dialog", POPUP);
        audit.done();
      });
    });

    test.describe("my coupons", () => {
      test("each tab and view, and the redeem-code dialog", async ({ sessions }) => {
        const audit = new Audit(lang);
        const page = await sessions.member(lang, "wong", { at: "/mycoupon" });
        await audit.check(page, "my coupons, unused");
        for (const tab of ["used", "expired"]) {
          await page.getByRole("tab", { name: new RegExp(`^${text(lang, `coupon.tab.${tab}`).source.slice(1, -1)}`) }).click();
          await expect(page).toHaveURL(new RegExp(`tab=${tab}`));
          await settled(page);
          await audit.check(page, `my coupons, ${tab}`);
        }
        for (const view of ["logistics", "refunds", "mcoin"]) {
          await page.locator(`a[href*='view=${view}']`).first().click();
          await expect(page).toHaveURL(new RegExp(`view=${view}`));
          await settled(page);
          await audit.check(page, `my coupons, ${view}`);
        }
        await page.locator(".wallet-nav__redeem").click();
        await expect(page.getByRole("dialog")).toBeVisible();
        await audit.check(page, "my coupons with the redeem-code dialog", POPUP);
        await dismiss(page, lang);
        audit.done();
      });

      test("the coupon page the wallet opens with a token (/mycoupons/{token})", async ({ sessions }) => {
        const audit = new Audit(lang);
        // The wallet opens it in a new webview: the token in the path is the only session.
        const page = await sessions.visitor(lang);
        await page.goto(`/mycoupons/${await sessions.sandbox.token(MEMBERS.wong.openId)}`);
        await expect(page).toHaveURL(/\/mycoupon\?entry=token$/);
        await settled(page);
        await audit.check(page, "the token coupon page");
        await audit.keyboard(page, "the token coupon page");
        audit.done();
      });
    });

    test.describe("orders", () => {
      test("orders, redemptions, a coupon's QR code, the refund form and the delete dialog", async ({ sessions }) => {
        const audit = new Audit(lang);
        const { sandbox } = sessions;
        const page = await sessions.member(lang, "wong", { at: "/myOrder" });
        await audit.check(page, "my orders");
        await open(page, "/newMyCoupon");
        await audit.check(page, "my redemptions");
        const withCode = await orderOf(sandbox, MEMBERS.wong.openId, (order) => order.status === "received" && order.offerId === 35);
        await open(page, `/order_details/${withCode}`);
        await expect(page.locator(".coupon-card__qr").first()).toBeVisible();
        await audit.check(page, "order detail with its coupon's QR code");
        await open(page, `/refund_application/${withCode}`);
        await audit.check(page, "refund application");
        const finished = await orderOf(sandbox, MEMBERS.wong.openId, (order) => ["completed", "closed", "used"].includes(order.status) && order.orderKind !== "gift");
        await open(page, `/order_details/${finished}`);
        await audit.check(page, "finished order detail");
        await page.getByRole("button", { name: text(lang, "order.delete") }).click();
        await expect(page.getByRole("alertdialog")).toBeVisible();
        await audit.check(page, "order detail with the delete dialog", POPUP);
        await dismiss(page, lang);
        audit.done();
      });
    });

    test.describe("points and favourites", () => {
      test("the mCoin points screen and favourites", async ({ sessions }) => {
        const audit = new Audit(lang);
        const page = await sessions.member(lang, "chan", { at: "/mcoin_integral" });
        await audit.check(page, "mCoin points");
        await open(page, "/myFavorites");
        await audit.check(page, "favourites");
        audit.done();
      });
    });

    test.describe("address book", () => {
      test("the address book, its delete dialog, the address form and the region map", async ({ sessions }) => {
        const audit = new Audit(lang);
        const page = await sessions.member(lang, "wong", { at: "/myAddress" });
        await audit.check(page, "address book");
        await page.locator(".address-card__action--danger").first().click();
        await expect(page.getByRole("alertdialog")).toBeVisible();
        await audit.check(page, "address book with the delete dialog", POPUP);
        await dismiss(page, lang);
        await open(page, "/editAddress/3");
        await audit.check(page, "address form");
        await open(page, "/map");
        await audit.check(page, "region map");
        audit.done();
      });
    });

    test.describe("errors and loading", () => {
      test("the error screen, the not-found screen and the loading page", async ({ sessions }) => {
        const audit = new Audit(lang);
        const page = await sessions.member(lang, "chan", { at: "/error" });
        await audit.check(page, "error screen");
        await open(page, "/no-such-page");
        await audit.check(page, "not-found screen");
        await open(page, "/loding");
        await audit.check(page, "loading page");
        await audit.keyboard(page, "loading page");
        audit.done();
      });
    });
  });
}
