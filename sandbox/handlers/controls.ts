/**
 * Test controls under /__sandbox/: reset, the clock, injected faults, the call log, and member and
 * offer tweaks for scenarios. They answer plain JSON (not the mCoin envelope) and are never logged.
 *
 *   GET    /__sandbox/health                      always open: { ok, name, now }
 *   POST   /__sandbox/reset                       back to the fixtures (members, ledgers, orders, stock, clock, faults, log)
 *   GET    /__sandbox/clock, POST { now, frozen }  the sandbox clock (payment windows, validity, expiry run on it)
 *   GET|POST|DELETE /__sandbox/faults             injected faults { path, kind, times?, percent?, delayMs?, latency?, skewMs? }
 *                                                 (core/controls/faults.ts lists the kinds)
 *   GET    /__sandbox/log?since=N&unmatched=1     the call log (unmatched: only the near misses); DELETE clears it
 *   POST   /__sandbox/verify                      { path, method?, count? | atLeast? & atMost?, bodyMatch?: [{ path: JSONPath, value }],
 *                                                 since? }: 200 { ok: true, matched } or 409 { ok: false, closest } (sandbox/verify.ts)
 *   GET    /__sandbox/latency, POST { ms }        added latency
 *   GET    /__sandbox/members                     { members: [{ openId, nickname, point, count, clauseStatus }] } (point: the ledger's balance)
 *   POST   /__sandbox/members                     { openId, nickname?, point?, graySeckill? }: a new member (load tests,
 *                                                 scenarios); 409 when the open id is taken, at most MAX_MEMBERS
 *   PATCH  /__sandbox/members/:openId             { point?, amount?, count?, clauseStatus?, graySeckill? }; point sets the
 *                                                 balance through an `adjustment` ledger entry
 *   GET    /__sandbox/members/:openId/ledger      { openId, balance, entries } (oldest first)
 *   GET    /__sandbox/members/:openId/orders      { openId, orders } (oldest first, as the gateway keeps them)
 *   GET    /__sandbox/offers/:id                  { id, stock, sold, likes, status } (the live numbers)
 *   PATCH  /__sandbox/offers/:id                  { stock?, status?: "online" | "offline" } (sell out, restock, take down)
 *   GET    /__sandbox/seckills/:id                { id, stock, sold } of a seckill item; PATCH { stock } sets what is left
 *   GET    /__sandbox/members/:openId/miles       { openId, redemptions } (the member's Asia Miles redemptions, oldest first)
 *   POST   /__sandbox/redeem                      { code, storeId }: store storeId's till takes a redemption code, once, if the
 *                                                 code's offer is sold there → { orderNo, couponNo, status, usedAt, store }
 *                                                 (409 { reason } when refused; 404 for an unknown store; 429 TOO_MANY_FAILED_CODES
 *                                                 for the rest of the minute once the store entered 10 codes that redeem nothing)
 *   POST   /__sandbox/ship                        { orderNo }: settled goods leave (delivery) or are ready at the store (pick-up)
 *   GET    /__sandbox/state                       the business data and its digest (state.ts, redactedView)
 *   POST   /__sandbox/errors                      an error report of the mall's (core/errors/report.ts); GET lists
 *                                                 them { errors } (oldest first, the newest 200), DELETE clears them
 *
 * They can reset or rewrite the whole gateway, so one guard stands before them all (health stays
 * open: start scripts wait on it). It refuses what a web page of another origin sends (a no-cors
 * fetch or a form can still POST), a body that is not JSON, and, when the sandbox has a control
 * token, a request without it. Without a token (loopback only) it refuses a request addressed to a
 * name other than a loopback one: a DNS-rebound page would otherwise count as same-origin.
 */
