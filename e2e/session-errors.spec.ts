/** The error catalogue in the browser: 'not login', HTTP 500 and 429, a dropped connection (a read's asked once more), a timeout. */
import * as controls from "#core/controls/declarations";
import { MEMBERS, expect, hydrated, isLoginPage, test } from "./fixtures";

const loginPageVisits = async (sandbox: import("./fixtures").SandboxControl) => (await sandbox.calls("/oauth/authorize")).filter((call) => call.method === "GET").length;

test("a 'not login' reply mid-session clears the session and redirects exactly once", async ({ page, signIn, sandbox }) => {
  await signIn("chan");
  await expect(page.getByTestId("mcoin-balance")).toHaveText(MEMBERS.chan.point);
  const visitsBefore = await loginPageVisits(sandbox);

  // A client-side navigation whose loader meets the 'not login' reply.
  await sandbox.fault("/api/business/searchproduct", "not-login", 1);
  await hydrated(page);
  await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Food & Dining" }).click();
  await expect(page).toHaveURL(isLoginPage);
  const faulted = await sandbox.calls("/api/business/searchproduct");
  expect(faulted[faulted.length - 1].fault).toBe("not-login");
  expect(await loginPageVisits(sandbox)).toBe(visitsBefore + 1);

  // Signing in again brings the member back to the screen they were opening.
  await page.getByRole("button", { name: `Continue as ${MEMBERS.chan.nickname}` }).click();
  await expect(page).toHaveURL(/\/classifys\/1-Food/);
  await page.goto("/index");
  await expect(page.getByTestId("mcoin-balance")).toHaveText(MEMBERS.chan.point);
  expect(await loginPageVisits(sandbox)).toBe(visitsBefore + 1);

  // The token was answered since: a session lost again a moment later (within the loop guard's 30 s)
  // is a new loss, sent to sign in again rather than to the error screen.
  await sandbox.fault("/api/auth/basicinformation", "not-login", 1);
  await page.goto("/search");
  await expect(page).toHaveURL(isLoginPage);
  expect(await loginPageVisits(sandbox)).toBe(visitsBefore + 2);
});

test("'not login' on a screen whose own loader makes no member call still clears the session and sends the member to sign in once", async ({ page, signIn, sandbox }) => {
  await signIn("chan");
  const visitsBefore = await loginPageVisits(sandbox);
  // Only the root's basic information (the balance) asks as the member on the search screen.
  await sandbox.fault("/api/auth/basicinformation", "not-login", 1);
  await page.goto("/search");
  await expect(page).toHaveURL(isLoginPage);
  expect(await loginPageVisits(sandbox)).toBe(visitsBefore + 1);
  // The session is gone: signing in again comes back to the search screen, as the member.
  await page.getByRole("button", { name: `Continue as ${MEMBERS.chan.nickname}` }).click();
  await expect(page).toHaveURL(/\/search$/);
  expect((await sandbox.calls("/api/auth/basicinformation")).at(-1)?.fault).toBeUndefined();
});

for (const [status, title, body] of [
  [400, "This request was not accepted", "Go back and try again"],
  [403, "Not available to your account", "Your account cannot open this"],
] as const) {
  test(`HTTP ${status} from the gateway says what the member can do, never 'Overwhelming Response'`, async ({ page, signIn, sandbox }) => {
    await signIn("chan");
    await sandbox.controls.get(controls.addStubs, {
      input: { request: { method: "GET", urlPath: "/api/auth/basicinformation" }, response: { status, jsonBody: { code: status, msg: "refused" } } },
    });
    await page.goto("/index");
    await expect(page).toHaveURL(new RegExp(`/error\\?code=HTTP&.*status=${status}`));
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByText(body)).toBeVisible();
    await expect(page.getByText("Overwhelming Response")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Back to home" })).toBeVisible();
    if (status === 400) await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/index");
  });
}

