/**
 * The mall under a minute of mixed load: 50 members at a time, for 60 s, on the production build
 * with the sandbox in a process of its own (as `npm start` runs them), out of 150 members the sandbox
 * adds for the run (POST /__sandbox/members, with their mCoin). Each member's phone does one thing at
 * a time, as a member does. The first time, the member opens the mall from the wallet: signed in the
 * wallet's way (the sandbox's sign-in page, the login code on the mall's URL, home), as part of the
 * load (a wallet's launches are part of a mall's traffic). Then, picked at random:
 *
 * - a screen (half the time): home opened afresh, an offer, my coupons, the order list, one of their
 *   orders, the points ledger, or a search (the search screen, the search, its results); a quarter of
 *   them opened as a document (the webview's first page), the rest as the client navigates (`.data`);
 * - a checkout (30 %): the offer's screen, then its checkout form with the pieces and mCoin the
 *   screen allows (core/money/purchase.ts, as the page's slider; mostly its default, as much mCoin as
 *   allowed), then the wallet's cashier (the sandbox's stand-in, as the simulated host's cashier
 *   calls it) and the order's status, as the page asks; some members leave the cashier (the order is
 *   cancelled) or close the app before it (the order stays unpaid until its window closes);
 * - a refund (10 %, when they have a paid coupon) of one of their paid coupons: its order, the refund
 *   form, the refund, the refund order it lands on;
 * - the daily check-in (10 %): its screen, and checking in.
 * A screen that does not let the member buy (sold out, their limit reached, not enough mCoin) or check
 * in (done today) is mostly left alone; a quarter of the time the member taps anyway, as from a screen
 * opened before (a race with other buyers, another device): the mall must refuse it as the business
 * refusal it is. One offer is left with 20 pieces (SCARCE), so it sells out under the load.
 *
 * Reported: errors, that is every reply that is neither what the screen expects nor an expected
 * business refusal (SOLD_OUT, OUT_OF_STOCK, LIMIT_REACHED and INSUFFICIENT_MCOIN for a checkout,
 * ALREADY_CHECKED_IN for a check-in, EARNING_SPENT for a refund whose earning the member has spent;
 * counted apart, by reason): any 5xx, 429, timeout, dropped
 * connection, redirect to sign-in, other refusal or unsettled payment (target: 0); requests served,
 * with their p50 and p99 latency (for information); the mall's resident memory, sampled every 250 ms
 * (target: flat, see RSS_GROWTH_LIMIT); and every member's books afterwards, audited through
 * GET /__sandbox/state against the state before the load (sandbox/domain/audit.ts), with the sandbox
 * clock moved past every payment window and refund's processing, and against what the mall confirmed
 * (target: balanced).
 */
import { decode } from "turbo-stream";
import { Pool } from "undici";
import type { OfferDetail, Order, ShopRefusal } from "#core/api/shop-endpoints";
import { PAYMENT_TYPES, REFUND_REASONS } from "#core/api/shop-endpoints";
import { newIdempotencyKey } from "../app/lib/idempotency-key";
import { maxPieces, mcoinRange, snapMcoin } from "#core/money/purchase";
import { refundTerms, type RefundableOrder } from "#core/money/refund";
import { auditMoney, type MoneyView } from "../sandbox/domain/audit";
import { PAYMENT_WINDOW_MS, REFUND_PROCESSING_MS } from "../sandbox/domain/order-book";
import { cpuSeconds, freePort, rssBytes, startMall, startSandboxProcess, type BenchMall, type BenchSandbox, type StartMallOptions } from "./mall";
import type { BenchResult } from "./report";
import { percentile, type Timing } from "./usual-time";
import { createControlClient } from "#core/controls/client";
import * as controls from "#core/controls/declarations";

export const CONNECTIONS = 50;
export const DURATION_MS = 60_000;
export const MEMBERS = 150;
/** What the added members start with, in turn: most can buy anything; some cannot afford offers with an mCoin minimum. */
export const STARTING_MCOIN = [5_000, 5_000, 2_000, 300, 0];
/**
 * Offers the members buy: coupons and vouchers on sale all through the run (sandbox fixtures). 7: any
 * share in mCoin; 12: 2 per member (limits reached); 53: mCoin only (settled at once, or not
 * affordable); 1: at least 500 mCoin a piece (not affordable for some); 9: a third-party voucher;
 * 13, 3: more of the catalog; 19: left with SCARCE.stock pieces, so it sells out during the run.
 */
