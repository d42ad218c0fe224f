/**
 * The sandbox gateway: msw request handlers over the sandbox's three parts (parts.ts: the store, the
 * domain, the instruments), seeded from fixtures/. The same handlers serve HTTP (`mcoin sandbox`, see
 * server.ts) and answer in-process in unit tests.
 */
import { getResponse, http, type HttpHandler } from "msw";
import type { Endpoint } from "#core/api/define";
import { candidatesFor } from "./candidates";
import { DEFAULT_FIXTURES_DIR, loadFixtures, withoutHistory, type Fixtures, type MemberFixture } from "./fixtures";
import { frontDoor, type Dispatched } from "./front-door";
import { render } from "./fault-effects";
import { SandboxHandle } from "./handle";
import { sandboxHandlers, type HandlerOptions } from "./handlers/index";
import type { InspectorActions } from "#harness/inspector";
import type { Timer } from "./instruments/timer";
import { DEFAULT_MALL_ORIGINS, MallOriginSchema } from "./login-page";
import { knownRoutes, servedEndpoints, unmatchedReply } from "./near-miss";
import { createParts, type SandboxParts } from "./parts";
import { RecordedBook, type Persona, type RecordedExchange, type ServedAt } from "#harness/serve";
import { personaMember } from "./domain/members";
import { StubFileError, loadStubFolder, problemLine } from "./stubs/files";
import { stubsNear } from "./stubs/near-stubs";
import { refuse } from "./handlers/controls/serve-control";
import type { StubBook } from "./stubs/book";
import { openStateDatabase, type OpenedDatabase } from "./store/store";
import { TENANT_NAME_RULE } from "#core/environments";
import { DEFAULT_TENANT_LIMITS, TENANTS_PATH, TenantBook, tenantOfPath, type TenantLimits } from "./tenants";

export interface SandboxOptions {
  fixturesDir?: string;
  /** Keep members, tokens, login codes, ledgers and orders in this file across restarts. */
  stateFile?: string;
  /** Delay added to every gateway call, in milliseconds. */
  latencyMs?: number;
  /** What the sandbox's delays wait through (sandbox/instruments/timer.ts): real time unless a test hands it another. */
  timer?: Timer;
  /** Required of every /__sandbox/ control (health excepted) when set; without it they answer loopback names only. */
  controlToken?: string;
  /** The mall's origins: where the sign-in page may send a login code, and who may call the wallet's stand-in (/__wallet/pay). */
  mallOrigins?: readonly string[];
  /** false: start with an empty order book, without the demo members' past orders (tests of the rules). */
  history?: boolean;
  /** A folder of stub mappings in WireMock's format (sandbox/stubs/files.ts), answered before the sandbox's rules. */
  stubsDir?: string;
  /** WireMock's --global-response-templating: every stub's response is a template (sandbox/stubs/template.ts), not only those that ask. */
  globalResponseTemplating?: boolean;
  /**
   * A mapping file with a problem stops the start (StubFileError, every problem named) rather than
   * being left out with a warning (`--strict-stubs`).
   */
  strictStubs?: boolean;
  /** Where the warning about left-out mapping files goes, a line each; stderr unless given. */
  warn?: (lines: string[]) => void;
  /**
   * Recorded exchanges to answer with (harness/serve/book.ts); `strict`: a gateway call none matches
   * gets a 404; `at`: the state served, the one the member saw last (`end`, the default) or the first.
   */
  recordings?: { exchanges: readonly RecordedExchange[]; strict?: boolean; at?: ServedAt };
  /**
   * The traffic inspector (/__sandbox/inspect): how many exchanges it keeps, the bytes of a body it
   * keeps, and what only the CLI can do with them (save as a recording, replay, HAR).
   */
  inspect?: { capacity?: number; bodyLimit?: number; actions?: InspectorActions };
  /** The limits on named tenants (tenants.ts); DEFAULT_TENANT_LIMITS for what is not given. */
  tenantLimits?: Partial<TenantLimits>;
}

