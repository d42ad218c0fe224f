/**
 * The sandbox gateway: msw request handlers over in-memory state seeded from fixtures/. The same
 * handlers serve HTTP (`mcoin sandbox`, see server.ts) and answer in-process in unit tests.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { getResponse, http, HttpResponse, type HttpHandler } from "msw";
import { DEFAULT_FIXTURES_DIR, loadFixtures, withoutHistory } from "./fixtures";
import { catalogHandlers } from "./handlers/catalog";
import { controlHandlers } from "./handlers/controls";
import { secureGatewayHandlers } from "./handlers/secure-gateway";
import { sessionHandlers } from "./handlers/session";
import { shopHandlers } from "./handlers/shop";
import { afterSaleHandlers } from "./handlers/after-sale";
import { promotionHandlers } from "./handlers/promotions";
import { walletHandlers } from "./handlers/wallet";
import { DEFAULT_MALL_ORIGINS, MallOriginSchema, loginPageHandlers } from "./login-page";
import type { SandboxSettings } from "./settings";
import { SandboxState } from "./state";
import { readStubFolder } from "./stub-files";
import { RecordedBook, type RecordedExchange } from "#harness/serve";
import { frontDoor, render, type Dispatched } from "./front-door";
import type { Endpoint } from "#core/api/define";
import { knownRoutes, servedEndpoints, unmatchedReply } from "./near-miss";
import { faultFrom } from "#core/controls/faults";
import { controlRefusal } from "./control-guard";
import { inspectorAnswer, type InspectorActions, type InspectorServer } from "#harness/inspector";

export interface SandboxOptions {
  fixturesDir?: string;
  /** Keep members, tokens, login codes, ledgers and orders in this file across restarts. */
  stateFile?: string;
  /** Delay added to every gateway call, in milliseconds. */
  latencyMs?: number;
  /** Required of every /__sandbox/ control (health excepted) when set; without it they answer loopback names only. */
  controlToken?: string;
  /** The mall's origins: where the sign-in page may send a login code, and who may call the wallet's stand-in (/__wallet/pay). */
  mallOrigins?: readonly string[];
  /** false: start with an empty order book, without the demo members' past orders (tests of the rules). */
  history?: boolean;
  /** A folder of stub mappings in WireMock's format (sandbox/stub-files.ts), answered before the sandbox's rules. */
  stubsDir?: string;
  /** Recorded exchanges to answer with (harness/serve/book.ts); `strict`: a gateway call none matches gets a 404. */
  recordings?: { exchanges: readonly RecordedExchange[]; strict?: boolean };
  /**
   * The traffic inspector (/__sandbox/inspect): how many exchanges it keeps, the bytes of a body it
   * keeps, and what only the CLI can do with them (save as a recording, replay, HAR).
   */
  inspect?: { capacity?: number; bodyLimit?: number; actions?: InspectorActions };
}

export type { SandboxSettings } from "./settings";

export interface Sandbox {
  state: SandboxState;
  settings: SandboxSettings;
  /** One msw handler answering everything as `handle` does (setupServer in tests). */
  handlers: HttpHandler[];
  /** Answers one request, as the HTTP server would (a connection fault reads as fetch would see it). */
  handle(request: Request): Promise<Response>;
  /** Answers one request, saying what an injected connection fault does to the connection. */
  dispatch(request: Request): Promise<Dispatched>;
  /** The registry's endpoints its handlers serve (core/api/registry.ts), each by its declaration. */
  served: readonly Endpoint[];
}

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const fixturesDir = options.fixturesDir ?? DEFAULT_FIXTURES_DIR;
  const fixtures = loadFixtures(fixturesDir);
  const state = new SandboxState(options.history === false ? withoutHistory(fixtures) : fixtures, {
    stateFile: options.stateFile,
    inspect: { capacity: options.inspect?.capacity, bodyLimit: options.inspect?.bodyLimit },
  });
  const settings: SandboxSettings = { latencyMs: options.latencyMs ?? 0, initialLatencyMs: options.latencyMs ?? 0 };
  if (options.recordings) state.recorded = new RecordedBook(options.recordings.exchanges, options.recordings.strict ?? false);
  for (const file of options.stubsDir ? readStubFolder(options.stubsDir) : []) state.stubs.add(file.mappings, file.source, { kept: true });
  const mallOrigins = new Set((options.mallOrigins ?? DEFAULT_MALL_ORIGINS).map((origin) => MallOriginSchema.parse(origin)));

  const controlToken = options.controlToken ?? null;
  const inspector: InspectorServer = {
    ring: state.inspected,
    source: "sandbox",
    target: "",
    guard: (request) => controlRefusal(request, controlToken),
    addFault: async (fault) => (state.addFault(faultFrom(fault)) ? null : Response.json({ ok: false, error: "too many faults are waiting: clear them first" }, { status: 400 })),
    ...(options.inspect?.actions ? { actions: options.inspect.actions } : {}),
  };

  const endpoints: HttpHandler[] = [
    // The inspector's page is open (it asks for the token); its API passes the controls' guard itself.
    http.all("*/__sandbox/inspect", ({ request }) => inspectorAnswer(inspector, request)),
    http.all("*/__sandbox/inspect/*", ({ request }) => inspectorAnswer(inspector, request)),
    ...controlHandlers(state, settings, controlToken),
    staticHandler(fixturesDir),
    ...loginPageHandlers(state, mallOrigins),
    ...sessionHandlers(state),
    ...secureGatewayHandlers(state),
    ...catalogHandlers(state),
    ...shopHandlers(state),
    ...afterSaleHandlers(state),
    ...promotionHandlers(state),
    ...walletHandlers(state, mallOrigins, (request) => handle(request)),
  ];
  const routes = knownRoutes(endpoints);
  // Last: anything else is an unknown endpoint, answered with the endpoints it nearly matched.
  endpoints.push(http.all("*", ({ request }) => unmatchedReply(routes, request.method, new URL(request.url).pathname)));

  const candidates = candidatesFor(endpoints);
  const answer = async (request: Request) => (await getResponse(candidates(request), request)) ?? unmatchedReply(routes, request.method, new URL(request.url).pathname);
  const frontDoorDispatch = frontDoor(state, settings, answer);
  async function dispatch(request: Request): Promise<Dispatched> {
    const dispatched = await frontDoorDispatch(request);
    // With --state, what the reply confirms is on disk before it is sent.
    state.flush();
    return dispatched;
  }
  async function handle(request: Request): Promise<Response> {
    return render(await dispatch(request));
  }
  const handlers = [http.all("*", ({ request }) => handle(request))];

  return { state, settings, handlers, handle, dispatch, served: servedEndpoints(endpoints) };
}

