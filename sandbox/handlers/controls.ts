/**
 * Test controls under /__sandbox/: reset, the clock, injected faults, the call log, and member and
 * offer tweaks for scenarios. Each is declared in core/controls/declarations.ts and served here by
 * its declaration (`serveControl`: the path parameters and the input parsed with it, the answer
 * checked against it). They answer plain JSON (not the mCoin envelope) and are never logged.
 *
 *   GET    /__sandbox/health                      always open: { ok, name, now }
 *   POST   /__sandbox/reset                       back to the fixtures (members, ledgers, orders, stock, clock, faults, log)
 *   GET    /__sandbox/clock, POST { now, frozen }  the sandbox clock (payment windows, validity, expiry run on it)
 *   GET|POST|DELETE /__sandbox/faults             injected faults { path, kind, times?, percent?, delayMs?, latency?, skewMs? }
 *   GET|POST|DELETE /__sandbox/stubs              stubs in WireMock's mapping format (core/controls/stubs.ts)
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
 *                                                 (409 { reason, why } when refused: unknown, wrong-store, used (when, where),
 *                                                 expired...; 404 for an unknown store; 429 TOO_MANY_FAILED_CODES
 *                                                 for the rest of the minute once the store entered 10 codes that redeem nothing)
 *   POST   /__sandbox/ship                        { orderNo }: settled goods leave (delivery) or are ready at the store (pick-up)
 *   GET    /__sandbox/state                       the business data and its digest (state.ts, redactedView)
 *   POST   /__sandbox/errors                      an error report of the mall's (core/errors/report.ts); GET lists
 *                                                 them { errors } (oldest first, the newest 200), DELETE clears them
 *
 * They can reset or rewrite the whole gateway, so one guard (sandbox/control-guard.ts) stands before
 * them all; health stays open: start scripts wait on it. The traffic inspector (/__sandbox/inspect,
 * harness/inspector/http.ts) is answered before them and passes the same guard for its API.
 */
import { http, HttpResponse, type HttpHandler } from "msw";
import type { z } from "zod";
import type { ShopRefusal } from "#core/api/shop-endpoints";
import * as controls from "#core/controls/declarations";
import type { Control, ControlReply, RedeemRefusal } from "#core/controls/declarations";
import { faultFrom } from "#core/controls/faults";
import { mappingsOf } from "#core/controls/stubs";
import { controlRefusal } from "../control-guard";
import { eventStream } from "#core/http/event-stream";
import { REFUSAL_MESSAGES } from "../domain/messages";
import { couponAt } from "../domain/orders";
import { MAX_FAILED_CODES_PER_MINUTE } from "../domain/till";
import { JSON_TOO_DEEP_MESSAGE, parseBoundedJson } from "#core/http/bounded-json";
import { MAX_FAULTS, type SandboxState } from "../state";
import { verifyCalls } from "../verify";
import type { SandboxSettings } from "../settings";

function refuse(status: number, message: string, extra: Record<string, unknown> = {}, headers?: Record<string, string>) {
  return HttpResponse.json({ ok: false, error: message, ...extra }, { status, headers });
}

/**
 * Why a till's code redeemed nothing, as core/controls/declarations.ts declares it
 * (RedeemRefusalSchema): the domain's reason in the gateway's words, then what a merchant needs to
 * know. At a store its offer is not redeemed at, the code's other stores and nothing more.
 */
