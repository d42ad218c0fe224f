/**
 * 20 tenants of one shared sandbox at once (sandbox/tenants.ts), each running the load bench's mix
 * (bench/load.bench.ts: screens, checkouts with the cashier, refunds, check-ins, stale taps, one
 * scarce offer) for 60 s, with isolation probes along the way (issue 48's target: 0 errors, every
 * tenant's books balanced, no tenant sees another's member, order, fault or clock).
 *
 * The load is driven at the gateway, not through malls: each step makes the gateway calls the mall's
 * loaders and actions make for it (app/routes/*.tsx, app/root.tsx's basicInformation on every screen,
 * the terms on the first), through the mall's own API client (core/api/client.ts) against
 * `/tenants/NAME`, and pays at the wallet's stand-in `/tenants/NAME/__wallet/pay` as the load bench
 * does. Catalog replies the mall keeps for a while are asked on every screen here, so the sandbox
 * serves more than 20 malls would ask of it. Running 20 malls on this 2-core machine would measure
 * the malls, not the sandbox; and one mall per tenant is not what a shared sandbox serves (a team's
 * CI jobs each point their own mall, or none, at their tenant).
 *
 * The sandbox runs in a process of its own (`mcoin sandbox`) with its default tenant limits
 * (core/environments.ts DEFAULT_TENANT_LIMITS): a 429 for a tenant's rate is an error like any other,
 * so the load stays within what a team's tenant is allowed. Each tenant has MEMBERS_PER_TENANT members
 * added for the run (open ids carry the tenant's name), each doing one thing at a time.
 *
 * Isolation probes during the run: some tenants stop their members, move their clock 3 days ahead
 * (frozen, then running on from there) and every other tenant's /api/system/time is its own time
 * (real, or where an earlier probe moved it); some
 * tenants inject a fault on an endpoint the mix does not call (flashSales) and every other tenant gets
 * its normal answer there. At the end: each tenant's member list holds no other tenant's member, its
 * orders are placed by its own members only, and a member's token from one tenant is refused by the
 * next. Afterwards, per tenant, the books are audited as the load bench audits them
 * (sandbox/domain/audit.ts against the state before, the clock moved past every payment window and
 * refund's processing), and its GET /__sandbox/audit is ok.
 */
import { createApiClient, type ApiClient, type ApiCallEvent } from "#core/api/client";
import { basicInformation, clause, macaupassConfig, macaupassSave, systemTime } from "#core/api/endpoints";
import { adverts, classifyList, mcoinRecommend, popularSearches, recommendList, recordSearch, searchHistory, searchProduct } from "#core/api/catalog-endpoints";
import { checkIn, checkInStatus, flashSales } from "#core/api/promotion-endpoints";
import { IDEMPOTENCY_HEADER, REFUND_REASONS, cancelPayment, createOrder, mcoinLedger, offerDetail, orderList, orderStatus, shopRefusal, type Order, type ShopRefusal } from "#core/api/shop-endpoints";
import { applyRefund, couponList } from "#core/api/wallet-endpoints";
import { isApiError } from "#core/api/errors";
import { createFetchTransport } from "#core/api/transport";
import { createControlClient, type ControlClient } from "#core/controls/client";
import * as controls from "#core/controls/declarations";
import { maxPieces, mcoinRange, snapMcoin } from "#core/money/purchase";
import { refundTerms } from "#core/money/refund";
import { newIdempotencyKey } from "../app/lib/idempotency-key";
import type { MoneyView } from "../sandbox/domain/audit";
import { PAYMENT_WINDOW_MS, REFUND_PROCESSING_MS } from "../sandbox/domain/order-book";
import { CLOSE_APP, EXPECTED_REFUSALS, LEAVE_CASHIER, OFFERS, SCARCE, STALE_TAP, STARTING_MCOIN, Tally, balanced, chance, inParallel, mib, pick } from "./load.bench";
import { percentile } from "./usual-time";
import { cpuSeconds, freePort, rssBytes, startSandboxProcess, type BenchSandbox } from "./mall";
import type { BenchResult } from "./report";

