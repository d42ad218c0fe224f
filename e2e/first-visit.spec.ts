/** A new member's first visit: sign-in page, agreement pop-up, home with the balance. */
import { E2E_APP_URL } from "./env";
import { MEMBERS, expect, hostCalls, hydrated, isLoginPage, test } from "./fixtures";

test("a new member signs in, agrees to the terms and sees their balance", async ({ page, sandbox }) => {
  await page.goto("/");
  await expect(page).toHaveURL(isLoginPage);
  await expect(page.getByRole("heading", { name: "Sign in with MPay" })).toBeVisible();

  await page.getByRole("button", { name: "Continue as Ana Sousa" }).click();
  await expect(page).toHaveURL(/\/index$/);
  await hydrated(page);

  const dialog = page.getByRole("dialog", { name: "mCoin Terms and Conditions" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Last updated: 2026-10-15")).toBeVisible();
  await expect(dialog.getByText(/Members earn 1 mCoin for every MOP 1 spent/)).toBeVisible();
  const agree = dialog.getByRole("button", { name: "Agree" });
  await expect(agree).toBeDisabled();
  await dialog.getByRole("checkbox", { name: "I have read and agree to the terms above" }).check();
  await expect(agree).toBeEnabled();
  await agree.click();
  await expect(dialog).toBeHidden();

  await expect(page.getByTestId("mcoin-balance")).toHaveText(MEMBERS.ana.point);
  await expect(page.getByText("Hi, Ana Sousa")).toBeVisible();
  await expect(page.getByRole("img", { name: "Ana Sousa's avatar" })).toBeVisible();
  await expect(page).toHaveTitle("mCoin Mall");

  const setClause = await sandbox.calls("/api/auth/setClause");
  expect(setClause.map((call) => call.body)).toEqual([{ clauseid: "7", status: 1 }]);

  // The session lives in an httpOnly cookie, never in the page's storage.
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === "__mcoin_session")?.httpOnly).toBe(true);
  const stored = await page.evaluate(() => JSON.stringify({ ...window.localStorage }) + JSON.stringify({ ...window.sessionStorage }));
  expect(stored).not.toMatch(/sbx_/);

  // The login URL's parameters are gone, and the pop-up does not come back: the session remembers
  // the terms were accepted, so they are not even asked for again.
  const clauseChecks = (await sandbox.calls("/api/auth/clause")).length;
  await page.reload();
  await expect(page.getByTestId("mcoin-balance")).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await sandbox.calls("/api/auth/clause")).toHaveLength(clauseChecks);
});

test("the host is configured once, with the login's state, and every page is tagged", async ({ page, signIn, sandbox }) => {
  await signIn("chan");
  await expect(page.getByTestId("mcoin-balance")).toHaveText(MEMBERS.chan.point);
  const config = await sandbox.calls("/macaupassconfig");
  expect(config).toHaveLength(1);
  expect(config[0].body).toEqual({ url: `${E2E_APP_URL}/index`, state: "" });

  await expect.poll(async () => (await hostCalls(page)).map((call) => call.method)).toEqual(expect.arrayContaining(["configure", "getSystemInfo", "setStatusBarColor", "trackEvent"]));
  const calls = await hostCalls(page);
  expect(calls.filter((call) => call.method === "configure")).toHaveLength(1);
  expect(calls.find((call) => call.method === "configure")?.args[0]).toMatchObject({ appId: "mcoin-mall-sandbox" });
  const pageView = (call: { method: string; args: unknown[] }) => call.method === "trackEvent" && (call.args[0] as { name: string }).name === "page_view";
  expect(calls.find(pageView)?.args[0]).toEqual({ name: "page_view", page: "index" });
  // The device info goes to the host's analytics too (spec section 3).
  expect(calls.find((call) => call.method === "trackEvent" && (call.args[0] as { name: string }).name === "device_info")?.args[0]).toMatchObject({ params: { terminalType: "H5", app: "MPay" } });
  await expect(page.locator("[data-analytics-page='index']")).toBeVisible();

  await page.getByRole("link", { name: "My orders" }).click();
  await expect(page.locator("[data-analytics-page='myOrder']")).toBeVisible();
  await expect.poll(async () => (await hostCalls(page)).filter(pageView).map((call) => (call.args[0] as { page: string }).page)).toEqual(["index", "myOrder"]);
});

test("a member already past the terms sees no pop-up", async ({ page, signIn }) => {
  await signIn("chan", { agree: false });
  await expect(page.getByTestId("mcoin-balance")).toHaveText(MEMBERS.chan.point);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("refusing the terms posts status 0 and asks the host to close the web view", async ({ page, signIn, sandbox }) => {
  await signIn("wong", { agree: false });
  const dialog = page.getByRole("dialog", { name: "mCoin Terms and Conditions" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Refuse" }).click();

  await expect(page.getByRole("alertdialog", { name: "The wallet closed this page" })).toBeVisible();
  expect((await sandbox.calls("/api/auth/setClause")).map((call) => call.body)).toEqual([{ clauseid: "7", status: 0 }]);
  await expect.poll(async () => (await hostCalls(page)).some((call) => call.method === "closeWindow")).toBe(true);

  // Refused terms are asked again next time.
  await page.goto("/index");
  await hydrated(page);
  await expect(dialog).toBeVisible();
});
