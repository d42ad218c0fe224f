// The partner's own Playwright configuration: Chromium at a phone's size, and the mall's fixture-backed
// environment started per worker by mcoin-mall/playwright (its sandbox, and the mall's build).
import { defineConfig } from "@playwright/test";

export default defineConfig({
  testDir: "tests",
  timeout: 60_000,
  reporter: process.env.CI ? "list" : [["list"]],
  use: {
    // Each worker starts a sandbox and the mall's production server on free ports.
    mcoinStartMall: true,
    viewport: { width: 390, height: 844 },
    launchOptions: { executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] },
  },
});
