// What npm test says of the browser suite beyond Playwright's own list (scripts/test.mjs): the page
// each failed try showed, and the tests that passed only on their second try.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { log } from "./lib.mjs";

/**
 * What each failed try's page showed when it failed (Playwright's error-context.md: the page's
 * accessibility snapshot), printed into the log: a CI machine's files go with it, and a test that
 * fails once and passes on its second try leaves nothing else to read.
 */
export function printPagesAtFailure(folder) {
  let entries = [];
  try {
    entries = readdirSync(folder, { recursive: true }).filter((path) => String(path).endsWith("error-context.md"));
  } catch {
    return;
  }
  for (const path of entries) {
    const text = readFileSync(join(folder, String(path)), "utf8");
    const shown = text.length > 6_000 ? `${text.slice(0, 6_000)}\n… (${text.length - 6_000} more characters)` : text;
    log(`the page when it failed: test-results/${path}`);
    process.stdout.write(`${shown}\n`);
  }
}

/** Playwright's JSON report (its `json` reporter), or null when the run stopped before writing it. */
export function readReport(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

/**
 * The tests of a Playwright JSON report that failed once and passed on their second try: each as its
 * file and line, its titles (the file's own aside) and the first line of its first failure.
 */
export function flakyTests(report) {
  const found = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== "flaky") continue;
        const error = test.results?.find((result) => result.status !== "passed")?.error?.message ?? "";
        // Playwright colours its messages; the log line is plain.
        const firstLine = stripVTControlCharacters(error).split("\n")[0];
        found.push(`e2e/${spec.file}:${spec.line} › ${[...titles, spec.title].join(" › ")}: ${firstLine}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  return found;
}
