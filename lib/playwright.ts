/**
 * `@mcoin/harness/playwright`: Playwright's `test` and `expect` with the fixture-backed environment of the
 * mCoin gateway (docs/library.md). Per worker, a sandbox on a free port (or one already running:
 * `mcoinSandboxUrl`) and, with `mcoinStartMall`, the mall's production server on another (or one
 * already running: `mcoinMallUrl`). Per test, the sandbox back at its fixtures and:
 *
 * - `sandbox`: its controls, typed, with helpers (fault, ledger, orders, clock, verify, tokens);
 * - `member(...)`: a demo member of this test, with the balance chosen;
 * - `signIn(...)`: a member signed in to the mall through the wallet's redirects (the sandbox's
 *   sign-in page stands in for the wallet app's);
 * - `fault`, `ledger`, `verify`: the sandbox's, at hand;
 * - `host`: the scripted wallet host (cli/bridge/): run a scenario's steps with bridge rules and get
 *   its transcript (every bridge call, every gateway call).
 *
 * It uses the project's own `@playwright/test` (resolved from where Playwright runs), so that the test
 * runner and these fixtures are one instance of it, wherever this package is installed or linked.
 */
import { createRequire } from "node:module";
import { join } from "node:path";
import type * as PlaywrightTest from "@playwright/test";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { createControlClient, type ControlClient } from "#core/controls/client";
import * as controls from "#core/controls/declarations";
import type { ControlInput, LoggedCallView } from "#core/controls/declarations";
import type { FaultKind } from "#core/controls/faults";
import type { z } from "zod";
import type { ScenarioSchema } from "../cli/bridge/scenario";
import { formatEntry, type Transcript } from "../cli/bridge/transcript";
import { onParentGone } from "#harness/process";
import { tenantUrl } from "#core/environments";
import { freePort, MALL_ROOT, startMall, type RunningMall } from "./mall";
import { startSandbox, type StartSandboxOptions, type StartedSandbox } from "./sandbox";

const playwright = createRequire(join(process.cwd(), "package.json"))("@playwright/test") as typeof PlaywrightTest;

export const expect = playwright.expect;
export type { FaultKind } from "#core/controls/faults";
export type LoggedCall = LoggedCallView;

/** The sandbox's demo members (fixtures/members.json), by a short name. */
export const DEMO_MEMBERS = {
  chan: { openId: "mpay-1001", nickname: "陳大文", point: "12,580" },
  ana: { openId: "mpay-1002", nickname: "Ana Sousa", point: "3,200" },
  wong: { openId: "mpay-1003", nickname: "黃美玲", point: "56,800" },
  lei: { openId: "mpay-1004", nickname: "李志明", point: "0" },
  sam: { openId: "mpay-1005", nickname: "Sam Ho", point: "500" },
} as const;
export type DemoMemberName = keyof typeof DEMO_MEMBERS;

/** A member to sign in: a demo member's short name, or one `member()` made (or any open id the sandbox knows). */
export type MemberRef = DemoMemberName | { openId: string; nickname?: string };

const openIdOf = (member: MemberRef) => (typeof member === "string" ? DEMO_MEMBERS[member].openId : member.openId);
const nicknameOf = (member: MemberRef) => (typeof member === "string" ? DEMO_MEMBERS[member].nickname : (member.nickname ?? member.openId));

/** Where a signed-in member's location is kept by the mall (Senado Square, as the scripted host says). */
export const MEMBER_LOCATION = "22.19350,113.53970";

/** The sandbox's sign-in page (it stands in for the wallet app's). */
export function isLoginPage(url: URL | string): boolean {
  // A tenant's sign-in page is under its path (/tenants/NAME/oauth/authorize).
  return /^(?:\/tenants\/[a-z0-9-]+)?\/oauth\/authorize$/.test(new URL(String(url)).pathname);
}

/** What the mall's simulated host was asked, in order (outside the wallet, the mall plays its host). */
export async function hostCalls(page: Page): Promise<{ method: string; args: unknown[] }[]> {
  return page.evaluate(() => JSON.parse(window.sessionStorage.getItem("mcoin.host.log") ?? "[]"));
}

/** Resolves once the mall's page has hydrated: its first effect creates the host bridge. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as unknown as { __mcoinHost?: unknown }).__mcoinHost !== undefined);
}

/** The sandbox of a worker, through its typed controls, with what tests do often at hand. */
export class SandboxControl {
  /** The controls (core/controls/declarations.ts), typed. */
  readonly controls: ControlClient;

