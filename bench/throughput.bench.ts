/**
 * Server throughput and latency (autocannon, 20 connections, 10 s each) of home and an offer's
 * detail against the bare route of the same build (`/__bare`: the frame, one heading, no gateway
 * call), served by the same production server in the same run to a signed-in member. The sandbox
 * runs in its own process (as `npm start` runs it), and the CPU time each process spent is reported
 * apart, so the mall's cost is not mistaken for the sandbox's. Targets (issue 49): home, complete in
 * the server's HTML (its rails and first offers drawn by the server), at least 0.5× the bare route's
 * requests per second; and the mall's CPU time per page of home (its process's user and system time
 * over the run, divided by the pages served) at most 2× the bare route's.
 */
import autocannon from "autocannon";
import { cpuSeconds, freePort, signIn, startMall, startSandboxProcess, type BenchMall } from "./mall";
import type { BenchResult } from "./report";

const CONNECTIONS = 20;
const DURATION_S = 10;
const TARGET = 0.5;
/** Home's CPU time per page, at most this many times the bare route's. */
const CPU_TARGET = 2;

interface Load {
  path: string;
  rps: number;
  /** Pages served in the run. */
  pages: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  mallCpu: number;
  sandboxCpu: number;
}

async function load(base: string, path: string, cookie: string, pids: { mall: number; sandbox: number }): Promise<Load> {
  const before = { mall: cpuSeconds(pids.mall), sandbox: cpuSeconds(pids.sandbox) };
  const result = await autocannon({ url: `${base}${path}`, connections: CONNECTIONS, duration: DURATION_S, headers: { cookie } });
  return {
    path,
    rps: result.requests.average,
    pages: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    mallCpu: cpuSeconds(pids.mall) - before.mall,
    sandboxCpu: cpuSeconds(pids.sandbox) - before.sandbox,
  };
}

/** The mall's CPU time per page served, in milliseconds. */
const cpuPerPage = (run: Load) => (run.mallCpu * 1000) / run.pages;

const describe = (run: Load) =>
  `${run.path} ${run.rps.toFixed(0)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, CPU mall ${run.mallCpu.toFixed(1)} s (${cpuPerPage(run).toFixed(2)} ms a page) / sandbox ${run.sandboxCpu.toFixed(1)} s${run.non2xx || run.errors ? `, ${run.non2xx} non-2xx, ${run.errors} errors` : ""}`;

export async function throughputBench(): Promise<BenchResult[]> {
  const [mallPort, sandboxPort] = [await freePort(), await freePort()];
  const sandbox = await startSandboxProcess(sandboxPort, `http://localhost:${mallPort}`);
  let mall: BenchMall | null = null;
  try {
    mall = await startMall(mallPort, sandbox.url);
    const cookie = await signIn(mall, sandbox.url, "mpay-1001");
    const pids = { mall: mall.pid, sandbox: sandbox.pid };
    // Warm both (the bare route and the screens' code paths), then measure, the bare route first.
    for (const path of ["/__bare", "/index", "/coupon_details/1"]) await autocannon({ url: `${mall.base}${path}`, connections: 4, amount: 200, headers: { cookie } });
    const bare = await load(mall.base, "/__bare", cookie, pids);
    const home = await load(mall.base, "/index", cookie, pids);
    const offer = await load(mall.base, "/coupon_details/1", cookie, pids);
    const result = (run: Load, name: string, target: number | null): BenchResult => {
      const ratio = run.rps / bare.rps;
      const clean = run.non2xx === 0 && run.errors === 0;
      return {
        name,
        measured: `${describe(run)}; baseline ${describe(bare)}`,
        value: run.rps,
        display: `${run.rps.toFixed(0)} req/s`,
        baseline: { name: "bare route", value: bare.rps, display: `${bare.rps.toFixed(0)} req/s` },
        ratio,
        target: target === null ? "reported (no target); every reply 2xx" : `≥ ${target}× the bare route; every reply 2xx`,
        pass: clean && (target === null || ratio >= target),
      };
    };
    const cpuRatio = cpuPerPage(home) / cpuPerPage(bare);
    const homeCpu: BenchResult = {
      name: `home's server CPU a page (${CONNECTIONS} connections, ${DURATION_S} s)`,
      measured: `the mall's CPU time over the run ÷ pages served: home ${cpuPerPage(home).toFixed(2)} ms (${home.pages} pages), the bare route ${cpuPerPage(bare).toFixed(2)} ms (${bare.pages} pages)`,
      value: cpuPerPage(home),
      display: `${cpuPerPage(home).toFixed(2)} ms`,
      baseline: { name: "bare route", value: cpuPerPage(bare), display: `${cpuPerPage(bare).toFixed(2)} ms` },
      ratio: cpuRatio,
      target: `≤ ${CPU_TARGET}× the bare route's`,
      pass: home.non2xx === 0 && home.errors === 0 && cpuRatio <= CPU_TARGET,
    };
    return [
      result(home, `home throughput (${CONNECTIONS} connections, ${DURATION_S} s)`, TARGET),
      homeCpu,
      result(offer, `offer detail throughput (${CONNECTIONS} connections, ${DURATION_S} s)`, null),
    ];
  } finally {
    mall?.stop();
    sandbox.stop();
  }
}
