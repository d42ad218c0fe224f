/**
 * Member timing: how long a member on a slow phone waits for each screen's own content, and for that
 * content to answer a tap, measured in Debian's chromium itself (not simulated), against the bare route
 * of the same build (`/__bare`: the frame and one heading) in the same run.
 *
 * - **The pages** are reached as Lighthouse reaches them (lighthouse.bench.ts): the production build
 *   behind a TLS front over HTTP/2 (tls-front.ts), a returning member of the fixtures signed in afresh
 *   for every load (cookies in the browser's own jar before the navigation, the location known this
 *   session), the terms agreed, one of the member's own orders for the order's detail.
 * - **Throttling** is applied by Chromium over the DevTools protocol, a CDP session per page:
 *   `Network.emulateNetworkConditions` (150 ms added to every request, 1.6 Mbit/s down, 750 kbit/s up)
 *   and `Emulation.setCPUThrottlingRate` (4× slower), set before the navigation (member-timing.ts,
 *   THROTTLING). Every load has a fresh browser context (an empty HTTP cache, no service worker, no
 *   open connection) and the cache disabled (`Network.setCacheDisabled`). A phone's screen: 412×823 at
 *   1.75 device pixels per CSS pixel (Lighthouse's mobile preset), the wallet's user agent.
 * - **Inside the wallet**: the page has the wallet's bridge object from the start, answered by
 *   `mcoin bridge`'s scripted host with its defaults (cli/bridge/runner.ts, `enterScriptedWallet`), so
 *   the mall talks to its wallet adapter as it does on a member's phone. Without it the mall would
 *   play its own host and fetch the simulated host's code, which a member never loads.
 * - **Runs**: one unthrottled load of every screen first, not counted (the server's code warmed and its
 *   catalog keep filled, as on a server that has been up a while); then 9 rounds
 *   (`MCOIN_BENCH_ROUNDS` sets another count), each loading every screen beside a load of the bare
 *   route (bare first on even rounds, second on odd ones), the screens' order turned by one each
 *   round, so the machine's state is shared. Each figure is the median of its 9 values (the bare
 *   route's of its 54 loads); a target's ratio is the median of the 9 ratios of a run to the bare load
 *   beside it, reported with their spread (the lowest and highest of those ratios;
 *   docs/decisions/020-member-timing-method.md, docs/decisions/050-the-tap-bench.md).
 *
 * What the page records (an init script, INIT below, run in the page before any of its own):
 *
 * - **FCP** and **LCP**: the browser's `paint` and `largest-contentful-paint` entries (buffered).
 * - **content on screen**: the app marks each screen's own content with an `elementtiming` attribute
 *   (member-timing.ts, `screens`: home's first four offer cards, the offer's price and checkout button,
 *   my coupons' first three cards, the flash sale's first three items, the order's title and status,
 *   the store's name and first two offers, the bare route's heading), and the Element Timing API
 *   reports when each is painted (`renderTime`). Content is on screen when the last of them is: on a
 *   screen whose content the server draws, that is the server's HTML painted; where the page draws it
 *   only after hydration, the paint after hydration.
 * - **hydrated**: when that content is owned by React, so a tap on it runs the app's code. Each
 *   animation frame the script looks for marked elements that carry React's fiber key (an own property
 *   named `__reactFiber$…`, which React sets on a DOM node as it hydrates or creates it), only reading
 *   it, and notes `performance.now()`; the figure is the latest of those times over the content's
 *   elements, and never earlier than the content's paint (a tap needs something on screen). The app is
 *   not changed for it, and no private field of React's or Remix's is written or read by the app.
 * - **JavaScript**: every `.js` resource the page asked for before its content was painted and owned
 *   (resource timing; the next screens' code, fetched once the page has been still, is not the first
 *   load's: docs/decisions/053-code-ahead-and-back-without-drawing.md), its size in gzip as the
 *   server sends it to a browser that accepts gzip (the build's own `.gz` form; the figure the
 *   targets speak of) and as served to Chromium (`encodedBodySize`: brotli).
 *
 * A load ends once its content is painted and owned, the document is loaded and the network has been
 * quiet for half a second (so LCP has settled). Targets (issue 49): each screen's content and hydrated
 * times at most 1.25× the bare route's; home's first-load JavaScript at most 8 KB gzip over the bare
 * route's. The client bundle's analysis (reports/bundle/client.html, written by the build) is kept
 * beside the report.
 */
