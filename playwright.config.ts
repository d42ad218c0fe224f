/**
 * The browser suite: Debian's chromium (never a downloaded browser) at a phone viewport with the
 * wallet app's user agent, against the production build served on the sandbox gateway. Ports differ
 * from `npm start`'s so both can run at once.
 */
import { defineConfig } from "@playwright/test";
import { E2E_APP_URL, E2E_BASE_PORT_OFFSET, E2E_WORKERS, e2ePorts, walletUserAgent } from "./e2e/env";

/** MCOIN_E2E_TRACE: one of Playwright's trace modes; "retain-on-failure" unless set. */
function traceMode(value: string | undefined) {
  const modes = ["off", "on", "retain-on-failure", "on-first-retry", "retain-on-first-failure"] as const;
  return modes.find((mode) => mode === value) ?? "retain-on-failure";
}

const E2E_OUTPUT_DIR = E2E_BASE_PORT_OFFSET ? `test-results-${E2E_BASE_PORT_OFFSET}` : "test-results";
/**
 * Each worker's mall writes its request log here (mall-N.log), beside the output Playwright empties
 * at each run: when a test fails, npm test names the replies the mall was slow to give
 * (scripts/e2e-report.mjs `slowRepliesIn`), so a page that waited can be told from a mall that did.
 */
const E2E_SERVER_LOGS = `${E2E_OUTPUT_DIR}-servers`;
const build = process.env.MCOIN_E2E_PREBUILT ? "" : "npm run --silent build && ";

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  outputDir: E2E_OUTPUT_DIR,
  // Tests reset their sandbox and inject faults into it: each worker has a mall and a sandbox of its
  // own (e2e/env.ts), and the tests of a file run in order in one worker.
  workers: E2E_WORKERS,
  fullyParallel: false,
  retries: 0,
  // Two workers share two cores with their malls and sandboxes: room for the longest journeys. The
  // suite is bound by the CPU: with three, each test ran half as long again and the whole finished
  // about as soon (815 s against 835 s with two, one fresh clone each), with less room per test.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never", outputFolder: E2E_BASE_PORT_OFFSET ? `playwright-report-${E2E_BASE_PORT_OFFSET}` : "playwright-report" }]],
  use: {
    baseURL: E2E_APP_URL,
    browserName: "chromium",
    viewport: { width: 390, height: 844 },
    // One device pixel per CSS pixel: nothing here compares pictures, and chromium paints in software
    // (--disable-gpu), where a phone's 2× density quadruples the work of every paint.
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    // Motion that is decoration (fades, sheets, the skeletons' shimmer) is off, as for a member who
    // asks for less motion (app/styles/base.css): software painting of it cost the suite CPU and
    // waits for elements to stand still. e2e/webview.spec.ts and the accessibility suite set it too;
    // the spinner that says work is under way still turns.
    reducedMotion: "reduce",
    userAgent: walletUserAgent("en"),
    locale: "en-US",
    // A trace records a snapshot of the page at every step, which costs about a sixth of the suite's
    // time on two cores. `npm test` tries a failed test once more and traces only that second try
    // (MCOIN_E2E_TRACE=on-first-retry, scripts/test.mjs); a run by hand keeps the traces of failures.
    trace: traceMode(process.env.MCOIN_E2E_TRACE),
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => e2ePorts(index)).flatMap(({ app, sandbox, widget }, index) => {
    const appUrl = `http://localhost:${app}`;
    const sandboxUrl = `http://127.0.0.1:${sandbox}`;
    return [
      {
        command: `node bin/mcoin.mjs sandbox --port ${sandbox} --mall-origin ${appUrl}`,
        url: `${sandboxUrl}/__sandbox/health`,
        reuseExistingServer: false,
        stdout: "ignore" as const,
        stderr: "pipe" as const,
      },
      {
        // The first mall builds the app unless it is built already; the others wait for it.
        command: `mkdir -p ${E2E_SERVER_LOGS} && ${index === 0 ? build : ""}node build/mall-server.js > ${E2E_SERVER_LOGS}/mall-${index}.log`,
        url: `${appUrl}/robots.txt`,
        reuseExistingServer: false,
        timeout: 120_000,
        stdout: "ignore" as const,
        stderr: "pipe" as const,
        env: {
          NODE_ENV: "production",
          PORT: String(app),
          MCOIN_SANDBOX_URL: sandboxUrl,
          MCOIN_API_TIMEOUT_MS: "3000",
          // Every test signs in and posts from one address: room for the suite, while
          // e2e/hardening.spec.ts starts a server of its own to see the limits bite.
          MCOIN_RATE_LIMITS: "login=100000,task=100000,picture=100000,action=100000",
          MCOIN_WIDGET_ORIGINS: `http://127.0.0.1:${widget}`,
          // Tests reset the sandbox and move its clock, which a real gateway's max-age never
          // allows for: the suite's malls keep no catalog reply (hardening.spec.ts checks the keep).
          MCOIN_CATALOG_KEEP_S: "0",
          // Nor a reading of the gateway's clock: tests set and move the sandbox's clock.
          MCOIN_CLOCK_KEEP_S: "0",
        },
      },
    ];
  }),
});
