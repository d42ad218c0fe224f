/**
 * The tap bench (`npm run bench -- taps`, issue 49 item 1): how long a member who has opened the mall
 * waits after each tap for the next screen's own content, measured in Debian's chromium itself, each
 * tap beside a client navigation to the bare route (`/__bare`) in the same round.
 *
 * - **The member and the phone** as the member-timing bench has them (member-timing.bench.ts,
 *   `memberContext`, `throttle`): the production build behind the TLS front, mpay-1003 (a member with
 *   orders of every kind) signed in, the scripted wallet's bridge, Chromium throttled over the DevTools
 *   protocol (150 ms a request, 1.6 Mbit/s, CPU 4×). A 390×844 phone with touch emulation
 *   (`Emulation.setTouchEmulationEnabled`). The HTTP cache is on: a member's browser keeps what it has
 *   loaded, so a module fetched by an earlier tap is not fetched again.
 * - **A tap as a finger makes it**: `Input.dispatchTouchEvent`, touchStart at the element's centre and
 *   touchEnd 80 ms later, which Chromium turns into pointer events and a click; never
 *   `element.click()`. The tap's time is the click's `event.timeStamp`, read by a capture-phase
 *   listener of the init script (TAP_INIT). The system's back is `history.back()` sent over the
 *   protocol, timed from the moment it is asked.
 * - **The next screen's content**: the `elementtiming` marks the screens carry (offer-price,
 *   offer-card, wallet-card, order-title, promo-item), painted: Element Timing's `renderTime` of each
 *   marked element not on screen at the tap. An element painted before the tap (a screen kept alive,
 *   hidden and shown again) has no new paint entry, so its time is the first frame after the tap in
 *   which it is in view (the end of that frame's main-thread work: when an IntersectionObserver's
 *   callback, queued by that frame, runs). The page is not scanned in every frame: the watch asks for
 *   no frame of its own (tap-watch.ts, decision 067). The content's time is the first frame in which
 *   all of it had come: a screen shown from what the member saw, whose list is drawn afresh when the
 *   server's answer lands a round trip later (decision 053), is timed by what it showed first. The confirmation sheet carries no mark; this
 *   bench's init script marks its title and rows as they are inserted (before their first paint), so
 *   Element Timing reports them; the app is not changed.
 * - **The floor**: a client navigation to `/__bare` (its module and one `.data` round trip): a link the
 *   bench adds to the page and taps, whose click goes through the router (`window.__remixRouter`, which
 *   Remix's browser entry sets, only called, never written), measured the same way (the bare heading
 *   painted). Each tap's round measures the floor from the tap's own starting screen just before it
 *   (then the browser goes back to that screen), so both share the machine's state.
 * - **Interactions**: Event Timing (`PerformanceObserver` type `event`, `durationThreshold: 16`); a
 *   journey's figure is its longest interaction's duration, as Chromium's INP takes it.
 * - **The slider**: a finger dragged across the offer's mCoin slider (touchMove every 16 ms); each
 *   update's latency from the move that asked for the new value (the first since the last update
 *   whose place on the track is nearer the new value than the old) to the end of the frame that
 *   showed it (pointermove and touchmove are not reported by Event Timing: they are continuous events).
 *
 * - **The first tap**: a member often taps the first offer they see as soon as home's cards are
 *   drawn, before home is still and before the offer's code was fetched ahead; each round begins so
 *   (its floor, measured after it, is the round's), then makes every other tap on a still screen.
 *
 * Rounds: 9 (`MCOIN_BENCH_ROUNDS`), each a fresh browser context signed in afresh that loads home and
 * makes every journey in turn. Each tap's figure is its median with its spread (p10–p90), its ratio the
 * median of its rounds' ratios to the bare navigation beside it (docs/decisions/050-the-tap-bench.md).
 */