import { copyFileSync, existsSync, readFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium, type Browser, type BrowserContext, type CDPSession } from "@playwright/test";
import { enterScriptedWallet } from "../cli/bridge/runner";
import { ProfileSchema } from "../cli/bridge/scenario";
import { createScriptedHost } from "../cli/bridge/scripted-host";
import { walletUserAgent } from "../e2e/env";
import { startMemberStack } from "./mall";
import {
  THROTTLING,
  describe,
  kilobytes,
  median,
  medianTiming,
  networkConditions,
  pairedRatios,
  ratio,
  ratioWithSpread,
  roundsFromEnv,
  screens,
  seconds,
  spread,
  timingOf,
  type ContentPart,
  type PageRecord,
  type Screen,
  type Timing,
} from "./member-timing";
import type { BenchResult } from "./report";
import { tlsFrontChromeFlags } from "./tls-front";

/** Rounds of paired loads (issue 49: a ratio is the median of at least 9 paired rounds). */
const RUNS = roundsFromEnv(process.env.MCOIN_BENCH_ROUNDS, 9);
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const LOAD_TIMEOUT_MS = 60_000;
/** Issue 49's cold-load targets: content and hydrated within 1.25× the bare route; home's JavaScript at most 8 KB gzip over the bare route's. */
const TARGET_RATIO = 1.25;
const HOME_JS_OVER_BARE = 8 * 1024;
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BUNDLE_REPORT = `${ROOT}reports/bundle/client.html`;
const KEPT_BUNDLE_REPORT = fileURLToPath(new URL("./report-bundle.html", import.meta.url));

/**
 * Run in every document before the page's own scripts (plain JavaScript: it is sent to the page as
 * text). `parts` are the screen's content parts; `window.__memberTiming.done` turns true once each is
 * painted and owned by React and the document has loaded; `read()` gives the PageRecord and the scripts.
 */
const INIT = `(parts) => {
  const state = { fcp: null, lcp: null, painted: [], owned: [], done: false, doneAt: null };
  window.__memberTiming = state;
  const observe = (type, onEntry) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true });
    } catch {}
  };
  observe("paint", (entry) => { if (entry.name === "first-contentful-paint") state.fcp = entry.startTime; });
  observe("largest-contentful-paint", (entry) => { state.lcp = entry.startTime; });
  observe("element", (entry) => { state.painted.push({ id: entry.identifier, time: entry.renderTime || entry.loadTime }); });
  const onPage = (id) => document.querySelectorAll('[elementtiming="' + id + '"]').length;
  const reached = (times, part) => {
    const need = Math.min(part.count, onPage(part.id));
    return need > 0 && times.filter((time) => time.id === part.id).length >= need;
  };
  const ownedByReact = (element) => Object.keys(element).some((key) => key.startsWith("__reactFiber$"));
  const seen = new WeakSet();
  const frame = () => {
    const now = performance.now();
    for (const element of document.querySelectorAll("[elementtiming]")) {
      if (seen.has(element) || !ownedByReact(element)) continue;
      seen.add(element);
      state.owned.push({ id: element.getAttribute("elementtiming"), time: now });
    }
    state.done = document.readyState === "complete" && parts.every((part) => reached(state.painted, part) && reached(state.owned, part));
    if (state.done) state.doneAt = now;
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  state.read = () => ({
    record: {
      fcp: state.fcp,
      lcp: state.lcp,
      painted: state.painted,
      owned: state.owned,
      onPage: Object.fromEntries(parts.map((part) => [part.id, onPage(part.id)])),
    },
    // The first load's scripts: those asked for before the screen was drawn and hydrated. What the
    // page fetches once it has been still a moment (the next screens' code, decision 053) is not the
    // first load's, and whether it falls before the network goes idle depends on the hour.
    scripts: performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.endsWith(".js") && (state.doneAt === null || entry.startTime <= state.doneAt))
      .map((entry) => ({ path: new URL(entry.name).pathname, served: entry.encodedBodySize })),
  });
}`;

const gzipped = new Map<string, number>();
/**
 * A script's size gzipped as the server sends it to a browser that accepts gzip: the build's own
 * gzip form beside the file (scripts/mall-build.mjs, precompressAssets), else the file gzipped here
 * at zlib's default level, as the server's on-the-fly compression does.
 */
