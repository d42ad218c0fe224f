/**
 * `mcoin sandbox --stubs DIR` and `--recordings DIR --strict`: what they cannot serve stops the start
 * as bad usage, named, before anything listens. Run in this process (cli/testing.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { runCli } from "./testing";

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it("with --strict-stubs, refuses a stub folder whose mapping it cannot serve, with exit 2", async () => {
  dir = mkdtempSync(join(tmpdir(), "mcoin-stubs-cli-"));
  writeFileSync(join(dir, "webhook.json"), JSON.stringify({ request: { url: "/a" }, response: { webhook: { url: "http://elsewhere.example" } } }));
  const failed = await runCli(["sandbox", "--port", "0", "--stubs", dir, "--strict-stubs"]);
  expect(failed.code).toBe(2);
  expect(failed.stderr).toContain("--stubs: webhook.json: response: webhook is outside the mapping format the sandbox serves");
});

it("refuses --strict-stubs without --stubs, with exit 2", async () => {
  dir = mkdtempSync(join(tmpdir(), "mcoin-stubs-cli-"));
  const failed = await runCli(["sandbox", "--port", "0", "--strict-stubs"]);
  expect(failed.code).toBe(2);
  expect(failed.stderr).toContain("--strict-stubs applies to --stubs");
});

it("refuses --strict without --recordings, with exit 2", async () => {
  dir = mkdtempSync(join(tmpdir(), "mcoin-stubs-cli-"));
  const failed = await runCli(["sandbox", "--port", "0", "--strict"]);
  expect(failed.code).toBe(2);
  expect(failed.stderr).toContain("--strict applies to --recordings");
});

it("refuses --at without --recordings, and a state other than start or end, with exit 2", async () => {
  dir = mkdtempSync(join(tmpdir(), "mcoin-stubs-cli-"));
  const alone = await runCli(["sandbox", "--port", "0", "--at", "start"]);
  expect(alone.code).toBe(2);
  expect(alone.stderr).toContain("--at applies to --recordings");
  const other = await runCli(["sandbox", "--port", "0", "--recordings", dir, "--at", "middle"]);
  expect(other.code).toBe(2);
  expect(other.stderr).toContain("middle");
});
