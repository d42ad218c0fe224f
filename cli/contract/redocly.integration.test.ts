/**
 * The committed contract held to Redocly's recommended rules, as a partner's CI would lint it
 * (`redocly lint --extends=recommended`, with the repository's .redocly.lint-ignore.yaml): no error in
 * either document, and no warning but those docs/decisions/042-the-contract-as-the-wire-is.md keeps on
 * purpose (the package names no license yet; the envelope's discriminator has inline members).
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../testing";

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
}

/** The warnings kept, each by its rule and message. */
const KEPT = [
  { ruleId: "info-license", message: "Info object should contain `license` field." },
  { ruleId: "no-illogical-composition-keywords", message: "Schema in `oneOf` is inline, so the `discriminator` cannot select it. Use a `$ref` to a named schema." },
];

function lint(files: string[]): LintReport[] {
  let text: string;
  try {
    text = execFileSync(join(ROOT, "node_modules/.bin/redocly"), ["lint", "--extends=recommended", "--format=json", ...files], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  } catch (error) {
    // An error found exits 1, with the report printed all the same.
    text = (error as { stdout: string }).stdout;
  }
  // One JSON report per file, one after the other.
  return JSON.parse(`[${text.replace(/}\s*{(\s*"totals")/g, "},{$1")}]`) as LintReport[];
}

describe("Redocly's recommended rules", () => {
  it("pass both documents with no error, and no warning but those kept on purpose", () => {
    const reports = lint(["docs/contract/openapi.json", "docs/contract/controls.openapi.json"]);
    expect(reports).toHaveLength(2);
    for (const report of reports) {
      expect(report.problems.filter((problem) => problem.severity === "error")).toEqual([]);
      expect(report.totals.errors).toBe(0);
      const unexpected = report.problems.filter((problem) => !KEPT.some((kept) => kept.ruleId === problem.ruleId && kept.message === problem.message));
      expect(unexpected.map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`)).toEqual([]);
    }
    // The discriminator's inline members are the envelope's, and only theirs.
    const inline = reports[0].problems.filter((problem) => problem.ruleId === "no-illogical-composition-keywords");
    expect(inline.every((problem) => /\/responses\/200\/content\/application~1json\/schema\/oneOf\/[01]$/.test(problem.location[0].pointer))).toBe(true);
  });
});
