/**
 * Runs a `mcoin bridge` scenario: opens the mall in Chromium with a scripted host where the wallet's
 * JavaScript bridge would be (`window.MPayJSBridge`, so the mall's own MPay adapter talks to it),
 * answers every call by the scenario's rules, plays its timeline of host events and its steps, checks
 * its expectations, and returns the transcript. The Playwright suite runs the same function with its
 * own browser, so what CI proves is what an engineer sees.
 *
 * The cashier (tradePay) pays through the sandbox's stand-in for the wallet's back end
 * (`POST /__wallet/pay`), which settles with the gateway server to server, as the simulated cashier
 * does; the mall then asks the gateway, as it would inside the wallet.
 */
import { createControlClient } from "#core/controls/client";
import * as controls from "#core/controls/declarations";
import type { LoggedCallView } from "#core/controls/declarations";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { ProfileSchema, type Profile, type Scenario, type Step, type TimelineEvent } from "./scenario";
import { createScriptedHost } from "./scripted-host";
import { checkExpectation, type Transcript, type TranscriptEntry } from "./transcript";

export interface RunOptions {
  scenario: Scenario;
  /** Where the scenario file is: a profile named by path is found from here. */
  baseDir: string;
  appUrl: string;
  sandboxUrl: string;
  controlToken?: string;
  /** A browser to use (the Playwright suite's); otherwise Debian's Chromium is launched. */
  browser?: Browser;
  headed?: boolean;
  /** The Chromium to launch when no browser is given (default: Debian's, /usr/bin/chromium). */
  chromium?: string;
  /** Another fetch for the sandbox's controls and its wallet stand-in (a test's in-process sandbox). */
  fetch?: typeof fetch;
  /** Told of each line the page logs and each error it throws (MCOIN_BRIDGE_DEBUG). */
  pageLog?: (line: string) => void;
  screenshotsDir?: string;
  /** Told of every entry as it completes (the CLI prints it). */
  onEntry?: (entry: TranscriptEntry) => void;
}

const CHROMIUM = "/usr/bin/chromium";
const TEXT_WAIT_MS = 5_000;
const EVENT_SETTLE_MS = 250;
const FINAL_TEXT_MAX = 50_000;

export function loadProfile(profile: Scenario["profile"], baseDir: string): Profile {
  if (typeof profile !== "string") return profile;
  const file = resolve(baseDir, profile);
  const parsed = ProfileSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues[0]?.path.join(".")}: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/** The wallet's user agent for a profile: the platform's browser, `MPay/<version>` and `language/<code>`. */
export function profileUserAgent(profile: Profile): string {
  const base =
    profile.platform === "ios"
      ? "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148"
      : profile.platform === "android"
        ? "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36"
        : "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
  return `${base} MPay/${profile.appVersion}${profile.language ? ` language/${profile.language}` : ""}`;
}

/**
 * What runs in the page before the mall's scripts: the wallet's bridge object, and a way to play its
 * events. A string, not a function: the CLI's TypeScript is compiled with helpers a page lacks.
 */
const INJECTED_WALLET = `(() => {
  let hidden = false;
  Object.defineProperty(Document.prototype, "visibilityState", { configurable: true, get: () => (hidden ? "hidden" : "visible") });
  Object.defineProperty(Document.prototype, "hidden", { configurable: true, get: () => hidden });
  window.MPayJSBridge = {
    call(name, params, callback) {
      window.__mcoinScriptedHost(name, params || {}).then((reply) => {
        // A wallet that never answers: the callback is never called.
        if (!(reply && reply.__timeout) && typeof callback === "function") callback(reply);
      });
    },
  };
  window.__mcoinHostEvent = (event, detail) => {
    if (event === "hidden" || event === "visible") {
      hidden = event === "hidden";
      document.dispatchEvent(new Event("visibilitychange"));
    } else {
      document.dispatchEvent(new CustomEvent(event, { detail }));
    }
  };
  document.addEventListener("DOMContentLoaded", () => document.dispatchEvent(new Event("MPayJSBridgeReady")));
})();`;

/**
 * Puts a browser context's pages inside the scripted wallet: its bridge object is on the page before
 * the mall's scripts, and each call is answered by `answer` (the scripted host's, in Node).
 */