import { loadavg } from "node:os";
import type { BrowserContext, CDPSession, Page } from "@playwright/test";
import { startMemberStack } from "./mall";
import { launchBenchChromium, machineLoad, memberContext, throttle } from "./member-timing.bench";
import { median, pairedRatios, ratioWithSpread, roundsFromEnv, type ContentPart } from "./member-timing";
import type { BenchResult } from "./report";
import { TAP_INIT } from "./tap-watch";
import { TAP_TARGETS, describeSummary, dragLatencies, ms, summarise, tapTime, whyUnmeasured, worstInteraction, type DragFrame, type TapPart, type TapRecord } from "./taps";

const ROUNDS = roundsFromEnv(process.env.MCOIN_BENCH_ROUNDS, 9);
const VIEWPORT = { width: 390, height: 844 };
const STEP_TIMEOUT_MS = 30_000;
/** An offer of the fixtures whose price is part mCoin, part cash: its slider has a range (e2e/prices.spec.ts). */
const SLIDER_OFFER = 7;
const SEARCH_WORD = "coffee";

interface Journey {
  name: string;
  /** The next screen's content. */
  parts: TapPart[];
  /** Back to a screen the spec keeps alive: judged against 150 ms rather than the floor. */
  keptAlive?: boolean;
}

const BARE: ContentPart[] = [{ id: "bare-heading", count: 1 }];
/** Home's content in view: its balance (at the top; marked by this bench) and its first four offer cards (further down). */
const HOME: TapPart[] = [
  { id: "bench-home-balance", count: 1, optional: true },
  { id: "offer-card", count: 4, optional: true },
];
const WALLET_CARDS: ContentPart[] = [{ id: "wallet-card", count: 3 }];

const JOURNEYS = {
  offerEarly: { name: "home → an offer as soon as home's cards show (its price)", parts: [{ id: "offer-price", count: 1 }] },
  offer: { name: "home → an offer (its price)", parts: [{ id: "offer-price", count: 1 }] },
  offerBack: { name: "the offer → back to home, the system's back (its content in view)", parts: HOME, keptAlive: true },
  myCoupons: { name: "home → my coupons (the cards)", parts: WALLET_CARDS },
  tab: { name: "my coupons → the next tab (its cards)", parts: WALLET_CARDS },
  order: { name: "my coupons → an order (its title)", parts: [{ id: "order-title", count: 1 }] },
  orderBack: { name: "the order → back to my coupons, the system's back (the cards)", parts: WALLET_CARDS },
  couponsBack: { name: "my coupons → back to home, the header's back (its content in view)", parts: HOME, keptAlive: true },
  flashSale: { name: "home → the flash sale, a shortcut (its first items)", parts: [{ id: "promo-item", count: 3 }] },
  search: { name: "search → results (a word typed, submitted; the result cards)", parts: [{ id: "offer-card", count: 4 }] },
  checkout: {
    name: "checkout → the confirmation sheet (its title and rows)",
    parts: [
      { id: "bench-sheet-title", count: 1 },
      { id: "bench-sheet-row", count: 2 },
    ],
  },
} satisfies Record<string, Journey>;

type JourneyKey = keyof typeof JOURNEYS;

interface TapSample {
  time: number;
  bare: number;
  worst: { duration: number; name: string };
  bareWorst: number;
}

class Phone {
  constructor(
    readonly page: Page,
    readonly cdp: CDPSession,
  ) {}

  /**
   * Where a finger taps the first (or `nth`) visible element matching `selector`: its centre, scrolled into view
   * first (before the tap is armed, so the scroll's newly visible elements are the old screen's).
   */
  async aim(selector: string, nth = 0): Promise<{ x: number; y: number }> {
    const locator = this.page.locator(selector).locator("visible=true").nth(nth);
    await locator.scrollIntoViewIfNeeded({ timeout: STEP_TIMEOUT_MS });
    const box = await locator.boundingBox({ timeout: STEP_TIMEOUT_MS });
    if (!box) throw new Error(`${selector} has no box to tap`);
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }

