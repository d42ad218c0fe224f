/**
 * One screen per fault: the sandbox injects each fault of its catalogue into a call one screen makes
 * (an HTTP 500, a 429, a reply later than the mall's 3 s timeout, a garbage body, a secure-gateway
 * reply that does not open, a connection reset, no gateway at all, and 'not login' between opening
 * the order confirmation and paying), in English or Traditional Chinese. Each test checks that the
 * screen does what the spec's section 8 says, that the mall keeps answering, and, through the sandbox's
 * ledger, orders and stock, that retrying as the member would ends with exactly one order, debit or
 * credit: nothing lost, nothing doubled.
 */
import * as controls from "#core/controls/declarations";
import type { APIRequestContext, Page } from "@playwright/test";
import { E2E_APP_URL, E2E_SANDBOX_URL, walletUserAgent } from "./env";
import { MEMBERS, expect, hydrated, isLoginPage, test, type SandboxControl } from "./fixtures";
import { tapGuardOpen } from "./waits";
import { freePort, startMall } from "./spawn-mall";

/** The tyre safety check: 50 mCoin a piece, no cash, so paying settles at once (no cashier). */
const TYRE_CHECK = 53;
const ZH = { userAgent: walletUserAgent("zh-MO"), locale: "zh-MO" } as const;

const ERROR_ROUTE = {
  en: { heading: "Overwhelming Response", body: "Please refresh the page or try again later", refresh: "Refresh" },
  zh: { heading: "反應熱烈", body: "請刷新頁面或稍後再試", refresh: "刷新" },
} as const;

const sum = (entries: { amount: number }[]) => entries.reduce((total, entry) => total + entry.amount, 0);

/** The mall's replies of status 500 and above, as the browser saw them (a 500 page is a defect). */
function serverErrors(page: Page, origin = E2E_APP_URL): { url: string; status: number }[] {
  const seen: { url: string; status: number }[] = [];
  page.on("response", (response) => {
    if (response.status() >= 500 && response.url().startsWith(origin)) seen.push({ url: response.url(), status: response.status() });
  });
  return seen;
}

/** The spec's error route, in the member's language. */
async function expectErrorRoute(page: Page, language: keyof typeof ERROR_ROUTE, code: string) {
  await expect(page).toHaveURL(new RegExp(`/error\\?code=${code}&`));
  await expect(page.getByRole("heading", { name: ERROR_ROUTE[language].heading })).toBeVisible();
  await expect(page.getByText(ERROR_ROUTE[language].body)).toBeVisible();
}

/** A following request of the same member is answered normally: the mall's server stayed up. */
async function mallAnswers(page: Page, origin = E2E_APP_URL) {
  const home = await page.request.get(`${origin}/index`, { maxRedirects: 0 });
  expect(home.status()).toBe(200);
  expect(await home.text()).toContain('data-testid="mcoin-balance"');
}

async function stockOf(sandbox: SandboxControl, offerId: number): Promise<number> {
  return (await sandbox.controls.get(controls.offer, { params: { id: offerId } })).stock;
}

/** A call to the gateway with the member's own token, as another device of theirs would make it. */
/**
 * After a fault at checkout and a retry: Chan holds exactly one order of the tyre check, paid once
 * with 50 mCoin, and one piece left the stock.
 */
async function expectOneTyreCheckOrder(sandbox: SandboxControl, gateway: APIRequestContext, stockBefore: number) {
  const orders = await sandbox.orders(MEMBERS.chan.openId);
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ offerId: TYRE_CHECK, quantity: 1, mcoinUsed: 50, status: "received" });
  expect((await sandbox.ledger(MEMBERS.chan.openId)).map(({ type, amount }) => [type, amount])).toEqual([
    ["opening", 12_580],
    ["purchase", -50],
  ]);
  expect(await stockOf(sandbox, TYRE_CHECK)).toBe(stockBefore - 1);
}

