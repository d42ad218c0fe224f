/**
 * A recording of a member the target sandbox never knew, replayed there with no manual step
 * (docs/decisions/032-replay-creates-its-personas.md): `mcoin record` in front of one sandbox where a member of our own was added
 * (an address, a balance), the wallet's sign-in, the address book, a new address and a check-in;
 * then `mcoin replay DIR --reset` against another, fresh sandbox whose mall runs at another origin.
 * The replay creates the recording's persona there, fills a redacted phone in a request with a valid
 * one, and signs in through the sandbox's own control: every recording matches, none is skipped.
 */
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, startCli, type CliRun as Run } from "./testing";
import type { CliClock } from "./io";
import { startSandboxServer, type RunningSandbox } from "../sandbox/server";
import { DEFAULT_MALL_URL } from "#core/environments";

const wallClock: CliClock = { now: () => Date.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };
const MEMBER = "uat-member-4242";

let source: RunningSandbox;
let target: RunningSandbox;
let work: string;

beforeAll(async () => {
  source = await startSandboxServer({ port: 0, host: "127.0.0.1" });
  // The target's mall is elsewhere: its sign-in page returns only there.
  target = await startSandboxServer({ port: 0, host: "127.0.0.1", mallOrigins: ["http://localhost:3200"] });
  work = mkdtempSync(join(tmpdir(), "mcoin-replay-anywhere-"));
});
afterAll(async () => {
  await source.close();
  await target.close();
});

const json = { "content-type": "application/json", "accept-language": "zh" };

async function call(base: string, method: string, path: string, token?: string, body?: unknown, key?: string): Promise<Record<string, any>> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...json, mpay: "1", ...(token ? { authorization: `Bearer ${token}` } : {}), ...(key ? { "Idempotency-Key": key } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}`).toBe(200);
  return (await response.json()) as Record<string, any>;
}

describe("a recording of a member the sandbox never knew", () => {
  it("replays onto a fresh sandbox with --reset: the persona is created, nothing differs, nothing is skipped", async () => {
    // The member of our own, on the environment recorded: a balance and an address; another
    // member's address first, so that the ids there are not a fresh sandbox's.
    expect((await fetch(`${source.url}/__sandbox/members`, { method: "POST", headers: json, body: JSON.stringify({ openId: MEMBER, nickname: "李嘉欣", point: 5000 }) })).status).toBe(200);
    const demo = (await call(source.url, "POST", "/member/login", undefined, { openId: "mpay-1002" })).data.token as string;
    const address = { name: "李嘉欣", areaCode: "+853", mobile: "66554433", area: "澳門半島", address: "羅利老馬路 17 號 2 樓", isDefault: 0 };
    await call(source.url, "POST", "/api/mini/userAddress/save", demo, address, "setup-key-demo-000001");
    const own = (await call(source.url, "POST", "/member/login", undefined, { openId: MEMBER })).data.token as string;
    await call(source.url, "POST", "/api/mini/userAddress/save", own, address, "setup-key-own-0000001");

    const out = join(work, "recorded");
    const recorder = startCli(["record", "--env", "sandbox", "--port", "0", "--json", "--out", out], { env: { MCOIN_SANDBOX_URL: source.url }, fetch, clock: wallClock });
    await recorder.printed(({ stdout }) => stdout.includes("\n}\n"));
    const via = (JSON.parse(recorder.stdout) as { url: string }).url;
    let recorded: Run;
    try {
      // The wallet's sign-in, as the mall makes it at its own origin (the default mall's).
      const authorize = await fetch(`${source.url}/oauth/authorize`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ openId: MEMBER, redirect_uri: `${DEFAULT_MALL_URL}/index`, state: "s1" }),
        redirect: "manual",
      });
      const code = new URL(authorize.headers.get("location")!).searchParams.get("code")!;
      const response = await fetch(`${via}/macaupasssave?code=${code}&state=s1`, { headers: { "accept-language": "zh", mpay: "1" } });
      const token = ((await response.json()) as { data: { token: string } }).data.token;
      await call(via, "GET", "/api/auth/basicinformation", token);
      await call(via, "GET", "/api/mini/userAddress/lists", token);
      await call(via, "POST", "/api/mini/userAddress/save", token, { ...address, name: "陳小明", mobile: "66778899", address: "水坑尾街 8 號" }, "session-key-00000001");
      await call(via, "POST", "/api/auth/checkin", token, {}, "session-key-00000002");
      await call(via, "GET", "/api/auth/basicinformation", token);
      await call(via, "GET", "/api/mini/userAddress/lists", token);
    } finally {
      recorded = await recorder.stop();
    }
    expect(recorded.code).toBe(0);
    const files = readdirSync(out).filter((file) => file.endsWith(".json"));
    expect(files).toHaveLength(7);
    const text = files.map((file) => readFileSync(join(out, file), "utf8")).join("\n");
    expect(text).not.toContain(MEMBER);
    const member = (JSON.parse(readFileSync(join(out, files[0]), "utf8")) as { needs: { member: string } }).needs.member;
    expect(member).toMatch(/^p-[0-9a-f]{8}$/);
    // As a recording made before stand-ins holds it: the new address's phone redacted in the request.
    const saveFile = join(
      out,
      files.find((file) => file.includes("useraddress-save"))!,
    );
    const save = JSON.parse(readFileSync(saveFile, "utf8")) as { request: { body: Record<string, unknown> } };
    save.request.body.mobile = "<redacted:phone>";
    writeFileSync(saveFile, JSON.stringify(save, null, 2));

    const replay = await runCli(["replay", out, "--reset"], { env: { MCOIN_SANDBOX_URL: target.url }, fetch, clock: wallClock });
    expect(replay.stdout).toContain(`${files.length} matched, 0 differed, 0 failed, 0 skipped`);
    expect(replay.stderr).toContain(`created on the sandbox, as the recordings show them at their start: ${member} (`);
    expect(replay.code).toBe(0);
    // The persona holds what the recording showed, and the replay's changes: the new address, the check-in.
    const ledger = (await (await fetch(`${target.url}/__sandbox/members/${member}/ledger`)).json()) as { balance: number };
    expect(ledger.balance).toBeGreaterThan(5000);

    // Again: --reset empties the sandbox, and the persona is created afresh.
    const again = await runCli(["replay", out, "--reset", "--json"], { env: { MCOIN_SANDBOX_URL: target.url }, fetch, clock: wallClock });
    expect(JSON.parse(again.stdout)).toMatchObject({ summary: { matched: files.length, differed: 0, failed: 0, skipped: 0 }, personas: [member] });
    expect(again.code).toBe(0);
  });
});