export interface Sandbox extends SandboxParts {
  /** The few names code outside sandbox/ uses (handle.ts). */
  state: SandboxHandle;
  /** One msw handler answering everything as `handle` does (setupServer in tests). */
  handlers: HttpHandler[];
  /** Answers one request, as the HTTP server would (a connection fault reads as fetch would see it). */
  handle(request: Request): Promise<Response>;
  /** Answers one request, saying what an injected connection fault does to the connection. */
  dispatch(request: Request): Promise<Dispatched>;
  /** The registry's endpoints its handlers serve (core/api/registry.ts), each by its declaration. */
  served: readonly Endpoint[];
}

/** The sandbox at its root: the default tenant's, which also routes `/tenants/NAME/...` to the others (tenants.ts). */
export interface RootSandbox extends Sandbox {
  /** The named tenants, each a sandbox of its own. */
  tenants: TenantBook<Sandbox>;
}

export function createSandbox(options: SandboxOptions = {}): RootSandbox {
  const loaded = loadFixtures(options.fixturesDir ?? DEFAULT_FIXTURES_DIR);
  const book = () => options.recordings && new RecordedBook(options.recordings.exchanges, options.recordings.strict ?? false, options.recordings.at);
  const recorded = book();
  // A recording's personas are members from the start and after every reset: a token can be minted for them.
  const personas = personaMembers(loaded, recorded?.personas ?? []);
  const base = options.history === false ? withoutHistory(loaded) : loaded;
  const fixtures = personas.length === 0 ? base : { ...base, members: [...base.members, ...personas] };
  const database = openStateDatabase(options.stateFile);
  const stubFiles = options.stubsDir ? loadStubs(options) : null;
  const shared: Shared = { options, fixtures, personas, database, stubFiles };

  const tenants: TenantBook<Sandbox> = new TenantBook<Sandbox>({
    limits: { ...DEFAULT_TENANT_LIMITS, ...options.tenantLimits },
    build: (name) => tenantSandbox(shared, name, book()),
    stored: () => database.database.tenants(),
    size: (sandbox) => ({ members: sandbox.domain.members.all().length, orders: sandbox.store.data.orders.size + sandbox.store.data.milesOrders.size }),
    dispose: (name, sandbox) => {
      sandbox?.instruments.reset();
      sandbox?.store.detach();
      database.database.dropTenant(name);
    },
  });
  const root = tenantSandbox(shared, "", recorded, { list: () => tenants.list(), drop: (name) => tenants.drop(name), limits: tenants.limits });

  async function dispatch(request: Request): Promise<Dispatched> {
    const url = new URL(request.url);
    const routed = tenantOfPath(url.pathname);
    if (!routed) return root.dispatch(request);
    if ("invalid" in routed) return { response: refuse(404, `no such tenant: ${TENANT_NAME_RULE}`) };
    const admitted = tenants.admit(routed.name);
    if ("status" in admitted) return { response: refuse(admitted.status, admitted.error, {}, admitted.retryAfter === undefined ? undefined : { "retry-after": String(admitted.retryAfter) }) };
    if (request.method !== "GET" && request.method !== "HEAD" && !isControlPath(routed.rest)) {
      const full = tenants.full(routed.name);
      if (full) return { response: refuse(full.status, full.error) };
    }
    return admitted.sandbox.dispatch(await within(request, url, routed.rest));
  }
  async function handle(request: Request): Promise<Response> {
    return render(await dispatch(request));
  }
  return { ...root, tenants, dispatch, handle, handlers: [http.all("*", ({ request }) => handle(request))] };
}

/** What every tenant's sandbox is made from. */
interface Shared {
  options: SandboxOptions;
  fixtures: Fixtures;
  personas: readonly MemberFixture[];
  database: OpenedDatabase;
  stubFiles: StubFile[] | null;
}

