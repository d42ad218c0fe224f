/**
 * For the CLI's tests: `mcoin` run in the test's own process (cli/program.ts's `run`, as
 * cli/index.ts runs it for an engineer) with its output in buffers, the environment the test gives
 * and nothing else of the test process's, a clock that moves without waiting, and HTTP answered
 * in-process: a sandbox's `handle` stands where its port would be, and every other address refuses
 * the connection as a closed port does. So a test of a command that calls a sandbox opens no socket.
 * A test of a command that serves HTTP itself gives it the network's fetch and stops it as Ctrl-C
 * does (`startCli(...).stop()`); cli/smoke.integration.test.ts spawns the real launcher.
 */
import { fileURLToPath } from "node:url";
import { createControlClient } from "#core/controls/client";
import * as controls from "#core/controls/declarations";
import type { CliClock, CliIo } from "./io";
import { run } from "./program";
import { createSandbox, type RootSandbox, type SandboxOptions } from "../sandbox/index";
import { IN_PROCESS_BASE } from "../sandbox/testing";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** What a run printed and its exit code. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** The environment variables the run sees: these, and none of the test process's. */
  env?: Record<string, string | undefined>;
  /** How the run reaches HTTP: by default nothing answers anywhere (`nowhere`). */
  fetch?: typeof fetch;
  /** Its clock: by default one that moves as long as the run sleeps, at once (`quickClock`). */
  clock?: CliClock;
}

/** A run still going (a sandbox, a recorder, `log --follow`). */
export interface RunningCli {
  /** What it has printed so far. */
  readonly stdout: string;
  readonly stderr: string;
  /** Resolves once what it printed satisfies `done`; rejects when the run ends first. */
  printed(done: (output: { stdout: string; stderr: string }) => boolean): Promise<void>;
  /** Stops it as Ctrl-C does; its output and exit code once it has ended. */
  stop(): Promise<CliRun>;
  /** Its output and exit code once it ends by itself. */
  readonly finished: Promise<CliRun>;
}

/** A connection refused, as fetch reports one (the app's clients then say "Network Error (ECONNREFUSED)"). */
function refused(url: string): TypeError {
  const { host } = new URL(url);
  return new TypeError("fetch failed", { cause: Object.assign(new Error(`connect ECONNREFUSED ${host}`), { code: "ECONNREFUSED" }) });
}

const urlOf = (input: string | URL | Request) => (typeof input === "string" ? input : input instanceof URL ? input.href : input.url);

/** A fetch to which nothing answers: every address refuses the connection. */
export const nowhere: typeof fetch = async (input) => {
  throw refused(urlOf(input));
};

/**
 * A fetch answered in-process by origin (`http://127.0.0.1:4999`: a sandbox's `handle`, or a test's
 * own function); any other origin refuses the connection.
 */
export function fetchTo(origins: Record<string, (request: Request) => Promise<Response>>): typeof fetch {
  const answers = new Map(Object.entries(origins).map(([origin, answer]) => [new URL(origin).origin, answer]));
  return async (input, init) => {
    const request = new Request(input, init);
    const answer = answers.get(new URL(request.url).origin);
    if (!answer) throw refused(request.url);
    return answer(request);
  };
}

/** A clock at the wall's time that moves by what the run sleeps, at once; `onSleep` is told of each sleep first. */
export function quickClock(onSleep?: (ms: number) => Promise<void>): CliClock {
  let moved = 0;
  return {
    now: () => Date.now() + moved,
    sleep: async (ms) => {
      await onSleep?.(ms);
      moved += ms;
    },
  };
}

/** A run's I/O on buffers (`output`), told of each write (`onWrite`) and stopped by `stop`. */
export function bufferedIo(options: CliOptions = {}): { io: CliIo; output: { stdout: string; stderr: string }; onWrite: Set<() => void>; stop(): void } {
  const output = { stdout: "", stderr: "" };
  const onWrite = new Set<() => void>();
  const wrote = () => {
    for (const listener of [...onWrite]) listener();
  };
  let stop = () => {};
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const io: CliIo = {
    stdout: {
      write: (text) => {
        output.stdout += text;
        wrote();
      },
    },
    stderr: {
      write: (text) => {
        output.stderr += text;
        wrote();
      },
    },
    env: options.env ?? {},
    exitCode: undefined,
    clock: options.clock ?? quickClock(),
    fetch: options.fetch ?? nowhere,
    untilStopped: () => stopped,
  };
  return { io, output, onWrite, stop };
}

/** Starts mcoin with `args` (what follows `mcoin` on the command line) in this process. */
export function startCli(args: readonly string[], options: CliOptions = {}): RunningCli {
  const { io, output, onWrite: waiting, stop } = bufferedIo(options);
  const finished = run(io, args).then(() => ({ code: io.exitCode ?? 0, ...output }));
  let ended = false;
  void finished.then(() => {
    ended = true;
    for (const check of [...waiting]) check();
  });
  return {
    get stdout() {
      return output.stdout;
    },
    get stderr() {
      return output.stderr;
    },
    printed: (done) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (done(output)) {
            waiting.delete(check);
            resolve();
          } else if (ended) {
            waiting.delete(check);
            reject(new Error(`mcoin ${args.join(" ")} ended (exit ${io.exitCode ?? 0}) before printing what was awaited:\n${output.stdout}${output.stderr}`));
          }
        };
        waiting.add(check);
        check();
      }),
    stop: () => {
      stop();
      return finished;
    },
    finished,
  };
}

/** Runs mcoin with `args` in this process to its end. */
export function runCli(args: readonly string[], options: CliOptions = {}): Promise<CliRun> {
  return startCli(args, options).finished;
}

/** A sandbox answered in-process at IN_PROCESS_BASE, and mcoin run against it. */
export interface SandboxCli {
  sandbox: RootSandbox;
  /** Its address, as MCOIN_SANDBOX_URL gives it to each run. */
  url: string;
  /** Its `handle` at its address; every other address refuses the connection. */
  fetch: typeof fetch;
  /** mcoin run against it, with no control token from the environment. */
  mcoin(...args: string[]): Promise<CliRun>;
  /** The same with `env` besides (another MCOIN_SANDBOX_URL, a control token, ...) and another fetch. */
  mcoinWith(options: { env?: Record<string, string | undefined>; fetch?: typeof fetch }, ...args: string[]): Promise<CliRun>;
}

/**
 * A sandbox made in-process (createSandbox) and a runner of mcoin against it. What a run sleeps
 * (a task's threshold, a replay's pacing) moves the sandbox's clock as much, as the wall's would.
 */
export function sandboxCli(options: SandboxOptions = {}): SandboxCli {
  const sandbox = createSandbox(options);
  const url = IN_PROCESS_BASE;
  const send = fetchTo({ [url]: (request) => sandbox.handle(request) });
  const clockControl = createControlClient({ baseUrl: url, fetch: send });
  const moveSandboxClock = async (ms: number) => {
    const { now, frozen } = await clockControl.get(controls.clock);
    await clockControl.get(controls.setClock, { input: { now: now + ms, frozen } });
  };
  const mcoinWith: SandboxCli["mcoinWith"] = (given, ...args) => runCli(args, { env: { MCOIN_SANDBOX_URL: url, ...given.env }, fetch: given.fetch ?? send, clock: quickClock(moveSandboxClock) });
  return { sandbox, url, fetch: send, mcoin: (...args) => mcoinWith({}, ...args), mcoinWith };
}
