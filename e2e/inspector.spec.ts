/**
 * The traffic inspector (/__sandbox/inspect, issue 26): the worker's sandbox serves the page, and
 * every call the test sends it shows up live, newest first, without a reload. Its detail opens the
 * secure envelope (decrypted JSON, "signature verified"); its filters, pause and clear; each action
 * (copy as curl or mcoin, save as a recording that `mcoin replay` then passes, replay one, add a fault,
 * export HAR); axe at a laptop's width and a phone's; and a sandbox beyond loopback, which asks for
 * its control token first.
 *
 * Calls go straight to the sandbox (fetch, or the mcoin CLI for a secure task-center call), the
 * simplest and most reliable way to make the traffic: the page cannot tell them from the mall's.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, readdirSync, rmSync, rmdirSync } from "node:fs";
import { networkInterfaces } from "node:os";
import { dirname } from "node:path";
import { promisify } from "node:util";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { E2E_SANDBOX_URL } from "./env";
import { MEMBERS, expect, test, type SandboxControl } from "./fixtures";
import { freePort } from "./spawn-mall";

const run = promisify(execFile);
const INSPECT = "/__sandbox/inspect";
const LAPTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

test.use({ viewport: LAPTOP, isMobile: false, hasTouch: false });

// The sandbox fixture resets the worker's sandbox (and so empties the inspector) before each test.
test.beforeEach(async ({ page, sandbox: _reset }) => {
  // The browser's own request for a favicon would reach the sandbox and show up as a call.
  await page.route("**/favicon.ico", (route) => route.fulfill({ status: 204 }));
});

/** Opens the inspector of `base` and waits until its stream is live. */
async function openInspector(page: Page, base = E2E_SANDBOX_URL) {
  await page.goto(`${base}${INSPECT}`);
  await expect(page.getByRole("heading", { level: 1, name: "Traffic inspector" })).toBeVisible();
  await expect(page.getByText("Live", { exact: true })).toBeVisible();
}

const rows = (page: Page) => page.getByRole("list", { name: "Exchanges, newest first" }).getByRole("listitem");
const row = (page: Page, text: string | RegExp) => rows(page).filter({ hasText: text });
const detail = (page: Page) => page.getByRole("region", { name: "Detail" });
const say = (page: Page) => page.getByRole("status");

async function openRow(page: Page, text: string | RegExp) {
  await row(page, text).first().locator("button").click();
  await expect(detail(page).getByRole("heading", { level: 2 })).toBeVisible();
}

/** A gateway call as the app sends one: `openId` signs in first (POST /member/login). */
async function call(path: string, sandbox?: SandboxControl, openId?: string): Promise<Response> {
  const headers: Record<string, string> = { accept: "application/json", mpay: "1" };
  if (sandbox && openId) headers.authorization = `Bearer ${await sandbox.token(openId)}`;
  return fetch(`${E2E_SANDBOX_URL}${path}`, { headers });
}

/** The task center's getTaskDetail through the secure gateway, sealed and signed by the mcoin CLI. */
async function secureCall(base = E2E_SANDBOX_URL) {
  await run(process.execPath, ["bin/mcoin.mjs", "gateway", "call", "getTaskDetail", "--data", JSON.stringify({ task_no: "T1", cust_id_ciphertext: "C1" }), "--base-url", base]);
}

