/**
 * The browser suite: Debian's chromium (never a downloaded browser) at a phone viewport with the
 * wallet app's user agent, against the production build served on the sandbox gateway. Ports differ
 * from `npm start`'s so both can run at once.
 */
import { defineConfig } from "@playwright/test";
import { E2E_APP_URL, E2E_PORT_OFFSET, E2E_SANDBOX_PORT, E2E_SANDBOX_URL, E2E_WIDGET_ORIGIN, walletUserAgent } from "./e2e/env";

const APP_PORT = new URL(E2E_APP_URL).port;
const build = process.env.MCOIN_E2E_PREBUILT ? "" : "npm run --silent build && ";

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  outputDir: E2E_PORT_OFFSET ? `test-results-${E2E_PORT_OFFSET}` : "test-results",
  // One sandbox serves every test and tests inject faults into it: run them one at a time.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never", outputFolder: E2E_PORT_OFFSET ? `playwright-report-${E2E_PORT_OFFSET}` : "playwright-report" }]],
  use: {
    baseURL: E2E_APP_URL,
    browserName: "chromium",
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: walletUserAgent("en"),
    locale: "en-US",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  webServer: [
    {
      command: `node bin/mcoin.mjs sandbox --port ${E2E_SANDBOX_PORT} --mall-origin ${E2E_APP_URL}`,
      url: `${E2E_SANDBOX_URL}/__sandbox/health`,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: `${build}node build/mall-server.js`,
      url: `${E2E_APP_URL}/robots.txt`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        NODE_ENV: "production",
        PORT: APP_PORT,
        MCOIN_SANDBOX_URL: E2E_SANDBOX_URL,
        MCOIN_API_TIMEOUT_MS: "3000",
        // Every test signs in and posts from one address: room for the suite, while
        // e2e/hardening.spec.ts starts a server of its own to see the limits bite.
        MCOIN_RATE_LIMITS: "login=100000,task=100000,action=100000",
        MCOIN_WIDGET_ORIGINS: E2E_WIDGET_ORIGIN,
      },
    },
  ],
});
