/**
 * The member's account screens (issue "account"): the points screen so far. Its history is the
 * gateway's ledger, and it sums to the balance home shows, after a purchase, a refund and a check-in.
 */
import { E2E_SANDBOX_URL, walletUserAgent } from "./env";
import { MEMBERS, expect, hydrated, test } from "./fixtures";

/** 90 mCoin a piece, paid in mCoin only: settled at once. */
const MCOIN_ONLY = 64;

for (const language of ["en", "zh"] as const) {
  test.describe(`the points screen, in ${language}`, () => {
    test.use({ userAgent: walletUserAgent(language === "en" ? "en" : "zh-MO"), locale: language === "en" ? "en-US" : "zh-MO" });
    const text = language === "en" ? { spent: "Spent", earned: "Earned", purchase: "Purchase", refund: "Refund", checkIn: "Daily check-in" } : { spent: "使用", earned: "獲得", purchase: "兌換", refund: "退款", checkIn: "每日簽到" };

    test("its history sums to the balance home shows, after a purchase, a refund and a check-in; earned and spent filter it", async ({ page, sandbox, signIn }) => {
      await signIn("chan");
      const origin = new URL(page.url()).origin;
      const post = (path: string, form: Record<string, string>) => page.request.post(path, { form, headers: { Origin: origin } });
      const bought = await post(`/coupon_details/${MCOIN_ONLY}`, { intent: "checkout", quantity: "1", mcoinUsed: "90", idempotencyKey: `points-buy-${language}-000001` });
      expect(bought.status()).toBe(200);
      const [order] = await sandbox.orders(MEMBERS.chan.openId);
      const refunded = await post(`/refund_application/${order.id}`, { intent: "refund", reason: "bought_wrongly", remarks: "", confirmed: "1", idempotencyKey: `points-refund-${language}-01` });
      expect(refunded.ok()).toBe(true);
      const { now } = (await (await page.request.get(`${E2E_SANDBOX_URL}/__sandbox/clock`)).json()) as { now: number };
      await sandbox.setClock(now + 3 * 60_000);
      expect((await post("/checkIn", { intent: "check-in", idempotencyKey: `points-check-in-${language}-1` })).ok()).toBe(true);

      await page.goto("/index");
      const home = (await page.getByTestId("mcoin-balance").textContent())!.trim();
      await page.goto("/mcoin_integral");
      await hydrated(page);
      await expect(page.getByTestId("points-balance")).toHaveText(home);
      const rows = page.getByTestId("ledger-row");
      await expect(rows.filter({ hasText: text.purchase })).toHaveCount(1);
      await expect(rows.filter({ hasText: text.refund })).toHaveCount(1);
      await expect(rows.filter({ hasText: text.checkIn })).toHaveCount(1);
      const amounts = (await rows.evaluateAll((elements) => elements.map((element) => Number(element.getAttribute("data-amount"))))).reduce((sum, amount) => sum + amount, 0);
      expect(amounts.toLocaleString("en-US")).toBe(home);

      await page.getByRole("tab", { name: text.spent }).click();
      await expect(page).toHaveURL(/filter=spent/);
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toHaveAttribute("data-amount", "-90");
      await page.getByRole("tab", { name: text.earned }).click();
      await expect(rows.filter({ hasText: text.purchase })).toHaveCount(0);
      await expect(rows.filter({ hasText: text.checkIn })).toHaveCount(1);
    });
  });
}