const TENANTS = 20;
const MEMBERS_PER_TENANT = 5;
const DURATION_MS = 60_000;
/** The mall's page sizes (app/lib/catalog/filters.ts OFFER_PAGE_SIZE, app/routes/resources.wallet.ts WALLET_PAGE_SIZE). */
const PAGE_SIZE = 10;
/** How far a probing tenant moves its clock. */
const CLOCK_JUMP_MS = 3 * 24 * 3_600_000;
/** A tenant's time is "real" within this of this machine's clock (the probe's round trip, a busy machine). */
const REAL_TIME_SLACK_MS = 60_000;
/** When the probes run, as shares of the run, and which tenants move their clock or inject a fault then. */
const PROBES = [
  { at: 0.25, clock: [0, 1, 2], fault: [3, 4, 5] },
  { at: 0.6, clock: [6, 7, 8], fault: [9, 10, 11] },
];
/** The endpoint faults are injected on: the mix never calls it. */
const UNUSED = flashSales;
/** Where the members' sign-in sends the login code: a mall origin the sandbox allows (no mall runs there). */
const SIGN_IN_LANDING = "/index";

const tenantName = (index: number) => `bench-${String(index + 1).padStart(2, "0")}`;

/** A member's phone in a tenant: their token once signed in, and what they know of their orders. */
interface Phone {
  openId: string;
  token: string | null;
  orders: Order[];
  refundable: Order[];
}

/** One tenant of the run: its clients, its members, what its load did and met. */
class Tenant {
  readonly base: string;
  readonly controls: ControlClient;
  readonly tally = new Tally();
  readonly phones: Phone[];
  private readonly anonymous: ApiClient;
  private readonly clients = new Map<string, ApiClient>();
  /** Members stop between steps while the tenant's clock moves; `active` counts those in a step. */
  private gate: Promise<void> | null = null;
  private active = 0;
  private idle: (() => void) | null = null;
  /** How far this tenant's clock is from real time, once a probe moved it. */
  clockOffsetMs = 0;

  constructor(
    readonly name: string,
    readonly sandbox: BenchSandbox,
    readonly mallOrigin: string,
  ) {
    this.base = `${sandbox.url}/tenants/${name}`;
    this.controls = createControlClient({ baseUrl: this.base });
    this.anonymous = this.client(null);
    this.phones = Array.from({ length: MEMBERS_PER_TENANT }, (_, index) => ({ openId: `${name}-m${index + 1}`, token: null, orders: [], refundable: [] }));
  }

  /** The mall's API client for this tenant, as a member (their token) or anonymous; every call is counted. */
  client(token: string | null): ApiClient {
    const onCall = (event: ApiCallEvent) => {
      this.tally.requests += 1;
      this.tally.timings.push({ what: event.endpoint, sent: performance.now() - event.ms, ms: event.ms });
    };
    return createApiClient({ baseUrl: this.base, transport, locale: "en", token, timeoutMs: 60_000, onCall });
  }

  as(phone: Phone): ApiClient {
    if (!phone.token) return this.anonymous;
    let client = this.clients.get(phone.token);
    if (!client) {
      client = this.client(phone.token);
      this.clients.set(phone.token, client);
    }
    return client;
  }

  /**
   * One gateway call of a step, judged: its data; null after an expected business refusal (counted
   * apart) or an error (counted, with an example).
   */
  async call<T>(what: string, run: () => Promise<{ data: T }>, refusals?: ReadonlySet<ShopRefusal>): Promise<T | null> {
    try {
      return (await run()).data;
    } catch (error) {
      const reason = isApiError(error) ? shopRefusal(error.body) : null;
      if (isApiError(error) && error.code === "BUSINESS" && reason && refusals?.has(reason)) {
        this.tally.refusal(what, reason);
        return null;
      }
      const label = isApiError(error) ? `${error.code}${error.status ? ` ${error.status}` : ""}${reason ? ` ${reason}` : ""}` : (error as Error).name;
      this.tally.error(`${what}: ${label}`, `${(error as Error).message} ${isApiError(error) ? JSON.stringify(error.body ?? null) : ""}`);
      return null;
    }
  }