const STATIC_TYPES = new Map([
  ["svg", "image/svg+xml"],
  ["png", "image/png"],
  ["jpg", "image/jpeg"],
  ["webp", "image/webp"],
]);

/**
 * The handlers that can answer a request, in their order: msw tries every handler's path pattern in
 * turn (path-to-regexp, cookies), which is most of the sandbox's time under a burst. A handler of
 * one method and one literal path (`*${endpoint.path}`, most of them) can only answer that method and
 * path, so it is skipped for any other; a pattern (the members control, `/__sandbox/members/:openId`) can
 * only answer its method and paths that begin with its literal part, so it is skipped for the others;
 * `*` is always tried. The order, and so which handler answers, is unchanged.
 */
function candidatesFor(handlers: readonly HttpHandler[]): (request: Request) => HttpHandler[] {
  const literal = (handler: HttpHandler): string | null => {
    const { method, path } = handler.info as { method?: unknown; path?: unknown };
    if (typeof method !== "string" || typeof path !== "string" || !path.startsWith("*/") || /[:*?(]/.test(path.slice(1))) return null;
    return keyOf(method, path.slice(1));
  };
  // As msw matches: the method exactly, the path whatever its case and with or without a final slash.
  const keyOf = (method: string, pathname: string) => `${method.toUpperCase()} ${pathname.toLowerCase().replace(/\/+$/, "")}`;
  /** For a pattern: the method it answers (null: any) and the literal start of its path. */
  const pattern = (handler: HttpHandler): { method: string | null; prefix: string } => {
    const { method, path } = handler.info as { method?: unknown; path?: unknown };
    const any = typeof method !== "string" || method === "ALL";
    if (typeof path !== "string" || !path.startsWith("*/")) return { method: null, prefix: "" };
    return {
      method: any ? null : method.toUpperCase(),
      prefix: path
        .slice(1)
        .split(/[:*?(]/)[0]
        .toLowerCase(),
    };
  };
  const keyed = handlers.map((handler) => ({ handler, key: literal(handler), pattern: pattern(handler) }));
  const mayAnswer = (entry: (typeof keyed)[number], method: string, pathname: string, key: string) =>
    entry.key === null ? (entry.pattern.method === null || entry.pattern.method === method) && pathname.startsWith(entry.pattern.prefix) : entry.key === key;
  const cache = new Map<string, HttpHandler[]>();
  return (request) => {
    const method = request.method.toUpperCase();
    const pathname = new URL(request.url).pathname.toLowerCase();
    const key = keyOf(method, pathname);
    let list = cache.get(key);
    if (!list) {
      list = keyed.filter((entry) => mayAnswer(entry, method, pathname, key)).map((entry) => entry.handler);
      // Any path can be asked for: only those a literal handler answers are remembered, so the cache
      // stays small.
      if (keyed.some((entry) => entry.key === key)) cache.set(key, list);
    }
    return list;
  };
}

/** Images the fixtures refer to (avatars, offers, store logos, zone and ad banners), from fixtures/images/. */
function staticHandler(fixturesDir: string): HttpHandler {
  return http.get("*/static/:folder/:file", async ({ params }) => {
    const folder = String(params.folder);
    const file = String(params.file);
    const type = STATIC_TYPES.get(file.split(".").pop() ?? "");
    if (!/^[a-z0-9-]+$/i.test(folder) || !/^[a-z0-9._-]+$/i.test(file) || file.includes("..") || !type) {
      return new HttpResponse(null, { status: 404 });
    }
    try {
      const body = await readFile(join(fixturesDir, "images", folder, file));
      return new HttpResponse(body, { headers: { "content-type": type, "cache-control": "public, max-age=86400" } });
    } catch {
      return new HttpResponse(null, { status: 404 });
    }
  });
}
