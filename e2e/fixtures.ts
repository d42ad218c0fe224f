/**
 * The mall's own suite on the harness other teams use (mcoin-mall/playwright, lib/playwright.ts):
 * its sandbox, members and sign-in, pointed at this worker's mall and sandbox, which the Playwright
 * config starts (e2e/env.ts). Every spec imports from here, so the suite runs on that fixture and it
 * cannot rot.
 */
import { writeFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { test as harness } from "mcoin-mall/playwright";
import { REQUESTS_AT_FAILURE, describeRequests } from "../scripts/e2e-report.mjs";
import { E2E_APP_URL, E2E_SANDBOX_URL } from "./env";

export { DEMO_MEMBERS as MEMBERS, MEMBER_LOCATION, SandboxControl, expect, hostCalls, hydrated, isLoginPage } from "mcoin-mall/playwright";
export type { DemoMemberName as MemberKey, FaultKind, LoggedCall } from "mcoin-mall/playwright";

interface Watched {
  method: string;
  url: string;
  type: string;
  startedAt: number;
  endedAt?: number;
  status?: number;
  failure?: string;
}

/** How many requests a page's watch remembers: the newest, with every one still in flight. */
const WATCHED = 400;

/**
 * Watches what `page` asks for and the errors it logs, for the note a failed test leaves: a test
 * that fails because something never arrived (a screen's data, a picture) then says which request
 * the page was still waiting for, and for how long.
 */
function watchPage(page: Page): { requests: Watched[]; errors: string[] } {
  const requests: Watched[] = [];
  const errors: string[] = [];
  const open = new Map<object, Watched>();
  page.on("request", (request) => {
    const watched: Watched = { method: request.method(), url: request.url(), type: request.resourceType(), startedAt: Date.now() };
    open.set(request, watched);
    requests.push(watched);
    if (requests.length > WATCHED) {
      const finished = requests.findIndex((entry) => entry.endedAt !== undefined);
      if (finished >= 0) requests.splice(finished, 1);
    }
  });
  page.on("response", (response) => {
    const watched = open.get(response.request());
    if (watched) watched.status = response.status();
  });
  page.on("requestfinished", (request) => {
    const watched = open.get(request);
    if (watched) watched.endedAt = Date.now();
    open.delete(request);
  });
  page.on("requestfailed", (request) => {
    const watched = open.get(request);
    if (watched) Object.assign(watched, { endedAt: Date.now(), failure: request.failure()?.errorText ?? "failed" });
    open.delete(request);
  });
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(`${error.name}: ${error.message}`));
  return { requests, errors };
}

export const test = harness.extend({
  mcoinSandboxUrl: [E2E_SANDBOX_URL, { scope: "worker" }],
  mcoinMallUrl: [E2E_APP_URL, { scope: "worker" }],
  page: async ({ page }, use, testInfo) => {
    const watched = watchPage(page);
    await use(page);
    if (testInfo.status === testInfo.expectedStatus) return;
    const note = describeRequests({ ...watched, origin: new URL(E2E_APP_URL).origin, now: Date.now() });
    await writeFile(testInfo.outputPath(REQUESTS_AT_FAILURE), note);
    await testInfo.attach(REQUESTS_AT_FAILURE, { body: note, contentType: "text/markdown" });
  },
});
