/**
 * A session recorded in the mall becomes the environment the mall runs against: `mcoin record` in
 * front of the suite's sandbox while a member opens their points, then `mcoin sandbox --recordings
 * DIR --strict` alone behind another mall, on another port, which shows the same screen from the
 * recordings, and answers a call nobody recorded with a 404 naming the nearest recorded exchange.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { E2E_SANDBOX_URL } from "./env";
import type { Page } from "@playwright/test";
import { readScenario, runScenario } from "../cli/bridge/runner";
import { formatEntry } from "../cli/bridge/transcript";
import { MEMBERS, expect, isLoginPage, test } from "./fixtures";
import { freePort, startMall } from "./spawn-mall";

/** Starts a mcoin command that serves on `port`, and waits until `ready` answers. */
async function serveCli(args: string[], env: Record<string, string>, ready: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["bin/mcoin.mjs", ...args], { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk));
  for (let attempt = 0; attempt < 300; attempt++) {
    const up = await fetch(ready).then(
      () => true,
      () => false,
    );
    if (up) return child;
    if (child.exitCode !== null) throw new Error(`mcoin ${args.join(" ")} exited (${child.exitCode}): ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error(`mcoin ${args.join(" ")} did not start`);
}

/** Stops a child and waits for it to exit (the recorder writes what it holds as it stops). */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGINT");
  await exited;
}

const LIMITS = { MCOIN_RATE_LIMITS: "login=100000,task=100000,picture=100000,action=100000" };

test("the points screen recorded through mcoin record is shown again by a mall on the served recordings alone", async ({ page, sandbox, signIn }) => {
  const dir = mkdtempSync(join(tmpdir(), "mcoin-served-e2e-"));
  const children: ChildProcess[] = [];
  const malls: { stop(): void }[] = [];
  try {
    // The member signs in on the suite's mall; the session cookie reaches the other malls at localhost too.
    await signIn("chan");
    // A balance no fixture has: a sandbox answering from its own state would show another.
    await sandbox.patchMember(MEMBERS.chan.openId, { point: 4321 });

    const recorderPort = await freePort();
    const recorder = await serveCli(
      ["record", "--env", "sandbox", "--port", String(recorderPort), "--out", dir],
      { MCOIN_SANDBOX_URL: E2E_SANDBOX_URL },
      `http://127.0.0.1:${recorderPort}/api/system/time`,
    );
    children.push(recorder);
    const recording = await startMall({ MCOIN_SANDBOX_URL: `http://127.0.0.1:${recorderPort}`, ...LIMITS }, "localhost");
    malls.push(recording);
    await page.goto(`${recording.url}/mcoin_integral`);
    await expect(page.getByTestId("points-balance")).toHaveText("4,321");
    await stop(recorder);
    recording.stop();

    const servedPort = await freePort();
    children.push(await serveCli(["sandbox", "--port", String(servedPort), "--recordings", dir, "--strict"], {}, `http://127.0.0.1:${servedPort}/__sandbox/health`));
    const served = await startMall({ MCOIN_SANDBOX_URL: `http://127.0.0.1:${servedPort}`, ...LIMITS }, "localhost");
    malls.push(served);
    await page.goto(`${served.url}/mcoin_integral`);
    await expect(page.getByTestId("points-balance")).toHaveText("4,321");

    const missed = await fetch(`http://127.0.0.1:${servedPort}/api/auth/basicinformatio`);
    expect(missed.status).toBe(404);
    expect(((await missed.json()) as { msg: string }).msg).toContain("the closest: GET /api/auth/basicinformation");
  } finally {
    for (const mall of malls) mall.stop();
    for (const child of children) await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Signs `member` in on a mall through its sandbox's sign-in page, from a screen of the mall. */
async function signInThroughPage(page: Page, mallUrl: string, path: string, nickname: string): Promise<void> {
  await page.context().clearCookies();
  await page.goto(`${mallUrl}${path}`);
  await expect(page).toHaveURL(isLoginPage);
  await page.getByRole("button", { name: new RegExp(nickname) }).click();
  await expect(page).toHaveURL(new RegExp(`^${mallUrl}${path}`));
}

test("a member signs in through a mall whose only gateway is the served recording of their own sign-in, and sees what was recorded", async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), "mcoin-served-e2e-"));
  const children: ChildProcess[] = [];
  const malls: { stop(): void }[] = [];
  try {
    const [sandboxPort, recorderPort, servedPort] = [await freePort(), await freePort(), await freePort()];
    // A sandbox of this test's own, whose sign-in page returns to the malls started below.
    const origins = (port: number) => `http://localhost:${port}`;
    const mallPorts = [await freePort(), await freePort()];
    children.push(await serveCli(["sandbox", "--port", String(sandboxPort), "--mall-origin", mallPorts.map(origins).join(",")], {}, `http://127.0.0.1:${sandboxPort}/__sandbox/health`));
    await fetch(`http://127.0.0.1:${sandboxPort}/__sandbox/members/${MEMBERS.ana.openId}`, {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ point: 2468 }),
    });
    const recorder = await serveCli(
      ["record", "--env", "sandbox", "--port", String(recorderPort), "--out", dir],
      { MCOIN_SANDBOX_URL: `http://127.0.0.1:${sandboxPort}` },
      `http://127.0.0.1:${recorderPort}/api/system/time`,
    );
    children.push(recorder);
    const first = await startMall({ MCOIN_SANDBOX_URL: `http://127.0.0.1:${recorderPort}`, ...LIMITS }, "localhost", mallPorts[0]);
    malls.push(first);
    await signInThroughPage(page, first.url, "/index", MEMBERS.ana.nickname);
    await expect(page.getByRole("link", { name: /2,468/ })).toBeVisible();
    await stop(recorder);
    first.stop();

    children.push(
      await serveCli(["sandbox", "--port", String(servedPort), "--recordings", dir, "--strict", "--mall-origin", origins(mallPorts[1])], {}, `http://127.0.0.1:${servedPort}/__sandbox/health`),
    );
    const second = await startMall({ MCOIN_SANDBOX_URL: `http://127.0.0.1:${servedPort}`, ...LIMITS }, "localhost", mallPorts[1]);
    malls.push(second);
    await signInThroughPage(page, second.url, "/index", MEMBERS.ana.nickname);
    await expect(page.getByRole("link", { name: /2,468/ })).toBeVisible();
    // The mall runs on another port than when recorded: its host configuration (whose body names the
    // mall's page) was still answered from the recording, as was every other call.
    const log = (await (await fetch(`http://127.0.0.1:${servedPort}/__sandbox/log`)).json()) as { calls: { method: string; path: string; nearMiss?: unknown; recorded?: boolean }[] };
    expect(log.calls.filter((call) => call.nearMiss).map((call) => `${call.method} ${call.path}`)).toEqual([]);
    expect(log.calls.some((call) => call.path === "/macaupassconfig" && call.recorded)).toBe(true);
  } finally {
    for (const mall of malls) mall.stop();
    for (const child of children) await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the purchase bridge scenario, recorded through mcoin record with a HAR beside leaks of the live token, an e-mail address and a card, is recorded without them and passes again against the served recording alone", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), "mcoin-served-e2e-"));
  const children: ChildProcess[] = [];
  const malls: { stop(): void }[] = [];
  const { scenario, baseDir } = await readScenario(join(process.cwd(), "e2e/scenarios/purchase-paid.json"));
  const failures = (transcript: Awaited<ReturnType<typeof runScenario>>) => [
    ...transcript.entries.flatMap((entry) => (entry.kind === "step" && !entry.ok ? [entry.error ?? "a step failed"] : [])),
    ...transcript.expectations.filter((result) => !result.ok).map((result) => result.message),
  ];
  try {
    const [sandboxPort, recorderPort, servedPort, firstPort, secondPort] = [await freePort(), await freePort(), await freePort(), await freePort(), await freePort()];
    children.push(await serveCli(["sandbox", "--port", String(sandboxPort), "--mall-origin", `http://localhost:${firstPort}`], {}, `http://127.0.0.1:${sandboxPort}/__sandbox/health`));
    const recorder = await serveCli(
      ["record", "--env", "sandbox", "--port", String(recorderPort), "--out", dir, "--har", join(dir, "session.har")],
      { MCOIN_SANDBOX_URL: `http://127.0.0.1:${sandboxPort}` },
      `http://127.0.0.1:${recorderPort}/api/system/time`,
    );
    children.push(recorder);
    const first = await startMall({ MCOIN_SANDBOX_URL: `http://127.0.0.1:${recorderPort}`, ...LIMITS }, "localhost", firstPort);
    malls.push(first);
    const recorded = await runScenario({ scenario, baseDir, appUrl: first.url, sandboxUrl: `http://127.0.0.1:${recorderPort}`, browser });
    expect(failures(recorded), recorded.entries.flatMap(formatEntry).join("\n")).toEqual([]);

    // Another member's live token where no rule names it (a query, an odd header, a body field, free
    // text), beside an e-mail address and a card number, on calls the scenario does not make.
    const through = `http://127.0.0.1:${recorderPort}`;
    const json = { "content-type": "application/json" };
    const login = (await (await fetch(`${through}/member/login`, { method: "POST", headers: json, body: JSON.stringify({ openId: MEMBERS.ana.openId }) })).json()) as { data: { token: string } };
    const token = login.data.token;
    const [email, card] = ["ana.lopez@example.mo", "4111 1111 1111 1111"];
    await fetch(`${through}/api/mini/userAddress/lists?page=1&session=${token}`, { headers: { authorization: `Bearer ${token}`, "X-Mcoin-Session": token } });
    await fetch(`${through}/api/auth/setClause`, {
      method: "POST",
      headers: { ...json, authorization: `Bearer ${token}` },
      body: JSON.stringify({ clauseid: 1, sessionId: token, note: `mail ${email} or pay ${card}, session ${token}` }),
    });
    await stop(recorder);
    first.stop();

    // The recordings, the HAR and the pictures the recorder kept (a folder of their own).
    const written = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => readFileSync(join(entry.parentPath, entry.name), "utf8"));
    const everything = written.join("\n");
    for (const secret of [token, email, encodeURIComponent(email), card, card.replaceAll(" ", "")]) expect(everything).not.toContain(secret);
    // The leaks were recorded, hidden where they were.
    const clause = readdirSync(dir).find((file) => file.includes("setclause"));
    expect(clause && readFileSync(join(dir, clause), "utf8")).toContain("mail <redacted:email> or pay <redacted:card>, session <token>");
    const queries = readdirSync(dir)
      .filter((file) => file.includes("useraddress-lists"))
      .map((file) => (JSON.parse(readFileSync(join(dir, file), "utf8")) as { request: { query: Record<string, string> } }).request.query);
    expect(queries).toContainEqual({ page: "1", session: "<token>" });
    // The purchase is in the JSON recordings and in the HAR.
    expect(readdirSync(dir).filter((file) => file.endsWith(".json") && file.includes("snapup"))).toHaveLength(1);
    expect(readFileSync(join(dir, "session.har"), "utf8")).toContain("/api/business/snapup");
    // Replayed against the same sandbox, reset: every exchange runs and nothing differs.
    const replay = spawnSync(process.execPath, ["bin/mcoin.mjs", "replay", dir, "--reset", "--base-url", `http://127.0.0.1:${sandboxPort}`], {
      encoding: "utf8",
      env: { ...process.env, MCOIN_APP_URL: `http://localhost:${firstPort}` },
    });
    expect(replay.stdout, replay.stdout + replay.stderr).toMatch(/\d+ matched, 0 differed, 0 failed, 0 skipped/);
    expect(replay.status).toBe(0);

    children.push(
      await serveCli(
        ["sandbox", "--port", String(servedPort), "--recordings", dir, "--strict", "--mall-origin", `http://localhost:${secondPort}`],
        {},
        `http://127.0.0.1:${servedPort}/__sandbox/health`,
      ),
    );
    const second = await startMall({ MCOIN_SANDBOX_URL: `http://127.0.0.1:${servedPort}`, ...LIMITS }, "localhost", secondPort);
    malls.push(second);
    const served = await runScenario({ scenario, baseDir, appUrl: second.url, sandboxUrl: `http://127.0.0.1:${servedPort}`, browser });
    expect(failures(served), served.entries.flatMap(formatEntry).join("\n")).toEqual([]);
    expect(served.ok).toBe(true);
  } finally {
    for (const mall of malls) mall.stop();
    for (const child of children) await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
});
