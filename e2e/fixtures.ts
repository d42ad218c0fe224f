/**
 * The mall's own suite on the harness other teams use (mcoin-mall/playwright, lib/playwright.ts):
 * its sandbox, members and sign-in, pointed at this worker's mall and sandbox, which the Playwright
 * config starts (e2e/env.ts). Every spec imports from here, so the suite runs on that fixture and it
 * cannot rot.
 */
import { test as harness } from "mcoin-mall/playwright";
import { E2E_APP_URL, E2E_SANDBOX_URL } from "./env";

export { DEMO_MEMBERS as MEMBERS, MEMBER_LOCATION, SandboxControl, expect, hostCalls, hydrated, isLoginPage } from "mcoin-mall/playwright";
export type { DemoMemberName as MemberKey, FaultKind, LoggedCall } from "mcoin-mall/playwright";

export const test = harness.extend({
  mcoinSandboxUrl: [E2E_SANDBOX_URL, { scope: "worker" }],
  mcoinMallUrl: [E2E_APP_URL, { scope: "worker" }],
});
