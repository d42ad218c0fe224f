/**
 * Promotions against the clock (issue "promotions"): countdowns run on the gateway's time, read at
 * the middle of the round trip and carried on a monotonic clock, and a sale opens on its second
 * without a reload, whatever the phone's own clock says.
 */
import { E2E_SANDBOX_URL, walletUserAgent } from "./env";
import { expect, hydrated, test } from "./fixtures";

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