  /** A finger's tap: touchStart, and touchEnd 80 ms later. */
  async touch(point: { x: number; y: number }): Promise<void> {
    await this.cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point] });
    await new Promise((resolve) => setTimeout(resolve, 80));
    await this.cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  }

  async tap(selector: string): Promise<void> {
    await this.touch(await this.aim(selector));
  }

  /** Waits until the page is quiet: no request for half a second (or 10 s passed). */
  async settle(): Promise<void> {
    await this.page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);
  }

  async visible(selector: string): Promise<void> {
    await this.page.locator(selector).locator("visible=true").first().waitFor({ timeout: STEP_TIMEOUT_MS });
    await this.settle();
  }

  /**
   * Arms the page, makes the tap (`act`), waits for the next screen's parts, and gives the tap's time
   * and its worst interaction.
   */
  async measure(parts: TapPart[], act: () => Promise<void>): Promise<{ time: number; worst: { duration: number; name: string } }> {
    await this.page.evaluate(`window.__taps.arm(${JSON.stringify(parts)})`);
    await act();
    await this.page
      .waitForFunction(() => (window as unknown as { __taps: { journey: { done: boolean } } }).__taps.journey.done, undefined, { polling: 100, timeout: STEP_TIMEOUT_MS })
      .catch(() => undefined);
    // Event Timing reports an event after the frame it caused is painted: give it a moment.
    await this.page.waitForTimeout(300);
    const record = (await this.page.evaluate(`window.__taps.read(${JSON.stringify(parts.map((part) => part.id))})`)) as TapRecord;
    const time = tapTime(parts, record);
    if (time === null) throw new Error(`the next screen's content never came: ${whyUnmeasured(parts, record)}`);
    return { time, worst: worstInteraction(record.events) };
  }

  /** The floor: a tap on a link to `/__bare` that goes through the router, then back to where it was (`back` visible again). */
  async bare(back: string): Promise<{ time: number; worst: number }> {
    await this.page.evaluate(() => {
      const link = document.createElement("a");
      link.href = "/__bare";
      link.id = "bench-bare-link";
      link.textContent = "bare";
      link.style.cssText = "position:fixed;right:0;bottom:0;width:56px;height:56px;z-index:2147483647;background:#fff;opacity:0.01";
      link.addEventListener("click", (event) => {
        event.preventDefault();
        link.remove();
        void (window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } }).__remixRouter.navigate("/__bare");
      });
      document.body.append(link);
    });
    const point = await this.aim("#bench-bare-link");
    const measured = await this.measure(BARE, () => this.touch(point));
    await this.settle();
    await this.page.evaluate("history.back()");
    await this.visible(back);
    return { time: measured.time, worst: measured.worst.duration };
  }

  /** A set-up step through the router (not measured). */
  async go(path: string, ready: string): Promise<void> {
    await this.page.evaluate((to) => void (window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } }).__remixRouter.navigate(to), path);
    await this.visible(ready);
  }
}

