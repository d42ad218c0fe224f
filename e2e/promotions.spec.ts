/**
 * Promotions against the clock (issue "promotions"): countdowns run on the gateway's time, read at
 * the middle of the round trip and carried on a monotonic clock, and a sale opens on its second
 * without a reload, whatever the phone's own clock says.
 */
import * as controls from "#core/controls/declarations";
import type { Locator } from "@playwright/test";
import { E2E_APP_URL, E2E_SANDBOX_URL, walletUserAgent } from "./env";
import { MEMBERS, expect, hydrated, test } from "./fixtures";
import { holdRequests, routerIdle, tapGuardOpen } from "./waits";

/** The seconds a countdown shows (app/components/countdown.tsx writes them as a duration: PT0H0M8S). */
async function secondsShown(countdown: Locator): Promise<number> {
  const duration = await countdown.locator("time").getAttribute("datetime");
  const seconds = /(\d+)S$/.exec(duration ?? "");
  if (!seconds) throw new Error(`a countdown without its seconds: ${duration}`);
  return Number(seconds[1]);
}

/** An 8-inch birthday cake: on sale from two days after the sandbox was seeded. */
const CAKE = 20;

for (const language of ["en", "zh"] as const) {
  test.describe(`an offer's start, in ${language}`, () => {
    test.use({ userAgent: walletUserAgent(language === "en" ? "en" : "zh-MO"), locale: language === "en" ? "en-US" : "zh-MO" });

    test("counts down on the gateway's clock and opens for sale at zero without a reload, with the phone's clock an hour wrong", async ({ page, sandbox, signIn }) => {
      // The phone's clock is an hour fast, and the page's time is the test's to move (its timers too).
      await page.clock.install({ time: Date.now() + 3_600_000 });
      await signIn("chan");
      const detail = (await (await page.request.get(`${E2E_SANDBOX_URL}/api/business/productdetail?id=${CAKE}`)).json()) as { data: { startAt: number } };
      // Ten seconds before the start: room for the page to load before it counts the last ones.
      await sandbox.setClock(detail.data.startAt - 10_000);
      await page.goto(`/coupon_details/${CAKE}`);
      await hydrated(page);
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      const countdown = page.getByTestId("countdown");
      await expect(countdown).toContainText(language === "en" ? "Starts in 00:00:0" : "距離開始 00:00:0");
      const checkout = page.getByRole("button", { name: language === "en" ? "Checkout" : "立即兌換" });
      await expect(checkout).toBeDisabled();
      // The seconds pass on the page's clock, as they would on the phone's (the gateway's clock is not asked again).
      await page.clock.runFor(((await secondsShown(countdown)) - 2) * 1_000);
      await expect(countdown).toContainText(/00:00:0[0-3]/);
      await expect(checkout).toBeDisabled();
      await page.clock.runFor(4_000);
      // The buying controls come at zero, and checkout opens.
      await expect(
        page
          .getByRole("slider")
          .or(page.getByText(language === "en" ? "Quantity" : "數量"))
          .first(),
      ).toBeVisible({ timeout: 6_000 });
      await expect(checkout).toBeEnabled();
      await expect(countdown).toHaveCount(0);
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    });
  });
}

/** Noon of a day in Macau, so the day does not turn during the test. */
const macauNoon = (day: string) => Date.parse(`${day}T12:00:00+08:00`);

