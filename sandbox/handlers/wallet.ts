/**
 * The wallet's side of a payment.
 *
 * POST /pay/notify is the gateway's endpoint for the wallet's settlement notices, server to server:
 * signed (`Wallet-Signature`: the hex HMAC-SHA256 of the raw body with the test-only secret in
 * fixtures/keys/sandbox-wallet.json); anything else is refused with 401 before it is read.
 *
 * POST /__wallet/pay stands in for the wallet's back end, as /oauth/authorize stands in for its
 * sign-in: the simulated host's cashier calls it from the mall's pages, cross-origin, with
 * `{ orderNo, amountCents, outcome: "paid" | "failed", delayMs?, paymentId? }`: each call is a new
 * payment (a second one of a paid order is refused and refunded) unless it names the payment it
 * delivers again. It builds the signed notice and
 * sends it through the sandbox itself to /pay/notify, at once (200, with the gateway's reply) or
 * after delayMs ("paid, confirmation delayed": 202). It answers CORS, the preflight included, only
 * for the mall's origins (--mall-origin), refuses other origins (403) and bodies that are not JSON
 * (415). It is not a /__sandbox control: it needs no control token, and moves no money a real
 * wallet would not.
 */
import { randomBytes } from "node:crypto";
import { http, HttpResponse, type HttpHandler } from "msw";
import { z } from "zod";
import { SUCCESS_CODE } from "#core/api/define";
import { WALLET_SIGNATURE_HEADER, walletNotify } from "#core/api/shop-endpoints";
import { BUSINESS_FAMILIES } from "#core/controls/faults";
import type { CatalogQueries } from "../domain/catalog";
import type { Clock } from "../domain/clock";
import type { OrderBook } from "../domain/order-book";
import type { DeferredWork } from "../instruments/deferred-work";
import { carryingFault } from "../instruments/call-log";
import type { FaultQueue } from "../instruments/fault-queue";
import { JSON_TOO_DEEP_MESSAGE, parseBoundedJson } from "#core/http/bounded-json";
import type { Serve } from "../respond";
import { signedBy, walletSignature } from "../wallet-signature";
import { orderReply } from "./shop";

const WalletPaySchema = z
  .object({
    orderNo: walletNotify.request.shape.orderNo,
    amountCents: z.number().int().min(0).max(100_000_000),
    /** The payment to notify again (a retry of the same payment); a new payment gets an id of its own. */
    paymentId: walletNotify.request.shape.paymentId.optional(),
    outcome: z.enum(["paid", "failed"]),
    delayMs: z.number().int().min(0).max(60_000).default(0),
  })
  .strict();

function corsHeaders(origin: string): Record<string, string> {
  return {
    "access-control-allow-origin": origin,
    "access-control-allow-methods": "POST",
    "access-control-allow-headers": "content-type",
    "access-control-max-age": "600",
    vary: "Origin",
  };
}

export interface WalletParts {
  serve: Serve;
  catalog: CatalogQueries;
  orders: OrderBook;
  clock: Clock;
  /** The business faults on a notice (twice, late, after the member's cancel). */
  faults: FaultQueue;
  /** Where a delayed notice waits. */
  deferred: DeferredWork;
  /** What the wallet signs its notices with (fixtures/keys/sandbox-wallet.json). */
  walletSecret: string;
  /** Who may call the wallet's stand-in (--mall-origin). */
  mallOrigins: ReadonlySet<string>;
  /** Sends a request through the sandbox, as an outside caller's would go. */
  dispatch(request: Request): Promise<Response>;
}

