/**
 * A served recording shows the recorded pictures, as a team runs it: `mcoin record` in front of a
 * sandbox while a member browses home, then `mcoin sandbox --recordings DIR --strict` on another port
 * serving that folder. Every picture address in its replies is its own, and every one loads: a 200
 * with a picture's type and a picture's bytes. mcoin runs in this process (cli/testing.ts) on the
 * network, stopped as Ctrl-C stops it.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { pictureUrls } from "#harness/record";
import { PICTURE_TYPES, PictureIndexSchema, pictureTypeOf } from "#harness/recording";
import { startSandboxServer, type RunningSandbox } from "../sandbox/server";
import { invalidRecordingFiles } from "../harness/recording/testing";
import { runCli, startCli } from "./testing";
import type { CliClock } from "./io";

const wallClock: CliClock = { now: () => Date.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

let upstream: RunningSandbox;
let work: string;
beforeAll(async () => {
  upstream = await startSandboxServer({ port: 0, host: "127.0.0.1" });
  work = mkdtempSync(join(tmpdir(), "mcoin-recorded-pictures-"));
});
afterAll(async () => {
  await upstream.close();
  rmSync(work, { recursive: true, force: true });
});

/** Starts a long-running mcoin command with --json and returns the URL it says it listens on. */
async function listening(args: string[]): Promise<{ url: string; stop: () => Promise<{ code: number; stdout: string; stderr: string }> }> {
  const cli = startCli([...args, "--port", "0", "--json"], { env: { MCOIN_SANDBOX_URL: upstream.url }, fetch, clock: wallClock });
  await cli.printed(({ stdout }) => stdout.includes("\n}\n"));
  return { url: (JSON.parse(cli.stdout) as { url: string }).url, stop: cli.stop };
}

/** Home as a member sees it: signs in, then its rails, banners and zones. */
async function visitHome(base: string): Promise<unknown[]> {
  const login = (await (await fetch(`${base}/member/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ openId: "mpay-1001" }) })).json()) as {
    data: { token: string };
  };
  const headers = { authorization: `Bearer ${login.data.token}`, "accept-language": "zh" };
  const replies: unknown[] = [];
  for (const path of ["/mcoinrecommend", "/api/business/adverts", "/api/business/mcoinzone?id=1", "/api/business/information?id=1"]) {
    const reply = await fetch(`${base}${path}`, { headers });
    expect(reply.status, path).toBe(200);
    replies.push(await reply.json());
  }
  return replies;
}

it("mcoin record keeps the pictures of the replies; mcoin sandbox --recordings --strict serves them on its own origin, and every one loads", async () => {
  const out = join(work, "rec");
  const recorder = await listening(["record", "--env", "sandbox", "--out", out]);
  const recorded = await visitHome(recorder.url);
  const stopped = await recorder.stop();
  expect(stopped.code).toBe(0);
  expect(invalidRecordingFiles(out)).toEqual([]);
  const recordedPictures = new Set(recorded.flatMap((reply) => pictureUrls(reply)));
  expect(recordedPictures.size).toBeGreaterThan(5);
  // Every picture the replies pointed at is kept, once per file, and said in the summary.
  const index = PictureIndexSchema.parse(JSON.parse(readFileSync(join(out, "pictures", "index.json"), "utf8"))).pictures;
  expect(Object.keys(index).sort()).toEqual([...recordedPictures].sort());
  for (const file of new Set(Object.values(index))) expect(existsSync(join(out, "pictures", file))).toBe(true);
  expect((JSON.parse(stopped.stdout.slice(stopped.stdout.indexOf("\n}\n") + 3)) as { summary: string }).summary).toContain(`${recordedPictures.size} pictures kept`);

  const served = await listening(["sandbox", "--recordings", out, "--strict"]);
  try {
    expect(new URL(served.url).port).not.toBe(new URL(upstream.url).port);
    const replies = await visitHome(served.url);
    const pictures = new Set(replies.flatMap((reply) => pictureUrls(reply)));
    expect(pictures.size).toBe(new Set(Object.values(index)).size);
    for (const url of pictures) {
      expect(url.startsWith(`${served.url}/static/recorded/`), url).toBe(true);
      const picture = await fetch(url);
      expect(picture.status, url).toBe(200);
      const bytes = new Uint8Array(await picture.arrayBuffer());
      const type = pictureTypeOf(bytes);
      expect(type, url).toBeDefined();
      expect(picture.headers.get("content-type")).toBe(PICTURE_TYPES[type!]);
    }
  } finally {
    await served.stop();
  }
}, 60_000);

it("mcoin sandbox --recordings refuses a folder whose pictures index names a file outside it, naming the index and the entry: exit 2", async () => {
  const out = join(work, "hostile");
  mkdirSync(join(out, "pictures"), { recursive: true });
  writeFileSync(join(out, "001-get-time.json"), JSON.stringify({ name: "GET /api/system/time", kind: "api", request: { method: "GET", path: "/api/system/time" }, response: { status: 200 } }));
  writeFileSync(join(out, "pictures", "index.json"), JSON.stringify({ pictures: { "https://cdn.example/a.png": "../../../etc/passwd" } }));
  const run = await runCli(["sandbox", "--recordings", out, "--port", "0"], { fetch, clock: wallClock });
  expect(run.code).toBe(2);
  expect(run.stderr).toContain(`${join(out, "pictures", "index.json")} is refused: pictures.https://cdn.example/a.png: a picture's file`);
});
