/**
 * `npm run bench`: every benchmark of the project, each measured side by side with its yardstick in
 * this one run (never against numbers from another machine or day). Exits 1 when a target is missed.
 */
import { checkoutBurstBench } from "./checkout-burst.bench";
import { envelopeBench } from "./envelope.bench";
import { homeTtfbBench } from "./home-ttfb.bench";
import { lighthouseBench } from "./lighthouse.bench";
import { loadBench } from "./load.bench";
import { memberTimingBench } from "./member-timing.bench";
import { cliStartBench } from "./cli-start.bench";
import { reactWriterBench } from "./react-writer.bench";
import { redisPauseBench } from "./redis-pause.bench";
import { endLine, startLine } from "./progress";
import { printReport, writeReport, type BenchResult } from "./report";
import { seckillBurstBench } from "./seckill-burst.bench";
import { storeScaleBench } from "./store-scale.bench";
import { tapsBench } from "./taps.bench";
import { tenantsBench } from "./tenants.bench";
import { throughputBench } from "./throughput.bench";

const benches: (() => Promise<BenchResult | BenchResult[]>)[] = [
  envelopeBench,
  cliStartBench,
  homeTtfbBench,
  throughputBench,
  reactWriterBench,
  memberTimingBench,
  tapsBench,
  lighthouseBench,
  checkoutBurstBench,
  seckillBurstBench,
  storeScaleBench,
  loadBench,
  redisPauseBench,
  tenantsBench,
];

// `npm run bench -- NAME…` runs only the benchmarks whose function names contain one of them.
const only = process.argv.slice(2);
const chosen = only.length === 0 ? benches : benches.filter((bench) => only.some((name) => bench.name.toLowerCase().includes(name.toLowerCase())));
const results: BenchResult[] = [];
for (const [index, bench] of chosen.entries()) {
  process.stderr.write(`${startLine(bench.name, index, chosen.length)}\n`);
  const started = performance.now();
  try {
    const outcome = [await bench()].flat();
    process.stderr.write(`${endLine(bench.name, index, chosen.length, performance.now() - started, outcome)}\n`);
    results.push(...outcome);
  } catch (error) {
    process.stderr.write(`${endLine(bench.name, index, chosen.length, performance.now() - started, error instanceof Error ? error : new Error(String(error)))}\n`);
    throw error;
  }
}
printReport(results);
const written = writeReport(results);
process.stdout.write(`report: ${written.md}, ${written.json}\n`);
if (results.some((result) => !result.pass)) process.exitCode = 1;
