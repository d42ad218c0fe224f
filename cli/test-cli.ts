/**
 * For the CLI's tests: runs `mcoin` as an engineer does (bin/mcoin.mjs in a child process, from the
 * repository's root) against a sandbox the test started, without a control token from the
 * environment. Asynchronous, because the sandbox answers from the test's own process.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const MCOIN = join(ROOT, "bin/mcoin.mjs");

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs mcoin with `args` against the sandbox at `sandboxUrl`, with `env` over the process's own. */
export function runMcoin(sandboxUrl: string, env: Record<string, string>, ...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [MCOIN, ...args], {
      cwd: ROOT,
      env: { ...process.env, MCOIN_SANDBOX_URL: sandboxUrl, MCOIN_SANDBOX_CONTROL_TOKEN: undefined, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}
