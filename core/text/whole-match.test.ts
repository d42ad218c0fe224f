import { describe, expect, it } from "vitest";
import { linearPatternProblem, wholeMatch } from "./whole-match";

describe("patterns from outside", () => {
  it("match the whole text, as WireMock's do, with or without regard to case", () => {
    expect(wholeMatch("/api/.*", "/api/auth/refund")).toBe(true);
    expect(wholeMatch("auth", "/api/auth/refund")).toBe(false);
    expect(wholeMatch("zh-[a-z]+", "ZH-MO", true)).toBe(true);
    expect(wholeMatch("zh-[a-z]+", "ZH-MO")).toBe(false);
  });

  it("run in time linear in the text: a pattern that backtracks without end in JavaScript answers at once", () => {
    // JavaScript's engine takes longer than the test's timeout here (2^n steps); RE2's does not backtrack.
    expect(wholeMatch("^(a+)+$", `${"a".repeat(10_000)}!`)).toBe(false);
    const remark = `${"wrong size ".repeat(455)}!`;
    expect(remark.length).toBeGreaterThan(5_000);
    expect(wholeMatch('.*"remarks":"(\\w+\\s?)*".*', `{"remarks":"${remark}"}`)).toBe(false);
  });

  it("that need backtracking (back-references, look-around) are refused, saying why", () => {
    expect(linearPatternProblem("(a)\\1")).toMatch(/linear time .*back-references and look-around/);
    expect(linearPatternProblem("a(?=b)")).toMatch(/linear time/);
    expect(linearPatternProblem("(")).toMatch(/linear time/);
    expect(linearPatternProblem("^/api/(auth|business)/.*$")).toBeUndefined();
  });
});