  /** A POST to the wallet's side of this tenant (sign-in page, cashier): status, Location, JSON; null after an error. */
  async wallet(what: string, path: string, origin: string, contentType: string, body: string): Promise<{ status: number; location: string | null; json: any } | null> {
    this.tally.walletRequests += 1;
    const sent = performance.now();
    try {
      const response = await fetch(`${this.base}${path}`, { method: "POST", headers: { "content-type": contentType, origin }, body, redirect: "manual" });
      const text = await response.text();
      return { status: response.status, location: response.headers.get("location"), json: contentType === "application/json" ? JSON.parse(text) : null };
    } catch (error) {
      this.tally.error(`${what}: ${(error as Error).name}`, `${path}: ${(error as Error).message}`);
      return null;
    } finally {
      this.tally.timings.push({ what, sent, ms: performance.now() - sent });
    }
  }

  /** Waits while the tenant is stopped for a probe; counts the member in a step until `done`. */
  async enter(): Promise<void> {
    while (this.gate) await this.gate;
    this.active += 1;
  }

  done(): void {
    this.active -= 1;
    if (this.active === 0) this.idle?.();
  }

  /** Stops the tenant's members between steps while `work` runs. */
  async paused<T>(work: () => Promise<T>): Promise<T> {
    let open!: () => void;
    this.gate = new Promise((resolve) => (open = resolve));
    if (this.active > 0) await new Promise<void>((resolve) => (this.idle = resolve));
    this.idle = null;
    try {
      return await work();
    } finally {
      this.gate = null;
      open();
    }
  }
}

const transport = createFetchTransport();

// --- what a member does, as the gateway sees it -------------------------------------------------------

/** The screens' common call (app/root.tsx): the member's balance and revision. */
const root = (tenant: Tenant, phone: Phone) => tenant.call("basic information", () => tenant.as(phone).call(basicInformation, {}));

async function home(tenant: Tenant, phone: Phone): Promise<void> {
  const api = tenant.as(phone);
  await Promise.all([
    root(tenant, phone),
    tenant.call("home offers", () => api.call(recommendList, { tab: "nearby", order: "asc", page: 1, size: PAGE_SIZE })),
    tenant.call("home rails", () => api.call(mcoinRecommend, {})),
    tenant.call("categories", () => api.call(classifyList, {})),
    tenant.call("adverts", () => api.call(adverts, { position: "home" })),
  ]);
}

/** The wallet's sign-in page, the mall redeeming the login code, the host's configuration, home. */
async function signIn(tenant: Tenant, phone: Phone): Promise<boolean> {
  const form = new URLSearchParams({ openId: phone.openId, redirect_uri: `${tenant.mallOrigin}${SIGN_IN_LANDING}`, state: "" });
  const authorized = await tenant.wallet("wallet sign-in", "/oauth/authorize", new URL(tenant.sandbox.url).origin, "application/x-www-form-urlencoded", form.toString());
  if (!authorized) return false;
  const landing = authorized.location ? new URL(authorized.location) : null;
  if (authorized.status !== 302 || landing?.origin !== tenant.mallOrigin) {
    tenant.tally.error(`wallet sign-in: HTTP ${authorized.status}`, String(authorized.location));
    return false;
  }
  const login = await tenant.call("sign-in", () => tenant.as({ ...phone, token: null }).call(macaupassSave, Object.fromEntries(landing.searchParams)));
  if (!login) return false;
  phone.token = login.token;
  await tenant.call("host configuration", () => tenant.as(phone).call(macaupassConfig, { url: landing.href.split("?")[0], state: "" }));
  await tenant.call("terms", () => tenant.as(phone).call(clause, {}));
  await home(tenant, phone);
  tenant.tally.signIns += 1;
  return true;
}