import { CollectedErrorSchema } from "#core/errors/report";
import { createHash, timingSafeEqual } from "node:crypto";
import { CONTROL_TOKEN_HEADER, isLoopbackHost } from "../access";
import { http, HttpResponse, type HttpHandler } from "msw";
import { z } from "zod";
import type { ShopRefusal } from "#core/api/shop-endpoints";
import { REFUSAL_MESSAGES } from "../domain/messages";
import { MAX_FAILED_CODES_PER_MINUTE } from "../domain/till";
import { bearerToken } from "../respond";
import { FaultRequestSchema, faultFrom } from "#core/controls/faults";
import { JSON_TOO_DEEP_MESSAGE, parseBoundedJson } from "../json-body";
import { MAX_FAULTS, type SandboxState } from "../state";
import { VerifyRequestSchema } from "#core/controls/verify";
import { verifyCalls } from "../verify";
import type { SandboxSettings } from "../index";

export { CONTROL_TOKEN_HEADER, isLoopbackHost } from "../access";

/** The clock may move this far from real time: far enough for any scenario, near enough for Date. */
const CLOCK_RANGE_MS = 50 * 365.25 * 24 * 3_600_000;
/** Member counters stay whole, non-negative and far below where arithmetic loses precision. */
const Counter = z.number().int().min(0).max(1e9);

const ClockSchema = z
  .object({
    now: z
      .union([z.number(), z.string().min(1).max(64).transform((text) => Date.parse(text)), z.null()])
      .refine((at) => at === null || Math.abs(at - Date.now()) <= CLOCK_RANGE_MS, "not a date within 50 years of today"),
    frozen: z.boolean().default(false),
  })
  .strict();

const MemberPatchSchema = z
  .object({
    point: Counter.optional(),
    amount: Counter.optional(),
    count: Counter.optional(),
    clauseStatus: z.number().int().optional(),
    graySeckill: z.boolean().optional(),
  })
  .strict();

const NewMemberSchema = z
  .object({
    openId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
    nickname: z.string().min(1).max(40).optional(),
    point: Counter.default(0),
    graySeckill: z.boolean().default(false),
  })
  .strict();

const SeckillPatchSchema = z.object({ stock: Counter }).strict();

const OfferPatchSchema = z
  .object({
    stock: Counter.optional(),
    status: z.enum(["online", "offline"]).optional(),
  })
  .strict();

const OfferIdSchema = z.coerce.number().int().positive().max(999_999_999);

/** A till is a store's: it names its store with every code (the code's offer must be sold there). */
const RedeemSchema = z.object({ code: z.string().regex(/^\d{12}$/, "a redemption code is 12 digits"), storeId: OfferIdSchema }).strict();
const ShipSchema = z.object({ orderNo: z.string().regex(/^[A-Z0-9]{8,32}$/, "an order number") }).strict();

/** The till's refusal: 409 with the reason and the gateway's words. */
function refusedControl(reason: ShopRefusal) {
  return HttpResponse.json({ ok: false, reason, error: REFUSAL_MESSAGES[reason].en }, { status: 409 });
}

const LatencySchema = z.object({ ms: z.number().int().min(0).max(60_000) }).strict();
const NoInputSchema = z.object({}).strict();
const LogQuerySchema = z
  .object({
    since: z.coerce.number().int().min(0).default(0),
    /** Only the calls the sandbox could not answer (near misses). */
    unmatched: z.enum(["0", "1", "true", "false"]).optional().transform((value) => value === "1" || value === "true"),
  })
  .strict();

function refuse(status: number, message: string) {
  return HttpResponse.json({ ok: false, error: message }, { status });
}

function check<T>(schema: z.ZodType<T>, raw: unknown): { data: T } | { error: Response } {
  const result = schema.safeParse(raw);
  if (result.success) return { data: result.data };
  const issue = result.error.issues[0];
  return { error: refuse(400, `${issue?.path.join(".") || "input"}: ${issue?.message ?? "invalid"}`) };
}

/** A control's JSON body (none is `{}`), checked with its schema. */
async function body<T>(request: Request, schema: z.ZodType<T>): Promise<{ data: T } | { error: Response }> {
  const text = await request.text();
  if (text === "") return check(schema, {});
  const parsed = parseBoundedJson(text);
  if (!parsed.ok) return { error: refuse(400, parsed.reason === "too-deep" ? `body: ${JSON_TOO_DEEP_MESSAGE}` : "body: not JSON") };
  return check(schema, parsed.value);
}