test("a call made after the page opened appears without a reload, newest first", async ({ page, sandbox }) => {
  await openInspector(page);
  await expect(page.getByText("No calls yet")).toBeVisible();

  await call("/api/system/time");
  await expect(row(page, "/api/system/time")).toHaveCount(1);
  await expect(row(page, "/api/system/time")).toContainText("systemTime");
  await expect(row(page, "/api/system/time")).toContainText("200");

  await call("/api/auth/basicinformation", sandbox, MEMBERS.chan.openId);
  await expect(rows(page)).toHaveCount(3);
  const order = await rows(page).locator("button").allTextContents();
  expect(order[0]).toContain("/api/auth/basicinformation");
  expect(order[0]).toContain(MEMBERS.chan.openId);
  expect(order[1]).toContain("/member/login");
  expect(order[2]).toContain("/api/system/time");
  // HH:mm:ss.SSS and a latency in ms.
  expect(order[0]).toMatch(/\d{2}:\d{2}:\d{2}\.\d{3}/);
  expect(order[0]).toMatch(/\d+(\.\d)? ms/);

  // The arrow keys move through the rows; Enter opens one.
  await rows(page).first().locator("button").focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(rows(page).nth(2).locator("button")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(detail(page).getByRole("heading", { level: 2 })).toContainText("/api/system/time");
});

test("a secure task-center call shows its request and reply decrypted, and signature verified", async ({ page }) => {
  await openInspector(page);
  await secureCall();
  await expect(row(page, "getTaskDetail")).toHaveCount(1);
  await openRow(page, "getTaskDetail");

  const envelope = detail(page).getByRole("region", { name: "Secure envelope" });
  await expect(envelope.getByText("Symmetric key recovered")).toBeVisible();
  await expect(envelope.getByText("Request: signature verified")).toBeVisible();
  await expect(envelope.getByText("Reply: signature verified")).toBeVisible();
  await expect(envelope.getByText(/^Request-Time \d+/)).toBeVisible();
  await expect(envelope.getByText(/Nonce .+, not reused/)).toBeVisible();

  // The decrypted JSON beside the raw base64 it came from.
  const request = detail(page).getByRole("region", { name: "Request", exact: true });
  await expect(request.getByText('"cust_id_ciphertext": "C1"')).toBeVisible();
  await expect(request.getByRole("heading", { name: "Raw (base64)" })).toBeVisible();
  const reply = detail(page).getByRole("region", { name: "Reply", exact: true });
  await expect(reply.getByText('"task_name": "Browse mCoin Mall for 15 seconds"')).toBeVisible();
  await expect(detail(page).getByRole("region", { name: "Validation" })).toContainText("The request and the reply match their declaration, getTaskDetail");
});

test("an invalid request is marked, its failing field named and marked in the body; a near miss names the closest endpoint", async ({ page, sandbox }) => {
  await openInspector(page);
  const token = await sandbox.token(MEMBERS.chan.openId);
  await fetch(`${E2E_SANDBOX_URL}/api/auth/setClause`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, mpay: "1", "content-type": "application/json" },
    body: JSON.stringify({ clauseid: 7, status: 7 }),
  });
  await call("/api/auth/basicinformatio");
  await expect(row(page, "/api/auth/setClause")).toContainText("invalid");

  await openRow(page, "/api/auth/setClause");
  const validation = detail(page).getByRole("region", { name: "Validation" });
  await expect(validation.getByRole("list", { name: "Failing fields of the request" })).toContainText("status");
  await expect(detail(page).getByRole("region", { name: "Request", exact: true }).locator("mark")).toHaveText('"status": 7');

  await openRow(page, "/api/auth/basicinformatio");
  const nearMiss = detail(page).getByRole("region", { name: "Near miss" });
  await expect(nearMiss.getByRole("list", { name: "Closest endpoints" })).toContainText("GET /api/auth/basicinformation (basicInformation)");
});