for (const language of ["en", "zh"] as const) {
  test.describe(`daily check-in, in ${language}`, () => {
    test.use({ userAgent: walletUserAgent(language === "en" ? "en" : "zh-MO"), locale: language === "en" ? "en-US" : "zh-MO" });
    const text =
      language === "en"
        ? { checkIn: /^Check in to earn 10 mCoin$/, done: "Checked in today", streak: (days: number) => `Days in a row: ${days}`, rules: "Miss a day and your streak starts again at day 1." }
        : { checkIn: /^簽到領取 10 mCoin$/, done: "今天已簽到", streak: (days: number) => `已連續簽到 ${days} 天`, rules: "中斷一天，連續簽到會由第 1 天重新開始。" };

    test("once a day, also after a reload; the streak grows day by day and starts again after a missed day", async ({ page, sandbox, signIn }) => {
      await sandbox.setClock(macauNoon("2026-11-30"));
      await signIn("sam", { draw: false });
      await page.goto("/checkIn");
      await hydrated(page);
      await expect(page.getByText(text.rules)).toBeVisible();
      await page.getByRole("button", { name: text.checkIn }).click();
      await expect(page.getByRole("status").filter({ hasText: "+10" })).toBeVisible();
      await expect(page.getByTestId("check-in-balance")).toHaveText("510");
      await page.reload();
      await expect(page.getByRole("button", { name: text.done })).toBeDisabled();
      await expect(page.getByTestId("check-in-streak")).toHaveText(text.streak(1));

      // The same form sent again (a retry, another tab) earns nothing.
      const form = { intent: "check-in", idempotencyKey: "another-tab-check-in-0001" };
      const again = await page.request.post("/checkIn", { form, headers: { Origin: new URL(page.url()).origin } });
      expect(again.status()).toBe(409);
      const checkIns = async () => (await sandbox.ledger(MEMBERS.sam.openId)).filter((entry) => entry.type === "check_in").map((entry) => entry.amount);
      expect(await checkIns()).toEqual([10]);

      // The next day (across a month end), the streak grows.
      await sandbox.setClock(macauNoon("2026-12-01"));
      await page.goto("/checkIn");
      await page.getByRole("button", { name: text.checkIn }).click();
      await expect(page.getByTestId("check-in-streak")).toHaveText(text.streak(2));
      // A day missed: it starts again.
      await sandbox.setClock(macauNoon("2026-12-03"));
      await page.goto("/checkIn");
      await expect(page.getByTestId("check-in-streak")).toHaveText(text.streak(0));
      await page.getByRole("button", { name: text.checkIn }).click();
      await expect(page.getByTestId("check-in-streak")).toHaveText(text.streak(1));
      expect(await checkIns()).toEqual([10, 10, 10]);
    });
  });
}

interface FlashSessionView {
  id: number;
  startAt: number;
  endAt: number;
  items: { id: number; stock: number; sold: number }[];
}

for (const language of ["en", "zh"] as const) {
  test.describe(`flash sale, in ${language}`, () => {
    test.use({ userAgent: walletUserAgent(language === "en" ? "en" : "zh-MO"), locale: language === "en" ? "en-US" : "zh-MO" });
    const text =
      language === "en"
        ? {
            startsIn: "Starts in 00:00:0",
            comingSoon: "Coming soon",
            buyNow: "Buy now",
            soldOut: "Sold out",
            ended: "Flash Sale has ended.",
            checkout: "Checkout",
            pay: /^Pay with mCoin$/,
            success: "Payment success",
            points: "My mCoin: 12,580",
          }
        : {
            startsIn: "距開始 00:00:0",
            comingSoon: "即將開始",
            buyNow: "立即搶購",
            soldOut: "已售罄",
            ended: "限時搶購已結束",
            checkout: "立即兌換",
            pay: /^以 mCoin 支付$/,
            success: "支付成功",
            points: "我的 mCoin：12,580",
          };

    test("the next session counts down and opens at zero without a reload, with the phone's clock an hour wrong; buying is the checkout", async ({ page, sandbox, signIn }) => {
      // The phone's clock is an hour slow, and the page's time is the test's to move (its timers too).
      await page.clock.install({ time: Date.now() - 3_600_000 });
      await signIn("chan");
      const { data } = (await (await page.request.get(`${E2E_SANDBOX_URL}/api/show/flashsale`)).json()) as { data: { sessions: FlashSessionView[] } };
      const next = data.sessions[1];
      await sandbox.setClock(next.startAt - 10_000);
      await page.goto("/flashSale");
      await hydrated(page);
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      await expect(page.getByTestId("points-badge")).toHaveAccessibleName(text.points);

      // The running session is shown first, its sold-out offer marked; the next one is a tab away.
      const items = page.getByTestId("promo-item");
      await expect(items.filter({ hasText: text.soldOut })).toHaveCount(1);
      await page.getByRole("tab").nth(1).click();
      await expect(page.getByRole("tab").nth(1)).toHaveAttribute("aria-selected", "true");
      const countdown = page.getByTestId("countdown");
      await expect(countdown).toContainText(text.startsIn);
      await expect(items.first()).toHaveAttribute("data-state", "not_started");
      await expect(items.first()).toContainText(text.comingSoon);
      await expect(page.getByRole("link", { name: text.buyNow })).toHaveCount(0);

      // At zero, on the gateway's clock, the session opens; the one before it has ended and gone. The
      // gateway's clock is moved as far as the page's, so that buying finds the session open.
      await sandbox.setClock(next.startAt + 1_000);
      await page.clock.runFor(11_000);
      await expect(page.getByRole("link", { name: text.buyNow })).toHaveCount(next.items.length);
      await expect(items.first()).toHaveAttribute("data-state", "running");
      await expect(page.getByRole("tab")).toHaveCount(data.sessions.length - 1);
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

      // Buy now is the offer's checkout; the order is a flash-sale one.
      await page.getByRole("link", { name: text.buyNow }).first().click();
      await expect(page).toHaveURL(new RegExp(`/coupon_details/${next.items[0].id}$`));
      await hydrated(page);
      await page.getByRole("button", { name: text.checkout }).click();
      await page.getByRole("dialog").getByRole("button", { name: text.pay }).click();
      await expect(page.getByRole("alertdialog")).toContainText(text.success);
      const orders = await sandbox.orders(MEMBERS.chan.openId);
      expect(orders.find((order) => order.offerId === next.items[0].id)).toMatchObject({ orderKind: "flash_sale", status: "received" });
    });

    test("says the flash sale has ended once the last session is over", async ({ page, sandbox, signIn }) => {
      await signIn("chan");
      const { data } = (await (await page.request.get(`${E2E_SANDBOX_URL}/api/show/flashsale`)).json()) as { data: { sessions: FlashSessionView[] } };
      await sandbox.setClock(Math.max(...data.sessions.map((session) => session.endAt)) + 1_000);
      await page.goto("/flashSale");
      await expect(page.getByRole("heading", { name: text.ended })).toBeVisible();
    });
  });
}