/** One round: a fresh member session on a phone, every journey once, each after its floor. */
async function round(context: BrowserContext, origin: string, samples: Map<JourneyKey, TapSample[]>, drags: { latencies: number[]; worst: number[]; bare: number[] }) {
  await context.addInitScript({ content: `(${TAP_INIT})();` });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 5 });
  await throttle(cdp);
  const phone = new Phone(page, cdp);
  const homeCards = '[elementtiming="offer-card"]';
  const walletCards = '[elementtiming="wallet-card"]';
  const offerPrice = '[elementtiming="offer-price"]';
  await page.goto(`${origin}/index`, { waitUntil: "load", timeout: 60_000 });
  // A member who taps the first offer they see, as soon as home's cards are drawn: its pictures still
  // coming, the offer's code not yet fetched ahead. Its floor is the round's, measured after it.
  await page.locator(homeCards).locator("visible=true").first().waitFor({ timeout: STEP_TIMEOUT_MS });
  // The second card: the tap on a still home below opens the first, whose pictures are then not yet in the cache.
  const earlyPoint = await phone.aim(".offer-card", 1);
  const early = await phone
    .measure(JOURNEYS.offerEarly.parts, () => phone.touch(earlyPoint))
    .catch((error: unknown) => {
      throw new Error(`${JOURNEYS.offerEarly.name}, the tap: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
    });
  await phone.visible(offerPrice);
  await page.evaluate("history.back()");
  await phone.visible(homeCards);
  // The floor: the document's first client navigation to the bare route (its module and the route's
  // manifest fetched, as every first tap to a screen fetches them); the bare route has no loader and
  // the root does not revalidate on a navigation, so a second one would fetch nothing at all.
  const floor = await phone.bare(homeCards);
  samples.get("offerEarly")!.push({ time: early.time, bare: floor.time, worst: early.worst, bareWorst: floor.worst });

  /** A journey: the tap on `target` (or `act`), `before` run after arming and before the tap. */
  const record = async (key: JourneyKey, target: string | (() => Promise<void>), before?: () => Promise<void>) => {
    const step = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
      try {
        return await run();
      } catch (error) {
        throw new Error(`${JOURNEYS[key].name}, ${what}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
      }
    };
    const point = typeof target === "string" ? await step(`aiming at ${target}`, () => phone.aim(target)) : null;
    const tap = await step("the tap", () =>
      phone.measure(JOURNEYS[key].parts, async () => {
        await before?.();
        if (point) await phone.touch(point);
        else if (typeof target !== "string") await target();
      }),
    );
    samples.get(key)!.push({ time: tap.time, bare: floor.time, worst: tap.worst, bareWorst: floor.worst });
  };
  const systemBack = async () => {
    await page.evaluate("window.__taps.backNow()");
  };

  await record("offer", ".offer-card");
  await phone.visible(offerPrice);
  // The offer has no header (only the titled screens do): its back is the system's, or the wallet's
  // button handed to the page, which goes through the same useGoBack as the header's arrow.
  await record("offerBack", systemBack);
  await phone.visible(homeCards);
  await record("myCoupons", 'a[href="/mycoupon"]');
  await phone.visible(walletCards);
  await record("order", ".wallet-card__head");
  await phone.visible('[elementtiming="order-title"]');
  await record("orderBack", systemBack);
  await phone.visible(walletCards);
  await record("couponsBack", 'button[aria-label="Back"]');
  await phone.visible(homeCards);
  await record("flashSale", 'a.shortcut[href="/flashSale"]');
  await phone.visible('[elementtiming="promo-item"]');
  await systemBack();
  await phone.visible(homeCards);
  await phone.tap('a[href="/mycoupon"]');
  await phone.visible(walletCards);
  await record("tab", '[role="tab"][aria-selected="false"]');
  await phone.visible(walletCards);

  await phone.go("/search", 'input[type="search"]');
  // The word is typed after the tap is armed, the submit button aimed at before: typing moves nothing.
  // Typed key by key, 100 ms apart, and the button tapped at once: a member who does not pause, so
  // the screen has asked ahead only for the first letter's results (routes/search.tsx, `useSearch`).
  await record("search", ".search-bar__submit", () => page.locator('input[type="search"]').pressSequentially(SEARCH_WORD, { delay: 100 }));
  await phone.settle();

  await phone.go(`/coupon_details/${SLIDER_OFFER}`, offerPrice);
  const drag = await dragSlider(phone);
  drags.latencies.push(...drag.latencies);
  drags.worst.push(drag.worst);
  drags.bare.push(floor.time);
  await phone.settle();
  await record("checkout", '[elementtiming="offer-checkout"]');
}

