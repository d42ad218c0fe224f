/**
 * The hostile-input suite: every route and resource route of the route table (and its single-fetch
 * data path), every method, every cookie of the mall and the Host header, with hand-written and
 * generated (fast-check, fixed seed) bad values; part of the requests as a signed-in member, from the
 * mall's own origin, so the actions really see the hostile bodies. It proves: no 5xx, no markup
 * reflected unescaped into a page, no redirect off the site, bad cookies read as absent and replaced,
 * and no change to the sandbox's business data (its state digest is the same before and after).
 *
 * The generated values come from a fixed seed (hostile/values.ts): every run sends the same requests,
 * and a finding names the request to replay. The attack runs in parts (by family of input, the bodies
 * by group of actions), each a test of its own with a fresh sandbox and member session, so the parts
 * spread over the workers (each with a mall and sandbox of its own); each prints a one-line summary
 * of what it sent and saw.
 */
import * as Iron from "@hapi/iron";
import { createControlClient } from "#core/controls/client";
import * as controls from "#core/controls/declarations";
import { E2E_APP_URL, E2E_SANDBOX_PORT, E2E_SANDBOX_URL } from "./env";
import { MEMBERS, expect, test } from "./fixtures";
import { CLAUSE_ID, judge, pageLanguage, redirectTargets, siteFor, siteOf } from "./hostile/checks";
import { RawClient, pool, sendBytes, type Reply } from "./hostile/http";
import { SEED } from "./hostile/values";
import {
  ACTION_ROUTES,
  bodyAttacks,
  cookieAttacks,
  cookieBaselines,
  framingAttacks,
  hostAttacks,
  methodAttacks,
  reflectionAttacks,
  remixCookieValue,
  routeAttacks,
  targetAttacks,
  type Attack,
  type PlanContext,
} from "./hostile/plan";

const MALL = new URL(E2E_APP_URL);
const PORT = Number(MALL.port);
/** Requests in flight at once: enough to keep the mall busy. */
const WIDTH = 6;

/** The sandbox's business data, without secrets (GET /__sandbox/state). */
interface SandboxState {
  digest: string;
  members: { openId: string }[];
  searchHistory: Record<string, string[]>;
  counts: Record<string, number>;
}

const sandboxControls = createControlClient({ baseUrl: E2E_SANDBOX_URL });

async function sandboxState(): Promise<SandboxState> {
  return (await sandboxControls.get(controls.state)) as SandboxState;
}

/** What changed between two states: the members, histories and counts that differ, as they are now. */
function stateChange(before: SandboxState, after: SandboxState): string {
  const changes: string[] = [];
  const json = (value: unknown) => JSON.stringify(value ?? null);
  for (const member of after.members) {
    const was = before.members.find((other) => other.openId === member.openId);
    if (json(was) !== json(member)) changes.push(`member ${json(member).slice(0, 300)}`);
  }
  for (const openId of new Set([...Object.keys(before.searchHistory), ...Object.keys(after.searchHistory)])) {
    if (json(before.searchHistory[openId]) !== json(after.searchHistory[openId])) changes.push(`${openId}'s recent searches ${json(after.searchHistory[openId])}`);
  }
  for (const [name, count] of Object.entries(after.counts)) if (before.counts[name] !== count) changes.push(`${name} ${before.counts[name]} → ${count}`);
  return changes.join("; ") || "the digest only";
}

interface LoggedCall {
  seq: number;
  openId?: string;
}

async function gatewayCalls(since: number): Promise<LoggedCall[]> {
  return (await sandboxControls.get(controls.log, { input: { since } })).calls;
}

/** How a bad cookie's reply differs from the reply without it, or null. */
function differs(reply: Reply, baseline: Reply): string | null {
  if (reply.status !== baseline.status) return `HTTP ${reply.status}, but ${baseline.status} without the cookie: the bad value did not read as absent`;
  const language = pageLanguage(reply);
  if (language !== pageLanguage(baseline)) return `a page in ${language}, but in ${pageLanguage(baseline)} without the cookie`;
  const where = (targets: string[]) => targets.map((target) => new URL(target, E2E_APP_URL).pathname).join(" ");
  if (where(redirectTargets(reply)) !== where(redirectTargets(baseline))) return `redirects to ${where(redirectTargets(reply))}, but to ${where(redirectTargets(baseline))} without the cookie`;
  return null;
}