test("filters: path, function, member, status class, faulted only, and text in decrypted bodies, which follows new calls", async ({ page, sandbox }) => {
  await openInspector(page);
  await call("/api/system/time");
  await call("/api/auth/basicinformation", sandbox, MEMBERS.chan.openId);
  await sandbox.fault("basicinformation", "http500");
  await call("/api/auth/basicinformation", sandbox, MEMBERS.ana.openId);
  await call("/api/no/such/thing");
  await secureCall();
  await expect(rows(page)).toHaveCount(7);

  const filters = page.getByRole("search", { name: "Filter exchanges" });
  await filters.getByLabel("Path").fill("system/time");
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("/api/system/time");
  await filters.getByLabel("Path").fill("");
  await expect(rows(page)).toHaveCount(7);

  await filters.getByLabel("Function or endpoint").selectOption("memberLogin");
  await expect(rows(page)).toHaveCount(2);
  await filters.getByLabel("Function or endpoint").selectOption("");

  await filters.getByLabel("Member").selectOption(MEMBERS.ana.openId);
  await expect(rows(page)).toHaveCount(1);
  await filters.getByLabel("Member").selectOption("");

  await filters.getByLabel("Status").selectOption("5xx");
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("fault: http500");
  await filters.getByLabel("Status").selectOption("4xx");
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("/api/no/such/thing");
  await expect(rows(page).first()).toContainText("near miss");
  await filters.getByLabel("Status").selectOption("");

  await filters.getByLabel("Faulted only").check();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("basicinformation");
  await filters.getByLabel("Faulted only").uncheck();

  // The server looks in the bodies, decrypted: the task's title is only in the sealed reply.
  await filters.getByLabel("Text in bodies").fill("browse mcoin mall");
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("getTaskDetail");
  // A matching call made meanwhile joins the list: the search is asked again when a call arrives.
  await secureCall();
  await expect(rows(page)).toHaveCount(2);
  await call("/api/system/time");
  await expect(page.getByText("2 of 9 shown")).toBeVisible();

  await page.getByRole("button", { name: "Reset filters" }).click();
  await expect(rows(page)).toHaveCount(9);
});

test("Pause counts new calls without showing them; Resume shows them; Clear empties the list for everyone", async ({ page }) => {
  await openInspector(page);
  await call("/api/system/time");
  await expect(rows(page)).toHaveCount(1);

  await page.getByRole("button", { name: "Pause" }).click();
  await call("/api/system/time");
  await call("/api/system/time");
  await expect(page.getByRole("button", { name: "Resume (2 new)" })).toBeVisible();
  await expect(page.getByText("Paused · 2 new")).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole("button", { name: "Resume (2 new)" }).click();
  await expect(rows(page)).toHaveCount(3);
  await expect(page.getByText("Live", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Clear" }).click();
  await expect(rows(page)).toHaveCount(0);
  await expect(page.getByText("No calls yet")).toBeVisible();
  const list = (await (await fetch(`${E2E_SANDBOX_URL}${INSPECT}/api/exchanges`)).json()) as { exchanges: unknown[] };
  expect(list.exchanges).toHaveLength(0);
  // The stream goes on after a clear.
  await call("/api/system/time");
  await expect(rows(page)).toHaveCount(1);
});

test("copy as curl and as an mcoin command: the clipboard and the read-only field hold it, and the mcoin command runs", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: E2E_SANDBOX_URL });
  await openInspector(page);
  await call("/api/system/time");
  await openRow(page, "/api/system/time");

  await detail(page).getByRole("button", { name: "Copy as curl" }).click();
  await expect(say(page)).toHaveText("Copied the curl command.");
  const curl = await page.evaluate(() => navigator.clipboard.readText());
  expect(curl).toMatch(/^curl /);
  expect(curl).toContain(`${E2E_SANDBOX_URL}/api/system/time`);
  await expect(detail(page).getByRole("textbox", { name: "curl command" })).toHaveValue(curl);

  await detail(page).getByRole("button", { name: "Copy as mcoin command" }).click();
  await expect(say(page)).toHaveText("Copied the mcoin command.");
  const mcoin = await page.evaluate(() => navigator.clipboard.readText());
  expect(mcoin).toContain("mcoin api GET /api/system/time");
  await expect(detail(page).getByRole("textbox", { name: "mcoin command" })).toHaveValue(mcoin);
  // The command as copied, with this checkout's mcoin for `npx mcoin`.
  const { stdout } = await run("sh", ["-c", mcoin.replace(/^npx mcoin /, `"${process.execPath}" bin/mcoin.mjs `)]);
  expect(stdout).toContain("sysTime");
});