export function walletHandlers({ serve, catalog, orders, clock, faults, deferred, walletSecret, mallOrigins, dispatch }: WalletParts): HttpHandler[] {
  const refuse = (status: number, error: string, headers: Record<string, string> = {}) => HttpResponse.json({ ok: false, error }, { status, headers });

  return [
    serve(walletNotify, ({ input, locale, request }) => orderReply({ catalog, clock }, orders.notice(input), locale, request), {
      verify: (request, rawBody) =>
        signedBy(walletSecret, request, rawBody)
          ? null
          : HttpResponse.json({ code: 401, msg: `${WALLET_SIGNATURE_HEADER} does not match the body: notices are signed by the wallet` }, { status: 401 }),
    }),

    http.options("*/__wallet/pay", ({ request }) => {
      const origin = request.headers.get("origin");
      if (origin === null || !mallOrigins.has(origin)) return refuse(403, "the wallet answers the mall's origins only (--mall-origin)");
      return new HttpResponse(null, { status: 204, headers: corsHeaders(origin) });
    }),

    http.post("*/__wallet/pay", async ({ request }) => {
      const origin = request.headers.get("origin");
      // No Origin: a script or a test, not a web page. Any other page's is refused.
      if (origin !== null && !mallOrigins.has(origin)) return refuse(403, "the wallet answers the mall's origins only (--mall-origin)");
      const cors = origin === null ? {} : corsHeaders(origin);
      const type = request.headers.get("content-type")?.split(";")[0].trim().toLowerCase();
      if (type !== "application/json") return refuse(415, "the wallet takes a JSON body (Content-Type: application/json)", cors);
      const sent = parseBoundedJson(await request.text());
      if (!sent.ok) return refuse(400, sent.reason === "too-deep" ? `body: ${JSON_TOO_DEEP_MESSAGE}` : "body: not JSON", cors);
      const raw = sent.value;
      const parsed = WalletPaySchema.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return refuse(400, `${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"}`, cors);
      }
      const { orderNo, amountCents, outcome, delayMs, paymentId } = parsed.data;
      const notice = { orderNo, paymentId: paymentId ?? `WP${randomBytes(12).toString("hex").toUpperCase()}`, amountCents, status: outcome === "paid" ? "PAID" : "FAILED" };
      const body = JSON.stringify(notice);
      // Business faults (core/controls/faults.ts) on the notice: twice, late, or after the member's cancel.
      const fault = faults.take(new URL("/pay/notify", request.url).pathname, BUSINESS_FAMILIES);
      // Each notice a fault shaped carries it into the call log and the inspector (instruments/call-log.ts).
      let deliver = () =>
        dispatch(
          carryingFault(
            new Request(new URL("/pay/notify", request.url), {
              method: "POST",
              headers: { "content-type": "application/json", "accept-language": request.headers.get("accept-language") ?? "zh", [WALLET_SIGNATURE_HEADER]: walletSignature(body, walletSecret) },
              body,
            }),
            fault?.kind,
          ),
        );
      if (fault?.kind === "notice-late") orders.lapse(orderNo);
      if (fault?.kind === "notice-after-cancel") {
        const order = orders.byNumber(orderNo);
        if (order) orders.cancel(order.openId, order.id);
      }
      if (fault?.kind === "notice-twice") {
        const first = deliver;
        deliver = async () => {
          await first();
          return first();
        };
      }
      if (delayMs > 0) {
        deferred.after(delayMs, () => void deliver().catch((error: unknown) => console.error("sandbox: a delayed wallet notice failed", error)));
        return HttpResponse.json({ ok: true, delivered: false, delayMs, notice }, { status: 202, headers: cors });
      }
      let reply: { status: number; body: { code?: unknown } };
      try {
        const response = await deliver();
        reply = { status: response.status, body: (await response.json()) as { code?: unknown } };
      } catch {
        // An injected fault on /pay/notify: the notice did not arrive.
        return refuse(502, "the gateway did not answer the notice", cors);
      }
      return HttpResponse.json({ ok: true, delivered: true, accepted: reply.body.code === SUCCESS_CODE, notice, reply, ...(fault ? { fault: fault.kind } : {}) }, { headers: cors });
    }),
  ];
}