test("back from an offer shows the flash sale as the member left it at once, while the server is asked again", async ({ page, signIn }) => {
  await signIn("chan");
  await page.goto("/flashSale");
  await hydrated(page);
  const items = page.getByTestId("promo-item");
  await expect(items.first()).toBeVisible();
  const seen = await items.count();
  await page.getByRole("link", { name: "Buy now" }).first().click();
  await expect(page).toHaveURL(/\/coupon_details\/\d+$/);
  await expect(page.getByRole("button", { name: "Checkout" })).toBeVisible();
  const refresh = await holdRequests(page, /\/flashSale\.data/);
  await page.goBack();
  await expect(page).toHaveURL(/\/flashSale$/);
  await expect(items).toHaveCount(seen);
  await expect.poll(refresh.held).toBe(1);
  refresh.release();
  await routerIdle(page);
  await expect(items).toHaveCount(seen);
});

/** Seckill item 1: MOP 1, no mCoin, 10 pieces, 1 per member. Item 6 is in the canary session. */
const DOLLAR_BUN = 1;
const CANARY_ITEM = 6;

for (const language of ["en", "zh"] as const) {
  test.describe(`seckill, in ${language}`, () => {
    test.use({ userAgent: walletUserAgent(language === "en" ? "en" : "zh-MO"), locale: language === "en" ? "en-US" : "zh-MO" });
    const text =
      language === "en"
        ? {
            snapUp: "Snap up",
            limit: "Limit reached",
            cashierPay: "Pay",
            cashier: "Pay mCoin Mall",
            success: "Payment success",
            limitMessage: "You have reached the purchase limit for this offer.",
            outOfStock: "Out of Stock",
            earlyAccess: "Early access",
          }
        : {
            snapUp: "立即秒殺",
            limit: "已達上限",
            cashierPay: "支付",
            cashier: "支付 mCoin 商城",
            success: "支付成功",
            limitMessage: "你已達此優惠的購買上限。",
            outOfStock: "暫時缺貨",
            earlyAccess: "搶先體驗",
          };

    test("snaps up one piece, pays the cash in the cashier, and the limit per member holds when the order is placed", async ({ page, sandbox, signIn }) => {
      await signIn("chan", { draw: false });
      await page.goto(`/seckill/${DOLLAR_BUN}`);
      await hydrated(page);
      const product = page.getByTestId("seckill-product");
      await product.getByRole("button", { name: text.snapUp }).click();
      await page.getByRole("dialog", { name: text.cashier }).getByRole("button", { name: text.cashierPay, exact: true }).click();
      await expect(page.getByRole("alertdialog")).toContainText(text.success);
      const orders = await sandbox.orders(MEMBERS.chan.openId);
      expect(orders.filter((order) => order.orderKind === "seckill")).toEqual([expect.objectContaining({ status: "received", cashCents: 100, mcoinUsed: 0 })]);

      // Shown: the item is at the member's limit. Enforced: the same request sent anyway is refused.
      await page.reload();
      await expect(product.getByText(text.limit)).toBeVisible();
      const again = await page.request.post(`/seckill/${DOLLAR_BUN}`, {
        form: { intent: "snapup", itemId: String(DOLLAR_BUN), idempotencyKey: "seckill-second-attempt-01" },
        headers: { Origin: new URL(page.url()).origin },
      });
      expect(again.status()).toBe(409);
      expect(await again.text()).toContain("LIMIT_REACHED");
      expect((await sandbox.orders(MEMBERS.chan.openId)).filter((order) => order.orderKind === "seckill")).toHaveLength(1);
    });

    test("an item gone in the meantime is refused with its message, and shows it is out of stock (none of it sold)", async ({ page, sandbox, signIn }) => {
      await signIn("ana");
      await page.goto("/seckill");
      await hydrated(page);
      const item = page.getByTestId("promo-item").filter({ has: page.locator(`[id="promo-item-${DOLLAR_BUN}"]`) });
      await expect(item.getByRole("button", { name: text.snapUp })).toBeEnabled();
      await sandbox.controls.get(controls.patchSeckill, { params: { id: DOLLAR_BUN }, input: { stock: 0 } });
      await item.getByRole("button", { name: text.snapUp }).click();
      await expect(page.getByRole("alert")).toBeVisible();
      await expect(item).toContainText(text.outOfStock);
      expect((await sandbox.orders(MEMBERS.ana.openId)).filter((order) => order.orderKind === "seckill")).toHaveLength(0);
    });
  });
}

