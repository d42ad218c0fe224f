/**
 * The lint rules that keep fixed sleeps out of the browser suite, the process out of the CLI's
 * commands and replaced modules out of the unit tests (eslint.config.js), each shown failing on a probe.
 */
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

describe("the CLI's commands use their run's I/O", () => {
  it("refuses process.stdout, process.env, process.exitCode and the like in cli/, but for its launcher", async () => {
    const probe = 'export function run() {\n  process.stdout.write("x");\n  process.exitCode = process.env.X ? 1 : 0;\n}\n';
    expect(await restricted(probe, "cli/commands/probe.ts")).toHaveLength(3);
    expect(await restricted(probe, "cli/index.ts")).toEqual([]);
    expect(await restricted(probe, "sandbox/probe.ts")).toEqual([]);
  });
});

describe("unit tests replace no module", () => {
  it("refuses vi.mock and its kin in a unit test, and leaves them to an integration test", async () => {
    const probe = 'import { vi } from "vitest";\nvi.mock("node:crypto");\nvi.doMock("./clock", () => ({}));\nvi.unmock("node:fs");\n';
    expect(await restricted(probe, "sandbox/domain/probe.test.ts")).toHaveLength(3);
    expect(await restricted(probe, "app/components/probe.test.tsx")).toHaveLength(3);
    expect(await restricted(probe, "sandbox/probe.integration.test.ts")).toEqual([]);
    expect(await restricted(probe, "sandbox/domain/probe.ts")).toEqual([]);
  });
});
