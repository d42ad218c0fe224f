/**
 * Node children that die with whoever started them (docs/decisions/043-addresses-and-a-fixture-that-cleans-up.md),
 * for the test fixture's mall (lib/mall.ts): each in a process group of its own, which `stop()` ends
 * whole, and each watching its parent two ways. Its stdin is a pipe from the parent: however the
 * parent dies (`kill -9` included) the kernel closes its end, and the child sees the pipe end. And it
 * polls `process.ppid`, for the case where something else holds the pipe open: a parent that is gone
 * leaves the child to PID 1 or a subreaper. Either way the child ends its whole group.
 */
import { spawn, type ChildProcess } from "node:child_process";

/**
 * Loaded into the child (`--import`, before its own code). The stdin handle is unref'd: the watch
 * never keeps a child alive that would otherwise end.
 */
export const PARENT_WATCH = [
  "const parent = process.ppid;",
  "const end = () => { try { process.kill(-process.pid, 'SIGKILL'); } catch {} process.exit(1); };",
  "process.stdin.on('end', end).on('error', end).resume();",
  "process.stdin.unref?.();",
  "setInterval(() => { if (process.ppid !== parent) end(); }, 250).unref();",
].join("\n");

export interface GuardedChild {
  child: ChildProcess;
  /** Its process group's id: its own pid. */
  pid: number;
  /** Sends `signal` (SIGTERM by default) to its whole process group; nothing when it has ended. */
  stop(signal?: NodeJS.Signals): void;
}

/** Runs `node script ...args` as a guarded child: its own process group, watching this process. */
export function spawnGuarded(script: string, args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): GuardedChild {
  const child = spawn(process.execPath, ["--import", `data:text/javascript,${encodeURIComponent(PARENT_WATCH)}`, script, ...args], {
    cwd: options.cwd,
    env: options.env,
    // A group of its own: stop() reaches what it starts in turn, and a terminal's Ctrl-C reaches it through its parent.
    detached: true,
    stdio: ["pipe", "ignore", "ignore"],
  });
  if (child.pid === undefined) throw new Error(`could not start ${script}`);
  const pid = child.pid;
  return {
    child,
    pid,
    stop(signal = "SIGTERM") {
      try {
        process.kill(-pid, signal);
      } catch {
        // the group has ended
      }
    },
  };
}

/**
 * Calls `gone` once this process's parent has gone (its ppid changed: it was reparented), polling
 * every `intervalMs` without keeping the process alive; the returned function stops the watch.
 */
export function onParentGone(gone: () => void, intervalMs = 250): () => void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    gone();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