test("a gateway that keeps saying 'not login' never loops through the login page", async ({ page, signIn, sandbox }) => {
  await signIn("chan");
  const visitsBefore = await loginPageVisits(sandbox);
  await sandbox.fault("/api/auth/basicinformation", "not-login", 100);

  await page.reload();
  await expect(page).toHaveURL(isLoginPage);
  await page.getByRole("button", { name: `Continue as ${MEMBERS.chan.nickname}` }).click();

  await expect(page).toHaveURL(/\/error\?reason=session/);
  await expect(page.getByRole("heading", { name: "Please sign in again", level: 1 })).toBeVisible();
  await expect(page.getByText("We could not sign you in. Please reopen mCoin Mall from the MPay app.")).toBeVisible();
  // The one status screen: its picture above the title.
  await expect(page.locator(".status-screen > svg.status-screen__art")).toBeVisible();
  expect(await loginPageVisits(sandbox)).toBe(visitsBefore + 1);
});

for (const kind of ["http500", "http429"] as const) {
  test(`HTTP ${kind.slice(4)} from the gateway shows the error page, and home works again after`, async ({ page, signIn, sandbox }) => {
    await signIn("chan");
    await sandbox.fault("/api/auth/basicinformation", kind, 1);
    await page.reload();

    await expect(page).toHaveURL(/\/error\?/);
    await expect(page.getByRole("heading", { name: "Overwhelming Response" })).toBeVisible();
    await expect(page.getByText("Please refresh the page or try again later")).toBeVisible();
    await page.getByRole("link", { name: "Back to home" }).click();
    await expect(page.getByTestId("mcoin-balance")).toHaveText(MEMBERS.chan.point);
  });
}

test("a connection to the gateway dropped again when the read is asked once more shows the error page; 'Refresh' returns to the page", async ({ page, signIn, sandbox }) => {
  await signIn("chan");
  // The mall asks a read once more after a dropped connection (docs/decisions/048-one-retry-of-a-read.md): both are dropped.
  await sandbox.fault("/api/auth/basicinformation", "network", 2);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Overwhelming Response" })).toBeVisible();
  await page.getByRole("link", { name: "Refresh" }).click();
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByTestId("mcoin-balance")).toHaveText(MEMBERS.chan.point);
});

test("one dropped connection on a read is absorbed (the member sees home); one on a state change is not asked again", async ({ page, signIn, sandbox }) => {
  await signIn("chan");
  const before = (await sandbox.calls("/api/auth/basicinformation")).length;
  await sandbox.fault("/api/auth/basicinformation", "reset", 1);
  await page.reload();
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByTestId("mcoin-balance")).toHaveText(MEMBERS.chan.point);
  const read = (await sandbox.calls("/api/auth/basicinformation")).slice(before);
  expect(read.map((call) => call.fault ?? "ok")).toEqual(["reset", "ok"]);
  // Both under the page load's one request id.
  expect(read[1].requestId).toBeTruthy();
  expect(read[1].requestId).toBe(read[0].requestId);

  await page.goto("/checkIn");
  await hydrated(page);
  await sandbox.fault("/api/auth/checkin", "reset", 1);
  await page.getByRole("button", { name: /^Check in to earn 10 mCoin$/ }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  const checkIns = (await sandbox.calls("/api/auth/checkin")).filter((call) => call.path === "/api/auth/checkin");
  expect(checkIns.map((call) => call.fault ?? "ok")).toEqual(["reset"]);
});

test("a gateway slower than the call's timeout shows the timeout on the error page", async ({ page, signIn, sandbox }) => {
  await signIn("chan");
  await sandbox.fault("/api/auth/basicinformation", "delay", 1, 4_000);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Overwhelming Response" })).toBeVisible();
  await expect(page.getByText("timeout of 3000 ms exceeded")).toBeVisible();
});

test("an unreadable reply shows the error page rather than a broken screen", async ({ page, signIn, sandbox }) => {
  await signIn("chan");
  await sandbox.fault("/api/auth/basicinformation", "garbage", 1);
  const response = await page.reload();
  expect(response?.status()).toBeLessThan(500);
  await expect(page.getByRole("heading", { name: "Overwhelming Response" })).toBeVisible();
});

test("a visitor sent to sign in from one view of a screen the login's state names comes back to that view", async ({ page }) => {
  // The login's state says 'mycoupon' (the screen); the session kept which of its views it was.
  await page.goto("/mycoupon?view=logistics");
  await expect(page).toHaveURL(isLoginPage);
  await page.getByRole("button", { name: `Continue as ${MEMBERS.chan.nickname}` }).click();
  await expect(page).toHaveURL(/\/mycoupon\?view=logistics$/);
});