test("the selection saved as a recording: its files exist and mcoin replay passes against the sandbox", async ({ page, sandbox }) => {
  await openInspector(page);
  await call("/api/system/time");
  await call("/api/auth/basicinformation", sandbox, MEMBERS.chan.openId);
  await expect(rows(page)).toHaveCount(3);

  await row(page, "/api/system/time").getByRole("checkbox").check();
  await row(page, "/api/auth/basicinformation").getByRole("checkbox").check();
  await expect(page.getByText("2 selected")).toBeVisible();
  await page.getByRole("button", { name: "Save as recording" }).click();
  const name = page.getByLabel("Recording name");
  await expect(name).toHaveValue(/^inspector-\d{8}-\d{6}$/);
  const folder = `e2e-inspector-${Date.now()}`;
  await name.fill(folder);
  await page.getByRole("button", { name: "Save 2 exchanges" }).click();
  await expect(say(page)).toContainText("Saved");

  const replay = await page.getByRole("textbox", { name: "Replay command" }).inputValue();
  const dir = (await page.getByRole("form", { name: "Save as recording" }).getByRole("code").first().textContent()) ?? "";
  try {
    expect(dir).toContain(folder);
    expect(existsSync(dir)).toBe(true);
    const files = readdirSync(dir);
    expect(files.length).toBeGreaterThan(0);
    expect(replay).toContain("mcoin replay");
    const replayed = await run(process.execPath, ["bin/mcoin.mjs", "replay", dir, "--base-url", E2E_SANDBOX_URL]).then(
      () => 0,
      (error: { code?: number; stdout?: string; stderr?: string }) => {
        console.log(error.stdout, error.stderr);
        return error.code ?? 1;
      },
    );
    expect(replayed).toBe(0);
  } finally {
    if (dir.includes(folder)) {
      rmSync(dir, { recursive: true, force: true });
      // The folder of saves too, when this test made it and left it empty.
      try {
        rmdirSync(dirname(dir));
      } catch {
        // It holds other saves.
      }
    }
  }
});

test("replaying one exchange shows it matches", async ({ page }) => {
  await openInspector(page);
  await call("/api/system/time");
  await openRow(page, "/api/system/time");
  await detail(page).getByRole("button", { name: "Replay", exact: true }).click();
  await expect(detail(page).getByText("match", { exact: true })).toBeVisible();
  await expect(say(page)).toContainText("Replay of #");
});

test("a reset fault added from the page cuts the next call to basicinformation, which shows faulted", async ({ page, sandbox }) => {
  await openInspector(page);
  await call("/api/auth/basicinformation", sandbox, MEMBERS.chan.openId);
  await openRow(page, "/api/auth/basicinformation");

  const form = detail(page).getByRole("form", { name: "Add fault" });
  await expect(form.getByLabel("Path contains")).toHaveValue("basicinformation");
  await form.getByLabel("Kind").selectOption("reset");
  await expect(form.getByText("the connection is reset")).toBeVisible();
  await form.getByLabel("Times").fill("1");
  await form.getByRole("button", { name: "Add fault" }).click();
  await expect(say(page)).toContainText("Fault added: reset");

  const cut = await call("/api/auth/basicinformation", sandbox, MEMBERS.chan.openId).then(
    () => false,
    () => true,
  );
  expect(cut).toBe(true);
  const faulted = row(page, "fault: reset");
  await expect(faulted).toHaveCount(1);
  await expect(faulted).toContainText("/api/auth/basicinformation");
  await expect(faulted).toContainText("cut");
});