function tillRefusal(state: SandboxState, code: string, storeId: number, reason: ShopRefusal): Response {
  const said = REFUSAL_MESSAGES[reason].en;
  const storeNamed = (id: number) => `store ${id}${state.catalog.storeName(id, "en") ? ` (${state.catalog.storeName(id, "en")})` : ""}`;
  const refusal = (why: RedeemRefusal["why"], words: string, extra: Partial<RedeemRefusal> = {}) => refuse(409, `${said} ${words}`, { reason, why, ...extra });
  const found = state.orders.byCode(code);
  if (!found || found.order.deletedAt !== null) return refusal("unknown", `No coupon has the code ${code}.`);
  const validAt = state.catalog.offer(found.order.offerId)?.storeIds ?? [];
  if (!validAt.includes(storeId)) return refusal("wrong-store", `It is not valid at ${storeNamed(storeId)}: its offer is redeemed at ${validAt.map(storeNamed).join(", ")}.`, { validAt });
  const { coupon } = found;
  if (coupon.status === "used") {
    const usedAtStore = coupon.usedAtStore ? Number(coupon.usedAtStore) : undefined;
    const when = coupon.usedAt === null ? "" : ` on ${macauMinute(coupon.usedAt)} (Macau)`;
    return refusal("used", `It was used${when}${usedAtStore === undefined ? "" : ` at ${storeNamed(usedAtStore)}`}.`, {
      ...(coupon.usedAt === null ? {} : { usedAt: coupon.usedAt }),
      ...(usedAtStore === undefined ? {} : { usedAtStore }),
    });
  }
  const status = couponAt(coupon, state.now()).status;
  if (status === "expired") return refusal("expired", `The coupon expired on ${macauMinute(coupon.useUntil)} (Macau).`);
  return refusal(status === "refunded" ? "refunded" : "refunding", `The coupon is ${status}: its order's money is being or was given back.`);
}

/** A moment as Macau's wall clock (UTC+8, no daylight saving), to the minute. */
const macauMinute = (at: number) => new Date(at + 8 * 3_600_000).toISOString().slice(0, 16).replace("T", " ");

/** The first problem a schema finds, as a 400 naming the field. */
function invalid(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }, where: string): Response {
  const issue = error.issues[0];
  return refuse(400, `${issue?.path.length ? issue.path.map(String).join(".") : where}: ${issue?.message ?? "invalid"}`);
}

/** What a control's handler may answer: its reply (200), its reply with another status, or a refusal. */
type Answer<C extends Control> = ControlReply<C> | { status: number; reply: ControlReply<C> } | Response;

/**
 * An msw handler for a declared control: path parameters and input (a JSON body, or the query of a
 * GET or DELETE) parsed with its declaration, a refusal for what does not fit, and the answer checked
 * against the declaration (the sandbox must never answer outside it).
 */
function serveControl<C extends Control>(control: C, answer: (args: { params: z.output<C["params"]>; input: z.output<C["input"]>; request: Request }) => Answer<C> | Promise<Answer<C>>): HttpHandler {
  const method = control.method.toLowerCase() as "get" | "post" | "patch" | "delete";
  return http[method](`*${control.path}`, async ({ request, params: rawParams }) => {
    const params = control.params.safeParse(rawParams);
    // A path parameter that does not parse names nothing there is.
    if (!params.success) return refuse(404, control.notFound ?? "no such thing");
    let raw: unknown = Object.fromEntries(new URL(request.url).searchParams);
    if (control.method !== "GET" && control.method !== "DELETE") {
      const text = await request.text();
      const parsed = text === "" ? { ok: true as const, value: {} } : parseBoundedJson(text);
      if (!parsed.ok) return refuse(400, parsed.reason === "too-deep" ? `body: ${JSON_TOO_DEEP_MESSAGE}` : "body: not JSON");
      raw = parsed.value;
    }
    const input = control.input.safeParse(raw);
    if (!input.success) return invalid(input.error, "input");
    const result = await answer({ params: params.data as z.output<C["params"]>, input: input.data as z.output<C["input"]>, request });
    if (result instanceof Response) return result;
    const { status, reply } =
      result !== null && typeof result === "object" && "reply" in result && "status" in result ? (result as { status: number; reply: unknown }) : { status: 200, reply: result };
    return HttpResponse.json(control.reply.parse(reply) as object, { status });
  });
}

/** The call log as server-sent events: one `call` event per gateway call, when it is answered. */
function callStream(state: SandboxState, aborted: AbortSignal): Response {
  return eventStream((send) => {
    send(": the sandbox's gateway calls, each once answered\n\n");
    return state.onCallAnswered((call) => send(`event: call\nid: ${call.seq}\ndata: ${JSON.stringify(controls.LoggedCallSchema.parse(call))}\n\n`));
  }, aborted);
}