export const OFFERS = [7, 12, 53, 1, 9, 13, 3, 19];
export const SCARCE = { offerId: 19, stock: 20 };
/** How often a member taps a button their screen does not offer (a screen opened before). */
export const STALE_TAP = 0.25;
/** At the cashier: close the app before it (the order stays unpaid), or leave it (the order is cancelled). */
export const CLOSE_APP = 0.05;
export const LEAVE_CASHIER = 0.1;
const DOCUMENT_SHARE = 0.25;
/** The mall's session cookie (app/server/cookies.server.ts). */
const SESSION_COOKIE = "__mcoin_session";
/** The refusals a tap may meet and the mall answers in place; anything else is an error. */
export const EXPECTED_REFUSALS: Record<"checkout" | "check-in" | "refund", ReadonlySet<ShopRefusal>> = {
  checkout: new Set(["SOLD_OUT", "OUT_OF_STOCK", "LIMIT_REACHED", "INSUFFICIENT_MCOIN"]),
  "check-in": new Set(["ALREADY_CHECKED_IN"]),
  refund: new Set(["EARNING_SPENT"]),
};
const RSS_SAMPLE_MS = 250;
/**
 * Memory is "flat" when the mall's RSS at the end is at most 1.5 times its RSS after warm-up. Both
 * are medians of the samples over a stretch of the load measured in requests served, not seconds (a
 * busy machine serves little in the first seconds, and every member's sign-in comes first): warm-up is
 * the first 40 % of the requests (by then every member has signed in, every path has run many times,
 * the heap has grown to what 50 requests at once need), after it is while the next fifth was served,
 * and the end is while the last fifth was. Medians smooth the garbage collector's saw-tooth. Runs of
 * three minutes show the RSS level off at about 1.1× its value after warm-up; a leak of the order of
 * 100 KiB a request (a reply, a rendered page or a session kept per request) would pass 1.5× within
 * the minute, and the growth per request between the two stretches is reported beside it.
 */
const RSS_GROWTH_LIMIT = 1.5;
const WARM_WINDOW = [0.4, 0.6] as const;
const END_WINDOW = [0.8, 1] as const;

/** A member's phone: their session cookie as the browser keeps it (none until they open the mall), and what they know of their orders. */
interface Phone {
  openId: string;
  cookies: Map<string, string>;
  /** Their orders the mall confirmed, for the order screens. */
  orders: Order[];
  /** Paid coupon orders not yet refunded. */
  refundable: Order[];
}

type Outcome = "ok" | "refused" | "error";

interface Reply {
  status: number;
  outcome: Outcome;
  /** The decoded body: a route's `.data` (single fetch), a resource's JSON, or the text of a document. */
  value: any;
}

/** What the load did and met. */
export class Tally {
  requests = 0;
  timings: Timing[] = [];
  steps = new Map<string, number>();
  refusals = new Map<string, number>();
  errors = new Map<string, { count: number; example: string }>();
  placed = 0;
  paid = 0;
  cancelled = 0;
  leftUnpaid = 0;
  refunds = 0;
  checkIns = 0;
  signIns = 0;
  /** Requests to the wallet's side (the sandbox's sign-in page and cashier), not the mall's. */
  walletRequests = 0;

  step(name: string) {
    this.steps.set(name, (this.steps.get(name) ?? 0) + 1);
  }

  refusal(what: string, reason: string) {
    const key = `${what} ${reason}`;
    this.refusals.set(key, (this.refusals.get(key) ?? 0) + 1);
  }

  error(label: string, example: string) {
    const known = this.errors.get(label);
    if (known) known.count += 1;
    else this.errors.set(label, { count: 1, example: example.slice(0, 300) });
  }

  get errorCount() {
    return [...this.errors.values()].reduce((sum, error) => sum + error.count, 0);
  }

  get refusalCount() {
    return [...this.refusals.values()].reduce((sum, count) => sum + count, 0);
  }
}

function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

export const chance = (p: number) => Math.random() < p;
export const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];
export const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

/** A route's data path, as the client navigates: `/search?x=1` → `/search.data?x=1`. */
function dataPath(path: string): string {
  const [pathname, query] = path.split("?", 2);
  return `${pathname}.data${query === undefined ? "" : `?${query}`}`;
}

