// The partner's own Playwright configuration: Chromium at a phone's size, and the mall's fixture-backed
// environment started per worker by @mcoin/harness/playwright (its sandbox, and the mall's build).
// defineMcoinConfig is Playwright's defineConfig with the fixture's options typed (docs/library.md).
import { defineMcoinConfig } from "@mcoin/harness/playwright";

export default defineMcoinConfig({
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