class Tally {
  readonly byCategory = new Map<string, number>();
  readonly byStatus = new Map<number, number>();
  readonly downgraded = new Map<string, number>();
  readonly checks = new Map<string, number>();
  requests = 0;
  asMember = 0;

  add(attack: Attack, reply: Reply): void {
    this.requests += 1;
    if (attack.member) this.asMember += 1;
    this.byCategory.set(attack.category, (this.byCategory.get(attack.category) ?? 0) + 1);
    this.byStatus.set(reply.status, (this.byStatus.get(reply.status) ?? 0) + 1);
    if (attack.downgraded) this.downgraded.set(attack.downgraded, (this.downgraded.get(attack.downgraded) ?? 0) + 1);
  }

  checked(names: readonly string[]): void {
    for (const name of names) this.checks.set(name, (this.checks.get(name) ?? 0) + 1);
  }

  get serverErrors(): number {
    return [...this.byStatus].filter(([status]) => status >= 500).reduce((sum, [, count]) => sum + count, 0);
  }
}

const list = (map: Map<string | number, number>, sep = " ") =>
  [...map]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, count]) => `${key}${sep}${count}`)
    .join(", ");

type Phase = [name: string, build: (ctx: PlanContext) => Attack[]];

/** The bodies' share of the attack (most of it), in groups of actions (about 800 requests each). */
const BODY_GROUPS = 6;
const bodyGroups = Array.from({ length: BODY_GROUPS }, (_, g) => ACTION_ROUTES.filter((_, r) => r % BODY_GROUPS === g));

/**
 * The parts of the attack, each a test: every phase of the whole attack is in exactly one part, the
 * cookie attacks with the baselines they are compared with. `atLeast` guards each part against a
 * plan that shrank to nothing (together, well over a thousand requests).
 */
const PARTS: { title: string; phases: Phase[]; atLeast: number }[] = [
  { title: "routes and data paths, GET and HEAD", phases: [["routes and data paths, GET and HEAD", routeAttacks]], atLeast: 300 },
  {
    title: "markup in every parameter of every page, request targets",
    phases: [
      ["markup in every parameter of every page", reflectionAttacks],
      ["request targets", targetAttacks],
    ],
    atLeast: 200,
  },
  { title: "every method on every route", phases: [["every method on every route", methodAttacks]], atLeast: 300 },
  ...bodyGroups.map((routes) => ({
    title: `bodies on the actions of ${routes.map((route) => route.name).join(", ")}`,
    phases: [[`bodies on ${routes.map((route) => route.name).join(", ")}`, (ctx: PlanContext) => bodyAttacks(ctx, routes)] as Phase],
    atLeast: 400,
  })),
  {
    title: "cookies, Host and forwarding headers, framing",
    phases: [
      ["cookie baselines", cookieBaselines],
      ["cookies", cookieAttacks],
      ["Host and forwarding headers", hostAttacks],
      ["framing", framingAttacks],
    ],
    atLeast: 150,
  },
];

// Each part signs in on a fresh sandbox of its own: the parts run side by side on the workers.
test.describe.configure({ mode: "parallel" });

