/**
 * The load bench's mix (load.bench.ts) against a mall that shares a Redis (REDIS_URL), with Redis
 * hung in the middle: a redis-server of the bench's own on a free port, stopped with SIGSTOP
 * PAUSE_AT_MS into the run and continued (SIGCONT) PAUSE_MS later. A stopped Redis keeps its
 * connections open and never answers, so every command the mall sends it waits for the command
 * timeout (server/redis.ts, MCOIN_REDIS_TIMEOUT_MS); meanwhile rate limits and token rotations count
 * in the mall's memory.
 *
 * Reported: errors as the load bench counts them (target 0); each request's latency against its
 * usual time, the 99th percentile of its kind between the warm-up and the pause (usual-time.ts), and
 * how many of the requests in flight while Redis was stopped or sent up to RECOVERY_MS after SIGCONT
 * were late by more than GRACE_MS (target: none); beside them, by the same rule, the requests sent
 * after that, with Redis answering: a control, since on a machine shared with other work requests
 * grow late whatever Redis does (the CPU of the mall and of the rest of the machine is reported for
 * each stretch too); the mall's log lines about Redis, which must say once that Redis is away after
 * SIGSTOP and once that it is back after SIGCONT; the books audited afterwards, as the load bench does.
 */
import { spawnSync, type ChildProcess } from "node:child_process";
import { CONNECTIONS, DURATION_MS, MEMBERS, Tally, auditAfterLoad, booksResult, errorSummary, listCounts, runMix, startLoadStack, type LoadStack } from "./load.bench";
import { cpus, loadavg } from "node:os";
import { cpuSeconds, freePort, machineBusySeconds } from "./mall";
import type { BenchResult } from "./report";
import { MIN_SAMPLES, judgeLateness, percentile, type Timing } from "./usual-time";
import { startRedisServer } from "../server/redis-testing";

/**
 * The usual times are taken from what the load does after its first seconds: every member's sign-in
 * and a cold server (its JIT, its connections to the sandbox) come first and are slower than the rest.
 */
const WARM_UP_MS = 5_000;
const PAUSE_AT_MS = 15_000;
const PAUSE_MS = 30_000;
/** After SIGCONT, how long the return is judged with the pause (the mall tries Redis again within a second). */
const RECOVERY_MS = 5_000;
/** How much later than its usual time a request may be answered. */
const GRACE_MS = 1_000;

/** A line the mall logged about Redis (server/redis.ts: `redis` is "away" or "back"). */
interface RedisNotice {
  at: number;
  level: string;
  redis: string;
  msg: string;
}

/** pino's numeric levels, by name. */
const LEVELS: Record<number, string> = { 10: "trace", 20: "debug", 30: "info", 40: "warn", 50: "error", 60: "fatal" };

async function startRedis(): Promise<{ url: string; process: ChildProcess }> {
  if (spawnSync("redis-server", ["--version"]).status !== 0) throw new Error("redis-server is missing: npm run bench installs it (apt-get install redis-server)");
  return startRedisServer(await freePort());
}

/** How busy the machine is at a moment: its CPU time, and that of the processes of this run. */
interface CpuMark {
  at: number;
  machine: number;
  run: number;
  mall: number;
}

/**
 * Between two marks, in cores: the mall's CPU, and the rest of the machine's outside this run (other
 * engineers' builds and tests on a shared machine), which slows the run's requests whatever Redis does.
 */
function cpuBetween(from: CpuMark, to: CpuMark): string {
  const seconds = (to.at - from.at) / 1000;
  const others = (to.machine - from.machine - (to.run - from.run)) / seconds;
  return `the mall ${((to.mall - from.mall) / seconds).toFixed(2)} cores, other work on the machine ${Math.max(0, others).toFixed(2)}`;
}

/** Requests, p50, p99 and the slowest of a stretch of the run. */
function stretch(timings: readonly Timing[]): string {
  const sorted = timings.map((timing) => timing.ms).sort((a, b) => a - b);
  if (sorted.length === 0) return "no request";
  return `${sorted.length} requests, p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms, slowest ${sorted.at(-1)!.toFixed(0)} ms`;
}