async function browse(tenant: Tenant, phone: Phone): Promise<void> {
  const api = tenant.as(phone);
  const screens: (() => Promise<unknown>)[] = [
    () => home(tenant, phone),
    () => Promise.all([root(tenant, phone), tenant.call("offer", () => api.call(offerDetail, { id: pick(OFFERS) }))]),
    () => Promise.all([root(tenant, phone), tenant.call("my coupons", () => api.call(couponList, { tab: "unused", page: 1, size: PAGE_SIZE }))]),
    () => Promise.all([root(tenant, phone), tenant.call("order list", () => api.call(orderList, { tab: "all", type: "all", page: 1, size: PAGE_SIZE }))]),
    () =>
      Promise.all([
        root(tenant, phone),
        phone.orders.length > 0 ? orderScreen(tenant, phone, pick(phone.orders)) : tenant.call("order list", () => api.call(orderList, { tab: "all", type: "all", page: 1, size: PAGE_SIZE })),
      ]),
    () => Promise.all([root(tenant, phone), tenant.call("points", () => api.call(mcoinLedger, { page: 1, size: PAGE_SIZE }))]),
    async () => {
      const [, popular] = await Promise.all([
        root(tenant, phone),
        tenant.call("popular searches", () => api.call(popularSearches, {})),
        tenant.call("search history", () => api.call(searchHistory, {})),
      ]);
      if (!popular?.keywords.length) return;
      const keyword = pick(popular.keywords);
      if ((await tenant.call("search", () => api.call(recordSearch, { keyword }))) === null) return;
      await Promise.all([root(tenant, phone), tenant.call("search results", () => api.call(searchProduct, { keyword, page: 1, size: PAGE_SIZE }))]);
    },
  ];
  await pick(screens)();
}

/** An order's screen (app/routes/order-details.tsx): the order, and its offer. */
async function orderScreen(tenant: Tenant, phone: Phone, order: Order): Promise<Order | null> {
  const api = tenant.as(phone);
  const [loaded] = await Promise.all([tenant.call("order", () => api.call(orderStatus, { orderId: order.id })), tenant.call("order's offer", () => api.call(offerDetail, { id: order.offerId }))]);
  return loaded;
}

const keyed = () => ({ headers: { [IDEMPOTENCY_HEADER]: newIdempotencyKey() } });

async function checkout(tenant: Tenant, phone: Phone): Promise<void> {
  const { tally } = tenant;
  const api = tenant.as(phone);
  const [info, offer] = await Promise.all([root(tenant, phone), tenant.call("offer", () => api.call(offerDetail, { id: pick(OFFERS) }))]);
  if (!info || !offer) return;
  const piecesLeft = maxPieces({ stock: offer.stock, limitPerMember: offer.limitPerMember, bought: offer.boughtByMember ?? 0 });
  const quantity = Math.max(1, Math.min(piecesLeft, chance(0.3) ? 2 : 1));
  const range = mcoinRange({ priceCents: offer.priceCents, mcoinPrice: offer.mcoinPrice, mcoin: offer.mcoin }, quantity, info.point);
  const offered = offer.availability === "available" && piecesLeft > 0 && range.ok;
  if (!offered && !chance(STALE_TAP)) return;
  const mcoinUsed = range.ok ? snapMcoin(range, chance(0.6) ? range.max : range.min + Math.random() * (range.max - range.min)) : range.min;
  const order = await tenant.call("checkout", () => api.call(createOrder, { offerId: offer.id, quantity, mcoinUsed }, keyed()), EXPECTED_REFUSALS.checkout);
  if (!order) return;
  tally.placed += 1;
  phone.orders.push(order);

  if (order.status === "awaiting_payment") {
    if (chance(CLOSE_APP)) {
      tally.leftUnpaid += 1;
      return;
    }
    if (chance(LEAVE_CASHIER)) {
      if (await tenant.call("cancel", () => api.call(cancelPayment, { orderId: order.id }, keyed()))) tally.cancelled += 1;
      return;
    }
    const body = JSON.stringify({ orderNo: order.orderNo, amountCents: order.cashCents, outcome: "paid", delayMs: 0 });
    const paid = await tenant.wallet("wallet pay", "/__wallet/pay", tenant.mallOrigin, "application/json", body);
    if (!paid) return;
    if (paid.status !== 200 || paid.json?.accepted !== true) {
      tally.error(`wallet pay: HTTP ${paid.status}`, JSON.stringify(paid.json));
      return;
    }
    const settled = await tenant.call("order status", () => api.call(orderStatus, { orderId: order.id }));
    if (!settled) return;
    if (settled.status !== "received") {
      tally.error("order status: not settled after the wallet paid", JSON.stringify({ id: order.id, status: settled.status }));
      return;
    }
    Object.assign(order, settled);
  }
  tally.paid += 1;
  if (order.status === "received") phone.refundable.push(order);
  await Promise.all([root(tenant, phone), tenant.call("offer", () => api.call(offerDetail, { id: offer.id }))]);
}

