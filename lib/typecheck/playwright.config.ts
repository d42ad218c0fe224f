// A partner's Playwright configuration on @mcoin/harness/playwright: the fixture's options typed
// (compiled by lib/typecheck.integration.test.ts, never run).
import { defineMcoinConfig } from "@mcoin/harness/playwright";

export default defineMcoinConfig({
  testDir: "tests",
  use: { mcoinStartMall: true, viewport: { width: 390, height: 844 } },
  // @ts-expect-error an option the fixture does not have
  projects: [{ name: "phone", use: { mcoinStartMal: true } }],
});
