/**
 * Test controls under /__sandbox/: reset, the clock, injected faults, the call log, and member and
 * offer tweaks for scenarios. Each is declared in core/controls/declarations.ts and served here by
 * its declaration (serve-control.ts: the path parameters and the input parsed with it, the answer
 * checked against it), in one module per concern: the instruments' (instrument-controls.ts), the
 * data's (domain-controls.ts) and the merchants' (till-controls.ts). They answer plain JSON (not the mCoin envelope) and are never logged.
 *
 *   GET    /__sandbox/health                      always open: { ok, name, now }
 *   POST   /__sandbox/reset                       back to the fixtures (members, ledgers, orders, stock, clock, faults, log)
 *   GET    /__sandbox/clock, POST { now, frozen }  the sandbox clock (payment windows, validity, expiry run on it)
 *   GET|POST|DELETE /__sandbox/faults             injected faults { path, kind, times?, percent?, delayMs?, latency?, skewMs? }
 *   GET|POST|DELETE /__sandbox/stubs              stubs in WireMock's mapping format (core/controls/stubs.ts)
 *                                                 (core/controls/faults.ts lists the kinds)
 *   GET    /__sandbox/log?since=N&unmatched=1&requestId=ID  the call log (unmatched: only the near misses; requestId: one mall request's); DELETE clears it
 *   POST   /__sandbox/verify                      { path, method?, count? | atLeast? & atMost?, bodyMatch?: [{ path: JSONPath, value }],
 *                                                 since? }: 200 { ok: true, matched } or 409 { ok: false, closest } (sandbox/verify.ts)
 *   GET    /__sandbox/latency, POST { ms }        added latency
 *   GET    /__sandbox/members                     { members: [{ openId, nickname, point, count, clauseStatus }] } (point: the ledger's balance)
 *   POST   /__sandbox/members                     { openId, nickname?, point?, graySeckill? }: a new member (load tests,
 *                                                 scenarios); 409 when the open id is taken, at most MAX_MEMBERS
 *   PATCH  /__sandbox/members/:openId             { point?, amount?, count?, clauseStatus?, graySeckill? }; point sets the
 *                                                 balance through an `adjustment` ledger entry
 *   PUT    /__sandbox/members/:openId             { nickname?, point, amount, count, clauseStatus, revision?, graySeckill,
 *                                                 addresses, nextAddressId? }: the member as a recording shows them
 *                                                 (created, or set to exactly this; a replay's personas)
 *   POST   /__sandbox/members/:openId/login-code  { openId, code }: a single-use login code for /macaupasssave (a replay's sign-in)
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
 *   GET    /__sandbox/state                       the business data and its digest (sandbox/domain/state-view.ts)
 *   GET    /__sandbox/audit                       the money audit of the books as they stand { ok, problems } (sandbox/domain/audit.ts)
 *   GET    /__sandbox/state/export                the whole data as JSON (the older --state file format); POST .../import puts one in its place
 *   GET    /__sandbox/tenants                     the tenants (/tenants/NAME/...) and their limits; DELETE /__sandbox/tenants/:name drops one (root only)
 *   POST   /__sandbox/errors                      an error report of the mall's (core/errors/report.ts); GET lists
 *                                                 them { errors } (oldest first, the newest 200), DELETE clears them
 *
 * They can reset or rewrite the whole gateway, so one guard (sandbox/control-guard.ts) stands before
 * them all; health stays open: start scripts wait on it. The traffic inspector (/__sandbox/inspect,
 * harness/inspector/http.ts) is answered before them and passes the same guard for its API.
 */
import { http, type HttpHandler } from "msw";
import * as controls from "#core/controls/declarations";
import { controlRefusal } from "../../control-guard";
import type { Clock } from "../../domain/clock";
import { domainControls, type DomainControlParts } from "./domain-controls";
import { instrumentControls, type InstrumentControlParts } from "./instrument-controls";
import { serveControl } from "./serve-control";
import { tenantControls, type TenantControlParts } from "./tenant-controls";
import { tillControls, type TillControlParts } from "./till-controls";

export type ControlParts = InstrumentControlParts &
  DomainControlParts &
  TillControlParts &
  TenantControlParts & {
    clock: Clock;
    /** Required of every control when set (health excepted). */
    controlToken: string | null;
  };

export function controlHandlers(parts: ControlParts): HttpHandler[] {
  return [
    serveControl(controls.health, () => ({ ok: true as const, name: "mcoin-sandbox", now: parts.clock.now() })),
    // The guard: answers only to refuse; otherwise msw moves on to the control itself.
    http.all("*/__sandbox/*", async ({ request }) => (await controlRefusal(request, parts.controlToken)) ?? undefined),
    ...instrumentControls(parts),
    ...domainControls(parts),
    ...tillControls(parts),
    ...tenantControls(parts),
  ];
}