/** `controlToken`: required of every control when set (health excepted). */
export function controlHandlers(state: SandboxState, settings: SandboxSettings, controlToken: string | null): HttpHandler[] {
  const noMember = () => refuse(404, "no such member");
  return [
    serveControl(controls.health, () => ({ ok: true as const, name: "mcoin-sandbox", now: state.now() })),

    // The guard: answers only to refuse; otherwise msw moves on to the control itself.
    http.all("*/__sandbox/*", async ({ request }) => (await controlRefusal(request, controlToken)) ?? undefined),

    serveControl(controls.reset, () => {
      state.reset();
      settings.latencyMs = settings.initialLatencyMs;
      return { ok: true as const };
    }),

    serveControl(controls.clock, () => state.clockInfo()),
    serveControl(controls.setClock, ({ input }) => {
      state.setClock(input.now, input.frozen);
      return state.clockInfo();
    }),

    serveControl(controls.faults, () => ({ faults: state.listFaults() })),
    serveControl(controls.addFault, ({ input }) => {
      const fault = state.addFault(faultFrom(input));
      return fault ? { ok: true as const, fault } : refuse(400, `${MAX_FAULTS} faults are already waiting; DELETE /__sandbox/faults first`);
    }),
    serveControl(controls.clearFaults, () => {
      state.clearFaults();
      return { ok: true as const };
    }),

    // Each gateway call once answered, pushed as a server-sent event (`mcoin sandbox log --follow`);
    // behind the guard above, so it needs the control token whenever the other controls do.
    http.get("*/__sandbox/log/stream", ({ request }) => callStream(state, request.signal)),

    // Stubs in WireMock's mapping format; those from --stubs files stay unless `all=true`.
    serveControl(controls.stubs, () => ({ stubs: state.stubs.list() })),
    serveControl(controls.addStubs, ({ input }) => ({ ok: true as const, added: state.stubs.add(mappingsOf(input), "POST /__sandbox/stubs") })),
    serveControl(controls.clearStubs, ({ input }) => ({ ok: true as const, removed: state.stubs.clear({ all: input.all === "true" }) })),

    // The mall's error reports (MCOIN_ERROR_REPORT_URL on the sandbox): collected, listed, cleared.
    serveControl(controls.reportError, ({ input }) => {
      state.collectError(input);
      return { status: 201, reply: { ok: true as const } };
    }),
    serveControl(controls.errors, () => ({ errors: state.collectedErrors() })),
    serveControl(controls.clearErrors, () => {
      state.clearErrors();
      return { ok: true as const };
    }),

    serveControl(controls.log, ({ input }) => {
      const calls = state.log(input.since);
      return { calls: input.unmatched ? calls.filter((call) => call.nearMiss) : calls };
    }),
    // Verification of the call log (sandbox/verify.ts): 200 when it holds, 409 with the closest calls when not.
    serveControl(controls.verify, ({ input }) => {
      const verification = verifyCalls(state.log(), input);
      return { status: verification.ok ? 200 : 409, reply: verification };
    }),
    serveControl(controls.clearLog, () => {
      state.clearLog();
      return { ok: true as const };
    }),

    serveControl(controls.latency, () => ({ latencyMs: settings.latencyMs })),
    serveControl(controls.setLatency, ({ input }) => {
      settings.latencyMs = input.ms;
      return { latencyMs: settings.latencyMs };
    }),

    serveControl(controls.members, () => ({
      members: [...state.data.members.values()].map(({ openId, nickname, count, clauseStatus }) => ({ openId, nickname, point: state.books.balance(openId), count, clauseStatus })),
    })),
    serveControl(controls.addMember, ({ input }) => {
      const added = state.addMember(input);
      return added === "added" ? { ok: true as const, openId: input.openId } : refuse(409, added === "taken" ? "that open id is taken" : "too many members");
    }),
    serveControl(controls.miles, ({ params }) => {
      const member = state.member(params.openId);
      return member ? { openId: member.openId, redemptions: state.miles.list(member.openId).reverse() } : noMember();
    }),
    serveControl(controls.seckill, ({ params }) => {
      const live = state.data.seckills.get(String(params.id));
      return live ? { id: params.id, ...live } : refuse(404, "no such seckill item");
    }),
    serveControl(controls.patchSeckill, ({ params, input }) => {
      const live = state.data.seckills.get(String(params.id));
      if (!live) return refuse(404, "no such seckill item");
      live.stock = input.stock;
      state.changed();
      return { id: params.id, ...live };
    }),
    serveControl(controls.patchMember, ({ params, input }) => {
      const member = state.member(params.openId);
      if (!member) return noMember();
      const { point, ...rest } = input;
      Object.assign(member, rest);
      // The balance is the ledger's: setting it is an entry, not an overwrite.
      if (point !== undefined) state.books.adjustBalance(member.openId, point);
      state.changed();
      return { ok: true as const };
    }),
    serveControl(controls.ledger, ({ params }) => {
      const member = state.member(params.openId);
      return member ? { openId: member.openId, balance: state.books.balance(member.openId), entries: state.books.ledger(member.openId).reverse() } : noMember();
    }),
    serveControl(controls.orders, ({ params }) => {
      const member = state.member(params.openId);
      return member ? { openId: member.openId, orders: state.orders.list(member.openId).reverse() } : noMember();
    }),

    serveControl(controls.offer, ({ params }) => {
      const live = state.orders.live(params.id);
      return live ? { id: params.id, ...live } : refuse(404, "no such offer");
    }),
    serveControl(controls.patchOffer, ({ params, input }) => {
      const live = state.orders.setOffer(params.id, input);
      return live ? { id: params.id, ...live } : refuse(404, "no such offer");
    }),

    // A store's till (sandbox/domain/till.ts): its codes redeem only the coupons of its offers, and too many that redeem nothing stop it for the minute.
    serveControl(controls.redeem, ({ input }) => {
      const { code, storeId } = input;
      if (!state.catalog.store(storeId)) return refuse(404, `no store ${storeId}: a till is one of the catalog's stores`);
      const now = state.now();
      const blockedUntil = state.till.blockedUntil(storeId, now);
      if (blockedUntil !== null) {
        const seconds = Math.max(1, Math.ceil((blockedUntil - now) / 1000));
        return refuse(
          429,
          `store ${storeId}'s till entered ${MAX_FAILED_CODES_PER_MINUTE} codes that redeem nothing within a minute; it may try again in ${seconds} s`,
          { reason: "TOO_MANY_FAILED_CODES", retryAfterSeconds: seconds },
          { "retry-after": String(seconds) },
        );
      }
      const outcome = state.afterSale.redeem(code, storeId);
      if (!outcome.ok) {
        state.till.failed(storeId, now);
        return tillRefusal(state, code, storeId, outcome.reason);
      }
      const { order, coupon } = outcome.value;
      const store = state.catalog.storeName(Number(coupon.usedAtStore), "en");
      return {
        ok: true as const,
        orderNo: order.orderNo,
        couponNo: coupon.couponNo,
        status: coupon.status,
        orderStatus: order.status,
        usedAt: coupon.usedAt,
        storeId: Number(coupon.usedAtStore),
        store,
      };
    }),
    serveControl(controls.ship, ({ input }) => {
      const outcome = state.afterSale.ship(input.orderNo);
      if (!outcome.ok) {
        const order = state.orders.byNumber(input.orderNo);
        return outcome.reason === "ORDER_NOT_FOUND" || !order ? refuse(404, "no such order") : refuse(409, `the order is ${order.status}, not awaiting shipment`, { reason: outcome.reason });
      }
      return { ok: true as const, orderNo: outcome.value.orderNo, status: outcome.value.status, shippedAt: outcome.value.shippedAt };
    }),

    // The view's accounts are the domain's Account objects, wider than the declaration reads; the reply is checked at run time.
    serveControl(controls.state, () => state.redactedView() as unknown as ControlReply<typeof controls.state>),
  ];
}
