/**
 * Promotions against the clock (issue "promotions"): countdowns run on the gateway's time, read at
 * the middle of the round trip and carried on a monotonic clock, and a sale opens on its second
 * without a reload, whatever the phone's own clock says.
 */
import { E2E_SANDBOX_URL, walletUserAgent } from "./env";
import { MEMBERS, expect, hydrated, test } from "./fixtures";

/** An 8-inch birthday cake: on sale from two days after the sandbox was seeded. */
const CAKE = 20;

for (const language of ["en", "zh"] as const) {
  test.describe(`an offer's start, in ${language}`, () => {
    test.use({ userAgent: walletUserAgent(language === "en" ? "en" : "zh-MO"), locale: language === "en" ? "en-US" : "zh-MO" });

    test("counts down on the gateway's clock and opens for sale at zero without a reload, with the phone's clock an hour wrong", async ({ page, sandbox, signIn }) => {
      await page.addInitScript(() => {
        // The phone's wall clock is an hour fast.
        const realNow = Date.now.bind(Date);
        Date.now = () => realNow() + 3_600_000;
      });
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
      await expect(countdown).toContainText(/00:00:0[0-3]/, { timeout: 10_000 });
      await expect(checkout).toBeDisabled();
      // The buying controls come at zero, and checkout opens.
      await expect(page.getByRole("slider").or(page.getByText(language === "en" ? "Quantity" : "數量")).first()).toBeVisible({ timeout: 6_000 });
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
        ? { checkIn: /^Check in for \+10 mCoin$/, done: "Checked in today", streak: (days: number) => `Days in a row: ${days}`, rules: "Miss a day and your streak starts again at day 1." }
        : { checkIn: /^簽到領取 \+10 mCoin$/, done: "今天已簽到", streak: (days: number) => `已連續簽到 ${days} 天`, rules: "中斷一天，連續簽到會由第 1 天重新開始。" };

    test("once a day, also after a reload; the streak grows day by day and starts again after a missed day", async ({ page, sandbox, signIn }) => {
      await sandbox.setClock(macauNoon("2026-11-30"));
      await signIn("sam");
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