async function refund(tenant: Tenant, phone: Phone): Promise<void> {
  const order = phone.refundable.shift();
  if (!order) return;
  const api = tenant.as(phone);
  await Promise.all([root(tenant, phone), orderScreen(tenant, phone, order)]);
  // The refund form (app/routes/refund-application.tsx): the order and the member's balance.
  const [info, loaded] = await Promise.all([root(tenant, phone), tenant.call("refund form", () => api.call(orderStatus, { orderId: order.id }))]);
  if (!info || !loaded) return;
  if (refundTerms(loaded, info.point).shortfall > 0 && !chance(STALE_TAP)) {
    phone.refundable.push(order);
    return;
  }
  const reason = pick(REFUND_REASONS);
  const asked = await tenant.call("refund", () => api.call(applyRefund, { orderId: order.id, reason, remarks: reason === "other" ? "changed my plans" : "" }, keyed()), EXPECTED_REFUSALS.refund);
  if (!asked) return;
  tenant.tally.refunds += 1;
  await Promise.all([root(tenant, phone), tenant.call("refund order", () => api.call(orderStatus, { orderId: order.id }))]);
}

async function checkInStep(tenant: Tenant, phone: Phone): Promise<void> {
  const api = tenant.as(phone);
  const [, status] = await Promise.all([root(tenant, phone), tenant.call("check-in screen", () => api.call(checkInStatus, {}))]);
  if (!status) return;
  if (status.checkedInToday && !chance(STALE_TAP)) return;
  if (await tenant.call("check-in", () => api.call(checkIn, {}, keyed()), EXPECTED_REFUSALS["check-in"])) tenant.tally.checkIns += 1;
}

const MIX: { name: string; weight: number; can?: (phone: Phone) => boolean; run: (tenant: Tenant, phone: Phone) => Promise<void> }[] = [
  { name: "screen", weight: 50, run: browse },
  { name: "checkout", weight: 30, run: checkout },
  { name: "refund", weight: 10, can: (phone) => phone.refundable.length > 0, run: refund },
  { name: "check-in", weight: 10, run: checkInStep },
];

function nextStep(phone: Phone) {
  const open = MIX.filter((step) => step.can?.(phone) ?? true);
  let roll = Math.random() * open.reduce((sum, step) => sum + step.weight, 0);
  for (const step of open) if ((roll -= step.weight) < 0) return step;
  return open[0];
}

/** A member of a tenant until the deadline: one thing at a time. */
async function member(tenant: Tenant, phone: Phone, deadline: number): Promise<void> {
  while (performance.now() < deadline) {
    await tenant.enter();
    const step = nextStep(phone);
    try {
      if (!phone.token && !(await signIn(tenant, phone))) continue;
      tenant.tally.step(step.name);
      await step.run(tenant, phone);
    } catch (error) {
      tenant.tally.error(`${step.name}: ${(error as Error).name}`, (error as Error).stack ?? String(error));
    } finally {
      tenant.done();
    }
  }
}

// --- the isolation probes -----------------------------------------------------------------------------

/** What the probes checked: how many held, and what did not. */
class Probes {
  passed = 0;
  failed: string[] = [];

  check(ok: boolean, what: string) {
    if (ok) this.passed += 1;
    else this.failed.push(what);
  }
}

/** Whether a tenant's gateway time is `expected` (within the slack). */
async function timeIs(tenant: Tenant, expected: number): Promise<{ ok: boolean; seen: number | string }> {
  try {
    const seen = (await tenant.client(null).call(systemTime, {})).data.sysTime;
    return { ok: Math.abs(seen - expected) <= REAL_TIME_SLACK_MS, seen };
  } catch (error) {
    return { ok: false, seen: (error as Error).message };
  }
}

/**
 * The moving tenants stop their members, move their clock 3 days ahead frozen; every other tenant's
 * time is real; then the moved clocks run on from there (never back: orders and check-ins already
 * made keep their order in time).
 */