/** The screen of an order (a third-party voucher has its own), as the mall links to it. */
const orderScreen = (order: Pick<Order, "id" | "paymentType">) => (order.paymentType === PAYMENT_TYPES.thirdParty ? `/other_order_details/${order.id}` : `/order_details/${order.id}`);

/** The mall as members' phones reach it, and the sandbox's stand-ins for the wallet's sign-in and cashier. */
class Members {
  private readonly mallPool: Pool;
  private readonly walletPool: Pool;
  private readonly walletOrigin: string;

  constructor(
    private readonly mall: BenchMall,
    sandbox: BenchSandbox,
    readonly tally: Tally,
  ) {
    this.walletOrigin = new URL(sandbox.url).origin;
    // A reply that takes a minute is an error; slower than that only a machine far busier than this load makes it.
    const options = { connections: CONNECTIONS, headersTimeout: 60_000, bodyTimeout: 60_000, keepAliveTimeout: 10_000 };
    this.mallPool = new Pool(mall.base, options);
    this.walletPool = new Pool(sandbox.url, options);
  }

  async close() {
    await Promise.all([this.mallPool.close(), this.walletPool.close()]);
  }

  /**
   * One request of a phone to the mall, judged: `ok` statuses are what the screen expects; a 409 with
   * a refusal in `refusals` is an expected business refusal; anything else is an error.
   */
  async send(
    phone: Phone,
    what: string,
    path: string,
    options: { form?: Record<string, string | number>; ok?: number[]; refusals?: ReadonlySet<ShopRefusal>; document?: boolean } = {},
  ): Promise<Reply> {
    const { form, ok = [200], refusals, document = false } = options;
    const headers: Record<string, string> = { cookie: [...phone.cookies].map(([name, value]) => `${name}=${value}`).join("; ") };
    if (document) headers.accept = "text/html";
    if (form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      headers.origin = this.mall.base;
    }
    const sent = performance.now();
    let status = 0;
    let value: any = null;
    try {
      const response = await this.mallPool.request({
        path,
        method: form ? "POST" : "GET",
        headers,
        body: form ? new URLSearchParams(Object.entries(form).map(([name, field]) => [name, String(field)])).toString() : undefined,
      });
      status = response.statusCode;
      keepCookies(phone, response.headers["set-cookie"]);
      const type = String(response.headers["content-type"] ?? "");
      const text = await response.body.text();
      if (type.startsWith("text/x-script")) {
        const decoded = await decode(new Response(text).body!);
        await decoded.done;
        value = decoded.value;
      } else if (type.startsWith("application/json")) {
        value = JSON.parse(text);
      } else {
        value = text;
      }
    } catch (error) {
      this.tally.error(`${what}: ${(error as { code?: string }).code ?? (error as Error).name}`, `${path}: ${(error as Error).message}`);
      return { status, outcome: "error", value };
    } finally {
      this.tally.requests += 1;
      this.tally.timings.push({ what, sent, ms: performance.now() - sent });
    }
    if (ok.includes(status)) return { status, outcome: "ok", value };
    const reason = value?.data?.reason as ShopRefusal | undefined;
    if (status === 409 && reason && refusals?.has(reason)) {
      this.tally.refusal(what, reason);
      return { status, outcome: "refused", value };
    }
    this.tally.error(`${what}: HTTP ${status}${reason ? ` ${reason}` : ""}`, `${path}: ${typeof value === "string" ? value : JSON.stringify(value)}`);
    return { status, outcome: "error", value };
  }

  /** A screen: as a document (the webview opening it) or as the client navigates to it. */
  screen(phone: Phone, what: string, path: string, document = chance(DOCUMENT_SHARE)): Promise<Reply> {
    return this.send(phone, what, document ? path : dataPath(path), { document });
  }

  /**
   * A post to the wallet's side (the sandbox) from a page of `origin`: its status, Location and JSON
   * body, or null after an error counted as `what`.
   */
  private async wallet(what: string, path: string, origin: string, contentType: string, body: string): Promise<{ status: number; location: string | undefined; json: any } | null> {
    this.tally.walletRequests += 1;
    try {
      const response = await this.walletPool.request({ path, method: "POST", headers: { "content-type": contentType, origin }, body });
      const text = await response.body.text();
      return { status: response.statusCode, location: response.headers.location as string | undefined, json: contentType === "application/json" ? JSON.parse(text) : null };
    } catch (error) {
      this.tally.error(`${what}: ${(error as { code?: string }).code ?? (error as Error).name}`, `${path}: ${(error as Error).message}`);
      return null;
    }
  }