function query<T>(request: Request, schema: z.ZodType<T>) {
  return check(schema, Object.fromEntries(new URL(request.url).searchParams));
}

/** localhost, 127.0.0.0/8 and ::1 (bracketed, as URL host names write it, or not). */
/** Equal secrets, compared in constant time (over digests, so the length does not show either). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Why a control request is refused, or null when it may go on. */
async function refusal(request: Request, controlToken: string | null): Promise<Response | null> {
  const url = new URL(request.url);
  const site = request.headers.get("sec-fetch-site");
  const origin = request.headers.get("origin");
  if ((site !== null && site !== "same-origin" && site !== "none") || (origin !== null && origin !== url.origin)) {
    return refuse(403, "sandbox controls do not answer web pages of other origins");
  }
  if (controlToken === null && !isLoopbackHost(url.hostname)) {
    return refuse(403, "without a control token the sandbox controls answer only loopback addresses (127.0.0.1, localhost)");
  }
  if (controlToken !== null) {
    const given = [request.headers.get(CONTROL_TOKEN_HEADER), bearerToken(request)];
    if (!given.some((token) => token !== null && sameSecret(token, controlToken))) {
      return refuse(401, "sandbox controls need the control token (Authorization: Bearer <token> or X-Sandbox-Token: <token>)");
    }
  }
  if (["POST", "PATCH", "PUT"].includes(request.method) && (await request.clone().text()) !== "") {
    const type = request.headers.get("content-type")?.split(";")[0].trim().toLowerCase();
    if (type !== "application/json") return refuse(415, "sandbox controls take a JSON body (Content-Type: application/json)");
  }
  return null;
}

