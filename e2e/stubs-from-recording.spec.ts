/**
 * The mall runs on WireMock mappings written from a recording (`mcoin stubs from-recording`, issue 46):
 * the real member's recording (examples/partner-ci/recordings/real-member) as a WireMock root, served
 * by `mcoin sandbox --stubs ROOT` to a mall of its own. Signed in, home shows the recorded offers and
 * the recorded member's points, every call of home answered by a stub.
 */
import { spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, hydrated, isLoginPage, test } from "./fixtures";
import { LIMITS, serveCli, stop } from "./serve-cli";
import { freePort, startMall } from "./spawn-mall";

test.use({ locale: "en-US" });

const RECORDING = "examples/partner-ci/recordings/real-member";

/**
 * The balances the recorded member's replies carry, in the order recorded. The stubs play repeated
 * replies as a scenario, one step a call, so which one home shows depends on how often it has asked
 * by then: home asks again once it knows the member's location (app/components/location-sync.tsx).
 */
const recordedBalances = readdirSync(RECORDING)
  .filter((file) => file.endsWith("-get-api-auth-basicinformation.json"))
  .sort()
  .map((file) => (JSON.parse(readFileSync(join(RECORDING, file), "utf8")) as { response: { body: { data: { point: number } } } }).response.body.data.point);

test("a WireMock root written from a real member's recording serves the mall: home shows the recorded offers and points, answered by the stubs", async ({ page }) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), "mcoin-stubs-e2e-"));
  const root = join(dir, "root");
  let sandbox: ChildProcess | undefined;
  let mall: { stop(): void; url: string } | undefined;
  try {
    const written = spawnSync(process.execPath, ["bin/mcoin.mjs", "stubs", "from-recording", RECORDING, "--out", root], { encoding: "utf8" });
    expect(written.status, written.stderr).toBe(0);
    const mappings = readdirSync(join(root, "mappings")).length;
    expect(written.stdout).toContain(`wrote ${mappings} mappings to ${root}/mappings`);

    const [sandboxPort, mallPort] = [await freePort(), await freePort()];
    const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
    sandbox = await serveCli(["sandbox", "--port", String(sandboxPort), "--stubs", root, "--mall-origin", `http://localhost:${mallPort}`], {}, `${sandboxUrl}/__sandbox/health`);
    mall = await startMall({ MCOIN_SANDBOX_URL: sandboxUrl, ...LIMITS }, "localhost", mallPort);

    await page.goto(`${mall.url}/index?lng=en`);
    await expect(page).toHaveURL(isLoginPage);
    // Any of the sandbox's members signs in: the stubs answer as the recorded member.
    await page.getByRole("button", { name: /Sam Ho/ }).click();
    await expect(page).toHaveURL(new RegExp(`^${mall.url}/index`));
    await hydrated(page);
    await expect(page.getByText("Portuguese chicken set for two").first()).toBeVisible();
    // The recorded member's mCoin (20,000 at first, then less), not the demo member's 500.
    expect(recordedBalances[0]).toBe(20_000);
    expect(recordedBalances).not.toContain(500);
    const shown = new RegExp(`^My mCoin (${[...new Set(recordedBalances)].map((point) => point.toLocaleString("en-US")).join("|")})$`);
    await expect(page.getByRole("link", { name: /^My mCoin / })).toHaveAccessibleName(shown);

    const { calls } = (await (await fetch(`${sandboxUrl}/__sandbox/log`)).json()) as { calls: { path: string; stub?: string }[] };
    for (const path of ["/macaupasssave", "/api/auth/basicinformation", "/api/business/recommend", "/mcoinrecommend"]) {
      expect(
        calls.some((call) => call.path === path && call.stub !== undefined),
        path,
      ).toBe(true);
    }
  } finally {
    mall?.stop();
    if (sandbox) await stop(sandbox);
    rmSync(dir, { recursive: true, force: true });
  }
});