  constructor(
    private readonly request: APIRequestContext,
    readonly url: string,
  ) {
    this.controls = createControlClient({ baseUrl: url });
  }

  async reset() {
    await this.controls.get(controls.reset);
  }

  /** A fault for the next `times` calls whose path holds `path` (the kinds of `mcoin sandbox fault`). */
  async fault(path: string, kind: FaultKind, times = 1, delayMs = 0) {
    await this.controls.get(controls.addFault, { input: { path, kind, times, ...(kind === "delay" || delayMs > 0 ? { delayMs } : {}) } });
  }

  /** The gateway calls the sandbox received, oldest first; those whose path holds `pathFragment`. */
  async calls(pathFragment?: string): Promise<LoggedCall[]> {
    const { calls } = await this.controls.get(controls.log);
    return pathFragment ? calls.filter((call) => call.path.includes(pathFragment)) : calls;
  }

  /** Checks the call log as WireMock's verify does: the answer says whether it holds and the closest calls. */
  async verify(request: ControlInput<typeof controls.verify>) {
    return this.controls.get(controls.verify, { input: request });
  }

  /** The error reports the sandbox collected for the mall. */
  async errors() {
    return (await this.controls.get(controls.errors)).errors;
  }

  async patchMember(openId: string, patch: ControlInput<typeof controls.patchMember>) {
    await this.controls.get(controls.patchMember, { params: { openId }, input: patch });
  }

  /** A new member with `point` mCoin (an `adjustment` in their ledger). */
  async addMember(openId: string, options: { nickname?: string; point?: number } = {}) {
    await this.controls.get(controls.addMember, { input: { openId, ...options } });
  }

  /** A member's mCoin ledger, oldest first, as the sandbox keeps it. */
  async ledger(openId: string) {
    return (await this.controls.get(controls.ledger, { params: { openId } })).entries;
  }

  /** A member's orders, oldest first, as the sandbox keeps them. */
  async orders(openId: string) {
    return (await this.controls.get(controls.orders, { params: { openId } })).orders;
  }

  async setOffer(offerId: number, patch: ControlInput<typeof controls.patchOffer>) {
    await this.controls.get(controls.patchOffer, { params: { id: offerId }, input: patch });
  }

  /** The sandbox's clock now. */
  async now(): Promise<number> {
    return (await this.controls.get(controls.clock)).now;
  }

  /** Moves the sandbox's clock (it keeps running). */
  async setClock(at: number) {
    await this.controls.get(controls.setClock, { input: { now: at } });
  }

  /** Moves the sandbox's clock `ms` on from where it is (it keeps running). */
  async advanceClock(ms: number) {
    await this.setClock((await this.now()) + ms);
  }

  /**
   * Every gateway call answers `ms` later, as a real gateway's calls take time (the fixture's reset
   * puts back the sandbox's own latency). A screen's pending state then lasts as it does for a member.
   */
  async setLatency(ms: number) {
    await this.controls.get(controls.setLatency, { input: { ms } });
  }

  async digest(): Promise<string> {
    return (await this.controls.get(controls.state)).digest;
  }

  /** A session token for a member, as engineers get one with POST /member/login. */
  async token(openId: string): Promise<string> {
    const body = (await (await this.request.post(`${this.url}/member/login`, { data: { openId } })).json()) as { data: { token: string } };
    return body.data.token;
  }

  /** A member's address book as the gateway lists it (the default first). */
  async addresses(openId: string): Promise<{ id: number; isDefault: number; name: string; areaCode: string; mobile: string; area: string; address: string }[]> {
    const token = await this.token(openId);
    const reply = await this.request.get(`${this.url}/api/mini/userAddress/lists`, { headers: { authorization: `Bearer ${token}`, mpay: "1" } });
    return ((await reply.json()) as { data: { snatchList: never[] } }).data.snatchList;
  }

