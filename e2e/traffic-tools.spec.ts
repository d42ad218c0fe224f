/**
 * The traffic tools as an engineer uses them against the running mall: a connection reset injected
 * from the terminal (`mcoin sandbox fault`) shows the error route for as many loads as it lasts, the
 * mall's server stays up, home recovers, and `mcoin sandbox verify` confirms what the mall sent.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { E2E_APP_URL, E2E_SANDBOX_URL } from "./env";
import { MEMBERS, expect, test } from "./fixtures";

const run = promisify(execFile);

/** `mcoin ARGS` against the suite's sandbox: its exit code and output. */
async function mcoin(...args: string[]): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await run(process.execPath, ["bin/mcoin.mjs", ...args], { env: { ...process.env, MCOIN_SANDBOX_URL: E2E_SANDBOX_URL } });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    return { code: typeof failed.code === "number" ? failed.code : 1, stdout: failed.stdout ?? "" };
  }
}

test("a connection reset on basicinformation for 4 calls (each page load asks the read twice): the error route twice, then home; the server stays up; verify holds", async ({
  page,
  signIn,
  sandbox,
}) => {
  test.setTimeout(90_000);
  await signIn("chan");
  await expect(page.getByTestId("mcoin-balance")).toHaveText(MEMBERS.chan.point);
  const before = (await sandbox.calls("basicinformation")).length;

  const added = await mcoin("sandbox", "fault", "reset", "--path", "basicinformation", "--times", "4");
  expect(added.code, added.stdout).toBe(0);
  expect(added.stdout).toContain("reset on basicinformation (4 calls left)");

  const errorRoute = page.getByRole("heading", { name: "Overwhelming Response" });
  await page.reload();
  await expect(errorRoute).toBeVisible();
  await page.getByRole("link", { name: "Refresh" }).click();
  await expect(errorRoute).toBeVisible();
  await page.getByRole("link", { name: "Refresh" }).click();
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByTestId("mcoin-balance")).toHaveText(MEMBERS.chan.point);

  // The four faulted calls (two page loads, each read asked once more) are in the log as resets; the server answered throughout.
  const calls = (await sandbox.calls("basicinformation")).slice(before);
  expect(calls.filter((call) => call.fault === "reset")).toHaveLength(4);
  expect((await fetch(`${E2E_APP_URL}/robots.txt`)).status).toBe(200);

  const verified = await mcoin("sandbox", "verify", "--path", "basicinformation", "--at-least", "3");
  expect(verified.code, verified.stdout).toBe(0);
  const tooMany = await mcoin("sandbox", "verify", "--path", "basicinformation", "--at-most", "1");
  expect(tooMany.code).toBe(1);
  expect(tooMany.stdout).toContain("closest calls:");
});
