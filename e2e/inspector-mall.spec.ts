/**
 * The traffic inspector watching the mall (issue 26's acceptance, as a new engineer tries it): the
 * inspector open at a laptop's width beside a member who signs in, buys and browses for a task;
 * every gateway call the mall makes shows up live, in the order the sandbox answered it, and the task
 * center's shows its request and reply decrypted and "signature verified". Then a connection reset
 * on basicinformation added from the page: the member's next home load is the error route, and the
 * exchange shows faulted.
 */
import type { Browser, Page } from "@playwright/test";
import { ExchangeListSchema, INSPECT_API } from "#core/controls/inspect";
import { E2E_SANDBOX_URL } from "./env";
import { MEMBERS, expect, hydrated, test } from "./fixtures";

const rows = (page: Page) => page.getByRole("list", { name: "Exchanges, newest first" }).getByRole("listitem");
const row = (page: Page, text: string | RegExp) => rows(page).filter({ hasText: text });
const detail = (page: Page) => page.getByRole("region", { name: "Detail" });

/** The inspector in a browser window of its own, at a laptop's width, once its stream is live. */
async function openInspector(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${E2E_SANDBOX_URL}/__sandbox/inspect`);
  await expect(page.getByText("Live", { exact: true })).toBeVisible();
  return page;
}

/** The paths the inspector lists, oldest first. */
async function listedPaths(inspector: Page): Promise<string[]> {
  return (await rows(inspector).locator(".row__path-text").allTextContents()).reverse();
}

test("a member's visit, watched: every call live and in order; the task center's opened and verified", async ({ browser, page, sandbox, signIn }) => {
  const inspector = await openInspector(browser);

  await signIn("chan");
  await expect(row(inspector, "/api/auth/basicinformation").first()).toBeVisible();
  await expect(row(inspector, MEMBERS.chan.openId).first()).toBeVisible();

  // A purchase with mCoin only: the tyre safety check settles at once.
  await page.goto("/coupon_details/53");
  await hydrated(page);
  await page.getByRole("button", { name: "Checkout" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Pay with mCoin" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Payment success");
  await expect(row(inspector, "/api/business/snapup")).toHaveCount(1);

  // The browse task: the widget asks the task center for its detail through the secure gateway.
  await page.goto("/index?oauthParams=taskCenterToken:C1;taskCenterNo:T1");
  await hydrated(page);
  await expect(row(inspector, "getTaskDetail")).toHaveCount(1);

  // Every call the sandbox logged is listed, in the order it answered them (the ring's, newest first).
  await expect.poll(async () => (await listedPaths(inspector)).length).toBe((await sandbox.calls()).length);
  expect((await listedPaths(inspector)).sort()).toEqual((await sandbox.calls()).map((call) => call.path).sort());
  const answered = ExchangeListSchema.parse(await (await fetch(`${E2E_SANDBOX_URL}${INSPECT_API.exchanges}`)).json()).exchanges.map((exchange) => exchange.path);
  expect(await listedPaths(inspector)).toEqual(answered.reverse());

  await row(inspector, "getTaskDetail").locator("button").click();
  const envelope = detail(inspector).getByRole("region", { name: "Secure envelope" });
  await expect(envelope.getByText("Request: signature verified")).toBeVisible();
  await expect(envelope.getByText("Reply: signature verified")).toBeVisible();
  await expect(detail(inspector).getByRole("region", { name: "Request", exact: true })).toContainText('"task_no": "T1"');
  await expect(detail(inspector).getByRole("region", { name: "Reply", exact: true })).toContainText('"task_name": "Browse mCoin Mall for 15 seconds"');
  await inspector.context().close();
});

test("a connection reset on basicinformation for 2 calls from the page: the next home load (its read asked once more) is the error route, and both exchanges show faulted", async ({
  browser,
  page,
  signIn,
}) => {
  const inspector = await openInspector(browser);
  await signIn("chan");
  await row(inspector, "/api/auth/basicinformation").first().locator("button").click();

  const form = detail(inspector).getByRole("form", { name: "Add fault" });
  await expect(form.getByLabel("Path contains")).toHaveValue("basicinformation");
  await form.getByLabel("Kind").selectOption("reset");
  // Twice: the mall asks a read once more after a dropped connection (docs/decisions/048-one-retry-of-a-read.md).
  await form.getByLabel("Times").fill("2");
  await form.getByRole("button", { name: "Add fault" }).click();
  await expect(inspector.getByRole("status")).toContainText("Fault added: reset");

  await page.goto("/index");
  await expect(page).toHaveURL(/\/error\?code=/);
  await expect(page.getByRole("heading", { name: "Overwhelming Response" })).toBeVisible();
  const faulted = row(inspector, "fault: reset");
  await expect(faulted).toHaveCount(2);
  await expect(faulted.nth(0)).toContainText("/api/auth/basicinformation");
  await expect(faulted.nth(1)).toContainText("/api/auth/basicinformation");
  await inspector.context().close();
});