  /**
   * The member opens the mall from the wallet: the wallet's sign-in (the sandbox's page) sends them to
   * the mall with a login code, the mall signs them in and sends them home. Whether they are in.
   */
  async signIn(phone: Phone): Promise<boolean> {
    const form = new URLSearchParams({ openId: phone.openId, redirect_uri: `${this.mall.base}/index`, state: "" });
    const authorized = await this.wallet("wallet sign-in", "/oauth/authorize", this.walletOrigin, "application/x-www-form-urlencoded", form.toString());
    if (!authorized) return false;
    const landing = authorized.location ? new URL(authorized.location) : null;
    if (authorized.status !== 302 || landing?.origin !== this.mall.base) {
      this.tally.error(`wallet sign-in: HTTP ${authorized.status}`, String(authorized.location));
      return false;
    }
    const entered = await this.send(phone, "sign-in", `${landing.pathname}${landing.search}`, { ok: [302], document: true });
    if (entered.outcome !== "ok" || !phone.cookies.has(SESSION_COOKIE)) {
      if (entered.outcome === "ok") this.tally.error("sign-in: no session cookie", `${landing.pathname}: HTTP ${entered.status}`);
      return false;
    }
    const home = await this.screen(phone, "home", "/index", true);
    if (home.outcome !== "ok") return false;
    this.tally.signIns += 1;
    return true;
  }

  /** The simulated host's cashier paying: the sandbox's stand-in for the wallet settles server to server. */
  async pay(order: Order): Promise<boolean> {
    const body = JSON.stringify({ orderNo: order.orderNo, amountCents: order.cashCents, outcome: "paid", delayMs: 0 });
    const paid = await this.wallet("wallet pay", "/__wallet/pay", this.mall.base, "application/json", body);
    if (!paid) return false;
    if (paid.status === 200 && paid.json?.accepted === true) return true;
    this.tally.error(`wallet pay: HTTP ${paid.status}`, JSON.stringify(paid.json));
    return false;
  }
}

/** The browser's cookie jar, for the one site: Set-Cookie replaces a cookie, an expired one goes. */
function keepCookies(phone: Phone, setCookie: string | string[] | undefined): void {
  for (const line of ([] as string[]).concat(setCookie ?? [])) {
    const [pair, ...attributes] = line.split(";");
    const at = pair.indexOf("=");
    const name = pair.slice(0, at).trim();
    const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute) || (/^\s*expires=/i.test(attribute) && Date.parse(attribute.split("=")[1]) < Date.now()));
    if (expired) phone.cookies.delete(name);
    else phone.cookies.set(name, pair.slice(at + 1).trim());
  }
}

// --- what a member does ------------------------------------------------------------------------------

async function browse(members: Members, phone: Phone): Promise<void> {
  const screens: (() => Promise<unknown>)[] = [
    () => members.screen(phone, "home", "/index", true),
    () => members.screen(phone, "offer", `/coupon_details/${pick(OFFERS)}`),
    () => members.screen(phone, "my coupons", "/mycoupon?view=coupons&tab=unused"),
    () => members.screen(phone, "order list", "/myOrder?tab=all"),
    () => (phone.orders.length > 0 ? members.screen(phone, "order", orderScreen(pick(phone.orders))) : members.screen(phone, "order list", "/myOrder?tab=all")),
    () => members.screen(phone, "points", "/mcoin_integral"),
    async () => {
      const screen = await members.screen(phone, "search", "/search", false);
      const popular = screen.value?.search?.data?.popular as string[] | undefined;
      if (screen.outcome !== "ok" || !popular?.length) return;
      const search = await members.send(phone, "search", "/search.data", { form: { intent: "search", keyword: pick(popular) }, ok: [202] });
      const results = search.value?.redirect as string | undefined;
      if (search.outcome === "ok" && results) await members.screen(phone, "search results", results, false);
    },
  ];
  await pick(screens)();
}

