/**
 * `mcoin replay`: recordings and HAR files sent again and compared, skips, ignores, ages and drift.
 * Run in this process against a sandbox answered in-process (cli/testing.ts): its output and its
 * exit code.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ROOT, fetchTo, sandboxCli, type CliRun as Run } from "./testing";
import { createSandbox } from "../sandbox/index";

const sandbox = sandboxCli();
const { mcoin } = sandbox;
const mcoinWith = (env: Record<string, string>, ...args: string[]) => sandbox.mcoinWith({ env }, ...args);
let work: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "mcoin-cli-"));
});
beforeEach(() => sandbox.sandbox.state.reset());

const json = <T = Record<string, any>>(run: Run): T => JSON.parse(run.stdout) as T;

describe("mcoin replay", () => {
  const RECORDINGS = join(ROOT, "fixtures/recordings");
  const fixture = (name: string): Record<string, any> => JSON.parse(readFileSync(join(RECORDINGS, name), "utf8"));
  /** A fresh folder of recordings for one test. */
  const folder = (files: Record<string, unknown>): string => {
    const dir = mkdtempSync(join(work, "replay-"));
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), typeof content === "string" ? content : JSON.stringify(content, null, 2));
    return dir;
  };

  it("replays the project's recordings green on a fresh sandbox", async () => {
    const run = await mcoin("replay", "fixtures/recordings", "--env", "sandbox", "--reset", "--login", "mpay-1001", "--cust", "C1");
    expect(run.stdout).toContain("9 matched, 0 differed, 0 failed, 0 skipped");
    expect(run.stdout).toMatch(/\[1\/9\] ✓/);
    expect(run.code).toBe(0);
  });

  it("replays every shipped recording with no flags at all: each says whom it needs, none is skipped", async () => {
    const run = await mcoin("replay", "fixtures/recordings");
    expect(run.stdout).toContain("9 matched, 0 differed, 0 failed, 0 skipped");
    expect(run.stdout).not.toContain("skipped:");
    expect(run.stderr).not.toContain("warning:");
    expect(run.code).toBe(0);
    expect((await mcoin("replay", "fixtures/recordings", "--strict")).code).toBe(0);
  });

  it("sends the sandbox's control token to --reset, and says when it is missing", async () => {
    const guarded = createSandbox({ controlToken: "the-control-token-of-this-test" });
    const url = "http://127.0.0.1:4998";
    const at = (env: Record<string, string>, ...args: string[]) =>
      sandbox.mcoinWith({ env: { MCOIN_SANDBOX_URL: url, ...env }, fetch: fetchTo({ [url]: (request) => guarded.handle(request) }) }, ...args);
    const args = ["replay", "fixtures/recordings/02-system-time.json", "--reset"];
    const refused = await at({}, ...args);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("the sandbox refused reset: HTTP 401");
    expect(refused.stderr).toContain("--control-token or set MCOIN_SANDBOX_CONTROL_TOKEN");
    expect((await at({}, ...args, "--control-token", "the-control-token-of-this-test")).code).toBe(0);
    expect((await at({ MCOIN_SANDBOX_CONTROL_TOKEN: "the-control-token-of-this-test" }, ...args)).code).toBe(0);
  });

  it("prints each difference with its path and kind, and exits 1", async () => {
    sandbox.sandbox.state.books.adjustBalance("mpay-1001", 99);
    const run = await mcoin("replay", "fixtures/recordings/03-basic-information.json");
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("data.point: changed 12580 → 99");
    const listed = json(await mcoin("replay", "fixtures/recordings/03-basic-information.json", "--json"));
    expect(listed.summary).toMatchObject({ matched: 0, differed: 1 });
    expect(listed.outcomes[0].differences).toContainEqual({ path: "data.point", kind: "changed", expected: 12580, actual: 99 });
  });

  it("names a type change apart from a changed value", async () => {
    const recording = fixture("03-basic-information.json");
    recording.response.body.data.point = "12580";
    const dir = folder({ "03-point-as-text.json": recording });
    const run = await mcoin("replay", dir);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('data.point: type changed string → number ("12580" → 12580)');
    const listed = json(await mcoin("replay", dir, "--json"));
    expect(listed.outcomes[0].differences).toEqual([{ path: "data.point", kind: "type changed", expected: "12580", actual: 12580 }]);
  });

  it("reports a need it cannot meet as a skip, says plainly that not everything was checked, and fails the run unless --allow-skips", async () => {
    const noCust = fixture("08-task-detail-browse.json");
    delete noCust.needs;
    // An open id no sandbox can hold: it cannot be created there, so it cannot sign in.
    const unknownMember = { ...fixture("03-basic-information.json"), needs: { member: "mpay nobody" } };
    const dir = folder({ "08-no-cust.json": noCust, "03-unknown-member.json": unknownMember });
    const run = await mcoin("replay", dir);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("warning: could not create the recordings' members on the sandbox");
    expect(run.stdout).toContain("skipped: needs the task-center ciphertext: give the recording needs.cust, or pass --cust");
    expect(run.stdout).toContain("skipped: could not sign in mpay nobody");
    expect(run.stdout).toContain("0 matched, 0 differed, 0 failed, 2 skipped");
    expect(run.stdout).toContain("NOT EVERYTHING WAS CHECKED: 2 recordings were skipped");
    expect(run.stdout).toContain("NOTHING WAS CHECKED");
    // Allowing skips does not make a run that checked nothing pass.
    expect((await mcoin("replay", dir, "--allow-skips")).code).toBe(1);
    expect((await mcoin("replay", dir, "--strict", "--allow-skips")).code).toBe(2);
    const mixed = folder({ "08-no-cust.json": noCust, "02-time.json": fixture("02-system-time.json") });
    expect((await mcoin("replay", mixed)).code).toBe(1);
    const allowed = await mcoin("replay", mixed, "--allow-skips");
    expect(allowed.stdout).toContain("1 matched, 0 differed, 0 failed, 1 skipped");
    expect(allowed.stdout).toContain("--allow-skips: the skips do not fail the run");
    expect(allowed.code).toBe(0);
    // The flags stand in for (and override) what the recordings name.
    const flagged = await mcoin("replay", dir, "--cust", "C1", "--login", "mpay-1001", "--strict");
    expect(flagged.stdout).toContain("2 matched, 0 differed, 0 failed, 0 skipped");
    expect(flagged.code).toBe(0);
  });

  it("creates a member the sandbox does not know as the recording shows them, and only on a sandbox", async () => {
    const dir = folder({ "03-unknown-member.json": { ...fixture("03-basic-information.json"), needs: { member: "p-7f3a9c21" } } });
    const run = await mcoin("replay", dir);
    expect(run.stderr).toContain("created on the sandbox, as the recordings show them at their start: p-7f3a9c21 (12580 mCoin, 0 addresses)");
    expect(run.stdout).toContain("1 matched, 0 differed, 0 failed, 0 skipped");
    expect(run.code).toBe(0);
    // Known now: left as it is.
    expect((await mcoin("replay", dir)).stderr).not.toContain("created on the sandbox");
    // A real environment is never written to: the member stays unknown there.
    sandbox.sandbox.state.reset();
    const elsewhere = await mcoinWith({ MCOIN_UAT_API_BASE: sandbox.url }, "replay", dir, "--env", "uat");
    expect(elsewhere.stderr).not.toContain("created");
    expect(elsewhere.stdout).toContain("skipped: could not sign in p-7f3a9c21");
  });

  it("exits 1 for a folder with nothing to replay, and 2 for a path that does not exist", async () => {
    const empty = await mcoin("replay", folder({ "notes.txt": "nothing here" }));
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain("nothing to replay");
    expect((await mcoin("replay", join(work, "no-such-folder"))).code).toBe(2);
  });

  it("--ignore leaves a reply field out of every comparison, beside the files' own ignore", async () => {
    sandbox.sandbox.state.books.adjustBalance("mpay-1001", 99);
    const dir = folder({ "03.json": fixture("03-basic-information.json") });
    expect((await mcoin("replay", dir)).code).toBe(1);
    const ignored = await mcoin("replay", dir, "--ignore", "$.data.point", "--ignore", "$.data.revision");
    expect(ignored.stdout).toContain("1 matched, 0 differed");
    expect(ignored.code).toBe(0);
    const bad = await mcoin("replay", dir, "--ignore", "data.point");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--ignore: a JSONPath starting with $");
    expect((await mcoin("replay", dir, "--pace", "slow")).code).toBe(2);
  });

  it("replays a HAR file: mcoin's entries with the secure call's decrypted bodies, a browser's sealed one skipped, pages dropped", async () => {
    const base = sandbox.url;
    const entry = (method: string, url: string, extra: { headers?: Record<string, string>; post?: Record<string, string>; content: Record<string, string>; comment?: unknown }) => ({
      startedDateTime: "2026-11-21T09:00:00.000Z",
      time: 5,
      request: {
        method,
        url,
        httpVersion: "HTTP/1.1",
        cookies: [],
        headers: Object.entries(extra.headers ?? {}).map(([name, value]) => ({ name, value })),
        queryString: [],
        ...(extra.post ? { postData: { mimeType: "application/json", ...extra.post } } : {}),
        headersSize: -1,
        bodySize: -1,
      },
      response: {
        status: 200,
        statusText: "OK",
        httpVersion: "HTTP/1.1",
        cookies: [],
        headers: [],
        content: { size: 0, mimeType: "application/json", ...extra.content },
        redirectURL: "",
        headersSize: -1,
        bodySize: -1,
      },
      cache: {},
      timings: { send: 0, wait: 5, receive: 0 },
      ...(extra.comment ? { comment: JSON.stringify(extra.comment) } : {}),
    });
    const task = fixture("08-task-detail-browse.json");
    const har = {
      log: {
        version: "1.2",
        creator: { name: "mcoin", version: "0.1.0" },
        entries: [
          entry("GET", `${base}/api/system/time`, {
            headers: { "accept-language": "zh" },
            content: { text: JSON.stringify({ code: 200, msg: "success", data: { sysTime: 1 } }) },
            comment: { mcoin: { kind: "api", ignore: ["$.data.sysTime"] } },
          }),
          entry("GET", `${base}/api/auth/basicinformation`, {
            headers: { authorization: "Bearer <token>", "accept-language": "zh" },
            content: { text: JSON.stringify(fixture("03-basic-information.json").response.body) },
            comment: { mcoin: { kind: "api", ignore: [], needs: { member: "mpay-1001" } } },
          }),
          entry("POST", `${base}${task.request.path}`, {
            headers: { Token: "<cust>" },
            post: { text: "<sealed>", comment: JSON.stringify(task.request.body) },
            content: { mimeType: "text/plain", text: "<sealed>", comment: JSON.stringify(task.response.body) },
            comment: { mcoin: { kind: "secure", ignore: [], needs: { cust: "C1" } } },
          }),
          entry("GET", "https://cdn.example.com/app.css", { content: { mimeType: "text/css", text: "body{}" } }),
          entry("POST", `${base}${task.request.path}`, { headers: { Token: "C1" }, post: { text: "c2VhbGVk" }, content: { mimeType: "text/plain", text: "c2VhbGVk" } }),
        ],
      },
    };
    const dir = folder({ "session.har": har });
    const run = await mcoin("replay", join(dir, "session.har"), "--allow-skips");
    expect(run.stdout).toContain("3 matched, 0 differed, 0 failed, 1 skipped");
    expect(run.stdout).toContain("skipped: the HAR holds the secure call sealed");
    expect(run.stdout).toContain("session.har entry 5");
    expect(run.code).toBe(0);
    // A folder's .har files are read beside its .json recordings.
    writeFileSync(join(dir, "02-system-time.json"), JSON.stringify(fixture("02-system-time.json")));
    expect((await mcoin("replay", dir, "--allow-skips")).stdout).toContain("4 matched, 0 differed, 0 failed, 1 skipped");
  });

  it("warns about recordings older than --max-age days and those without a date, without failing", async () => {
    const old = { ...fixture("02-system-time.json"), recordedAt: "2020-01-01" };
    const { recordedAt: _, ...undated } = fixture("07-no-token-is-not-login.json");
    const dir = folder({ "02-old.json": old, "07-undated.json": undated });
    const run = await mcoin("replay", dir);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/warning: 1 recording is older than 180 days .*02-old\.json \(recorded 2020-01-01, \d+ days ago\)/);
    expect(run.stderr).toContain("warning: 1 recording has no recordedAt, so its age is unknown: 07-undated.json");
    const patient = await mcoin("replay", dir, "--max-age", "100000");
    expect(patient.stderr).not.toContain("older than");
    expect((await mcoinWith({ MCOIN_REPLAY_MAX_AGE_DAYS: "100000" }, "replay", dir)).stderr).not.toContain("older than");
    expect(json(await mcoin("replay", dir, "--json")).warnings).toHaveLength(2);
    expect((await mcoin("replay", dir, "--max-age", "soon")).code).toBe(2);
  });

  it("--drift names a field whose type changed since it was recorded, and passes the unaltered recordings", async () => {
    const altered = fixture("03-basic-information.json");
    altered.response.body.data.point = "12580";
    const drifted = await mcoin("replay", folder({ "03.json": altered }), "--drift");
    expect(drifted.stdout).toContain("GET /api/auth/basicinformation (declared: basicInformation; 1 recording)");
    expect(drifted.stdout).toContain("data.point: recorded string, live number");
    expect(drifted.stdout).toContain("1 endpoint drifted");
    expect(drifted.code).toBe(1);
    const unaltered = await mcoin("replay", folder({ "03.json": fixture("03-basic-information.json") }), "--drift");
    expect(unaltered.stdout).toContain("GET /api/auth/basicinformation (declared: basicInformation; 1 recording): no drift");
    expect(unaltered.code).toBe(0);
    // Values never drift: a changed balance is the same shape.
    sandbox.sandbox.state.books.adjustBalance("mpay-1001", 99);
    const all = await mcoin("replay", "fixtures/recordings", "--drift", "--json");
    expect(json(all).summary).toMatchObject({ endpoints: 7, drifted: 0, unchecked: 0, recordings: 9, failed: 0, skipped: 0 });
    expect(all.code).toBe(0);
  });
});