/** A finger dragged across the mCoin slider: each update's latency, and the drag's worst interaction. */
async function dragSlider(phone: Phone): Promise<{ latencies: number[]; worst: number }> {
  const slider = phone.page.locator('[role="slider"]').first();
  await slider.scrollIntoViewIfNeeded({ timeout: STEP_TIMEOUT_MS });
  const box = await slider.boundingBox();
  if (!box) throw new Error("the offer has no slider");
  await phone.page.evaluate("window.__taps.armDrag('.offer-buy__mcoin')");
  const y = box.y + box.height / 2;
  const steps = 24;
  await phone.cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: box.x + 2, y }] });
  for (let step = 1; step <= steps; step++) {
    await new Promise((resolve) => setTimeout(resolve, 16));
    await phone.cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: box.x + 2 + ((box.width - 4) * step) / steps, y }] });
  }
  await phone.cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await phone.page.waitForTimeout(500);
  const { frames, events } = (await phone.page.evaluate("window.__taps.readDrag()")) as { frames: DragFrame[]; events: TapRecord["events"] };
  if (frames.length === 0) throw new Error("the slider's value never changed under the finger");
  return { latencies: dragLatencies(frames), worst: worstInteraction(events).duration };
}

export async function tapsBench(): Promise<BenchResult[]> {
  const stack = await startMemberStack();
  const browser = await launchBenchChromium();
  const loadBefore = loadavg()[0];
  const samples = new Map<JourneyKey, TapSample[]>((Object.keys(JOURNEYS) as JourneyKey[]).map((key) => [key, []]));
  const drags = { latencies: [] as number[], worst: [] as number[], bare: [] as number[] };
  const failures: string[] = [];
  try {
    for (let index = 0; index < ROUNDS; index++) {
      process.stderr.write(`  taps: round ${index + 1} of ${ROUNDS}\n`);
      let context: BrowserContext | null = null;
      try {
        context = await memberContext(browser, stack.origin, await stack.signIn(), VIEWPORT);
        await round(context, stack.origin, samples, drags);
      } catch (error) {
        // A round that broke off (a step that never came on a busy machine) keeps the taps it made.
        failures.push(`round ${index + 1}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
        process.stderr.write(`  taps: ${failures.at(-1)}\n`);
      } finally {
        await context?.close();
      }
    }
  } finally {
    await browser.close();
    await stack.close();
  }
  return report(samples, drags, failures, machineLoad(loadBefore, loadavg()[0]));
}

function report(samples: Map<JourneyKey, TapSample[]>, drags: { latencies: number[]; worst: number[]; bare: number[] }, failures: string[], load: string): BenchResult[] {
  const results: BenchResult[] = [];
  const allBare = [...[...samples.values()].flat().map((sample) => sample.bare), ...drags.bare];
  const bare = summarise(allBare);
  const method = `throttled (150 ms a request, 1.6 Mbit/s, CPU 4×), a 390×844 phone with touch, mpay-1003; ${load}; rounds broken off: ${failures.length === 0 ? "none" : failures.join("; ")}`;
  results.push({
    name: "taps: a client navigation to the bare route (the floor)",
    measured: `a tap on a link to /__bare through the router, from each tap's starting screen, before the tap: ${describeSummary(bare)}; ${method}`,
    value: bare.median,
    display: `${ms(bare.median)} (p10–p90 ${Math.round(bare.p10)}–${ms(bare.p90)})`,
    target: "reported (the taps' baseline)",
    pass: true,
  });
  for (const [key, journey] of Object.entries(JOURNEYS) as [JourneyKey, Journey][]) {
    const list = samples.get(key)!;
    const target = journey.keptAlive ? `≤ ${TAP_TARGETS.keptAliveMs} ms after the tap (a kept-alive screen)` : `≤ ${TAP_TARGETS.ratio}× the bare navigation`;
    if (list.length === 0) {
      results.push({ name: `taps: ${journey.name}`, measured: `not measured: ${failures.join("; ") || "no round reached it"}`, value: Number.NaN, display: "not measured", target, pass: false });
      continue;
    }
    const times = summarise(list.map((sample) => sample.time));
    const ratios = pairedRatios(
      list.map((sample) => sample.time),
      list.map((sample) => sample.bare),
    );
    const ratioValue = median(ratios);
    const floor = median(list.map((sample) => sample.bare));
    const pass = journey.keptAlive ? times.median <= TAP_TARGETS.keptAliveMs : ratioValue <= TAP_TARGETS.ratio;
    results.push({
      name: `taps: ${journey.name}`,
      measured: `from the tap (the click's time) to the next screen's ${journey.parts.map((part) => `${part.id} ×${part.count}`).join(", ")} painted: ${describeSummary(times)}; each round ${list.map((sample) => Math.round(sample.time)).join(", ")} ms, the bare navigations beside them ${list.map((sample) => Math.round(sample.bare)).join(", ")} ms: ratio ${ratioWithSpread(ratios)}`,
      value: times.median,
      display: `${ms(times.median)} (p10–p90 ${Math.round(times.p10)}–${ms(times.p90)}; ${ratioWithSpread(ratios)} the floor)`,
      baseline: { name: "bare navigation", value: floor, display: ms(floor) },
      ratio: ratioValue,
      target,
      pass,
    });
    const worst = summarise(list.map((sample) => sample.worst.duration));
    const names = [...new Set(list.map((sample) => sample.worst.name))].join(", ");
    results.push({
      name: `taps: ${journey.name}, worst interaction`,
      measured: `Event Timing's longest interaction of the journey (INP as Chromium takes it; ${names}): ${describeSummary(worst)}; the bare navigation's ${ms(median(list.map((sample) => sample.bareWorst)))}`,
      value: worst.median,
      display: `${ms(worst.median)} (p10–p90 ${Math.round(worst.p10)}–${ms(worst.p90)})`,
      target: `< ${TAP_TARGETS.interactionMs} ms`,
      pass: worst.median < TAP_TARGETS.interactionMs,
    });
  }
  if (drags.latencies.length === 0) {
    results.push({
      name: "taps: the mCoin slider dragged",
      measured: `not measured: ${failures.join("; ")}`,
      value: Number.NaN,
      display: "not measured",
      target: `each update < ${TAP_TARGETS.interactionMs} ms`,
      pass: false,
    });
  } else {
    const updates = summarise(drags.latencies);
    const worst = summarise(drags.worst);
    const slowest = Math.max(...drags.latencies);
    results.push(
      {
        name: "taps: the mCoin slider dragged, each frame's update",
        measured: `a finger dragged across the slider (24 moves, 16 ms apart), ${drags.worst.length} drags: from the move that asked for each new value to the end of the frame showing it, ${updates.count} updates: ${describeSummary({ ...updates, count: drags.worst.length })}, the slowest ${ms(slowest)}; the bare navigation beside each drag ${ms(median(drags.bare))}`,
        value: updates.p90,
        display: `p90 ${ms(updates.p90)} (median ${ms(updates.median)}, slowest ${ms(slowest)})`,
        target: `p90 < ${TAP_TARGETS.interactionMs} ms`,
        pass: updates.p90 < TAP_TARGETS.interactionMs,
      },
      {
        name: "taps: the mCoin slider dragged, worst interaction",
        measured: `Event Timing's longest interaction of the drag (its pointerdown, pointerup, touchstart, touchend): ${describeSummary(worst)}`,
        value: worst.median,
        display: `${ms(worst.median)} (p10–p90 ${Math.round(worst.p10)}–${ms(worst.p90)})`,
        target: `< ${TAP_TARGETS.interactionMs} ms`,
        pass: worst.median < TAP_TARGETS.interactionMs,
      },
    );
  }
  return results;
}
