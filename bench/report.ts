/** One line of the benchmark report. */
export interface BenchResult {
  name: string;
  /** What was measured, in words. */
  measured: string;
  value: number;
  display: string;
  target: string;
  pass: boolean;
}

export function printReport(results: BenchResult[]): void {
  const rows = results.map((result) => [result.pass ? "✓" : "✗", result.name, result.display, result.target, result.measured]);
  const widths = [1, 0, 0, 0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  process.stdout.write("\nmCoin Mall benchmarks\n\n");
  for (const row of rows) {
    process.stdout.write(`${row[0]} ${row[1].padEnd(widths[1])}  ${row[2].padStart(widths[2])}  ${row[3].padEnd(widths[3])}  ${row[4]}\n`);
  }
  process.stdout.write("\n");
}