for (const part of PARTS) {
  test(`hostile input (${part.title}): no 5xx, nothing reflected, no redirect off the site, no state change`, async ({ page, signIn, sandbox }) => {
    // A part takes 10–40 s beside the other workers on two cores: room for a loaded machine.
    test.setTimeout(90_000);
    const started = Date.now();

    // A member whose terms are pending: agreeing would change state, so an action that took a hostile
    // form for a well-formed one would show in the digest.
    await signIn("ana", { agree: false, draw: false });
    const session = (await page.context().cookies()).find((cookie) => cookie.name === "__mcoin_session")?.value;
    expect(session, "the member's session cookie").toBeTruthy();

    const ctx: PlanContext = {
      port: PORT,
      host: MALL.host,
      origin: MALL.origin,
      session: session!,
      otherToken: await sandbox.token(MEMBERS.chan.openId),
      foreignSeal: remixCookieValue(await Iron.seal({ token: "forged", openId: MEMBERS.chan.openId }, "a secret that is not the mall's own, 0123456789", Iron.defaults)),
    };
    /** The hosts the suite's mall is configured for (MCOIN_HOSTS' default). */
    const hostNames = ["localhost", "127.0.0.1", "[::1]"];
    const site = siteOf(hostNames, PORT, E2E_SANDBOX_PORT, E2E_APP_URL);
    const before = await sandboxState();
    /** Checked after each phase, so a change is pinned to the phase that made it. */
    let last = before;
    const stateChanges: string[] = [];
    let logSeq = (await gatewayCalls(0)).at(-1)?.seq ?? 0;
    let memberCalls = 0;

    const client = new RawClient("127.0.0.1", PORT, WIDTH);
    const tally = new Tally();
    const findings: string[] = [];
    const baselines = new Map<string, Reply>();

    const run = async (attack: Attack) => {
      const reply = attack.request ? await client.send(attack.request) : await sendBytes("127.0.0.1", PORT, attack.bytes!);
      tally.add(attack, reply);
      const { problems, checked } = judge(reply, attack.expect, siteFor(site, attack.request?.headers.host?.toString(), hostNames, E2E_SANDBOX_PORT));
      tally.checked(checked);
      if (attack.baseline) {
        const baseline = baselines.get(attack.baseline);
        if (!baseline) baselines.set(attack.baseline, reply);
        else {
          const difference = differs(reply, baseline);
          tally.checked(["the same without the cookie"]);
          if (difference) problems.push(difference);
        }
      }
      const target = attack.request ? `${attack.request.method} ${attack.request.path.slice(0, 100)}` : "";
      for (const problem of problems) findings.push(`[${attack.category}] ${attack.label}: ${problem}${target ? `  (${target})` : ""}`);
    };

    try {
      for (const [name, build] of part.phases) {
        await test.step(name, async () => {
          await pool(build(ctx), WIDTH, run);
          const now = await sandboxState();
          if (now.digest !== last.digest) stateChanges.push(`${name}: ${stateChange(last, now)}`);
          last = now;
          const calls = await gatewayCalls(logSeq);
          memberCalls += calls.filter((call) => call.openId === MEMBERS.ana.openId).length;
          logSeq = calls.at(-1)?.seq ?? logSeq;
        });
      }
    } finally {
      client.close();
    }

    const after = await sandboxState();
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const summary =
      `${tally.requests} hostile requests in ${seconds} s (${list(tally.byCategory)}; fast-check seed ${SEED}); ` +
      `statuses ${list(tally.byStatus, "×")}; 5xx: ${tally.serverErrors}; ` +
      `${tally.asMember} as the member, who made ${memberCalls} gateway calls; ` +
      `checked: ${list(tally.checks, " ")}; ` +
      `well-formed state changes sent from another site instead: ${tally.downgraded.size > 0 ? list(tally.downgraded, ": ") : "none"}; ` +
      `findings: ${findings.length}`;
    test.info().annotations.push({ type: "hostile input", description: summary });
    if (findings.length > 0) await test.info().attach("findings", { body: findings.join("\n"), contentType: "text/plain" });
    console.log(`hostile input (${part.title}): ${summary}`);

    expect(tally.requests).toBeGreaterThanOrEqual(part.atLeast);
    expect.soft(findings.length, `${findings.length} findings:\n${findings.slice(0, 60).join("\n")}`).toBe(0);
    expect.soft(stateChanges, "the sandbox's business data changed under the attack").toEqual([]);
    expect.soft(after.digest, "the sandbox's business data changed under the attack").toBe(before.digest);

    // The controls: the member's session was live to the end (the member's requests ran as the
    // member), and a well-formed change does move the digest (the comparison can see one).
    const control = new RawClient("127.0.0.1", PORT, 1);
    try {
      const home = await control.send({ method: "GET", path: "/index.data", headers: { host: ctx.host, cookie: `__mcoin_session=${ctx.session}` } });
      expect(home.status, "the member's session still opens home").toBe(200);
      const agree = await control.send({
        method: "POST",
        path: "/resources/agreement",
        headers: { host: ctx.host, origin: ctx.origin, cookie: `__mcoin_session=${ctx.session}`, "content-type": "application/x-www-form-urlencoded" },
        body: `intent=agree&clauseid=${CLAUSE_ID}`,
      });
      expect(agree.status).toBe(200);
      expect((await sandboxState()).digest, "a well-formed agreement changes the digest").not.toBe(after.digest);
    } finally {
      control.close();
    }
  });
}