/** A tenant's sandbox ('' the default tenant's): its own parts and handlers over the shared fixtures and database. */
function tenantSandbox({ options, fixtures, personas, database, stubFiles }: Shared, tenant: string, recorded: RecordedBook | undefined, tenants?: HandlerOptions["tenants"]): Sandbox {
  const parts = createParts(fixtures, {
    database,
    tenant,
    latencyMs: options.latencyMs,
    timer: options.timer,
    recorded,
    inspect: options.inspect,
    globalResponseTemplating: options.globalResponseTemplating,
  });
  for (const file of stubFiles ?? []) parts.instruments.stubs.add(file.mappings, file.source, { kept: true, ...(file.filesDir ? { filesDir: file.filesDir } : {}) });
  // A state file kept from before the recordings were served has not met their personas yet.
  for (const { openId, nickname, point, blurb } of personas) {
    if (!parts.domain.members.get(openId)) parts.domain.members.add({ openId, nickname, point, blurb, graySeckill: false });
  }

  const endpoints = sandboxHandlers(parts, {
    fixtures,
    controlToken: options.controlToken ?? null,
    mallOrigins: new Set((options.mallOrigins ?? DEFAULT_MALL_ORIGINS).map((origin) => MallOriginSchema.parse(origin))),
    inspectorActions: options.inspect?.actions,
    dispatch: (request) => handle(request),
    mount: tenant === "" ? "" : `${TENANTS_PATH}/${tenant}`,
    tenants,
  });
  const routes = knownRoutes(endpoints);
  // Last: anything else is an unknown endpoint, answered with the endpoints and stubs it nearly matched.
  const unmatched = async (request: Request) => unmatchedReply(routes, request.method, new URL(request.url).pathname, await stubsNear(parts.instruments.stubs, request));
  endpoints.push(http.all("*", ({ request }) => unmatched(request)));
  const candidates = candidatesFor(endpoints);
  const answer = async (request: Request) => (await getResponse(candidates(request), request)) ?? unmatched(request);
  const door = frontDoor({ ...parts.instruments, members: parts.domain.members, logins: parts.domain.logins, keys: fixtures.gatewayKeys }, answer);

  async function dispatch(request: Request): Promise<Dispatched> {
    const dispatched = await door(request);
    // With --state, what the reply confirms is on disk before it is sent; replies ready in the same turn share one commit.
    await parts.store.commit();
    return dispatched;
  }
  async function handle(request: Request): Promise<Response> {
    return render(await dispatch(request));
  }
  const handlers = [http.all("*", ({ request }) => handle(request))];
  return { ...parts, state: new SandboxHandle(parts, fixtures.gatewayKeys, fixtures.walletSecret), handlers, handle, dispatch, served: servedEndpoints(endpoints) };
}

/** The controls' and WireMock admin's paths: a full tenant still answers them (reset, export, delete). */
const isControlPath = (path: string) => path.startsWith("/__sandbox/") || path.startsWith("/__admin/") || path === "/__sandbox" || path === "/__admin";

/** The request as its tenant's sandbox sees it: the path within the tenant, the rest as it came. */
async function within(request: Request, url: URL, rest: string): Promise<Request> {
  const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
  return new Request(`${url.origin}${rest}${url.search}`, { method: request.method, headers: request.headers, body: body && body.byteLength > 0 ? body : undefined, signal: request.signal });
}

/** The --stubs folder's mappings, read once for every tenant: a file with problems left out with a warning, or the start stopped (strict). */
function loadStubs(options: SandboxOptions): StubFile[] {
  const { files, problems, filesDir } = loadStubFolder(options.stubsDir ?? "");
  if (problems.length > 0 && options.strictStubs) throw new StubFileError(problems);
  if (problems.length > 0) {
    const left = new Set(problems.map((problem) => problem.file));
    const warn = options.warn ?? ((lines: string[]) => process.stderr.write(lines.map((line) => `${line}\n`).join("")));
    warn([`warning: --stubs: ${left.size} mapping file(s) left out, each for the problems named:`, ...problems.map((problem) => `  ${problemLine(problem)}`)]);
  }
  return files.map((file) => ({ mappings: file.mappings, source: file.source, filesDir }));
}

/** A mapping file as every tenant's stub book takes it. */
interface StubFile {
  mappings: Parameters<StubBook["add"]>[0];
  source: string;
  filesDir: string | undefined;
}

/** A served recording's personas as members, but a demo member who is one: they stay as the fixtures have them. */
function personaMembers(fixtures: Fixtures, personas: readonly Persona[]): MemberFixture[] {
  const known = new Set(fixtures.members.map((member) => member.openId));
  return personas.filter((persona) => !known.has(persona.openId)).map(personaMember);
}