async function clockProbe(tenants: Tenant[], moving: number[], probes: Probes): Promise<void> {
  const movers = moving.map((index) => tenants[index]);
  await Promise.all(
    movers.map((tenant) =>
      tenant.paused(async () => {
        const now = (await tenant.controls.get(controls.clock)).now;
        await tenant.controls.get(controls.setClock, { input: { now: now + CLOCK_JUMP_MS, frozen: true } });
        const own = await timeIs(tenant, now + CLOCK_JUMP_MS);
        probes.check(own.ok, `${tenant.name} moved its clock and sees ${own.seen}`);
        await Promise.all(
          tenants
            .filter((other) => !movers.includes(other))
            .map(async (other) => {
              const seen = await timeIs(other, Date.now() + other.clockOffsetMs);
              probes.check(seen.ok, `${other.name}'s time is ${seen.seen} (its own clock ${other.clockOffsetMs === 0 ? "real" : "moved before"}) while ${tenant.name}'s clock is 3 days ahead`);
            }),
        );
        const moved = (await tenant.controls.get(controls.clock)).now;
        await tenant.controls.get(controls.setClock, { input: { now: moved, frozen: false } });
        tenant.clockOffsetMs = moved - Date.now();
      }),
    ),
  );
}

/** The faulting tenants break an endpoint their mix does not call; every other tenant gets its normal answer there. */
async function faultProbe(tenants: Tenant[], faulting: number[], probes: Probes): Promise<void> {
  const breakers = faulting.map((index) => tenants[index]);
  await Promise.all(breakers.map((tenant) => tenant.controls.get(controls.addFault, { input: { path: UNUSED.path, kind: "http500", times: 1000 } })));
  for (const tenant of breakers) {
    const broken = await tenant
      .client(null)
      .call(UNUSED, {})
      .then(
        () => false,
        () => true,
      );
    probes.check(broken, `${tenant.name}'s own fault on ${UNUSED.path} did not answer as a fault`);
  }
  await Promise.all(
    tenants
      .filter((other) => !breakers.includes(other))
      .map(async (other) => {
        const answered = await other
          .client(null)
          .call(UNUSED, {})
          .then(
            () => true,
            (error: Error) => error.message,
          );
        probes.check(answered === true, `${other.name} calling ${UNUSED.path} while ${faulting.map(tenantName).join(", ")} fault it: ${answered}`);
      }),
  );
  await Promise.all(breakers.map((tenant) => tenant.controls.get(controls.clearFaults)));
}

/** At the end: members and orders of each tenant are its own; a token of one tenant is refused by the next. */
async function endProbes(tenants: Tenant[], states: MoneyView[], probes: Probes): Promise<void> {
  const prefixes = tenants.map((tenant) => `${tenant.name}-`);
  const foreign = (index: number, openId: string) => prefixes.some((prefix, other) => other !== index && openId.startsWith(prefix));
  await Promise.all(
    tenants.map(async (tenant, index) => {
      const listed = (await tenant.controls.get(controls.members)).members.map((each) => each.openId);
      const strangers = listed.filter((openId) => foreign(index, openId));
      probes.check(strangers.length === 0, `${tenant.name}'s members list holds ${strangers.join(", ")}`);
      const own = tenant.phones.filter((phone) => listed.includes(phone.openId)).length;
      probes.check(own === MEMBERS_PER_TENANT, `${tenant.name}'s members list holds ${own} of its ${MEMBERS_PER_TENANT} members`);
      const orders = states[index].orders.filter((order) => foreign(index, order.openId) || (order.openId.startsWith("bench-") && !order.openId.startsWith(prefixes[index])));
      probes.check(orders.length === 0, `${tenant.name} holds orders of other tenants' members: ${orders.map((order) => `${order.id} by ${order.openId}`).join(", ")}`);

      const next = tenants[(index + 1) % tenants.length];
      const phone = tenant.phones.find((each) => each.token);
      if (!phone) return probes.check(false, `${tenant.name} has no signed-in member to try a token with`);
      const elsewhere = await next
        .client(phone.token)
        .call(basicInformation, {})
        .then(
          (reply) => `answered for ${JSON.stringify(reply.data).slice(0, 80)}`,
          (error: unknown) => (isApiError(error) && error.code === "NOT_LOGIN" ? null : String(error)),
        );
      probes.check(elsewhere === null, `${tenant.name}'s token in ${next.name}: ${elsewhere}`);
    }),
  );
}

// --- the run ------------------------------------------------------------------------------------------

