/**
 * A session of a real member (not a demo member) recorded through `mcoin record` while using the
 * mall: signing in, buying, opening the coupon's code, asking for a refund, adding an address and
 * checking in, with the phone's location. No file written, JSON or HAR, holds the member's open id,
 * name, street, phone, location, the coupon's redemption code or the session's token
 * (docs/decisions/031-personal-data-by-contract.md). Replayed onto a fresh sandbox, it runs whole.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { nearestPlace } from "#harness/redaction";
import { expect, hydrated, isLoginPage, test } from "./fixtures";
import { freePort, startMall } from "./spawn-mall";
import { tapGuardOpen } from "./waits";

/** A coupon paid with mCoin alone (fixtures/catalog.json): no cashier in the way. */
const TYRE_CHECK = 53;
const LIMITS = { MCOIN_RATE_LIMITS: "login=100000,task=100000,picture=100000,action=100000" };

/** The member and what they give the mall: none of it may reach a file. */
const MEMBER = { openId: "mo-7731-lsl", nickname: "梁小玲", street: "提督馬路 41 號 3 樓", phone: "6398 1274", lat: "22.20150", lng: "113.54420" };

/** Starts a mcoin command that serves on a port, and waits until `ready` answers. */
async function serveCli(args: string[], env: Record<string, string>, ready: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["bin/mcoin.mjs", ...args], { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk));
  for (let attempt = 0; attempt < 300; attempt++) {
    if (
      await fetch(ready).then(
        () => true,
        () => false,
      )
    )
      return child;
    if (child.exitCode !== null) throw new Error(`mcoin ${args.join(" ")} exited (${child.exitCode}): ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error(`mcoin ${args.join(" ")} did not start`);
}

/** Stops a child and waits for it to exit (the recorder writes what it holds as it stops). */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGINT");
  await exited;
}

/** The member's visit: sign in, buy, the coupon's code, a refund, an address, a check-in. The code shown. */
async function visit(page: Page, mallUrl: string, sandboxUrl: string): Promise<string> {
  await page.context().clearCookies();
  // Where the wallet says the phone is (the host's location, which the mall keeps in a cookie).
  await page.context().addCookies([{ name: "mcoin_geo", value: encodeURIComponent(`${MEMBER.lat},${MEMBER.lng}`), url: mallUrl }]);
  await page.goto(`${mallUrl}/index`);
  await expect(page).toHaveURL(isLoginPage);
  await page.getByRole("button", { name: new RegExp(MEMBER.nickname) }).click();
  await expect(page).toHaveURL(new RegExp(`^${mallUrl}/index`));
  await hydrated(page);
  const terms = page.getByRole("dialog");
  if (await terms.isVisible()) {
    await terms.getByRole("checkbox").check();
    await terms.getByRole("button", { name: "Agree" }).click();
  }

  await page.goto(`${mallUrl}/coupon_details/${TYRE_CHECK}`);
  await hydrated(page);
  await page.getByRole("button", { name: "Checkout" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Pay with mCoin" }).click();
  await expect(page.getByRole("alertdialog", { name: "Payment success" })).toBeVisible();
  const orders = (await (await fetch(`${sandboxUrl}/__sandbox/members/${MEMBER.openId}/orders`)).json()) as { orders: { id: number }[] };
  const orderUrl = `${mallUrl}/order_details/${orders.orders[0].id}`;
  await page.goto(orderUrl);
  const code = (await page.getByTestId("redemption-code").textContent())!.trim();
  expect(code).toMatch(/^\d{12}$/);

  await page.goto(orderUrl);
  await hydrated(page);
  await page.getByRole("link", { name: "Refund", exact: true }).click();
  await expect(page).toHaveURL(/\/refund_application\/\d+$/);
  await hydrated(page);
  await page.getByRole("radio").first().check();
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByTestId("refund-order")).toBeVisible();

  await page.goto(`${mallUrl}/myAddress`);
  await hydrated(page);
  await page.getByRole("link", { name: "Add new address" }).click();
  await hydrated(page);
  await page.getByLabel("Contact name").fill(MEMBER.nickname);
  await page.getByRole("combobox", { name: "Area code" }).selectOption("+853");
  await page.getByLabel("Mobile number").fill(MEMBER.phone);
  await page.getByLabel("Detailed address").fill(MEMBER.street);
  await page.getByTestId("address-region").click();
  await hydrated(page);
  await page.getByTestId("region-group-mo").locator('[data-region="mo-taipa"]').click();
  await expect(page).toHaveURL(/\/editAddress$/);
  await tapGuardOpen(page.getByRole("button", { name: "Save" }));
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/myAddress$/);
  await expect(page.getByText(MEMBER.street)).toBeVisible();

  await page.goto(`${mallUrl}/checkIn`);
  await hydrated(page);
  await page.getByRole("button", { name: /^Check in for/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "+10" })).toBeVisible();
  return code;
}

test("a real member's session recorded through mcoin record keeps no open id, name, street, phone, location, redemption code or token in any file", async ({ page }) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), "mcoin-real-member-"));
  const out = join(dir, "recording");
  // The engineer's own folders: the key the stand-ins are made with is made there.
  const home = { XDG_CONFIG_HOME: join(dir, "config"), XDG_DATA_HOME: join(dir, "data") };
  const children: ChildProcess[] = [];
  const malls: { stop(): void }[] = [];
  try {
    const [sandboxPort, recorderPort, mallPort] = [await freePort(), await freePort(), await freePort()];
    const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
    children.push(await serveCli(["sandbox", "--port", String(sandboxPort), "--mall-origin", `http://localhost:${mallPort}`], home, `${sandboxUrl}/__sandbox/health`));
    const created = await fetch(`${sandboxUrl}/__sandbox/members`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ openId: MEMBER.openId, nickname: MEMBER.nickname, point: 20_000 }),
    });
    expect(created.ok).toBe(true);
    const recorder = await serveCli(
      ["record", "--env", "sandbox", "--port", String(recorderPort), "--out", out, "--har", join(out, "session.har")],
      { MCOIN_SANDBOX_URL: sandboxUrl, ...home },
      `http://127.0.0.1:${recorderPort}/api/system/time`,
    );
    children.push(recorder);
    const mall = await startMall({ MCOIN_SANDBOX_URL: `http://127.0.0.1:${recorderPort}`, ...LIMITS }, "localhost", mallPort);
    malls.push(mall);
    const code = await visit(page, mall.url, sandboxUrl);
    await stop(recorder);
    mall.stop();

    const files = readdirSync(out);
    expect(files).toContain("session.har");
    expect(files.filter((file) => file.endsWith(".json")).length).toBeGreaterThan(10);
    // Every file written, the kept pictures' index with them.
    const written = [...files.filter((file) => file.endsWith(".json") || file.endsWith(".har")), ...(files.includes("pictures") ? ["pictures/index.json"] : [])];
    const everything = written.map((file) => readFileSync(join(out, file), "utf8")).join("\n");
    const phoneDigits = MEMBER.phone.replace(/\s/g, "");
    for (const real of [MEMBER.openId, MEMBER.nickname, MEMBER.street, "提督馬路", MEMBER.phone, phoneDigits, MEMBER.lat, "22.2015", MEMBER.lng, "113.5442", code, "sbx_"]) {
      expect(everything, `${real} is in a file written`).not.toContain(real);
    }
    // The location was sent, and moved to a public place: the nearest to where the member was.
    const queries = files.filter((file) => file.endsWith(".json")).map((file) => (JSON.parse(readFileSync(join(out, file), "utf8")) as { request: { query: Record<string, string> } }).request.query);
    const located = queries.filter((query) => query.lat !== undefined);
    expect(located.length).toBeGreaterThan(0);
    const nearest = nearestPlace(Number(MEMBER.lat), Number(MEMBER.lng));
    for (const query of located) expect(query).toMatchObject({ lat: String(nearest.lat), lng: String(nearest.lng) });
    // What was recorded is still the visit: the purchase, the refund, the address, the check-in.
    for (const call of ["snapup", "refund", "useraddress-save", "checkin"])
      expect(
        files.some((file) => file.includes(call)),
        call,
      ).toBe(true);

    // Replayed onto a fresh sandbox that never knew the member: created from the recording, every
    // mutation sent again, nothing differs, nothing is skipped.
    const freshPort = await freePort();
    children.push(await serveCli(["sandbox", "--port", String(freshPort)], home, `http://127.0.0.1:${freshPort}/__sandbox/health`));
    const replay = spawnSync(process.execPath, ["bin/mcoin.mjs", "replay", out, "--reset", "--base-url", `http://127.0.0.1:${freshPort}`], { encoding: "utf8", env: { ...process.env, ...home } });
    expect(replay.stdout, replay.stdout + replay.stderr).toMatch(/\d+ matched, 0 differed, 0 failed, 0 skipped/);
    expect(replay.status).toBe(0);
  } finally {
    for (const mall of malls) mall.stop();
    for (const child of children) await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
});
