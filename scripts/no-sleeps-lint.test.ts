/** The lint rule that keeps fixed sleeps out of the browser suite (eslint.config.js), shown failing on a probe. */
import { ESLint } from "eslint";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

async function restricted(code: string, filePath: string): Promise<string[]> {
  const [result] = await new ESLint({ cwd: ROOT }).lintText(code, { filePath });
  return result.messages.filter((message) => message.ruleId === "no-restricted-properties").map((message) => message.message);
}

describe("no fixed sleeps in e2e/", () => {
  it("refuses waitForTimeout, called or destructured, in a spec or a helper", async () => {
    const probe = 'import type { Page } from "@playwright/test";\nexport const nap = (page: Page) => page.waitForTimeout(10);\nexport const nap2 = ({ waitForTimeout }: Page) => waitForTimeout(10);\n';
    expect(await restricted(probe, "e2e/probe.spec.ts")).toHaveLength(2);
    expect(await restricted(probe, "e2e/probe-helpers.ts")).toHaveLength(2);
  });

  it("leaves the rest of the tree to its own rules", async () => {
    expect(await restricted("export const nap = (page: { waitForTimeout(ms: number): void }) => page.waitForTimeout(10);\n", "scripts/probe.ts")).toEqual([]);
  });
});