export async function enterScriptedWallet(context: BrowserContext, answer: (method: string, params: unknown) => Promise<Record<string, unknown>>): Promise<void> {
  await context.exposeBinding("__mcoinScriptedHost", (_source, method: string, params: unknown) => answer(String(method), params));
  await context.addInitScript({ content: INJECTED_WALLET });
}

export async function runScenario(options: RunOptions): Promise<Transcript> {
  const { scenario } = options;
  const profile = loadProfile(scenario.profile, options.baseDir);
  const appUrl = options.appUrl.replace(/\/+$/, "");
  const sandboxUrl = options.sandboxUrl.replace(/\/+$/, "");
  const started = Date.now();
  const entries: TranscriptEntry[] = [];
  let seq = 0;
  const record = (entry: TranscriptEntry) => {
    options.onEntry?.(entry);
  };
  /** The gateway calls the sandbox logged since the last look (the mall's server at work). */
  let loggedUpTo = 0;
  const gatewayCalls = async () => {
    const { calls } = await sandbox.get(controls.log, { input: { since: loggedUpTo } }).catch(() => ({ calls: [] as LoggedCallView[] }));
    for (const call of calls) {
      if (call.seq <= loggedUpTo || call.path.startsWith("/__")) continue;
      loggedUpTo = call.seq;
      const entry: TranscriptEntry = { kind: "gateway", seq: ++seq, at: Date.now() - started, method: call.method, path: call.path };
      entries.push(entry);
      record(entry);
    }
  };

  const send = options.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init));
  const sandbox = createControlClient({ baseUrl: sandboxUrl, token: options.controlToken, fetch: send });

  const host = createScriptedHost({
    scenario,
    profile,
    pay: async (request) => {
      const response = await send(`${sandboxUrl}/__wallet/pay`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(request) });
      return { ok: response.ok, status: response.status };
    },
  });
  /** The scripted host's answer to one call of the mall's, recorded. */
  const answerCall = async (method: string, raw: unknown): Promise<Record<string, unknown>> => {
    const entry: Extract<TranscriptEntry, { kind: "call" }> = { kind: "call", seq: ++seq, at: Date.now() - started, method, args: {} };
    entries.push(entry);
    const reply = await host.answer(method, raw, entry);
    record(entry);
    return reply;
  };

  // Every run starts from the fixtures unless the scenario says otherwise.
  if (scenario.launch.reset) await sandbox.get(controls.reset);
  else loggedUpTo = Math.max(0, ...(await sandbox.get(controls.log)).calls.map((call) => call.seq));
  if (scenario.launch.member && scenario.launch.agree) await sandbox.get(controls.patchMember, { params: { openId: scenario.launch.member }, input: { clauseStatus: 0 } });

  const ownBrowser = options.browser ? null : await (await import("@playwright/test")).chromium.launch({ executablePath: options.chromium ?? CHROMIUM, headless: !options.headed });
  const browser = options.browser ?? ownBrowser!;
  let context: BrowserContext | null = null;
  try {
    const language = profile.language ?? "zh-MO";
    context = await browser.newContext({
      viewport: profile.screen,
      userAgent: profileUserAgent(profile),
      locale: /^en/i.test(language) ? "en-US" : /^pt/i.test(language) ? "pt-PT" : "zh-MO",
      deviceScaleFactor: 2,
      isMobile: profile.platform !== "web",
      hasTouch: profile.platform !== "web",
    });
    await enterScriptedWallet(context, answerCall);
    const page = await context.newPage();
    const { pageLog } = options;
    if (pageLog) {
      page.on("console", (message) => pageLog(`[page] ${message.text()}`));
      page.on("pageerror", (error) => pageLog(`[page error] ${error.message}`));
    }

    const event = async (timed: TimelineEvent) => {
      const entry: TranscriptEntry = {
        kind: "event",
        seq: ++seq,
        at: Date.now() - started,
        event: timed.event,
        ...(timed.minutes !== undefined || timed.method ? { detail: { ...(timed.minutes !== undefined ? { minutes: timed.minutes } : {}), ...(timed.method ? { method: timed.method } : {}) } } : {}),
      };
      entries.push(entry);
      record(entry);
      const fire = (name: string, detail?: unknown) => page.evaluate(`window.__mcoinHostEvent(${JSON.stringify(name)}, ${JSON.stringify(detail ?? null)})`);
      switch (timed.event) {
        case "hidden":
        case "visible":
          await fire(timed.event);
          break;
        case "back":
          await fire("back");
          break;
        case "resume": {
          // The wallet was away: the gateway's clock has moved on as much.
          const minutes = timed.minutes ?? 0;
          if (minutes > 0) {
            const clock = await sandbox.get(controls.clock);
            await sandbox.get(controls.setClock, { input: { now: clock.now + minutes * 60_000 } });
          }
          await fire("hidden");
          await fire("resume", { awayMs: minutes * 60_000 });
          await fire("visible");
          break;
        }
        case "offline":
        case "online": {
          const offline = timed.event === "offline";
          host.setOffline(offline);
          await context!.setOffline(offline);
          await fire("networkChange", { isConnected: !offline, networkType: offline ? "none" : "wifi" });
          break;
        }
        case "deny":
        case "allow":
          if (!timed.method) throw new Error(`a "${timed.event}" event names the method (for example "getLocation")`);
          host.setDenied(timed.method, timed.event === "deny");
          break;
      }
      // Let the page act on it (its requests start a moment after the event) before the next step.
      await page.waitForTimeout(EVENT_SETTLE_MS);
      await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined);
      await gatewayCalls();
    };

    const pattern = (name: string) => (/^\/.+\/[a-z]*$/.test(name) ? new RegExp(name.slice(1, name.lastIndexOf("/")), name.slice(name.lastIndexOf("/") + 1)) : name);
    const step = async (index: number, step: Step) => {
      const entry: Extract<TranscriptEntry, { kind: "step" }> = { kind: "step", seq: ++seq, at: Date.now() - started, step, ok: true };
      entries.push(entry);
      try {
        if ("click" in step)
          await page
            .getByRole(step.click.role as Parameters<Page["getByRole"]>[0], { name: pattern(step.click.name), exact: true })
            .first()
            .click({ timeout: 10_000 });
        else if ("fill" in step)
          await page
            .getByRole(step.fill.role as Parameters<Page["getByRole"]>[0], { name: pattern(step.fill.name), exact: true })
            .first()
            .fill(step.fill.value, { timeout: 10_000 });
        else if ("goto" in step) await page.goto(`${appUrl}${step.goto}`);
        else if ("historyBack" in step) await page.goBack();
        else if ("historyForward" in step) await page.goForward();
        else if ("waitFor" in step) {
          const { text, exact, path, timeoutMs } = step.waitFor;
          const deadline = Date.now() + timeoutMs;
          // The path first: a client navigation commits after the click that starts it returns.
          if (path) await page.waitForURL((url) => `${url.pathname}${url.search}`.startsWith(path), { timeout: timeoutMs, waitUntil: "commit" });
          if (text)
            await page
              .getByText(text, { exact })
              .first()
              .waitFor({ state: "visible", timeout: Math.max(1, deadline - Date.now()) });
        } else if ("wait" in step) await page.waitForTimeout(step.wait);
        else if ("screenshot" in step) await page.screenshot({ path: join(options.screenshotsDir ?? ".", step.screenshot), fullPage: true });
        await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined);
      } catch (error) {
        entry.ok = false;
        entry.error = `step ${index}: ${(error as Error).message.split("\n")[0]}`;
      }
      record(entry);
      await gatewayCalls();
      return entry.ok;
    };

    // The launch: signed in as the wallet would (the sandbox's sign-in), then the entry page.
    const launchEntry: Extract<TranscriptEntry, { kind: "step" }> = { kind: "step", seq: ++seq, at: 0, step: { launch: scenario.launch }, ok: true };
    entries.push(launchEntry);
    try {
      if (scenario.launch.member && scenario.launch.path.includes("{token}")) {
        // The wallet opens a page with the member's session token in it (/mycoupons/{token}).
        const login = (await (
          await send(`${sandboxUrl}/member/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ openId: scenario.launch.member }) })
        ).json()) as { data?: { token?: string } };
        if (!login.data?.token) throw new Error(`the sandbox has no member ${scenario.launch.member}`);
        await page.goto(`${appUrl}${scenario.launch.path.replaceAll("{token}", encodeURIComponent(login.data.token))}`);
      } else if (scenario.launch.member) {
        const response = await send(`${sandboxUrl}/oauth/authorize`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ openId: scenario.launch.member, redirect_uri: `${appUrl}/index`, state: scenario.launch.state ?? "" }),
          redirect: "manual",
        });
        const location = response.headers.get("location");
        if (response.status !== 302 || !location) throw new Error(`the sandbox did not sign ${scenario.launch.member} in (HTTP ${response.status})`);
        await page.goto(location);
        await page.waitForURL((url) => !url.searchParams.has("code"), { timeout: 15_000 });
        // The first page after the login hands the wallet its configuration: let it, as a person would.
        await page.waitForFunction(() => document.documentElement.dataset.host !== undefined, undefined, { timeout: 15_000 });
        await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined);
        // The login's state opens its own page; otherwise the launch's path is opened once signed in.
        if (!scenario.launch.state && scenario.launch.path !== "/index") await page.goto(`${appUrl}${scenario.launch.path}`);
      } else {
        await page.goto(`${appUrl}${scenario.launch.path}`);
      }
      await page.waitForFunction(() => document.documentElement.dataset.host !== undefined, undefined, { timeout: 15_000 });
      await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined);
    } catch (error) {
      launchEntry.ok = false;
      launchEntry.error = `launch: ${(error as Error).message.split("\n")[0]}`;
    }
    record(launchEntry);
    await gatewayCalls();

    let ok = launchEntry.ok;
    const eventsAfter = (index: number) => scenario.timeline.filter((timed) => timed.afterStep === index);
    if (ok) for (const timed of eventsAfter(0)) await event(timed);
    for (let index = 1; ok && index <= scenario.steps.length; index++) {
      ok = await step(index, scenario.steps[index - 1]);
      if (ok) for (const timed of eventsAfter(index)) await event(timed);
    }

    await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined);
    await gatewayCalls();
    const url = new URL(page.url());
    const final = {
      path: `${url.pathname}${url.search}`,
      text: (
        await page
          .locator("body")
          .innerText()
          .catch(() => "")
      ).slice(0, FINAL_TEXT_MAX),
    };
    const expectations = [];
    for (const expectation of scenario.expect) {
      let shown: boolean | undefined;
      if ("text" in expectation) {
        // A live check: the text may take a moment (a payment's result).
        const deadline = Date.now() + TEXT_WAIT_MS;
        const want = expectation.visible !== false;
        do {
          shown = await page
            .getByText(expectation.text)
            .first()
            .isVisible()
            .catch(() => false);
          if (shown === want) break;
          await page.waitForTimeout(200);
        } while (Date.now() < deadline);
      }
      expectations.push(checkExpectation({ entries, final }, expectation, shown === undefined ? undefined : () => shown!));
    }
    const steps = entries.filter((entry) => entry.kind === "step");
    return {
      scenario: scenario.name,
      profile,
      startedAt: new Date(started).toISOString(),
      entries,
      final,
      expectations,
      ok: steps.every((entry) => entry.kind === "step" && entry.ok) && expectations.every((result) => result.ok),
    };
  } finally {
    await context?.close().catch(() => undefined);
    await ownBrowser?.close().catch(() => undefined);
  }
}

/** Reads a scenario file (JSON), validated; errors name the field. */
/**
 * Reads a scenario file and the profile it names (a path is the scenario file's folder's, wherever the
 * command runs); what is wrong with either is an Error naming the file and the field. `warnings`: what
 * a valid scenario may still get wrong (scenarioWarnings).
 */
export async function readScenario(file: string): Promise<{ scenario: Scenario; baseDir: string; warnings: string[] }> {
  const { ScenarioSchema, scenarioWarnings } = await import("./scenario");
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`${file} is not JSON: ${(error as Error).message}`);
  }
  const parsed = ScenarioSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${file}: ${issue?.path.join(".") || "(top)"}: ${issue?.message ?? "invalid"}`);
  }
  const baseDir = dirname(resolve(file));
  if (typeof parsed.data.profile === "string") {
    const profileFile = resolve(baseDir, parsed.data.profile);
    if (!existsSync(profileFile)) throw new Error(`${file}: profile: ${parsed.data.profile} does not exist (a profile's path is the scenario file's folder's: ${profileFile})`);
    try {
      loadProfile(parsed.data.profile, baseDir);
    } catch (error) {
      throw new Error(`${file}: profile: ${(error as Error).message}`);
    }
  }
  return { scenario: parsed.data, baseDir, warnings: scenarioWarnings(parsed.data) };
}