async function checkout(members: Members, phone: Phone): Promise<void> {
  const { tally } = members;
  const offerId = pick(OFFERS);
  const path = `/coupon_details/${offerId}`;
  const screen = await members.screen(phone, "offer", path, false);
  const loaded = screen.value?.couponDetails?.data as { offer: OfferDetail; balance: number | null } | undefined;
  if (screen.outcome !== "ok" || !loaded) return;
  const { offer, balance } = loaded;
  const piecesLeft = maxPieces({ stock: offer.stock, limitPerMember: offer.limitPerMember, bought: offer.boughtByMember ?? 0 });
  const quantity = Math.max(1, Math.min(piecesLeft, chance(0.3) ? 2 : 1));
  const range = mcoinRange({ priceCents: offer.priceCents, mcoinPrice: offer.mcoinPrice, mcoin: offer.mcoin }, quantity, balance ?? 0);
  const offered = offer.availability === "available" && piecesLeft > 0 && range.ok;
  if (!offered && !chance(STALE_TAP)) return;
  // The slider starts at as much mCoin as allowed; some members slide it somewhere else.
  const mcoinUsed = range.ok ? snapMcoin(range, chance(0.6) ? range.max : range.min + Math.random() * (range.max - range.min)) : range.min;
  const placed = await members.send(phone, "checkout", dataPath(path), {
    form: { intent: "checkout", quantity, mcoinUsed, idempotencyKey: newIdempotencyKey() },
    refusals: EXPECTED_REFUSALS.checkout,
  });
  const order = placed.value?.data?.order as Order | undefined;
  if (placed.outcome !== "ok" || !order) return;
  tally.placed += 1;
  phone.orders.push(order);

  if (order.status === "awaiting_payment") {
    if (chance(CLOSE_APP)) {
      tally.leftUnpaid += 1;
      return;
    }
    if (chance(LEAVE_CASHIER)) {
      const cancel = await members.send(phone, "cancel", "/resources/order", { form: { intent: "cancel", orderId: order.id, idempotencyKey: newIdempotencyKey() } });
      if (cancel.outcome === "ok") tally.cancelled += 1;
      return;
    }
    if (!(await members.pay(order))) return;
    // The result comes from the gateway, never from the cashier alone.
    const status = await members.send(phone, "order status", `/resources/order-status?orderId=${order.id}&isRefresh=1`);
    const settled = status.value?.order as Order | undefined;
    if (status.outcome !== "ok" || !settled) return;
    if (settled.status !== "received") {
      tally.error("order status: not settled after the wallet paid", JSON.stringify({ id: order.id, status: settled.status }));
      return;
    }
    Object.assign(order, settled);
  }
  tally.paid += 1;
  if (order.status === "received") phone.refundable.push(order);
  // The page refreshes what it shows: the offer's stock, the balance.
  await members.screen(phone, "offer", path, false);
}

async function refund(members: Members, phone: Phone): Promise<void> {
  const order = phone.refundable.shift();
  if (!order) return;
  const path = `/refund_application/${order.id}`;
  await members.screen(phone, "order", orderScreen(order), false);
  const form = await members.screen(phone, "refund form", path, false);
  const loaded = form.value?.refundApplication?.data as { order: RefundableOrder; balance: number; idempotencyKey: string } | undefined;
  if (form.outcome !== "ok" || !loaded?.idempotencyKey) return;
  // The form says when the member has spent the mCoin the order earned and cannot give them back (the
  // button is disabled): mostly they leave it for later, and now and then tap from a stale screen.
  if (refundTerms(loaded.order, loaded.balance).shortfall > 0 && !chance(STALE_TAP)) {
    phone.refundable.push(order);
    return;
  }
  const reason = pick(REFUND_REASONS);
  const asked = await members.send(phone, "refund", dataPath(path), {
    form: { intent: "refund", reason, remarks: reason === "other" ? "changed my plans" : "", confirmed: "1", idempotencyKey: loaded.idempotencyKey },
    ok: [202],
    refusals: EXPECTED_REFUSALS.refund,
  });
  if (asked.outcome !== "ok") return;
  members.tally.refunds += 1;
  await members.screen(phone, "refund order", String(asked.value?.redirect ?? path), false);
}

async function checkIn(members: Members, phone: Phone): Promise<void> {
  const screen = await members.screen(phone, "check-in screen", "/checkIn", false);
  const loaded = screen.value?.checkIn?.data as { status: { checkedInToday: boolean }; idempotencyKey: string } | undefined;
  if (screen.outcome !== "ok" || !loaded) return;
  if (loaded.status.checkedInToday && !chance(STALE_TAP)) return;
  const done = await members.send(phone, "check-in", "/checkIn.data", { form: { intent: "check-in", idempotencyKey: loaded.idempotencyKey }, refusals: EXPECTED_REFUSALS["check-in"] });
  if (done.outcome === "ok") members.tally.checkIns += 1;
}