export async function redisPauseBench(): Promise<BenchResult[]> {
  const redis = await startRedis();
  const notices: RedisNotice[] = [];
  const onLog = (line: string) => {
    // Only Redis's notices are parsed: the request log is a line a request.
    if (!line.includes('"redis"')) return;
    try {
      const entry = JSON.parse(line) as { level: number; redis?: string; msg?: string };
      if (typeof entry.redis === "string") notices.push({ at: performance.now(), level: LEVELS[entry.level] ?? String(entry.level), redis: entry.redis, msg: entry.msg ?? "" });
    } catch {
      // Not a line of the JSON log.
    }
  };
  let stack: LoadStack | null = null;
  const timers: NodeJS.Timeout[] = [];
  try {
    stack = await startLoadStack({ REDIS_URL: redis.url }, { onLog });
    const tally = new Tally();
    const { mall, sandbox } = stack;
    const client = () => {
      const used = process.cpuUsage();
      return (used.user + used.system) / 1e6;
    };
    const mark = (): CpuMark => {
      const mallCpu = cpuSeconds(mall.pid);
      return { at: performance.now(), machine: machineBusySeconds(), mall: mallCpu, run: mallCpu + cpuSeconds(sandbox.pid) + cpuSeconds(redis.process.pid!) + client() };
    };
    const load = { start: loadavg()[0], end: Number.NaN };
    const marks: CpuMark[] = [];
    const started = performance.now();
    let pausedAt = Number.NaN;
    let resumedAt = Number.NaN;
    timers.push(
      setTimeout(() => {
        marks.push(mark());
        redis.process.kill("SIGSTOP");
        pausedAt = performance.now();
      }, PAUSE_AT_MS),
      setTimeout(() => {
        redis.process.kill("SIGCONT");
        resumedAt = performance.now();
      }, PAUSE_AT_MS + PAUSE_MS),
      setTimeout(() => marks.push(mark()), PAUSE_AT_MS + PAUSE_MS + RECOVERY_MS),
      setTimeout(() => marks.unshift(mark()), WARM_UP_MS),
    );
    await runMix(stack, tally, DURATION_MS);
    marks.push(mark());
    load.end = loadavg()[0];
    const seconds = (performance.now() - started) / 1000;
    const books = await auditAfterLoad(stack, tally);

    const since = (at: number, from: number) => `${((at - from) / 1000).toFixed(2)} s`;
    const usualFrom = started + WARM_UP_MS;
    const recoveredAt = resumedAt + RECOVERY_MS;
    const givesUsual = (timing: Timing) => timing.sent >= usualFrom && timing.sent + timing.ms < pausedAt;
    const lateness = judgeLateness(tally.timings, { usual: givesUsual, judged: (timing) => timing.sent + timing.ms >= pausedAt && timing.sent < recoveredAt, graceMs: GRACE_MS });
    const control = judgeLateness(tally.timings, { usual: givesUsual, judged: (timing) => timing.sent >= recoveredAt, graceMs: GRACE_MS });
    const { worst } = lateness;
    const worstText = worst
      ? `${worst.excess >= 0 ? "+" : ""}${worst.excess.toFixed(0)} ms (${worst.what}: ${worst.ms.toFixed(0)} ms against ${worst.usual.toFixed(0)} ms, sent ${since(worst.sent, pausedAt)} after SIGSTOP)`
      : "none judged";
    const usual = [...lateness.usual]
      .sort(([, a], [, b]) => b.samples - a.samples)
      .map(([what, { ms, samples }]) => `${what} ${ms.toFixed(0)} ms (${samples})`)
      .join(", ");
    const late = lateness.late
      .slice(0, 5)
      .map((timing) => `${timing.what} ${timing.ms.toFixed(0)} ms sent ${since(timing.sent, pausedAt)} after SIGSTOP`)
      .join("; ");

    const noticeText = notices
      .map((notice) => `${notice.level} "${notice.msg}" (${notice.redis}) ${notice.at >= resumedAt ? `${since(notice.at, resumedAt)} after SIGCONT` : `${since(notice.at, pausedAt)} after SIGSTOP`}`)
      .join("; ");
    const onceEachWay = notices.length === 2 && notices[0].redis === "away" && notices[0].at >= pausedAt && notices[0].at < resumedAt && notices[1].redis === "back" && notices[1].at >= resumedAt;

    const sentBetween = (from: number, to: number) => tally.timings.filter((timing) => timing.sent >= from && timing.sent < to);
    const title = `${CONNECTIONS} connections, ${DURATION_MS / 1000} s, ${MEMBERS} members, Redis stopped ${PAUSE_AT_MS / 1000}–${(PAUSE_AT_MS + PAUSE_MS) / 1000} s`;
    return [
      {
        name: `redis paused: errors (${title})`,
        measured:
          `${tally.requests} requests to the mall and ${tally.walletRequests} to the wallet's sign-in and cashier over ${seconds.toFixed(1)} s; Redis stopped (SIGSTOP) ${since(pausedAt, started)} into the run and continued (SIGCONT) ${since(resumedAt, pausedAt)} later; ` +
          `steps: ${listCounts(tally.steps)}; expected refusals ${tally.refusalCount} (${listCounts(tally.refusals)}); errors: ${errorSummary(tally)}`,
        value: tally.errorCount,
        display: `${tally.errorCount} errors`,
        target: "0: every request answered (expected business refusals counted apart)",
        pass: tally.errorCount === 0,
      },
      {
        name: `redis paused: requests later than their usual time by more than ${GRACE_MS / 1000} s`,
        measured:
          `usual time: the p99 of the same kind among the requests sent from ${WARM_UP_MS / 1000} s into the run and answered before SIGSTOP (${usual}), or for a kind of fewer than ${MIN_SAMPLES} there, the p99 of them all (${lateness.overall.toFixed(0)} ms); ` +
          `judged: the ${lateness.judged} requests in flight at SIGSTOP or sent up to ${RECOVERY_MS / 1000} s after SIGCONT; the first ${WARM_UP_MS / 1000} s: ${stretch(sentBetween(started, usualFrom))}; ` +
          `from then to SIGSTOP: ${stretch(tally.timings.filter(givesUsual))}; sent while Redis was stopped: ${stretch(sentBetween(pausedAt, resumedAt))}; ` +
          `in the ${RECOVERY_MS / 1000} s after SIGCONT: ${stretch(sentBetween(resumedAt, recoveredAt))}; then to the end: ${stretch(sentBetween(recoveredAt, Number.POSITIVE_INFINITY))}; ` +
          `CPU from ${WARM_UP_MS / 1000} s to SIGSTOP: ${cpuBetween(marks[0], marks[1])}; from SIGSTOP to ${RECOVERY_MS / 1000} s after SIGCONT: ${cpuBetween(marks[1], marks[2])}; then to the end: ${cpuBetween(marks[2], marks[3])} (of ${cpus().length}; load average ${load.start.toFixed(1)} at the start, ${load.end.toFixed(1)} at the end); ` +
          `furthest over its usual time: ${worstText}; late: ${late || "none"}; ` +
          `control, the ${control.judged} requests sent from ${RECOVERY_MS / 1000} s after SIGCONT to the end, Redis answering, by the same rule: ${control.late.length} late, furthest over ${control.worst ? `${control.worst.excess.toFixed(0)} ms (${control.worst.what})` : "n/a"}`,
        value: lateness.late.length,
        display: `${lateness.late.length} late, worst ${worst ? `${worst.excess >= 0 ? "+" : ""}${worst.excess.toFixed(0)} ms` : "n/a"} (control ${control.late.length})`,
        target: `0 answered more than ${GRACE_MS} ms after their kind's p99 between warm-up and the pause, to ${RECOVERY_MS / 1000} s after SIGCONT`,
        pass: lateness.late.length === 0,
      },
      {
        name: "redis paused: the mall's notices about Redis",
        measured: `the mall's log lines with a \`redis\` field (server/redis.ts): ${noticeText || "none"}`,
        value: notices.length,
        display: notices.map((notice) => notice.redis).join(", ") || "none",
        target: "once away after SIGSTOP, once back after SIGCONT",
        pass: onceEachWay,
      },
      booksResult("redis paused: every member's ledger balanced afterwards", books),
    ];
  } finally {
    for (const timer of timers) clearTimeout(timer);
    // A stopped process holds a SIGTERM until it runs again.
    redis.process.kill("SIGCONT");
    redis.process.kill("SIGTERM");
    stack?.stop();
  }
}