test.describe("the seckill canary and its entries", () => {
  test("a member with the gray-scale flag sees the canary session; others do not, even by its link", async ({ page, signIn }) => {
    await signIn("wong");
    await page.goto(`/seckill/${CANARY_ITEM}`);
    await expect(page.getByTestId("seckill-product")).toBeVisible();
    await expect(page.getByText("Early access").first()).toBeVisible();

    await page.context().clearCookies();
    await signIn("chan", { draw: false });
    const response = await page.goto(`/seckill/${CANARY_ITEM}`);
    expect(response?.status()).toBe(404);
    await page.goto("/seckill");
    await expect(page.getByTestId("promo-item").first()).toBeVisible();
    await expect(page.getByText("Early access")).toHaveCount(0);
  });

  test("the early-access session's tab says so: no two tabs read the same", async ({ page, signIn }) => {
    await signIn("wong");
    await page.goto("/seckill");
    await hydrated(page);
    const tabs = page.getByRole("tablist", { name: "Sessions" }).getByRole("tab");
    await expect(tabs.filter({ hasText: "Early access" })).toHaveCount(1);
    const names = await tabs.evaluateAll((list) => list.map((tab) => tab.textContent));
    expect(names.length).toBeGreaterThan(1);
    expect(new Set(names).size).toBe(names.length);
    await tabs.filter({ hasText: "Early access" }).click();
    await expect(page.getByTestId("promo-item").first()).toContainText("Early access");
  });

  test("the login state 'seckill' opens it, and the shared page shows without signing in", async ({ page, sandbox }) => {
    const landing = await sandbox.loginRedirect(MEMBERS.chan.openId, `${E2E_APP_URL}/`, "seckill");
    await page.goto(landing);
    await expect(page).toHaveURL(`${E2E_APP_URL}/seckill`);
    await expect(page.getByRole("heading", { name: "Seckill", level: 1 })).toBeVisible();

    await page.context().clearCookies();
    await page.goto("/seckill_share");
    await expect(page).toHaveURL(`${E2E_APP_URL}/seckill_share`);
    await expect(page.getByRole("link", { name: "Snap up" }).first()).toHaveAttribute("href", `/seckill/${DOLLAR_BUN}`);
  });
});