test("Export HAR downloads the view as a HAR document with its entries", async ({ page }) => {
  await openInspector(page);
  await call("/api/system/time");
  await call("/api/system/time");
  await expect(rows(page)).toHaveCount(2);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export HAR (all shown)" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^inspector-\d{8}-\d{6}\.har$/);
  const har = JSON.parse(readFileSync(await download.path(), "utf8")) as { log: { entries: { request: { url: string } }[] } };
  expect(har.log.entries).toHaveLength(2);
  expect(har.log.entries[0].request.url).toContain("/api/system/time");

  // The selection alone when there is one.
  await rows(page).first().getByRole("checkbox").check();
  const [one] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export HAR", exact: true }).click()]);
  expect((JSON.parse(readFileSync(await one.path(), "utf8")) as typeof har).log.entries).toHaveLength(1);
});

/** axe's serious and critical findings, with where they were found. */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({ rule: violation.id, impact: violation.impact, help: violation.help, nodes: violation.nodes.map((node) => node.target.join(" ")) }));
}

test("axe finds nothing serious at a laptop's width, list and detail side by side", async ({ page }) => {
  await openInspector(page);
  await call("/api/system/time");
  await call("/api/no/such/thing");
  await secureCall();
  await expect(rows(page)).toHaveCount(3);
  expect(await seriousViolations(page)).toEqual([]);
  await openRow(page, "getTaskDetail");
  await expect(detail(page).getByText("Reply: signature verified")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe("at a phone's width", () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test("the list, then the detail in its place with a Back button; axe finds nothing serious in either", async ({ page }) => {
    await openInspector(page);
    await call("/api/system/time");
    await secureCall();
    await expect(rows(page)).toHaveCount(2);
    // The filters fold away behind their button.
    await expect(page.getByRole("search", { name: "Filter exchanges" })).toBeHidden();
    await page.getByRole("button", { name: "Filters" }).click();
    await expect(page.getByRole("search", { name: "Filter exchanges" }).getByLabel("Path")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await openRow(page, "getTaskDetail");
    await expect(page.getByRole("list", { name: "Exchanges, newest first" })).toBeHidden();
    await expect(page.getByRole("button", { name: "← Back to the list" })).toBeFocused();
    await expect(detail(page).getByText("Request: signature verified")).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "← Back to the list" }).click();
    await expect(row(page, "getTaskDetail").locator("button")).toBeFocused();
  });
});

/** This machine's address beyond loopback, if it has one. */
function outsideAddress(): string | undefined {
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) if (entry.family === "IPv4" && !entry.internal) return entry.address;
  }
  return undefined;
}

test("a sandbox beyond loopback asks for its control token, keeps it for the session, and then streams", async ({ page }) => {
  const address = outsideAddress();
  test.skip(address === undefined, "this machine has no address beyond loopback");
  const port = await freePort();
  const token = "inspector-e2e-control-token";
  const child: ChildProcess = spawn(process.execPath, ["bin/mcoin.mjs", "sandbox", "--port", String(port), "--host", "0.0.0.0", "--control-token", token], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk));
  const base = `http://${address}:${port}`;
  try {
    await expect(async () => {
      expect(child.exitCode, stderr).toBeNull();
      expect((await fetch(`${base}/__sandbox/health`, { headers: { "x-sandbox-token": token } })).ok).toBe(true);
    }).toPass({ timeout: 30_000 });
    await page.goto(`${base}${INSPECT}`);
    const form = page.getByRole("form", { name: "This sandbox needs its control token" });
    await expect(form).toBeVisible();
    await form.getByLabel("Control token").fill("not-it");
    await form.getByRole("button", { name: "Connect" }).click();
    await expect(form.getByText("That token was refused.")).toBeVisible();
    await form.getByLabel("Control token").fill(token);
    await form.getByRole("button", { name: "Connect" }).click();
    await expect(page.getByText("Live", { exact: true })).toBeVisible();

    await fetch(`${base}/api/system/time`, { headers: { mpay: "1" } });
    await expect(row(page, "/api/system/time")).toHaveCount(1);
    // The token lasts the session: a reload goes straight to the list.
    await page.reload();
    await expect(row(page, "/api/system/time")).toHaveCount(1);
    await expect(form).toBeHidden();
  } finally {
    child.kill();
  }
});