/** `controlToken`: required of every control when set (health excepted). */
export function controlHandlers(state: SandboxState, settings: SandboxSettings, controlToken: string | null): HttpHandler[] {
  return [
    http.get("*/__sandbox/health", () => HttpResponse.json({ ok: true, name: "mcoin-sandbox", now: state.now() })),

    // The guard: answers only to refuse; otherwise msw moves on to the control itself.
    http.all("*/__sandbox/*", async ({ request }) => (await refusal(request, controlToken)) ?? undefined),

    http.post("*/__sandbox/reset", async ({ request }) => {
      const parsed = await body(request, NoInputSchema);
      if ("error" in parsed) return parsed.error;
      state.reset();
      settings.latencyMs = settings.initialLatencyMs;
      return HttpResponse.json({ ok: true });
    }),

    http.get("*/__sandbox/clock", () => HttpResponse.json(state.clockInfo())),
    http.post("*/__sandbox/clock", async ({ request }) => {
      const parsed = await body(request, ClockSchema);
      if ("error" in parsed) return parsed.error;
      state.setClock(parsed.data.now, parsed.data.frozen);
      return HttpResponse.json(state.clockInfo());
    }),

    http.get("*/__sandbox/faults", () => HttpResponse.json({ faults: state.listFaults() })),
    http.post("*/__sandbox/faults", async ({ request }) => {
      const parsed = await body(request, FaultRequestSchema);
      if ("error" in parsed) return parsed.error;
      const fault = state.addFault(faultFrom(parsed.data));
      if (!fault) return refuse(400, `${MAX_FAULTS} faults are already waiting; DELETE /__sandbox/faults first`);
      return HttpResponse.json({ ok: true, fault });
    }),
    http.delete("*/__sandbox/faults", () => {
      state.clearFaults();
      return HttpResponse.json({ ok: true });
    }),

    // The mall's error reports (MCOIN_ERROR_REPORT_URL on the sandbox): collected, listed, cleared.
    http.post("*/__sandbox/errors", async ({ request }) => {
      const parsed = await body(request, CollectedErrorSchema);
      if ("error" in parsed) return parsed.error;
      state.collectError(parsed.data);
      return HttpResponse.json({ ok: true }, { status: 201 });
    }),
    http.get("*/__sandbox/errors", () => HttpResponse.json({ errors: state.collectedErrors() })),
    http.delete("*/__sandbox/errors", () => {
      state.clearErrors();
      return HttpResponse.json({ ok: true });
    }),

    http.get("*/__sandbox/log", ({ request }) => {
      const parsed = query(request, LogQuerySchema);
      if ("error" in parsed) return parsed.error;
      const calls = state.log(parsed.data.since);
      return HttpResponse.json({ calls: parsed.data.unmatched ? calls.filter((call) => call.nearMiss) : calls });
    }),
    // Verification of the call log (sandbox/verify.ts): 200 when it holds, 409 with the closest calls when not.
    http.post("*/__sandbox/verify", async ({ request }) => {
      const parsed = await body(request, VerifyRequestSchema);
      if ("error" in parsed) return parsed.error;
      const verification = verifyCalls(state.log(), parsed.data);
      return HttpResponse.json(verification, { status: verification.ok ? 200 : 409 });
    }),
    http.delete("*/__sandbox/log", () => {
      state.clearLog();
      return HttpResponse.json({ ok: true });
    }),

    http.get("*/__sandbox/latency", () => HttpResponse.json({ latencyMs: settings.latencyMs })),
    http.post("*/__sandbox/latency", async ({ request }) => {
      const parsed = await body(request, LatencySchema);
      if ("error" in parsed) return parsed.error;
      settings.latencyMs = parsed.data.ms;
      return HttpResponse.json({ latencyMs: settings.latencyMs });
    }),

    http.get("*/__sandbox/members", () =>
      HttpResponse.json({
        members: [...state.data.members.values()].map(({ openId, nickname, count, clauseStatus }) => ({
          openId,
          nickname,
          point: state.shop.balance(openId),
          count,
          clauseStatus,
        })),
      }),
    ),
    http.post("*/__sandbox/members", async ({ request }) => {
      const parsed = await body(request, NewMemberSchema);
      if ("error" in parsed) return parsed.error;
      const added = state.addMember(parsed.data);
      return added === "added" ? HttpResponse.json({ ok: true, openId: parsed.data.openId }) : refuse(409, added === "taken" ? "that open id is taken" : "too many members");
    }),
    http.get("*/__sandbox/members/:openId/miles", ({ params }) => {
      const member = state.member(String(params.openId));
      if (!member) return refuse(404, "no such member");
      return HttpResponse.json({ openId: member.openId, redemptions: state.shop.milesOrders(member.openId).reverse() });
    }),
    http.get("*/__sandbox/seckills/:id", ({ params }) => {
      const id = OfferIdSchema.safeParse(params.id);
      const live = id.success ? state.data.seckills.get(String(id.data)) : undefined;
      return live && id.success ? HttpResponse.json({ id: id.data, ...live }) : refuse(404, "no such seckill item");
    }),
    http.patch("*/__sandbox/seckills/:id", async ({ request, params }) => {
      const id = OfferIdSchema.safeParse(params.id);
      const live = id.success ? state.data.seckills.get(String(id.data)) : undefined;
      if (!live || !id.success) return refuse(404, "no such seckill item");
      const parsed = await body(request, SeckillPatchSchema);
      if ("error" in parsed) return parsed.error;
      live.stock = parsed.data.stock;
      state.changed();
      return HttpResponse.json({ id: id.data, ...live });
    }),
    http.patch("*/__sandbox/members/:openId", async ({ request, params }) => {
      const member = state.member(String(params.openId));
      if (!member) return refuse(404, "no such member");
      const parsed = await body(request, MemberPatchSchema);
      if ("error" in parsed) return parsed.error;
      const { point, ...rest } = parsed.data;
      Object.assign(member, rest);
      // The balance is the ledger's: setting it is an entry, not an overwrite.
      if (point !== undefined) state.shop.adjustBalance(member.openId, point);
      state.changed();
      return HttpResponse.json({ ok: true });
    }),
    http.get("*/__sandbox/members/:openId/ledger", ({ params }) => {
      const member = state.member(String(params.openId));
      if (!member) return refuse(404, "no such member");
      return HttpResponse.json({ openId: member.openId, balance: state.shop.balance(member.openId), entries: state.shop.ledger(member.openId).reverse() });
    }),
    http.get("*/__sandbox/members/:openId/orders", ({ params }) => {
      const member = state.member(String(params.openId));
      if (!member) return refuse(404, "no such member");
      return HttpResponse.json({ openId: member.openId, orders: state.shop.orders(member.openId).reverse() });
    }),

    http.get("*/__sandbox/offers/:id", ({ params }) => {
      const id = OfferIdSchema.safeParse(params.id);
      const live = id.success ? state.shop.live(id.data) : undefined;
      return live && id.success ? HttpResponse.json({ id: id.data, ...live }) : refuse(404, "no such offer");
    }),
    http.patch("*/__sandbox/offers/:id", async ({ request, params }) => {
      const id = OfferIdSchema.safeParse(params.id);
      if (!id.success || !state.shop.live(id.data)) return refuse(404, "no such offer");
      const parsed = await body(request, OfferPatchSchema);
      if ("error" in parsed) return parsed.error;
      return HttpResponse.json({ id: id.data, ...state.shop.setOffer(id.data, parsed.data) });
    }),

    // A store's till (sandbox/domain/till.ts): its codes redeem only the coupons of its offers, and too many that redeem nothing stop it for the minute.
    http.post("*/__sandbox/redeem", async ({ request }) => {
      const parsed = await body(request, RedeemSchema);
      if ("error" in parsed) return parsed.error;
      const { code, storeId } = parsed.data;
      if (!state.catalog.store(storeId)) return refuse(404, `no store ${storeId}: a till is one of the catalog's stores`);
      const now = state.now();
      const blockedUntil = state.till.blockedUntil(storeId, now);
      if (blockedUntil !== null) {
        const seconds = Math.max(1, Math.ceil((blockedUntil - now) / 1000));
        return HttpResponse.json(
          {
            ok: false,
            reason: "TOO_MANY_FAILED_CODES",
            error: `store ${storeId}'s till entered ${MAX_FAILED_CODES_PER_MINUTE} codes that redeem nothing within a minute; it may try again in ${seconds} s`,
            retryAfterSeconds: seconds,
          },
          { status: 429, headers: { "retry-after": String(seconds) } },
        );
      }
      const outcome = state.shop.redeem(code, storeId);
      if (!outcome.ok) {
        state.till.failed(storeId, now);
        return refusedControl(outcome.reason);
      }
      const { order, coupon } = outcome.value;
      const store = state.catalog.storeName(Number(coupon.usedAtStore), "en");
      return HttpResponse.json({ ok: true, orderNo: order.orderNo, couponNo: coupon.couponNo, status: coupon.status, orderStatus: order.status, usedAt: coupon.usedAt, storeId: Number(coupon.usedAtStore), store });
    }),
    http.post("*/__sandbox/ship", async ({ request }) => {
      const parsed = await body(request, ShipSchema);
      if ("error" in parsed) return parsed.error;
      const outcome = state.shop.ship(parsed.data.orderNo);
      if (!outcome.ok) {
        const order = state.shop.orderByNumber(parsed.data.orderNo);
        return outcome.reason === "ORDER_NOT_FOUND" || !order ? refuse(404, "no such order") : HttpResponse.json({ ok: false, reason: outcome.reason, error: `the order is ${order.status}, not awaiting shipment` }, { status: 409 });
      }
      return HttpResponse.json({ ok: true, orderNo: outcome.value.orderNo, status: outcome.value.status, shippedAt: outcome.value.shippedAt });
    }),

    http.get("*/__sandbox/state", () => HttpResponse.json(state.redactedView())),
  ];
}