const CHAN_MILES = { lastName: "Chan", firstName: "Tai Man", memberNo: "1300000002" };

for (const language of ["en", "zh"] as const) {
  test.describe(`Asia Miles, in ${language}`, () => {
    test.use({ userAgent: walletUserAgent(language === "en" ? "en" : "zh-MO"), locale: language === "en" ? "en-US" : "zh-MO" });
    const text =
      language === "en"
        ? {
            lastName: "Last name (as on your membership card)",
            firstName: "First name (as on your membership card)",
            memberNo: "Membership number",
            memberNoAgain: "Membership number again",
            agree: "I have read and accept the terms of redemption",
            submit: "Redeem",
            mismatch: "The two membership numbers do not match.",
            terms: "Please read and accept the terms of redemption.",
            step: "3,000 mCoin for 300 miles",
            redeeming: "Redeeming…",
            success: "Miles redeemed",
            view: "View redemption",
            credited: "Miles credited",
            memberNoEnding: "Ending in 0002",
          }
        : {
            lastName: "姓（與會員卡相同）",
            firstName: "名（與會員卡相同）",
            memberNo: "會員號碼",
            memberNoAgain: "再次輸入會員號碼",
            agree: "本人已閱讀並同意兌換條款",
            submit: "立即兌換",
            mismatch: "兩次輸入的會員號碼不一致。",
            terms: "請閱讀並同意兌換條款。",
            step: "3,000 mCoin 兌換 300 里",
            redeeming: "兌換中…",
            success: "里數兌換成功",
            view: "查看兌換詳情",
            credited: "里數已存入",
            memberNoEnding: "尾號 0002",
          };

    test("a mismatched number and a missing tick are refused and change nothing; a valid redemption shows 'redeeming', then the order detail, and the ledger shows the mCoin", async ({
      page,
      sandbox,
      signIn,
    }) => {
      await signIn("chan", { draw: false });
      await page.goto("/asiaMiles_details/1");
      await hydrated(page);
      await page.getByLabel(text.lastName).fill(CHAN_MILES.lastName);
      await page.getByLabel(text.firstName).fill(CHAN_MILES.firstName);
      await expect(page.getByTestId("miles-member-name")).toHaveText("CHAN TAI MAN");
      await page.getByLabel(text.memberNo, { exact: true }).fill(CHAN_MILES.memberNo);
      await page.getByLabel(text.memberNoAgain).fill("1300000003");
      await page.getByRole("radio", { name: text.step }).check();
      await page.getByLabel(text.agree).check();
      await page.getByRole("button", { name: text.submit }).click();
      await expect(page.getByText(text.mismatch)).toBeVisible();
      await expect(page.getByLabel(text.memberNoAgain)).toHaveAttribute("aria-invalid", "true");

      await page.getByLabel(text.memberNoAgain).fill(CHAN_MILES.memberNo);
      await page.getByLabel(text.agree).uncheck();
      await tapGuardOpen(page.getByRole("button", { name: text.submit }));
      await page.getByRole("button", { name: text.submit }).click();
      await expect(page.getByText(text.terms)).toBeVisible();
      expect((await sandbox.ledger(MEMBERS.chan.openId)).filter((entry) => entry.type === "miles")).toHaveLength(0);

      await page.getByLabel(text.agree).check();
      await tapGuardOpen(page.getByRole("button", { name: text.submit }));
      await page.getByRole("button", { name: text.submit }).click();
      await expect(page.getByRole("alertdialog", { name: text.redeeming })).toBeVisible();
      const result = page.getByRole("alertdialog").filter({ hasText: text.success });
      await expect(result).toBeVisible({ timeout: 15_000 });
      await result.getByRole("button", { name: text.view }).click();
      await expect(page).toHaveURL(/\/asiaMiles_order\/\d+$/);
      await expect(page.getByTestId("miles-order-status")).toHaveText(text.credited);
      await expect(page.getByTestId("miles-order-no")).toHaveText(/^AM\d{14}$/);
      // The gateway masks the membership number: its last digits are shown, not a row of dots.
      await expect(page.getByTestId("miles-member-no")).toHaveText(text.memberNoEnding);
      const miles = (await sandbox.ledger(MEMBERS.chan.openId)).filter((entry) => entry.type === "miles");
      expect(miles).toEqual([expect.objectContaining({ amount: -3000 })]);
    });
  });
}

