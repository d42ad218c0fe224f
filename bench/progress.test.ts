import { describe, expect, it } from "vitest";
import { elapsed, endLine, startLine } from "./progress";
import type { BenchResult } from "./report";

const result = (pass: boolean): BenchResult => ({ name: "x", measured: "", value: 1, display: "1", target: "t", pass });

describe("bench progress lines", () => {
  it("name the benchmark as it starts, with its place in the run", () => {
    expect(startLine("memberTimingBench", 0, 3)).toBe("[bench 1/3] memberTimingBench…");
  });

  it("give its time and its targets met or missed as it ends", () => {
    expect(endLine("tapsBench", 1, 3, 4_250, [result(true), result(true)])).toBe("[bench 2/3] tapsBench done in 4.3 s: pass (2 of 2 met)");
    expect(endLine("tapsBench", 1, 3, 125_000, [result(true), result(false)])).toBe("[bench 2/3] tapsBench done in 2 min 05 s: fail (1 of 2 missed)");
  });

  it("say the error that stopped a benchmark", () => {
    expect(endLine("loadBench", 2, 3, 900, new Error("no chromium\nstack"))).toBe("[bench 3/3] loadBench failed after 0.9 s: no chromium");
  });

  it("write minutes above a minute", () => {
    expect(elapsed(59_940)).toBe("59.9 s");
    expect(elapsed(60_000)).toBe("1 min 00 s");
  });
});
