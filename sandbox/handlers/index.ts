/**
 * The sandbox's msw handlers in the order they are tried, each module handed the parts it uses
 * (sandbox/parts.ts) and nothing more: the inspector's routes, the controls, pictures, the sign-in
 * page, WireMock's admin API (sandbox/stubs/admin.ts), the gateway's endpoints by area, and the wallet's side of a payment.
 */
import { http, type HttpHandler } from "msw";
import { faultFrom } from "#core/controls/faults";
import { controlRefusal } from "../control-guard";
import type { Fixtures } from "../fixtures";
import { inspectorAnswer, type InspectorActions, type InspectorServer } from "#harness/inspector";
import { appMarketPageHandler, loginPageHandlers } from "../login-page";
import type { SandboxParts } from "../parts";
import { serveWith } from "../respond";
import { adminHandlers } from "../stubs/admin";
import { afterSaleHandlers } from "./after-sale";
import { catalogHandlers } from "./catalog";
import { controlHandlers } from "./controls/index";
import type { TenantControlParts } from "./controls/tenant-controls";
import { promotionHandlers } from "./promotions";
import { secureGatewayHandlers } from "./secure-gateway";
import { sessionHandlers } from "./session";
import { shopHandlers } from "./shop";
import { recordedPicturesHandler, staticHandler } from "./static";
import { walletHandlers } from "./wallet";

export interface HandlerOptions {
  fixtures: Fixtures;
  /** Required of every /__sandbox/ control (health excepted) when set. */
  controlToken: string | null;
  /** The mall's origins: where the sign-in page may send a login code, and who may call the wallet's stand-in (a control adds to them). */
  mallOrigins: Set<string>;
  /** What only the CLI can do with the inspector's exchanges. */
  inspectorActions?: InspectorActions;
  /** Sends a request through the whole sandbox, as an outside caller's would go (the wallet's notices). */
  dispatch(request: Request): Promise<Response>;
  /** The path this sandbox is reached under: a tenant's `/tenants/NAME` (sandbox/tenants.ts), '' for the default tenant. */
  mount: string;
  /** The default tenant's view of the others (its controls list and drop them). */
  tenants?: TenantControlParts["tenants"];
}

export function sandboxHandlers({ domain, instruments, reset, store, importState }: SandboxParts, options: HandlerOptions): HttpHandler[] {
  const { fixtures, controlToken, mallOrigins } = options;
  const { catalog, books, orders, afterSale, promotions, miles, favourites, members, logins } = domain;
  const { clock, faults, stubs, recorded, calls, errors, latency } = instruments;
  const serve = serveWith({ logins, idempotency: domain.idempotency });
  const inspector: InspectorServer = {
    ring: instruments.inspected,
    source: "sandbox",
    target: "",
    guard: (request) => controlRefusal(request, controlToken),
    addFault: async (fault) => (faults.add(faultFrom(fault)) ? null : Response.json({ ok: false, error: "too many faults are waiting: clear them first" }, { status: 400 })),
    ...(options.inspectorActions ? { actions: options.inspectorActions } : {}),
    mount: options.mount,
  };
  return [
    // The inspector's page is open (it asks for the token); its API passes the controls' guard itself.
    http.all("*/__sandbox/inspect", ({ request }) => inspectorAnswer(inspector, request)),
    http.all("*/__sandbox/inspect/*", ({ request }) => inspectorAnswer(inspector, request)),
    ...controlHandlers({
      reset,
      controlToken,
      clock,
      faults,
      stubs,
      errors,
      calls,
      latency,
      members,
      logins,
      books,
      orders,
      miles,
      promotions,
      catalog,
      afterSale,
      till: domain.till,
      view: domain.view,
      auditView: domain.auditView,
      exportState: () => store.exportJson(),
      importState,
      tenants: options.tenants,
      mallOrigins,
    }),
    // WireMock's admin API over the stubs, behind the same guard.
    ...adminHandlers({ stubs, calls, controlToken }),
    recordedPicturesHandler(recorded),
    staticHandler(fixtures.dir),
    appMarketPageHandler(),
    ...loginPageHandlers({ members, logins, books, mallOrigins, mount: options.mount, personas: recorded?.personas.map((persona) => persona.openId) ?? [] }),
    ...sessionHandlers({ serve, members, logins, books, orders, clock, clause: domain.clause }),
    ...secureGatewayHandlers({ keys: fixtures.gatewayKeys, clock, nonces: instruments.nonces, taskRuns: domain.taskRuns, stubs, recorded, stubReplies: instruments.stubReplies, members, logins }),
    ...catalogHandlers({ serve, catalog, searches: domain.searches, clock }),
    ...shopHandlers({ serve, catalog, orders, books, favourites, clock }),
    ...afterSaleHandlers({ serve, catalog, orders, afterSale, refundPhotos: domain.refundPhotos, clock }),
    ...promotionHandlers({ serve, catalog, orders, promotions, miles, clock }),
    ...walletHandlers({ serve, catalog, orders, clock, faults, deferred: instruments.deferred, walletSecret: fixtures.walletSecret, mallOrigins, dispatch: options.dispatch }),
  ];
}