test.describe("Asia Miles limits", () => {
  const WONG_MILES = { lastName: "WONG", firstName: "MEI LING", memberNo: "1300000001" };

  /** A redemption straight at the gateway, as another device of the member would make it. */
  async function redeemed(request: import("@playwright/test").APIRequestContext, token: string, mcoin: number) {
    const reply = await request.post(`${E2E_SANDBOX_URL}/api/auth/miles/redeem`, {
      data: { productId: 1, ...WONG_MILES, mcoin },
      headers: { authorization: `Bearer ${token}`, "Idempotency-Key": `miles-${mcoin}-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    });
    expect(((await reply.json()) as { code: number }).code).toBe(200);
  }

  async function tryToRedeem(page: import("@playwright/test").Page, stepText: string) {
    await page.goto("/asiaMiles_details/1");
    await hydrated(page);
    await page.getByLabel("Last name (as on your membership card)").fill(WONG_MILES.lastName);
    await page.getByLabel("First name (as on your membership card)").fill(WONG_MILES.firstName);
    await page.getByLabel("Membership number", { exact: true }).fill(WONG_MILES.memberNo);
    await page.getByLabel("Membership number again").fill(WONG_MILES.memberNo);
    await page.getByRole("radio", { name: stepText }).check();
    await page.getByLabel("I have read and accept the terms of redemption").check();
    await page.getByRole("button", { name: "Redeem" }).click();
  }

  test("the daily and monthly maximums and a month's remainder below the smallest step each give the spec's toast, and change nothing", async ({ page, sandbox, signIn }) => {
    await sandbox.setClock(Date.parse("2026-11-10T10:00:00+08:00"));
    await signIn("wong");
    const token = await sandbox.token(MEMBERS.wong.openId);
    const spent = async () => (await sandbox.ledger(MEMBERS.wong.openId)).filter((entry) => entry.type === "miles").length;

    await redeemed(page.request, token, 10_000);
    await tryToRedeem(page, "1,000 mCoin for 100 miles");
    await expect(page.getByTestId("toast")).toHaveText("You have reached the daily redemption limit");
    expect(await spent()).toBe(1);

    await sandbox.setClock(Date.parse("2026-11-11T10:00:00+08:00"));
    await redeemed(page.request, token, 10_000);
    await sandbox.setClock(Date.parse("2026-11-12T10:00:00+08:00"));
    await tryToRedeem(page, "10,000 mCoin for 1,000 miles");
    await expect(page.getByTestId("toast")).toHaveText("You have reached the monthly redemption limit");
    expect(await spent()).toBe(2);

    await redeemed(page.request, token, 5_000);
    await tryToRedeem(page, "1,000 mCoin for 100 miles");
    await expect(page.getByTestId("toast")).toHaveText("Member redemption limited lower than redeemed miles standard.");
    expect(await spent()).toBe(3);
  });

  test("too few mCoin gives a dialog, and an account the airline does not have is named at the number", async ({ page, sandbox, signIn }) => {
    await signIn("sam", { draw: false });
    await page.goto("/asiaMiles_details/1");
    await hydrated(page);
    await page.getByLabel("Last name (as on your membership card)").fill("Wong");
    await page.getByLabel("First name (as on your membership card)").fill("Mei Ling");
    await page.getByLabel("Membership number", { exact: true }).fill("1300000001");
    await page.getByLabel("Membership number again").fill("1300000001");
    await page.getByLabel("I have read and accept the terms of redemption").check();
    await page.getByRole("button", { name: "Redeem" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Insufficient mCoin!" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button").click();

    await page.getByLabel("First name (as on your membership card)").fill("Someone Else");
    await tapGuardOpen(page.getByRole("button", { name: "Redeem" }));
    await page.getByRole("button", { name: "Redeem" }).click();
    await expect(page.getByText("No Asia Miles member account has this membership number and name.")).toBeVisible();
    expect((await sandbox.ledger(MEMBERS.sam.openId)).filter((entry) => entry.type === "miles")).toHaveLength(0);
  });
});
