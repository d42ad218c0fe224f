/**
 * The mcoin CLI's launcher (bin/mcoin.mjs runs it): the program (cli/program.ts) run once over the
 * process's arguments, with the process as its I/O.
 */
import type { CliIo } from "./io";
import { run } from "./program";

/** Whether a signal stopped a long-running command: it then exits at once, whatever is still open. */
let stopped = false;

const io: CliIo = {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  get exitCode() {
    return process.exitCode === undefined ? undefined : Number(process.exitCode);
  },
  set exitCode(code) {
    process.exitCode = code;
  },
  clock: { now: () => Date.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) },
  untilStopped: () =>
    new Promise((resolve) => {
      const stop = () => {
        stopped = true;
        resolve();
      };
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    }),
};

// A reader that stopped reading (`mcoin --help | head`) is not an error of ours.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
});
await run(io, process.argv.slice(2));
if (stopped) process.exit(process.exitCode ?? 0);