interface Step {
  name: string;
  weight: number;
  /** Whether the member can do it now (a refund needs a paid coupon). */
  can?: (phone: Phone) => boolean;
  run: (members: Members, phone: Phone) => Promise<void>;
}

const MIX: Step[] = [
  { name: "screen", weight: 50, run: browse },
  { name: "checkout", weight: 30, run: checkout },
  { name: "refund", weight: 10, can: (phone) => phone.refundable.length > 0, run: refund },
  { name: "check-in", weight: 10, run: checkIn },
];

/** What the member does next, by the weights of what they can do. */
function nextStep(phone: Phone): Step {
  const open = MIX.filter((step) => step.can?.(phone) ?? true);
  let roll = Math.random() * open.reduce((sum, step) => sum + step.weight, 0);
  for (const step of open) if ((roll -= step.weight) < 0) return step;
  return open[0];
}

// --- the run -----------------------------------------------------------------------------------------

/** The bench sandbox's controls, through the one typed client. */
const controlsOf = (sandbox: BenchSandbox) => createControlClient({ baseUrl: sandbox.url });

/** Runs `work` over `items`, `width` at a time. */
export async function inParallel<T>(items: readonly T[], width: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: width }, lane));
}

interface RssSample {
  /** Requests served when it was taken. */
  served: number;
  mall: number;
  sandbox: number;
}

/** The median of the mall's RSS while the load served the share [from, to] of its requests (the nearest sample when none fell in it). */
function rssWhile(samples: readonly RssSample[], total: number, [from, to]: readonly [number, number]): number {
  const within = samples.filter((sample) => sample.served >= from * total && sample.served <= to * total);
  if (within.length > 0) return median(within.map((sample) => sample.mall));
  return [...samples].sort((a, b) => Math.abs(a.served - from * total) - Math.abs(b.served - from * total))[0].mall;
}

/** The audit of the books, and what the gateway holds against what the mall confirmed. */
export function balanced(before: MoneyView, after: MoneyView, tally: Tally): { problems: string[]; members: number; orders: number; entries: number } {
  const problems = auditMoney(after, before);
  const known = new Set(before.orders.map((order) => order.id));
  const added = after.orders.filter((order) => !known.has(order.id));
  const count = (status: Order["status"]) => added.filter((order) => order.status === status).length;
  const checkIns = Object.entries(after.accounts).reduce(
    (sum, [openId, { ledger }]) => sum + ledger.slice(before.accounts[openId]?.ledger.length ?? 0).filter((entry) => entry.type === "check_in").length,
    0,
  );
  const expect = (what: string, gateway: number, mall: number) => {
    if (gateway !== mall) problems.push(`${what}: ${gateway} at the gateway, ${mall} confirmed by the mall`);
  };
  expect("orders placed", added.length, tally.placed);
  expect("orders refunded", count("refunded"), tally.refunds);
  expect("orders closed unpaid", count("closed"), tally.cancelled + tally.leftUnpaid);
  expect("check-ins", checkIns, tally.checkIns);
  const entries = Object.values(after.accounts).reduce((sum, account) => sum + account.ledger.length, 0);
  return { problems, members: after.members.length, orders: after.orders.length, entries };
}

/** The load's stack: the sandbox in a process of its own, the production mall against it, and the members added for the run. */
export interface LoadStack {
  sandbox: BenchSandbox;
  mall: BenchMall;
  phones: Phone[];
  /** The gateway's books before the load, for the audit afterwards. */
  before: MoneyView;
  stop(): void;
}

/**
 * Starts the sandbox and the mall (with `mallEnv` besides the load's own, and `mallOptions` for
 * startMall), adds the members with their mCoin and leaves the scarce offer with its few pieces.
 */
