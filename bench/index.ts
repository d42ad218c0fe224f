/**
 * `npm run bench`: every benchmark of the project, each measured side by side with its yardstick in
 * this one run (never against numbers from another machine or day). Exits 1 when a target is missed.
 */
import { checkoutBurstBench } from "./checkout-burst.bench";
import { envelopeBench } from "./envelope.bench";
import { homeTtfbBench } from "./home-ttfb.bench";
import { printReport, type BenchResult } from "./report";
import { seckillBurstBench } from "./seckill-burst.bench";

const benches: (() => Promise<BenchResult>)[] = [envelopeBench, homeTtfbBench, checkoutBurstBench, seckillBurstBench];

const results: BenchResult[] = [];
for (const bench of benches) results.push(await bench());
printReport(results);
if (results.some((result) => !result.pass)) process.exitCode = 1;
