/**
 * `mcoin` commands that serve (the sandbox, the recorder) started from the repository's launcher for
 * the browser specs that record and serve sessions, and the rate limits of the malls they start.
 */
import { spawn, type ChildProcess } from "node:child_process";

/** Every test signs in and posts from one address: room for the spec, as the suite's own malls have. */
export const LIMITS = { MCOIN_RATE_LIMITS: "login=100000,task=100000,picture=100000,action=100000" };

/** Starts a mcoin command that serves on `port`, and waits until `ready` answers. */
export async function serveCli(args: string[], env: Record<string, string>, ready: string): Promise<ChildProcess> {
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
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGINT");
  await exited;
}