export async function startLoadStack(mallEnv: Record<string, string> = {}, mallOptions: StartMallOptions = {}): Promise<LoadStack> {
  const [mallPort, sandboxPort] = [await freePort(), await freePort()];
  const sandbox = await startSandboxProcess(sandboxPort, `http://localhost:${mallPort}`);
  let mall: BenchMall | null = null;
  try {
    // Generous limits: the whole load comes from one address, and is not the limiter's to refuse.
    mall = await startMall(mallPort, sandbox.url, { MCOIN_RATE_LIMITS: "login=1000000,task=1000000,picture=1000000,action=1000000", ...mallEnv }, mallOptions);
    const openIds = Array.from({ length: MEMBERS }, (_, index) => `load-${String(index + 1).padStart(3, "0")}`);
    const sandboxControls = controlsOf(sandbox);
    await inParallel([...openIds.entries()], 10, ([index, openId]) => sandboxControls.get(controls.addMember, { input: { openId, point: STARTING_MCOIN[index % STARTING_MCOIN.length] } }));
    await sandboxControls.get(controls.patchOffer, { params: { id: SCARCE.offerId }, input: { stock: SCARCE.stock } });
    const phones: Phone[] = openIds.map((openId) => ({ openId, cookies: new Map(), orders: [], refundable: [] }));
    const before = (await sandboxControls.get(controls.state)) as MoneyView;
    const started = mall;
    return { sandbox, mall, phones, before, stop: () => (started.stop(), sandbox.stop()) };
  } catch (error) {
    mall?.stop();
    sandbox.stop();
    throw error;
  }
}

/** The load's mix on `stack` for `durationMs`, counted in `tally`: CONNECTIONS members at a time, each doing one thing at a time. */
export async function runMix(stack: LoadStack, tally: Tally, durationMs: number): Promise<void> {
  const members = new Members(stack.mall, stack.sandbox, tally);
  try {
    const deadline = performance.now() + durationMs;
    // Each connection is a member's phone at a time: a member does one thing at a time, then another member has a turn.
    const idle = [...stack.phones];
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < deadline) {
          const phone = idle.shift()!;
          const step = nextStep(phone);
          try {
            if (!phone.cookies.has(SESSION_COOKIE) && !(await members.signIn(phone))) continue;
            tally.step(step.name);
            await step.run(members, phone);
          } catch (error) {
            tally.error(`${step.name}: ${(error as Error).name}`, (error as Error).stack ?? String(error));
          } finally {
            idle.push(phone);
          }
        }
      }),
    );
  } finally {
    await members.close();
  }
}

/**
 * The books after the load: the sandbox clock moved past every payment window and refund's
 * processing (unpaid orders close, refunds complete), then audited against the state before the load
 * and against what the mall confirmed.
 */
export async function auditAfterLoad(stack: LoadStack, tally: Tally): Promise<Books> {
  const sandboxControls = controlsOf(stack.sandbox);
  const clock = await sandboxControls.get(controls.clock);
  await sandboxControls.get(controls.setClock, { input: { now: clock.now + Math.max(PAYMENT_WINDOW_MS, REFUND_PROCESSING_MS) + 60_000, frozen: false } });
  const after = (await sandboxControls.get(controls.state)) as MoneyView;
  return { after, ...balanced(stack.before, after, tally) };
}

type Books = ReturnType<typeof balanced> & { after: MoneyView };

/** The line of the report that says whether every member's books balanced after a load. */
export function booksResult(name: string, books: Books): BenchResult {
  return {
    name,
    measured:
      `audited through GET /__sandbox/state after the clock passed every payment window and refund: ${books.members} members, ${books.orders} orders, ${books.entries} ledger entries, ${Object.keys(books.after.offers).length} offers' stock; ` +
      (books.problems.length === 0 ? "no problem" : `${books.problems.length} problems: ${books.problems.slice(0, 10).join("; ")}`),
    value: books.problems.length === 0 ? 1 : 0,
    display: books.problems.length === 0 ? "true" : `false (${books.problems.length} problems)`,
    target: "true",
    pass: books.problems.length === 0,
  };
}

/** A load's errors for the report: the commonest kinds first, with an example of each. */
export function errorSummary(tally: Tally): string {
  const errors = [...tally.errors]
    .sort(([, a], [, b]) => b.count - a.count)
    .slice(0, 8)
    .map(([label, { count, example }]) => `${count} × ${label} (e.g. ${example})`)
    .join("; ");
  return `${errors || "none"}${tally.errors.size > 8 ? ` and ${tally.errors.size - 8} kinds more` : ""}`;
}

/** The steps the members took and the refusals they met, as the report lists them. */
export const listCounts = (entries: Iterable<[string, number]>) => [...entries].map(([name, count]) => `${count} ${name}`).join(", ") || "none";