async function gatewayPost<T>(gateway: APIRequestContext, sandbox: SandboxControl, openId: string, path: string, data: object): Promise<T> {
  const token = await sandbox.token(openId);
  const key = `fault-screens-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;
  const reply = await gateway.post(path, { data, headers: { authorization: `Bearer ${token}`, mpay: "1", "Idempotency-Key": key } });
  expect(reply.ok(), await reply.text()).toBe(true);
  return ((await reply.json()) as { data: T }).data;
}

/** Records the task widget's events on window, from the first script of every page. */
async function recordTaskEvents(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __taskEvents: string[] }).__taskEvents = seen;
    for (const name of ["JobSuccess", "JobFailed", "JobClick"]) window.addEventListener(name, () => seen.push(name));
  });
  return () => page.evaluate(() => (window as unknown as { __taskEvents: string[] }).__taskEvents);
}

/** How many task runs the task center has recorded as completed (the sandbox's state view). */
async function tasksDone(sandbox: SandboxControl): Promise<number> {
  return (await sandbox.controls.get(controls.state)).counts.taskRunsDone;
}

const loginPageVisits = async (sandbox: SandboxControl) => (await sandbox.calls("/oauth/authorize")).filter((call) => call.method === "GET").length;

test.describe("faults", () => {
  let gateway: APIRequestContext;
  test.beforeEach(async ({ playwright }) => {
    gateway = await playwright.request.newContext({ baseURL: E2E_SANDBOX_URL });
  });
  test.afterEach(async () => {
    await gateway.dispose();
  });

  test("HTTP 500 on the refund application: the error route; nothing refunded; 'Refresh' and submit again: one refund", async ({ page, sandbox, signIn }) => {
    await signIn("sam");
    const errors = serverErrors(page);
    const order = await gatewayPost<{ id: number; status: string }>(gateway, sandbox, MEMBERS.sam.openId, "/api/business/snapup", { offerId: TYRE_CHECK, quantity: 1, mcoinUsed: 50, adult: false });
    expect(order.status).toBe("received");
    const ledgerBefore = await sandbox.ledger(MEMBERS.sam.openId);

    const apply = async () => {
      await page.getByRole("radio", { name: "Bought wrongly / over-bought / no longer wanted" }).check();
      await page.getByRole("button", { name: "Submit refund" }).click();
      await page.getByRole("alertdialog", { name: "Submit this refund?" }).getByRole("button", { name: "Submit refund" }).click();
    };
    await page.goto(`/refund_application/${order.id}`);
    await hydrated(page);
    await sandbox.fault("/api/auth/refund", "http500", 1);
    await apply();

    await expectErrorRoute(page, "en", "SERVER_ERROR");
    // The failure that sent the member here reached the error collector, with the call and the page.
    await expect
      .poll(async () => (await sandbox.errors()).map((error) => `${error.kind} ${error.path} ${error.message}`))
      .toContainEqual(expect.stringMatching(new RegExp(`^server /refund_application/${order.id} gateway call \\S+ failed: SERVER_ERROR \\(HTTP 500\\)`)));
    expect((await sandbox.calls("/api/auth/refund")).map((call) => call.fault)).toEqual(["http500"]);
    expect((await sandbox.orders(MEMBERS.sam.openId))[0]).toMatchObject({ id: order.id, status: "received" });
    expect(await sandbox.ledger(MEMBERS.sam.openId)).toEqual(ledgerBefore);
    await mallAnswers(page);

    // The member refreshes: back on the form, they ask again.
    await page.getByRole("link", { name: ERROR_ROUTE.en.refresh }).click();
    await expect(page).toHaveURL(new RegExp(`/refund_application/${order.id}$`));
    await hydrated(page);
    await apply();
    await expect(page.getByTestId("refund-order")).toContainText("Refunding");
    const orders = await sandbox.orders(MEMBERS.sam.openId);
    expect(orders).toHaveLength(1);
    expect(orders[0].status).toBe("refunding");

    // Two minutes on the sandbox clock, the refund is done: one refund entry gives the 50 mCoin back.
    const now = await sandbox.now();
    await sandbox.setClock(now + 2 * 60_000 + 1_000);
    expect((await sandbox.orders(MEMBERS.sam.openId)).map((each) => each.status)).toEqual(["refunded"]);
    const ledger = await sandbox.ledger(MEMBERS.sam.openId);
    expect(ledger.filter((entry) => entry.type === "refund").map((entry) => entry.amount)).toEqual([50]);
    expect(sum(ledger)).toBe(500);
    expect(errors).toEqual([]);
  });

  test("a reply later than the mall's timeout at checkout: said in place; the lost order is found by the same key, once", async ({ page, sandbox, signIn }) => {
    await signIn("chan");
    const errors = serverErrors(page);
    const stock = await stockOf(sandbox, TYRE_CHECK);
    await page.goto(`/coupon_details/${TYRE_CHECK}`);
    await hydrated(page);
    await page.getByRole("button", { name: "Checkout" }).click();
    const confirmation = page.getByRole("dialog");
    // The gateway holds the order 4 s; the mall gives up after 3 s (MCOIN_API_TIMEOUT_MS).
    await sandbox.fault("/api/business/snapup", "delay", 1, 4_000);
    await confirmation.getByRole("button", { name: "Pay with mCoin" }).click();

    await expect(confirmation.getByRole("alert")).toHaveText("timeout of 3000 ms exceeded. We could not confirm this with mCoin. Tap again to retry: it will not be done twice.");
    await mallAnswers(page);
    // The lost reply: the gateway placed the order after the mall stopped waiting.
    await expect.poll(async () => (await sandbox.orders(MEMBERS.chan.openId)).length, { timeout: 5_000 }).toBe(1);

    // The member closes the confirmation and buys the same again: the same key finds the same order.
    await confirmation.getByRole("button", { name: "Cancel" }).click();
    // Both buttons were tapped before: each retry is a deliberate tap, past the double-tap window.
    await tapGuardOpen(page.getByRole("button", { name: "Checkout" }));
    await page.getByRole("button", { name: "Checkout" }).click();
    await tapGuardOpen(page.getByRole("dialog").getByRole("button", { name: "Pay with mCoin" }));
    await page.getByRole("dialog").getByRole("button", { name: "Pay with mCoin" }).click();
    await expect(page.getByRole("alertdialog")).toContainText("Payment success");

    await expectOneTyreCheckOrder(sandbox, gateway, stock);
    expect((await sandbox.calls("/api/business/snapup")).map((call) => call.fault ?? "ok")).toEqual(["delay", "ok"]);
    expect(errors.map((error) => error.status)).toEqual([504]);
  });

  test("a connection reset when using an mCoin coupon: said in place; tapping again credits it once", async ({ page, sandbox, signIn }) => {
    await signIn("sam");
    const errors = serverErrors(page);
    await gatewayPost(gateway, sandbox, MEMBERS.sam.openId, "/api/auth/updatecode", { code: "WELCOME-100" });
    const ledgerBefore = await sandbox.ledger(MEMBERS.sam.openId);
    await page.goto("/mycoupon?view=mcoin");
    await hydrated(page);
    await sandbox.fault("/api/auth/coupons/use", "reset", 1);
    const use = page.getByRole("button", { name: "Use Welcome 100 mCoin coupon" });
    await use.click();

    await expect(page.getByRole("alert")).toHaveText("We could not confirm this with mCoin. Tap again to retry: it will not be done twice.");
    expect((await sandbox.calls("/api/auth/coupons/use")).map((call) => call.fault)).toEqual(["reset"]);
    expect(await sandbox.ledger(MEMBERS.sam.openId)).toEqual(ledgerBefore);
    await mallAnswers(page);

    // The Use button has no double-tap guard: the answer above has settled it, and it taps again at once.
    await use.click();
    await expect(page.getByRole("status").filter({ hasText: "100 mCoin added. Your balance is 600 mCoin." })).toBeVisible();
    const ledger = await sandbox.ledger(MEMBERS.sam.openId);
    expect(ledger.filter((entry) => entry.type === "mcoin_coupon").map((entry) => entry.amount)).toEqual([100]);
    expect(sum(ledger)).toBe(600);
    expect(errors.map((error) => error.status)).toEqual([502]);
  });

  test.describe("in Chinese", () => {
    test.use(ZH);

    test("HTTP 429 on check-in: the error route; no mCoin; '刷新' and check in again: one reward", async ({ page, sandbox, signIn }) => {
      await signIn("chan");
      const errors = serverErrors(page);
      await page.goto("/checkIn");
      await hydrated(page);
      await sandbox.fault("/api/auth/checkin", "http429", 1);
      await page.getByRole("button", { name: "簽到領取 10 mCoin" }).click();

      await expectErrorRoute(page, "zh", "RATE_LIMITED");
      expect((await sandbox.ledger(MEMBERS.chan.openId)).map((entry) => entry.type)).toEqual(["opening"]);
      await mallAnswers(page);

      await page.getByRole("link", { name: ERROR_ROUTE.zh.refresh }).click();
      await expect(page).toHaveURL(/\/checkIn$/);
      await hydrated(page);
      await page.getByRole("button", { name: "簽到領取 10 mCoin" }).click();
      await expect(page.getByRole("status").filter({ hasText: "mCoin" })).toHaveText("已將 +10 mCoin 存入你的餘額。");
      const ledger = await sandbox.ledger(MEMBERS.chan.openId);
      expect(ledger.map(({ type, amount }) => [type, amount])).toEqual([
        ["opening", 12_580],
        ["check_in", 10],
      ]);
      expect(errors).toEqual([]);
    });

    test("a garbage body from the search: the error route, never a 500; '刷新' shows the results", async ({ page, sandbox, signIn }) => {
      await signIn("chan");
      const errors = serverErrors(page);
      await page.goto("/search");
      await hydrated(page);
      await sandbox.fault("/api/business/searchproduct", "garbage", 1);
      // The word typed asks for the results ahead, beside their code, and meets the garbage: the answer
      // is where the results' page would send the member, which only a search follows.
      const askedAhead = page.waitForResponse((response) => new URL(response.url()).pathname === "/resources/ahead" && response.status() === 202);
      await page.getByRole("searchbox").fill("咖啡");
      // The search screen stays as it is, for the member has not searched yet.
      await askedAhead;
      await page.waitForLoadState("networkidle");
      await expect(page).toHaveURL(/\/search$/);
      await expect(page.getByRole("heading", { name: ERROR_ROUTE.zh.heading })).toHaveCount(0);
      await expect(page.getByRole("searchbox")).toHaveValue("咖啡");
      await page.getByRole("searchbox").press("Enter");

      await expectErrorRoute(page, "zh", "BAD_RESPONSE");
      expect((await sandbox.calls("/api/business/searchproduct")).map((call) => call.fault)).toEqual(["garbage"]);
      await mallAnswers(page);

      await page.getByRole("link", { name: ERROR_ROUTE.zh.refresh }).click();
      await expect(page).toHaveURL(/\/classify\/%E5%92%96%E5%95%A1$/);
      await expect(page.getByRole("heading", { name: "咖啡", exact: true })).toBeVisible();
      await expect(page.getByRole("region", { name: "咖啡" }).getByRole("link", { name: /凍拿鐵/ })).toBeVisible();
      // A search changes no money: orders and ledger as they were (the search history aside).
      expect(await sandbox.orders(MEMBERS.chan.openId)).toHaveLength(0);
      expect((await sandbox.ledger(MEMBERS.chan.openId)).map((entry) => entry.type)).toEqual(["opening"]);
      expect(errors).toEqual([]);
    });
    test("a secure-gateway reply that does not open: no widget on a bad signature, '瀏覽失敗' on the wrong key; the completion counts once", async ({ page, sandbox, signIn }) => {
      const events = await recordTaskEvents(page);
      await signIn("chan");
      const errors = serverErrors(page);
      const warnings: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "warning") warnings.push(message.text());
      });
      const ledgerBefore = await sandbox.ledger(MEMBERS.chan.openId);
      expect(await tasksDone(sandbox)).toBe(0);
      const widget = page.getByRole("button", { name: "mCoin 瀏覽任務" });
      const taskLink = "/index?oauthParams=taskCenterToken:C1;taskCenterNo:T-QUICK";

      // The task detail comes back signed by someone else: the spec's "only logged", no widget.
      await sandbox.fault("/getTaskDetail", "bad-signature", 1);
      await page.goto(taskLink);
      await expect.poll(() => warnings.some((text) => text.includes("task detail could not be read"))).toBe(true);
      await expect(page.locator("[data-mcoin-task-widget]")).toBeHidden();
      await expect(page.getByTestId("mcoin-balance")).toHaveText(MEMBERS.chan.point);

      // Opened again, the detail reads; the completion notice comes back under another key.
      await sandbox.fault("/scanTypeTaskNotify", "wrong-key", 1);
      await page.reload();
      await expect(widget).toContainText("瀏覽剩餘3s");
      await expect(widget).toContainText("瀏覽失敗", { timeout: 10_000 });
      await expect.poll(events).toEqual(["JobFailed"]);
      await mallAnswers(page);

      // The task center did record the completion: the member's next visit shows no widget and sends
      // no second notice, so the reward is not given twice.
      await page.goto(taskLink);
      await expect.poll(async () => (await sandbox.calls("/getTaskDetail")).length).toBe(3);
      await expect(page.getByTestId("mcoin-balance")).toHaveText(MEMBERS.chan.point);
      await expect(page.locator("[data-mcoin-task-widget]")).toBeHidden();
      expect((await sandbox.calls("/scanTypeTaskNotify")).map((call) => call.fault)).toEqual(["wrong-key"]);
      expect(await tasksDone(sandbox)).toBe(1);
      expect(await sandbox.ledger(MEMBERS.chan.openId)).toEqual(ledgerBefore);
      // The detail that did not open was the task center failing us (502); nothing else was a 5xx.
      expect(errors.map((error) => [new URL(error.url).pathname, error.status])).toEqual([["/resources/task", 502]]);
    });

    test("no gateway at all (the sandbox down): the check-in screen shows the error route; the mall keeps serving; nothing changed", async ({ page, sandbox, signIn }) => {
      await signIn("chan");
      const digest = await sandbox.digest();
      // At localhost, as the suite's mall answers, so the member's session cookie reaches it.
      const mall = await startMall(
        { MCOIN_SANDBOX_URL: `http://127.0.0.1:${await freePort()}`, MCOIN_API_TIMEOUT_MS: "3000", MCOIN_RATE_LIMITS: "login=100000,task=100000,picture=100000,action=100000" },
        "localhost",
      );
      try {
        const errors = serverErrors(page, mall.url);
        // Check-in, whose screen is its one call (a list screen would keep the member there: app/server/first-page.server.ts).
        await page.goto(`${mall.url}/checkIn`);
        await expectErrorRoute(page, "zh", "NETWORK");
        // Still down: '刷新' finds the error route again, never a 500.
        await page.getByRole("link", { name: ERROR_ROUTE.zh.refresh }).click();
        await expectErrorRoute(page, "zh", "NETWORK");
        expect(new URL(page.url()).searchParams.get("from")).toBe("/checkIn");
        // The mall's process is up and answers what needs no gateway.
        expect((await page.request.get(`${mall.url}/robots.txt`)).status()).toBe(200);
        expect((await page.request.get(`${mall.url}/error`)).status()).toBe(200);
        expect(errors).toEqual([]);
      } finally {
        mall.stop();
      }
      // With a gateway that answers, the same member's points are all there.
      await page.goto("/mcoin_integral");
      await expect(page.getByTestId("points-balance")).toHaveText(MEMBERS.chan.point);
      expect(await sandbox.digest()).toBe(digest);
    });

    test("'not login' between the order confirmation and paying: the login page once; nothing taken; back on the offer, one order", async ({ page, sandbox, signIn }) => {
      await signIn("chan");
      const errors = serverErrors(page);
      const stock = await stockOf(sandbox, TYRE_CHECK);
      await page.goto(`/coupon_details/${TYRE_CHECK}`);
      await hydrated(page);
      await page.getByRole("button", { name: "立即兌換" }).click();
      const visits = await loginPageVisits(sandbox);
      // The session dies while the member reads the confirmation.
      await sandbox.fault("/api/business/snapup", "not-login", 1);
      await page.getByRole("dialog").getByRole("button", { name: "以 mCoin 支付" }).click();

      await expect(page).toHaveURL(isLoginPage);
      await expect(page.getByRole("heading", { name: "使用 MPay 登入" })).toBeVisible();
      expect(await loginPageVisits(sandbox)).toBe(visits + 1);
      expect(await sandbox.orders(MEMBERS.chan.openId)).toHaveLength(0);
      expect((await sandbox.ledger(MEMBERS.chan.openId)).map((entry) => entry.type)).toEqual(["opening"]);
      expect(await stockOf(sandbox, TYRE_CHECK)).toBe(stock);

      // Signed in again, the member is back on the offer and buys it.
      await page.getByRole("button", { name: new RegExp(MEMBERS.chan.nickname) }).click();
      await expect(page).toHaveURL(new RegExp(`/coupon_details/${TYRE_CHECK}$`));
      await hydrated(page);
      await page.getByRole("button", { name: "立即兌換" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "以 mCoin 支付" }).click();
      await expect(page.getByRole("alertdialog")).toContainText("支付成功");

      await expectOneTyreCheckOrder(sandbox, gateway, stock);
      expect(await loginPageVisits(sandbox)).toBe(visits + 1);
      await mallAnswers(page);
      expect(errors).toEqual([]);
    });
  });
});
