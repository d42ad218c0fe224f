/**
 * The package's three entry points as a strict partner project compiles them (lib/typecheck/):
 * `strict`, `moduleResolution` `bundler`, `--lib ES2022,DOM`, imported by the package's names. The
 * project's files assert that replies are typed (never `unknown`) and that misuse fails to compile.
 * Run by tsc in a child process, hence an integration test (about 10 s).
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { MALL_ROOT } from "./mall";

const run = promisify(execFile);

it("a strict partner project compiles against @mcoin/harness/{sandbox,gateway,playwright}, replies typed", async () => {
  const tsc = join(MALL_ROOT, "node_modules/typescript/bin/tsc");
  const result = await run(process.execPath, [tsc, "-p", join(MALL_ROOT, "lib/typecheck"), "--pretty", "false"], { cwd: MALL_ROOT, timeout: 120_000 }).then(
    () => "",
    (error: { stdout?: string; stderr?: string; message: string }) => error.stdout || error.stderr || error.message,
  );
  expect(result).toBe("");
}, 120_000);