export async function loadBench(): Promise<BenchResult[]> {
  const stack = await startLoadStack();
  try {
    const { mall, sandbox } = stack;
    const tally = new Tally();
    const pids = { mall: mall.pid, sandbox: sandbox.pid };
    const cpuBefore = { mall: cpuSeconds(pids.mall), sandbox: cpuSeconds(pids.sandbox), client: process.cpuUsage() };
    const started = performance.now();
    const samples: RssSample[] = [];
    const sample = () => samples.push({ served: tally.requests, mall: rssBytes(pids.mall), sandbox: rssBytes(pids.sandbox) });
    sample();
    const sampler = setInterval(sample, RSS_SAMPLE_MS);
    await runMix(stack, tally, DURATION_MS);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    sample();
    const clientCpu = process.cpuUsage(cpuBefore.client);
    const cpu = { mall: cpuSeconds(pids.mall) - cpuBefore.mall, sandbox: cpuSeconds(pids.sandbox) - cpuBefore.sandbox, client: (clientCpu.user + clientCpu.system) / 1e6 };

    const books = await auditAfterLoad(stack, tally);

    const latencies = tally.timings.map((timing) => timing.ms).sort((a, b) => a - b);
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    const rss = {
      start: samples[0].mall,
      warm: rssWhile(samples, tally.requests, WARM_WINDOW),
      peak: Math.max(...samples.map((entry) => entry.mall)),
      end: rssWhile(samples, tally.requests, END_WINDOW),
      sandboxEnd: samples.at(-1)!.sandbox,
    };
    const growth = rss.end / rss.warm;
    // Growth a request, from the middle of one stretch to the middle of the other.
    const middle = ([from, to]: readonly [number, number]) => (from + to) / 2;
    const perRequest = ((rss.end - rss.warm) / 1024 / ((middle(END_WINDOW) - middle(WARM_WINDOW)) * tally.requests)).toFixed(1);

    const share = ([from, to]: readonly [number, number]) => `${Math.round(from * tally.requests)}–${Math.round(to * tally.requests)}`;
    const title = `${CONNECTIONS} connections, ${DURATION_MS / 1000} s, ${MEMBERS} members`;
    return [
      {
        name: `load: errors (${title}, mixed)`,
        measured:
          `${tally.requests} requests to the mall and ${tally.walletRequests} to the wallet's sign-in and cashier over ${seconds.toFixed(1)} s; ${tally.signIns} members signed in; steps: ${listCounts(tally.steps)}; ` +
          `orders placed ${tally.placed}, paid ${tally.paid}, cancelled at the cashier ${tally.cancelled}, left unpaid ${tally.leftUnpaid}; refunds ${tally.refunds}; check-ins ${tally.checkIns}; ` +
          `expected refusals ${tally.refusalCount} (${listCounts(tally.refusals)}); errors: ${errorSummary(tally)}`,
        value: tally.errorCount,
        display: `${tally.errorCount} errors`,
        target: "0 (expected business refusals counted apart)",
        pass: tally.errorCount === 0,
      },
      {
        name: `load: requests served (${title})`,
        measured: `${tally.requests} requests in ${seconds.toFixed(1)} s, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms; CPU mall ${cpu.mall.toFixed(1)} s / sandbox ${cpu.sandbox.toFixed(1)} s / this client ${cpu.client.toFixed(1)} s`,
        value: tally.requests / seconds,
        display: `${(tally.requests / seconds).toFixed(0)} req/s, p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms`,
        target: "reported (no target)",
        pass: true,
      },
      {
        name: `load: mall memory (RSS, ${title})`,
        measured:
          `RSS sampled every ${RSS_SAMPLE_MS} ms (${samples.length} samples): start ${mib(rss.start)}, after warm-up ${mib(rss.warm)} (median while requests ${share(WARM_WINDOW)} were served), ` +
          `peak ${mib(rss.peak)}, end ${mib(rss.end)} (median while requests ${share(END_WINDOW)} were served): ${perRequest} KiB a request between the two; the sandbox's at the end ${mib(rss.sandboxEnd)}`,
        value: rss.end,
        display: `${mib(rss.end)} at end (peak ${mib(rss.peak)})`,
        baseline: { name: "after warm-up", value: rss.warm, display: mib(rss.warm) },
        ratio: growth,
        target: `flat: end ≤ ${RSS_GROWTH_LIMIT}× after warm-up`,
        pass: growth <= RSS_GROWTH_LIMIT,
      },
      booksResult("load: every member's ledger balanced afterwards", books),
    ];
  } finally {
    stack.stop();
  }
}
