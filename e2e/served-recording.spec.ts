/**
 * A scripted wallet's purchase recorded through `mcoin record`, with leaks on the side that redaction
 * must catch, replays on the sandbox and passes again against the served recording alone. (A real
 * member's whole loop, recorded in the mall, replayed and served: e2e/real-member-recording.spec.ts.)
 */
import { spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readScenario, runScenario } from "../cli/bridge/runner";
import { formatEntry } from "../cli/bridge/transcript";
import { MEMBERS, expect, test } from "./fixtures";
import { LIMITS, serveCli, stop } from "./serve-cli";
import { freePort, startMall } from "./spawn-mall";

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
