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
import { sandboxHandlers } from "./handlers/index";
import type { InspectorActions } from "#harness/inspector";
import type { Timer } from "./instruments/timer";
import { DEFAULT_MALL_ORIGINS, MallOriginSchema } from "./login-page";
import { knownRoutes, servedEndpoints, unmatchedReply } from "./near-miss";
import { createParts, type SandboxParts } from "./parts";
import { RecordedBook, type Persona, type RecordedExchange, type ServedAt } from "#harness/serve";
import { personaMember } from "./domain/members";
import { StubFileError, loadStubFolder, problemLine } from "./stubs/files";
import { stubsNear } from "./stubs/near-stubs";

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

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const loaded = loadFixtures(options.fixturesDir ?? DEFAULT_FIXTURES_DIR);
  const recorded = options.recordings && new RecordedBook(options.recordings.exchanges, options.recordings.strict ?? false, options.recordings.at);
  // A recording's personas are members from the start and after every reset: a token can be minted for them.
  const personas = personaMembers(loaded, recorded?.personas ?? []);
  const base = options.history === false ? withoutHistory(loaded) : loaded;
  const fixtures = personas.length === 0 ? base : { ...base, members: [...base.members, ...personas] };
  const parts = createParts(fixtures, {
    stateFile: options.stateFile,
    latencyMs: options.latencyMs,
    timer: options.timer,
    recorded,
    inspect: options.inspect,
    globalResponseTemplating: options.globalResponseTemplating,
  });
  if (options.stubsDir) loadStubs(parts, options);
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

/** The --stubs folder into the stub book: a file with problems left out with a warning, or the start stopped (strict). */
function loadStubs(parts: SandboxParts, options: SandboxOptions): void {
  const { files, problems, filesDir } = loadStubFolder(options.stubsDir ?? "");
  if (problems.length > 0 && options.strictStubs) throw new StubFileError(problems);
  if (problems.length > 0) {
    const left = new Set(problems.map((problem) => problem.file));
    const warn = options.warn ?? ((lines: string[]) => process.stderr.write(lines.map((line) => `${line}\n`).join("")));
    warn([`warning: --stubs: ${left.size} mapping file(s) left out, each for the problems named:`, ...problems.map((problem) => `  ${problemLine(problem)}`)]);
  }
  for (const file of files) parts.instruments.stubs.add(file.mappings, file.source, { kept: true, filesDir });
}

/** A served recording's personas as members, but a demo member who is one: they stay as the fixtures have them. */
function personaMembers(fixtures: Fixtures, personas: readonly Persona[]): MemberFixture[] {
  const known = new Set(fixtures.members.map((member) => member.openId));
  return personas.filter((persona) => !known.has(persona.openId)).map(personaMember);
}