  /** A single-use login code, as the sign-in page hands out, returned to `redirectUri`. */
  async loginRedirect(openId: string, redirectUri: string, state = ""): Promise<string> {
    const response = await this.request.post(`${this.url}/oauth/authorize`, { form: { openId, redirect_uri: redirectUri, state }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
    return response.headers().location;
  }
}

export interface SignInOptions {
  /** The mall's screen to land on (default /index). */
  from?: string;
  /** Agree to the points terms if they pop up (default true). */
  agree?: boolean;
  /** The member's first visit: the host is asked for the location, and the sign-in page is drawn. */
  firstVisit?: boolean;
  /** Draw the sign-in page and tap the member (default: only on a first visit; otherwise the same redirects without it). */
  throughPage?: boolean;
  /** false: follow the last redirect without the page (the session cookie lands all the same). */
  draw?: boolean;
}

export interface SignIn {
  (member: MemberRef, options?: SignInOptions): Promise<void>;
  (page: Page, member: MemberRef, options?: SignInOptions): Promise<void>;
}

/** The scripted wallet host: a scenario (docs/cli.md, "mcoin bridge") run in this test's browser. */
export interface ScriptedHost {
  /** Runs the scenario's launch, steps and expectations against this worker's mall and sandbox. */
  run(scenario: z.input<typeof ScenarioSchema>): Promise<Transcript>;
  /** The bridge calls of a transcript to `method`, each with its arguments. */
  calls(transcript: Transcript, method: string): { method: string; args: unknown }[];
  /** The transcript as `mcoin bridge` prints it: a failed expectation's message. */
  describe(transcript: Transcript): string;
}

export interface McoinWorkerOptions {
  /** A sandbox already running, by its URL; unset: each worker starts its own on a free port. */
  mcoinSandboxUrl: string | undefined;
  /**
   * With `mcoinSandboxUrl`, a sandbox shared with other teams or jobs: each worker takes a tenant of
   * it named `<mcoinTenant>-w<worker index>` (its own members, orders, clock, faults and log; made on
   * first use, deleted when the worker ends), so parallel workers and runs never meet.
   */
  mcoinTenant: string | undefined;
  /** How a started sandbox is set up (fixtures, recordings, stubs, a state file). */
  mcoinSandboxOptions: StartSandboxOptions;
  /** A mall already running, by its URL. */
  mcoinMallUrl: string | undefined;
  /** Start the mall's production build per worker (it must be built: npm run build in the mall). */
  mcoinStartMall: boolean;
}

/**
 * The fixture's options of test scope: none today (every option is the worker's), named so a config
 * can say `defineConfig<McoinTestOptions, McoinWorkerOptions>` and keep saying it when one is added.
 */
export type McoinTestOptions = Record<never, never>;

/** A Playwright configuration whose `use` (and each project's) knows the fixture's options. */
export type McoinConfig = PlaywrightTest.PlaywrightTestConfig<McoinTestOptions, McoinWorkerOptions>;

/**
 * Playwright's `defineConfig` with the fixture's options typed: `use: { mcoinStartMall: true }`
 * compiles (and a misspelt option does not), where plain `defineConfig(...)` knows only Playwright's
 * own options. The same as writing `defineConfig<McoinTestOptions, McoinWorkerOptions>(config)`.
 *
 * @example
 * ```ts
 * // playwright.config.ts
 * import { defineMcoinConfig } from "@mcoin/harness/playwright";
 *
 * export default defineMcoinConfig({
 *   testDir: "tests",
 *   use: { mcoinStartMall: true, viewport: { width: 390, height: 844 } },
 * });
 * ```
 */
export function defineMcoinConfig(config: McoinConfig): McoinConfig {
  return playwright.defineConfig<McoinTestOptions, McoinWorkerOptions>(config);
}

export interface McoinWorkerFixtures {
  /** This worker's environment: the sandbox's URL and the mall's (when there is one). */
  mcoinEnvironment: { sandboxUrl: string; mallUrl: string | undefined };
}

export interface McoinFixtures {
  sandbox: SandboxControl;
  /** A member of this test, with `point` mCoin (default 10,000): `{ openId, nickname, point }`. */
  member: (options?: { point?: number; nickname?: string }) => Promise<{ openId: string; nickname: string; point: number }>;
  signIn: SignIn;
  fault: SandboxControl["fault"];
  ledger: (member: MemberRef) => ReturnType<SandboxControl["ledger"]>;
  verify: SandboxControl["verify"];
  host: ScriptedHost;
}

/**
 * Where the mall sends a signed-out visitor of `from`: the sandbox's sign-in page, with the mall's
 * return address and state. Asked with the page's request context, so the state cookie the mall sets
 * is the browser's.
 */
async function signInPageFor(page: Page, mallUrl: string, from: string): Promise<URL> {
  let url = new URL(from, mallUrl);
  for (let hop = 0; hop < 5; hop++) {
    const reply = await page.request.get(url.href, { maxRedirects: 0 });
    const location = reply.headers().location;
    if (!location) throw new Error(`${from} did not send a signed-out visitor to sign in (${reply.status()} at ${url.pathname})`);
    url = new URL(location, url);
    if (isLoginPage(url)) return url;
  }
  throw new Error(`${from} redirected more than 5 times without reaching the sign-in page`);
}

async function signInOn(page: Page, sandbox: SandboxControl, mallUrl: string, member: MemberRef, options: SignInOptions = {}) {
  const { from = "/index", agree = true, firstVisit = false, throughPage = firstVisit, draw = true } = options;
  if (!firstVisit) await page.context().addCookies([{ name: "mcoin_geo", value: encodeURIComponent(MEMBER_LOCATION), url: mallUrl }]);
  if (throughPage) {
    await page.goto(new URL(from, mallUrl).href);
    await expect(page).toHaveURL(isLoginPage);
    // The sign-in page speaks the member's language; the nickname is the same in both.
    await page.getByRole("button", { name: new RegExp(nicknameOf(member)) }).click();
  } else {
    // The same redirects without drawing the sign-in page: the mall sends the visitor to it (its
    // state cookie lands in the browser's jar, which the page's request context shares), the member is
    // chosen there, and the browser follows the code back to the mall and on to `from`.
    const login = await signInPageFor(page, mallUrl, from);
    const back = await sandbox.loginRedirect(openIdOf(member), login.searchParams.get("redirect_uri") ?? "", login.searchParams.get("state") ?? "");
    if (!draw) {
      const landed = await page.request.get(back);
      expect(landed.ok(), `signing in landed on ${landed.url()} with ${landed.status()}`).toBe(true);
      expect(isLoginPage(new URL(landed.url()))).toBe(false);
      return;
    }
    await page.goto(back);
  }
  await page.waitForURL((url) => !isLoginPage(url));
  await hydrated(page);
  if (agree) {
    const dialog = page.getByRole("dialog");
    // Members whose terms are pending see the pop-up; agree to get it out of the way.
    if (await dialog.isVisible()) {
      await dialog.getByRole("checkbox").check();
      await dialog.getByRole("button", { name: /^(Agree|同意)$/ }).click();
      await expect(dialog).toBeHidden();
    }
  }
}

function scriptedHost(browser: Browser, environment: McoinWorkerFixtures["mcoinEnvironment"], outputDir: string): ScriptedHost {
  return {
    async run(scenario) {
      if (!environment.mallUrl) throw new Error("the scripted host needs a mall: set mcoinStartMall (or mcoinMallUrl)");
      const { runScenario } = await import("../cli/bridge/runner");
      const { ScenarioSchema } = await import("../cli/bridge/scenario");
      // The test's sandbox was reset when it began: a scenario keeps what the test set up since (its members).
      const parsed = ScenarioSchema.parse({ ...scenario, launch: { ...scenario.launch, reset: scenario.launch?.reset ?? false } });
      return runScenario({ scenario: parsed, baseDir: join(MALL_ROOT, "e2e/scenarios"), appUrl: environment.mallUrl, sandboxUrl: environment.sandboxUrl, browser, screenshotsDir: outputDir });
    },
    describe(transcript) {
      return [...transcript.entries.flatMap(formatEntry), ...transcript.expectations.filter((result) => !result.ok).map((result) => `✗ ${result.message}`)].join("\n");
    },
    calls(transcript, method) {
      return transcript.entries.flatMap((entry) => (entry.kind === "call" && entry.method === method ? [{ method: entry.method, args: entry.args }] : []));
    },
  };
}

let members = 0;

export const test = playwright.test.extend<McoinFixtures, McoinWorkerOptions & McoinWorkerFixtures>({
  mcoinSandboxUrl: [undefined, { scope: "worker", option: true }],
  mcoinTenant: [undefined, { scope: "worker", option: true }],
  mcoinSandboxOptions: [{}, { scope: "worker", option: true }],
  mcoinMallUrl: [undefined, { scope: "worker", option: true }],
  mcoinStartMall: [false, { scope: "worker", option: true }],

  mcoinEnvironment: [
    async ({ mcoinSandboxUrl, mcoinTenant, mcoinSandboxOptions, mcoinMallUrl, mcoinStartMall }, use, workerInfo) => {
      let started: StartedSandbox | undefined;
      let mall: RunningMall | undefined;
      // The mall's origin is chosen first: the sandbox's sign-in page returns only to known origins.
      const mallPort = mcoinStartMall && !mcoinMallUrl ? await freePort() : undefined;
      const mallOrigins = mallPort ? [`http://localhost:${mallPort}`] : mcoinMallUrl ? [new URL(mcoinMallUrl).origin] : undefined;
      if (mcoinTenant !== undefined && !mcoinSandboxUrl) throw new Error("mcoinTenant takes a tenant of a shared sandbox: set mcoinSandboxUrl to it");
      const tenant = mcoinTenant === undefined ? undefined : `${mcoinTenant}-w${workerInfo.workerIndex}`;
      const sandboxUrl = mcoinSandboxUrl ? (tenant ? tenantUrl(mcoinSandboxUrl, tenant) : mcoinSandboxUrl) : (started = await startSandbox({ mallOrigins, ...mcoinSandboxOptions })).url;
      // The shared sandbox was started without this worker's mall: the tenant learns its origin.
      if (tenant) for (const origin of mallOrigins ?? []) await createControlClient({ baseUrl: sandboxUrl }).get(controls.addMallOrigin, { input: { origin } });
      // Tests sign in and post from one address: the mall's rate limits are raised for them.
      if (mallPort) mall = await startMall({ sandboxUrl, port: mallPort, env: { MCOIN_RATE_LIMITS: "login=100000,task=100000,picture=100000,action=100000" } });
      // A runner killed outright (kill -9) runs no teardown, and its worker may take its time to
      // notice: what this worker started stops as soon as the runner is gone.
      let stopping: Promise<void> | undefined;
      const stopAll = () =>
        (stopping ??= (async () => {
          mall?.stop();
          await started?.stop();
          if (tenant && mcoinSandboxUrl) await createControlClient({ baseUrl: mcoinSandboxUrl }).get(controls.deleteTenant, { params: { name: tenant } });
        })());
      const unwatch = onParentGone(() => void stopAll());
      await use({ sandboxUrl, mallUrl: mcoinMallUrl ?? mall?.url });
      unwatch();
      await stopAll();
    },
    { scope: "worker", timeout: 60_000 },
  ],

  baseURL: async ({ mcoinEnvironment, baseURL }, use) => use(mcoinEnvironment.mallUrl ?? baseURL),

  sandbox: async ({ playwright: pw, mcoinEnvironment }, use) => {
    const request = await pw.request.newContext({ baseURL: mcoinEnvironment.sandboxUrl });
    const sandbox = new SandboxControl(request, mcoinEnvironment.sandboxUrl);
    await sandbox.reset();
    await use(sandbox);
    await request.dispose();
  },

  member: async ({ sandbox }, use, testInfo) => {
    await use(async ({ point = 10_000, nickname } = {}) => {
      members += 1;
      const openId = `pw-${testInfo.workerIndex}-${members}-${Math.random().toString(36).slice(2, 8)}`;
      const name = nickname ?? `Member ${members}`;
      await sandbox.addMember(openId, { nickname: name, point });
      return { openId, nickname: name, point };
    });
  },

  signIn: async ({ page, sandbox, mcoinEnvironment }, use) => {
    const mallUrl = mcoinEnvironment.mallUrl;
    const signIn = (async (first: Page | MemberRef, second?: MemberRef | SignInOptions, third?: SignInOptions) => {
      if (!mallUrl) throw new Error("signing in needs a mall: set mcoinStartMall (or mcoinMallUrl)");
      const onPage = typeof first === "object" && "goto" in first;
      if (onPage) return signInOn(first, sandbox, mallUrl, second as MemberRef, third);
      return signInOn(page, sandbox, mallUrl, first, second as SignInOptions | undefined);
    }) as SignIn;
    await use(signIn);
  },

  fault: async ({ sandbox }, use) => use((...args) => sandbox.fault(...args)),
  ledger: async ({ sandbox }, use) => use((member) => sandbox.ledger(openIdOf(member))),
  verify: async ({ sandbox }, use) => use((request) => sandbox.verify(request)),
  host: async ({ browser, mcoinEnvironment }, use, testInfo) => use(scriptedHost(browser, mcoinEnvironment, testInfo.outputDir)),
});
