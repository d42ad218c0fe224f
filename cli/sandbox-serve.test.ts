/** `mcoin sandbox --stubs DIR` and `--recordings DIR --strict`: what they cannot serve stops the start as bad usage, named. */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const run = promisify(execFile);
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it("refuses a stub folder whose mapping it cannot serve, with exit 2", async () => {
  dir = mkdtempSync(join(tmpdir(), "mcoin-stubs-cli-"));
  writeFileSync(join(dir, "proxy.json"), JSON.stringify({ request: { url: "/a" }, response: { proxyBaseUrl: "http://elsewhere.example" } }));
  const failed = await run(process.execPath, ["bin/mcoin.mjs", "sandbox", "--port", "0", "--stubs", dir], { cwd: ROOT }).then(
    () => undefined,
    (error: { code: number; stderr: string }) => error,
  );
  expect(failed?.code).toBe(2);
  expect(failed?.stderr).toContain("--stubs: proxy.json: response: proxyBaseUrl is outside the mapping format the sandbox serves");
}, 30_000);

it("refuses --strict without --recordings, with exit 2", async () => {
  dir = mkdtempSync(join(tmpdir(), "mcoin-stubs-cli-"));
  const failed = await run(process.execPath, ["bin/mcoin.mjs", "sandbox", "--port", "0", "--strict"], { cwd: ROOT }).then(
    () => undefined,
    (error: { code: number; stderr: string }) => error,
  );
  expect(failed?.code).toBe(2);
  expect(failed?.stderr).toContain("--strict applies to --recordings");
}, 30_000);
