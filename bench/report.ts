/**
 * The benchmark report: a table on the terminal, and bench/report.json and bench/report.md with each
 * entry's figure, its baseline measured in the same run, the ratio, the target and whether it was
 * met, with the machine and the date (figures mean nothing without them).
 */
import { cpus, freemem, totalmem, type as osType, release } from "node:os";
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** One line of the benchmark report. */
export interface BenchResult {
  name: string;
  /** What was measured, in words. */
  measured: string;
  /** The figure. */
  value: number;
  display: string;
  /** What it is measured against, in the same run (a bare route, node -e 0, the reference code). */
  baseline?: { name: string; value: number; display: string };
  /** figure ÷ baseline, when the target is a ratio. */
  ratio?: number;
  target: string;
  pass: boolean;
}

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
}

export function machine(): Machine {
  const list = cpus();
  return {
    cpu: list[0]?.model.trim() ?? "unknown",
    cores: list.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    os: `${osType()} ${release()}`,
    node: process.version,
  };
}

export function printReport(results: BenchResult[]): void {
  const rows = results.map((result) => [
    result.pass ? "✓" : "✗",
    result.name,
    result.display,
    result.baseline ? `${result.baseline.display} ${result.baseline.name}` : "",
    result.ratio === undefined ? "" : `${result.ratio.toFixed(2)}×`,
    result.target,
  ]);
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column].length))) ?? [];
  process.stdout.write("\nmCoin Mall benchmarks\n\n");
  for (const row of rows) process.stdout.write(`${row.map((cell, column) => (column === 2 || column === 4 ? cell.padStart(widths[column]) : cell.padEnd(widths[column]))).join("  ")}\n`);
  process.stdout.write("\n");
  for (const result of results) process.stdout.write(`  ${result.name}: ${result.measured}\n`);
  process.stdout.write("\n");
}

/** bench/report.json and bench/report.md, as of this run. */
export function writeReport(results: BenchResult[], at = new Date()): { json: string; md: string } {
  const host = machine();
  const date = at.toISOString();
  const entries = results.map((result) => ({
    name: result.name,
    figure: result.value,
    display: result.display,
    baseline: result.baseline ?? null,
    ratio: result.ratio ?? null,
    target: result.target,
    met: result.pass,
    measured: result.measured,
    machine: host,
    date,
  }));
  const json = fileURLToPath(new URL("./report.json", import.meta.url));
  const md = fileURLToPath(new URL("./report.md", import.meta.url));
  writeFileSync(json, `${JSON.stringify({ date, machine: host, freeMemoryGiB: Math.round(freemem() / 2 ** 30), entries }, null, 2)}\n`);
  const cell = (text: string) => text.replaceAll("|", "\\|");
  const lines = [
    "# mCoin Mall benchmarks",
    "",
    `${date.slice(0, 10)}, ${host.cores} × ${host.cpu}, ${host.memoryGiB} GiB, ${host.os}, Node ${host.node}. Every figure is measured against its baseline in the same run (\`npm run bench\`).`,
    "",
    "| | benchmark | figure | baseline | ratio | target |",
    "|---|---|---|---|---|---|",
    ...results.map((result) =>
      `| ${result.pass ? "✓" : "✗ missed"} | ${cell(result.name)} | ${cell(result.display)} | ${result.baseline ? cell(`${result.baseline.display} (${result.baseline.name})`) : ""} | ${result.ratio === undefined ? "" : `${result.ratio.toFixed(2)}×`} | ${cell(result.target)} |`,
    ),
    "",
    ...results.map((result) => `- **${cell(result.name)}**: ${cell(result.measured)}`),
    "",
  ];
  writeFileSync(md, lines.join("\n"));
  return { json, md };
}