export async function tenantsBench(): Promise<BenchResult[]> {
  const [sandboxPort, mallPort] = [await freePort(), await freePort()];
  const mallOrigin = `http://localhost:${mallPort}`;
  const sandbox = await startSandboxProcess(sandboxPort, mallOrigin);
  try {
    const tenants = Array.from({ length: TENANTS }, (_, index) => new Tenant(tenantName(index), sandbox, mallOrigin));
    await inParallel(tenants, 4, async (tenant) => {
      for (const [index, phone] of tenant.phones.entries()) await tenant.controls.get(controls.addMember, { input: { openId: phone.openId, point: STARTING_MCOIN[index % STARTING_MCOIN.length] } });
      await tenant.controls.get(controls.patchOffer, { params: { id: SCARCE.offerId }, input: { stock: SCARCE.stock } });
    });
    const before = (await Promise.all(tenants.map((tenant) => tenant.controls.get(controls.state)))) as MoneyView[];

    const probes = new Probes();
    const rssBefore = rssBytes(sandbox.pid);
    const cpuBefore = { sandbox: cpuSeconds(sandbox.pid), client: process.cpuUsage() };
    const started = performance.now();
    const deadline = started + DURATION_MS;
    const probing = (async () => {
      for (const probe of PROBES) {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + probe.at * DURATION_MS - performance.now())));
        await Promise.all([clockProbe(tenants, probe.clock, probes), faultProbe(tenants, probe.fault, probes)]);
      }
    })();
    await Promise.all([probing, ...tenants.flatMap((tenant) => tenant.phones.map((phone) => member(tenant, phone, deadline)))]);
    const seconds = (performance.now() - started) / 1000;
    const rss = rssBytes(sandbox.pid);
    const clientCpu = process.cpuUsage(cpuBefore.client);
    const cpu = { sandbox: cpuSeconds(sandbox.pid) - cpuBefore.sandbox, client: (clientCpu.user + clientCpu.system) / 1e6 };
    const listed = await createControlClient({ baseUrl: sandbox.url }).get(controls.tenants);
    const throttled = listed.tenants.reduce((sum, each) => sum + each.throttled, 0);

    // Past every payment window and refund's processing: unpaid orders close, refunds complete.
    const after = (await Promise.all(
      tenants.map(async (tenant) => {
        const clock = await tenant.controls.get(controls.clock);
        await tenant.controls.get(controls.setClock, { input: { now: clock.now + Math.max(PAYMENT_WINDOW_MS, REFUND_PROCESSING_MS) + 60_000, frozen: false } });
        return tenant.controls.get(controls.state);
      }),
    )) as MoneyView[];
    await endProbes(tenants, after, probes);
    const books = await Promise.all(
      tenants.map(async (tenant, index) => {
        const audited = balanced(before[index], after[index], tenant.tally);
        const own = await tenant.controls.get(controls.audit);
        const problems = [...audited.problems, ...own.problems.map((problem) => `GET /__sandbox/audit: ${problem}`)];
        return { name: tenant.name, problems, orders: audited.orders };
      }),
    );

    const tallies = tenants.map((tenant) => tenant.tally);
    const sum = (of: (tally: Tally) => number) => tallies.reduce((total, tally) => total + of(tally), 0);
    const requests = sum((tally) => tally.requests + tally.walletRequests);
    const errorCount = sum((tally) => tally.errorCount);
    const latencies = tallies.flatMap((tally) => tally.timings.map((timing) => timing.ms)).sort((a, b) => a - b);
    const [p50, p99] = [percentile(latencies, 50), percentile(latencies, 99)];
    const perTenant = tallies.map((tally) => tally.requests + tally.walletRequests);
    const tenantP50 = tallies.map((tally) =>
      percentile(
        tally.timings.map((timing) => timing.ms).sort((a, b) => a - b),
        50,
      ),
    );
    const errorKinds = new Map<string, { count: number; example: string }>();
    for (const [index, tally] of tallies.entries())
      for (const [label, { count, example }] of tally.errors) {
        const known = errorKinds.get(label);
        if (known) known.count += count;
        else errorKinds.set(label, { count, example: `${tenants[index].name}: ${example}` });
      }
    const errors = [...errorKinds]
      .sort(([, a], [, b]) => b.count - a.count)
      .slice(0, 8)
      .map(([label, { count, example }]) => `${count} × ${label} (e.g. ${example})`)
      .join("; ");
    const refusals = new Map<string, number>();
    for (const tally of tallies) for (const [key, count] of tally.refusals) refusals.set(key, (refusals.get(key) ?? 0) + count);
    const list = (entries: Iterable<[string, number]>) => [...entries].map(([name, count]) => `${count} ${name}`).join(", ") || "none";
    const balancedCount = books.filter((book) => book.problems.length === 0).length;
    const title = `${TENANTS} tenants × ${MEMBERS_PER_TENANT} members, ${DURATION_MS / 1000} s`;
    return [
      {
        name: `tenants: errors (${title}, the load mix at the gateway)`,
        measured:
          `${requests} requests over ${seconds.toFixed(1)} s (${sum((tally) => tally.walletRequests)} of them to the wallet's sign-in and cashier); ${sum((tally) => tally.signIns)} members signed in; ` +
          `orders placed ${sum((tally) => tally.placed)}, paid ${sum((tally) => tally.paid)}, cancelled at the cashier ${sum((tally) => tally.cancelled)}, left unpaid ${sum((tally) => tally.leftUnpaid)}; refunds ${sum((tally) => tally.refunds)}; check-ins ${sum((tally) => tally.checkIns)}; ` +
          `expected refusals ${sum((tally) => tally.refusalCount)} (${list(refusals)}); refused for a tenant's rate (429): ${throttled}; errors: ${errors || "none"}`,
        value: errorCount,
        display: `${errorCount} errors`,
        target: "0 (a 429 for the tenant's rate counts; expected business refusals apart)",
        pass: errorCount === 0,
      },
      {
        name: `tenants: requests served (${title})`,
        measured:
          `${requests} requests in ${seconds.toFixed(1)} s, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms; per tenant: ${perTenant.join(", ")} ` +
          `(fewest ${Math.min(...perTenant)}, most ${Math.max(...perTenant)}, at most ${(Math.max(...perTenant) / seconds).toFixed(0)} a second against a limit of ${listed.limits.requestsPerSecond}); ` +
          `p50 per tenant: ${tenantP50.map((ms) => ms.toFixed(0)).join(", ")} ms; ` +
          `CPU sandbox ${cpu.sandbox.toFixed(1)} s / this client ${cpu.client.toFixed(1)} s; the sandbox's RSS ${mib(rssBefore)} once the tenants were set up, ${mib(rss)} at the end`,
        value: requests / seconds,
        display: `${(requests / seconds).toFixed(0)} req/s, p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, RSS ${mib(rss)}`,
        target: "reported (no target)",
        pass: true,
      },
      {
        name: `tenants: books balanced per tenant (${title})`,
        measured:
          `each tenant audited through GET /tenants/NAME/__sandbox/state against its state before (sandbox/domain/audit.ts) after its clock passed every payment window and refund, and its GET /__sandbox/audit; orders per tenant: ${books.map((book) => book.orders).join(", ")}; ` +
          (balancedCount === TENANTS
            ? "no problem"
            : books
                .flatMap((book) => book.problems.map((problem) => `${book.name}: ${problem}`))
                .slice(0, 10)
                .join("; ")),
        value: balancedCount,
        display: `${balancedCount}/${TENANTS}`,
        target: `${TENANTS}/${TENANTS}`,
        pass: balancedCount === TENANTS,
      },
      {
        name: `tenants: isolation probes (${title})`,
        measured:
          `clocks moved 3 days in ${PROBES.flatMap((probe) => probe.clock).length} tenants while every other tenant read real time; faults on ${UNUSED.path} in ${PROBES.flatMap((probe) => probe.fault).length} tenants while every other got its answer; ` +
          `each tenant's members and orders its own; a token of one tenant refused by the next: ${probes.passed} passed` +
          (probes.failed.length === 0 ? "" : `, ${probes.failed.length} failed: ${probes.failed.slice(0, 8).join("; ")}`),
        value: probes.failed.length,
        display: `${probes.passed} passed, ${probes.failed.length} failed`,
        target: "every probe passes",
        pass: probes.failed.length === 0 && probes.passed > 0,
      },
    ];
  } finally {
    sandbox.stop();
  }
}
