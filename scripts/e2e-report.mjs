// What npm test says of the browser suite beyond Playwright's own list (scripts/test.mjs): the page
// each failed try showed, and the tests that passed only on their second try.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { log } from "./lib.mjs";

/** The file the suite writes beside a failed try's error-context.md (e2e/fixtures.ts). */
export const REQUESTS_AT_FAILURE = "requests-at-failure.md";

/** What a failed try leaves in its folder that the log shows: Playwright's own, then the suite's (e2e/fixtures.ts). */
const SHOWN_AT_FAILURE = ["error-context.md", REQUESTS_AT_FAILURE];

/**
 * What each failed try's page showed when it failed (Playwright's error-context.md: the page's
 * accessibility snapshot; the suite's requests-at-failure.md: what the page still waited for),
 * printed into the log: a CI machine's files go with it, and a test that fails once and passes on
 * its second try leaves nothing else to read.
 */
export function printPagesAtFailure(folder) {
  let entries = [];
  try {
    entries = readdirSync(folder, { recursive: true })
      .map(String)
      .filter((path) => SHOWN_AT_FAILURE.some((name) => path.endsWith(name)))
      .sort();
  } catch {
    return;
  }
  for (const path of entries) {
    const text = readFileSync(join(folder, path), "utf8");
    const shown = text.length > 6_000 ? `${text.slice(0, 6_000)}\n… (${text.length - 6_000} more characters)` : text;
    log(`${path.endsWith(REQUESTS_AT_FAILURE) ? "its requests" : "the page"} when it failed: test-results/${path}`);
    process.stdout.write(`${shown}\n`);
  }
}

/** How many of the requests that finished last are listed. */
const LAST_FINISHED = 15;
const MAX_ADDRESS = 160;

/** An address as the log shows it: its path and query when it is `origin`'s, without control characters, cut short. */
function shownAddress(address, origin) {
  let shown = address;
  try {
    const url = new URL(address);
    if (url.origin === origin) shown = `${url.pathname}${url.search}`;
  } catch {
    // not an address: shown as it is
  }
  shown = stripVTControlCharacters(shown);
  return shown.length > MAX_ADDRESS ? `${shown.slice(0, MAX_ADDRESS)}…` : shown;
}

/**
 * What a page was still waiting for when its test failed, and what it had just received: the
 * requests in flight (oldest first, with how long they had waited), the last that finished, and the
 * errors the page logged. `requests` as e2e/fixtures.ts watches them: `{ method, url, type, startedAt,
 * endedAt?, status?, failure? }`, times in milliseconds.
 */
export function describeRequests({ requests, errors, origin, now }) {
  const inFlight = requests.filter((request) => request.endedAt === undefined).sort((a, b) => a.startedAt - b.startedAt);
  const finished = requests.filter((request) => request.endedAt !== undefined).sort((a, b) => a.endedAt - b.endedAt);
  const line = (request, ms, outcome) => `- ${outcome} ${request.method} ${shownAddress(request.url, origin)} (${request.type}), ${ms} ms`;
  const lines = [`# Requests the page still waited for when the test failed (${new Date(now).toISOString().slice(11, 23)} UTC)`, ""];
  if (inFlight.length === 0) lines.push("none");
  for (const request of inFlight) lines.push(line(request, Math.round(now - request.startedAt), "…"));
  lines.push("", `# The last ${Math.min(LAST_FINISHED, finished.length)} of ${finished.length} requests that finished`, "");
  if (finished.length === 0) lines.push("none");
  for (const request of finished.slice(-LAST_FINISHED))
    lines.push(line(request, Math.round(request.endedAt - request.startedAt), request.failure ? `failed (${stripVTControlCharacters(request.failure)})` : String(request.status ?? "?")));
  lines.push("", "# Errors the page logged", "");
  if (errors.length === 0) lines.push("none");
  for (const error of errors.slice(-LAST_FINISHED)) lines.push(`- ${stripVTControlCharacters(error).split("\n")[0].slice(0, 300)}`);
  return `${lines.join("\n")}\n`;
}

/** A reply the mall took this long for is slow enough to name beside a failure. */
export const SLOW_REPLY_MS = 2_500;
const SLOW_SHOWN = 30;

/** The slow replies of a mall's request log, each with its time: `slowReplies`' lines before they are written. */
function slowEntries(text, label) {
  const found = [];
  for (const line of text.split("\n")) {
    if (!line.startsWith("{")) continue;
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof entry.responseTime !== "number" || entry.responseTime < SLOW_REPLY_MS) continue;
    const at = new Date(entry.time).toISOString().slice(11, 23);
    const path = shownAddress(String(entry.req?.path ?? entry.req?.url ?? "?"), null);
    found.push({ time: entry.time, line: `${label} ${at} ${entry.req?.method ?? "?"} ${path} ${entry.res?.status ?? "?"} in ${entry.responseTime} ms` });
  }
  return found;
}

/**
 * The replies in a mall's request log (pino-http's JSON lines, `responseTime` in milliseconds) that
 * took at least SLOW_REPLY_MS, as `HH:MM:SS.mmm METHOD path STATUS in N ms`: whether a page that
 * waited for a request waited on the mall or on something before it.
 */
export function slowReplies(text, label) {
  return slowEntries(text, label).map((entry) => entry.line);
}

/** The slow replies of every mall log in `folder` (e2e's mall-N.log), oldest first, the last SLOW_SHOWN. */
export function slowRepliesIn(folder) {
  let files = [];
  try {
    files = readdirSync(folder).filter((name) => /^mall-\d+\.log$/.test(name));
  } catch {
    return [];
  }
  const found = files.flatMap((name) => slowEntries(readFileSync(join(folder, name), "utf8"), name.replace(/\.log$/, "")));
  found.sort((a, b) => a.time - b.time);
  return found.slice(-SLOW_SHOWN).map((entry) => entry.line);
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
