/**
 * How long `mcoin --help` takes to start and exit, against `node -e 0` (Node's own start) on the same
 * machine in the same run, interleaved so both meet the same load. Target: at most 4×. The CLI runs
 * from the bundle `npm run build` made (scripts/cli-bundle.mjs); when a source changed since, it is
 * built first, so what is measured is the bundle and not the sources' slower start.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { buildCliBundle, freshCliBundle } from "../scripts/cli-bundle.mjs";
import type { BenchResult } from "./report";

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const RUNS = 9;
const TARGET = 4;

async function timed(args: string[]): Promise<number> {
  const started = performance.now();
  await run(process.execPath, args, { cwd: ROOT });
  return performance.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function cliStartBench(): Promise<BenchResult> {
  if (!freshCliBundle(ROOT)) await buildCliBundle(ROOT);
  // A first run, not counted, so that the files read are in the page cache for every counted one.
  await timed(["bin/mcoin.mjs", "--help"]);
  const cli: number[] = [];
  const node: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    if (i % 2 === 0) {
      cli.push(await timed(["bin/mcoin.mjs", "--help"]));
      node.push(await timed(["-e", "0"]));
    } else {
      node.push(await timed(["-e", "0"]));
      cli.push(await timed(["bin/mcoin.mjs", "--help"]));
    }
  }
  const figure = median(cli);
  const baseline = median(node);
  const ratio = figure / baseline;
  return {
    name: "`mcoin --help` start",
    measured: `median of ${RUNS}, interleaved: mcoin --help ${figure.toFixed(0)} ms, node -e 0 ${baseline.toFixed(0)} ms`,
    value: figure,
    display: `${figure.toFixed(0)} ms`,
    baseline: { name: "node -e 0", value: baseline, display: `${baseline.toFixed(0)} ms` },
    ratio,
    target: `≤ ${TARGET}× node -e 0`,
    pass: ratio <= TARGET,
  };
}