function gzipBytes(path: string): number {
  let size = gzipped.get(path);
  if (size === undefined) {
    const file = `${ROOT}build/client${path}`;
    if (!existsSync(file)) throw new Error(`the page loaded ${path}, which is not in build/client`);
    size = existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`).length : gzipSync(readFileSync(file)).length;
    gzipped.set(path, size);
  }
  return size;
}

/** The wallet around every load: the scripted host's default answers; no screen here pays. */
const WALLET = createScriptedHost({
  scenario: { rules: {}, cashier: { outcome: "cancel", confirmAfterMs: 0 } },
  profile: ProfileSchema.parse({ language: "en", platform: "ios", screen: { width: 412, height: 823 } }),
  pay: () => Promise.reject(new Error("the member-timing bench does not pay")),
});

/** Debian's chromium as the browser benches run it, trusting the TLS front's certificate. */
export async function launchBenchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROME,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", ...(await tlsFrontChromeFlags())],
  });
}

/**
 * A fresh browser context for a signed-in member on a phone inside the wallet: the phone's screen, the
 * wallet's user agent, the member's session cookies in the browser's jar, and the scripted wallet's
 * bridge from the first script on.
 */
export async function memberContext(browser: Browser, origin: string, cookie: string, viewport = { width: 412, height: 823 }): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    userAgent: walletUserAgent("en"),
    locale: "en-US",
  });
  try {
    await context.addCookies(
      cookie
        .split(/;\s*/)
        .filter((pair) => pair.includes("="))
        .map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1), url: origin })),
    );
    await enterScriptedWallet(context, (method, params) => WALLET.answer(method, params, { kind: "call", seq: 0, at: 0, method, args: {} }));
    return context;
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** Chromium throttled as a slow phone (THROTTLING), over the page's DevTools session. */
export async function throttle(cdp: CDPSession): Promise<void> {
  await cdp.send("Network.emulateNetworkConditions", networkConditions());
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLING.cpuSlowdown });
}

/** One load of a screen in a fresh context: what the page recorded. */
async function load(browser: Browser, origin: string, screen: Screen, cookie: string, throttled: boolean): Promise<Timing> {
  const context = await memberContext(browser, origin, cookie);
  try {
    await context.addInitScript({ content: `(${INIT})(${JSON.stringify(screen.content satisfies ContentPart[])});` });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    if (throttled) await throttle(cdp);
    // The mall sends a member whose session it refuses to the wallet's sign-in page (the sandbox's, not
    // behind the front, so the browser fails it): said as such rather than as the browser's error.
    let sentToSignIn = false;
    page.on("response", (response) => {
      if (response.request().isNavigationRequest() && (response.headers().location ?? "").includes("/oauth/authorize")) sentToSignIn = true;
    });
    try {
      await page.goto(`${origin}${screen.path}`, { waitUntil: "load", timeout: LOAD_TIMEOUT_MS });
    } catch (error) {
      if (sentToSignIn) throw new Error("the mall sent the member to sign in");
      throw error;
    }
    // A page that sent the member elsewhere (to sign in) was not measured.
    if (new URL(page.url()).pathname !== screen.path) throw new Error(`${screen.path} ended on ${page.url()}`);
    try {
      // A function, not a string: the page's Content Security Policy refuses eval.
      await page.waitForFunction(() => (window as unknown as { __memberTiming: { done: boolean } }).__memberTiming.done, undefined, { polling: 100, timeout: LOAD_TIMEOUT_MS });
    } catch {
      // Said by timingOf below: which part never came.
    }
    await page.waitForLoadState("networkidle", { timeout: 20_000 }).catch(() => undefined);
    const { record, scripts } = (await page.evaluate("window.__memberTiming.read()")) as { record: PageRecord; scripts: { path: string; served: number }[] };
    const js = { gzip: scripts.reduce((sum, script) => sum + gzipBytes(script.path), 0), served: scripts.reduce((sum, script) => sum + script.served, 0) };
    return timingOf(screen, record, js);
  } finally {
    await context.close();
  }
}

/** The client bundle's analysis from the build, copied beside the report; null when the build wrote none. */
function keepBundleReport(): string | null {
  if (!existsSync(BUNDLE_REPORT)) return null;
  copyFileSync(BUNDLE_REPORT, KEPT_BUNDLE_REPORT);
  return KEPT_BUNDLE_REPORT;
}

export async function memberTimingBench(): Promise<BenchResult[]> {
  const stack = await startMemberStack();
  const browser = await launchBenchChromium();
  // The machine's load over the last minute, before and after: figures taken on a busy machine (other
  // work on its cores) move between runs by more than the targets' margin, and the report says so.
  const loadBefore = loadavg()[0];
  try {
    const list = screens(stack);
    const retried: string[] = [];
    const measure = async (screen: Screen, throttled: boolean, attempt = 1): Promise<Timing> => {
      try {
        return await load(browser, stack.origin, screen, await stack.signIn(), throttled);
      } catch (error) {
        // A load that stalled on a busy machine, or whose fresh session the mall sent to sign in, is
        // tried again, signed in afresh, twice at most before the run gives up (said in the report).
        retried.push(`${screen.path}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
        if (attempt >= 3) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1000));
        return measure(screen, throttled, attempt + 1);
      }
    };
    // A screen that cannot be measured (its loads failing three times) is reported as such, and the
    // others are still measured; without the bare route there is nothing to measure against.
    const failed = new Map<string, string>();
    const attempt = async (screen: Screen, throttled: boolean): Promise<Timing | null> => {
      if (failed.has(screen.name)) return null;
      try {
        return await measure(screen, throttled);
      } catch (error) {
        if (screen === list[0]) throw error;
        failed.set(screen.name, error instanceof Error ? error.message.split("\n")[0] : String(error));
        return null;
      }
    };
    for (const screen of list) await attempt(screen, false);
    // Each screen's load is paired with a load of the bare route next to it in time (bare first on
    // even rounds, second on odd ones), so a stretch where the machine is busy slows both: the
    // targets' ratios are the median of the paired ratios, reported with their spread.
    const [bareScreen, ...measured] = list;
    const runs = new Map<string, Timing[]>(list.map((screen) => [screen.name, []]));
    const bareOf = new Map<string, Timing[]>(measured.map((screen) => [screen.name, []]));
    for (let round = 0; round < RUNS; round++) {
      for (const screen of [...measured.slice(round % measured.length), ...measured.slice(0, round % measured.length)]) {
        if (failed.has(screen.name)) continue;
        const first = round % 2 === 0 ? bareScreen : screen;
        const second = first === bareScreen ? screen : bareScreen;
        const a = await attempt(first, true);
        const b = await attempt(second, true);
        const [bareLoad, own] = first === bareScreen ? [a, b] : [b, a];
        if (!bareLoad || !own) continue;
        runs.get(screen.name)!.push(own);
        runs.get(bareScreen.name)!.push(bareLoad);
        bareOf.get(screen.name)!.push(bareLoad);
      }
    }
    const measuredScreens = list.filter((screen) => !failed.has(screen.name));
    const medians = new Map(measuredScreens.map((screen) => [screen.name, medianTiming(runs.get(screen.name)!)]));
    const bare = medians.get(bareScreen.name)!;
    const bareLoads = runs.get(bareScreen.name)!.length;
    const ratiosOf = (name: string, key: "content" | "hydrated") =>
      pairedRatios(
        runs.get(name)!.map((run) => run[key]),
        bareOf.get(name)!.map((run) => run[key]),
      );
    const ratioOf = (name: string, key: "content" | "hydrated") => median(ratiosOf(name, key));
    const spreadOf = (name: string, key: keyof Timing) => `${(spread(runs.get(name)!.map((run) => run[key])) * 100).toFixed(0)} %`;
    const secondsEach = (loads: Timing[], key: keyof Timing) => loads.map((run) => (run[key] / 1000).toFixed(2)).join(", ");
    const bareDetail = `median of its ${bareLoads} loads, throttled (${THROTTLING.latencyMs} ms a request, 1.6 Mbit/s, CPU ${THROTTLING.cpuSlowdown}× slower), cold cache: ${describe(bare)}; spread (max − min ÷ median): content ${spreadOf(bareScreen.name, "content")}, hydrated ${spreadOf(bareScreen.name, "hydrated")}; loads tried a second time: ${retried.length === 0 ? "none" : retried.join("; ")}; ${machineLoad(loadBefore, loadavg()[0])}`;
    /** A screen's figures, and one of its targets' runs beside the bare loads they were paired with. */
    const detail = (name: string, m: Timing, key: "content" | "hydrated") =>
      `median of ${runs.get(name)!.length}, throttled as the bare route, cold cache: ${describe(m)}; ${key} in each run ${secondsEach(runs.get(name)!, key)} s (spread ${spreadOf(name, key)}), the bare loads beside them ${secondsEach(bareOf.get(name)!, key)} s: the paired ratios ${ratiosOf(
        name,
        key,
      )
        .map((value) => value.toFixed(2))
        .join(", ")}, their median and spread ${ratioWithSpread(ratiosOf(name, key))} (ratio of the medians ${ratio(m[key], bare[key])})`;

    printTable(measuredScreens, medians, bareLoads);
    const results: BenchResult[] = [
      {
        name: "member timing: bare route (the yardstick)",
        measured: bareDetail,
        value: bare.content,
        display: `content ${seconds(bare.content)}, hydrated ${seconds(bare.hydrated)}`,
        target: "reported (the screens' baseline)",
        pass: true,
      },
    ];
    for (const screen of measured) {
      const reason = failed.get(screen.name);
      if (reason !== undefined) {
        results.push({
          name: `member timing: ${screen.name}, not measured`,
          measured: `${screen.path} could not be loaded: ${reason}`,
          value: Number.NaN,
          display: "not measured",
          target: `content and hydrated ≤ ${TARGET_RATIO}× the bare route's`,
          pass: false,
        });
        continue;
      }
      const m = medians.get(screen.name)!;
      const contentRatio = ratioOf(screen.name, "content");
      const hydratedRatio = ratioOf(screen.name, "hydrated");
      results.push(
        {
          name: `member timing: ${screen.name}, content on screen`,
          measured: detail(screen.name, m, "content"),
          value: m.content,
          display: `${seconds(m.content)} (FCP ${seconds(m.fcp)}, LCP ${seconds(m.lcp)}; ratio ${ratioWithSpread(ratiosOf(screen.name, "content"))})`,
          baseline: { name: "bare route", value: bare.content, display: seconds(bare.content) },
          ratio: contentRatio,
          target: `≤ ${TARGET_RATIO}× the bare route's`,
          pass: contentRatio <= TARGET_RATIO,
        },
        {
          name: `member timing: ${screen.name}, hydrated`,
          measured: detail(screen.name, m, "hydrated"),
          value: m.hydrated,
          display: `${seconds(m.hydrated)} (JS ${kilobytes(m.jsGzip)} gzip; ratio ${ratioWithSpread(ratiosOf(screen.name, "hydrated"))})`,
          baseline: { name: "bare route", value: bare.hydrated, display: seconds(bare.hydrated) },
          ratio: hydratedRatio,
          target: `≤ ${TARGET_RATIO}× the bare route's`,
          pass: hydratedRatio <= TARGET_RATIO,
        },
      );
    }
    const home = medians.get("home");
    if (home) {
      results.push({
        name: "member timing: home's first-load JavaScript",
        measured: `every .js file home loaded, gzipped as the server sends it (the build's gzip form) from build/client, median of ${runs.get("home")!.length}: ${kilobytes(home.jsGzip)} (${kilobytes(home.jsServed)} as served, brotli); the bare route ${kilobytes(bare.jsGzip)}, ${ratio(home.jsGzip, bare.jsGzip)}`,
        value: home.jsGzip,
        display: `${kilobytes(home.jsGzip)} gzip`,
        baseline: { name: "bare route", value: bare.jsGzip, display: `${kilobytes(bare.jsGzip)} gzip` },
        target: `≤ the bare route's + ${HOME_JS_OVER_BARE / 1024} KB gzip`,
        pass: home.jsGzip <= bare.jsGzip + HOME_JS_OVER_BARE,
      });
    }
    const kept = keepBundleReport();
    results.push({
      name: "member timing: the client bundle's analysis",
      measured: kept ? `reports/bundle/client.html from this build, kept as ${kept}` : "the build wrote no reports/bundle/client.html (rollup-plugin-visualizer in vite.config.ts)",
      value: kept ? 1 : 0,
      display: kept ? "bench/report-bundle.html" : "missing",
      target: "kept beside the report",
      pass: kept !== null,
    });
    return results;
  } finally {
    await browser.close();
    await stack.close();
  }
}

/** The machine's load average beside its cores, and a warning when other work kept them busy. */
export function machineLoad(before: number, after: number): string {
  const cores = availableParallelism();
  const busy = Math.max(before, after) > cores;
  return `load average ${before.toFixed(1)} before, ${after.toFixed(1)} after, on ${cores} cores${busy ? " (a busy machine: its figures move between runs; take figures on a quiet one)" : ""}`;
}

/** The medians as a table on the terminal, every figure of every screen. */
function printTable(list: Screen[], medians: Map<string, Timing>, bareLoads: number) {
  const header = ["screen", "FCP", "LCP", "content", "hydrated", "JS gzip", "JS served"];
  const rows = list.map((screen) => {
    const m = medians.get(screen.name)!;
    return [screen.name, seconds(m.fcp), seconds(m.lcp), seconds(m.content), seconds(m.hydrated), kilobytes(m.jsGzip), kilobytes(m.jsServed)];
  });
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column].length)));
  const line = (row: string[]) => `  ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  ")}\n`;
  process.stdout.write(`\nmember timing, median of ${RUNS} (the bare route: of its ${bareLoads} loads)\n\n${line(header)}${rows.map(line).join("")}`);
}
