/**
 * Buying, as a member would: the slider and the cash part, the confirmation, the simulated cashier's
 * every answer, the payment result pop-up, payment types 9 and 11, the age notice, an offer that
 * sells out mid-purchase, double taps and resubmitted forms, forged forms, and a home screen that is
 * never stale afterwards. The sandbox's ledger is the judge of every mCoin.
 */
import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { E2E_APP_URL, E2E_SANDBOX_URL, walletUserAgent } from "./env";
import { MEMBERS, expect, hydrated, isLoginPage, test } from "./fixtures";

/** The pork chop bun: MOP 38 or 380 mCoin a piece, the slider moves by 100. */
const BUN = 7;
const TEXT = {
  en: { checkout: "Checkout", pay: (amount: string) => `Pay ${amount}`, cashierPay: "Pay", success: "Payment success", viewCoupons: "View coupons", cashier: "Pay mCoin Mall" },
  zh: { checkout: "立即兌換", pay: (amount: string) => `支付 ${amount}`, cashierPay: "支付", success: "支付成功", viewCoupons: "查看優惠券", cashier: "支付 mCoin 商城" },
} as const;

const slider = (page: Page) => page.getByRole("slider");
const cashier = (page: Page, language: keyof typeof TEXT = "en") => page.getByRole("dialog", { name: TEXT[language].cashier });
const result = (page: Page) => page.getByRole("alertdialog");

async function openOffer(page: Page, offerId: number) {
  await page.goto(`/coupon_details/${offerId}`);
  await hydrated(page);
}

/** Checkout, then the confirmation's pay button. */
async function checkout(page: Page, payLabel: string | RegExp, language: keyof typeof TEXT = "en") {
  await page.getByRole("button", { name: TEXT[language].checkout }).click();
  await page.getByRole("dialog").getByRole("button", { name: payLabel }).click();
}

/** No mCoin: everything in cash. */
async function payAllInCash(page: Page) {
  await slider(page).focus();
  await page.keyboard.press("Home");
}

async function balanceOnHome(page: Page): Promise<string> {
  await page.goto("/index");
  return (await page.getByTestId("mcoin-balance").textContent()) ?? "";
}

const sum = (entries: { amount: number }[]) => entries.reduce((total, entry) => total + entry.amount, 0);

for (const language of ["en", "zh"] as const) {
  test.describe(`the acceptance, in ${language}`, () => {
    test.use({ userAgent: walletUserAgent(language === "en" ? "en" : "zh-MO"), locale: language === "en" ? "en-US" : "zh-MO" });

    test("500 mCoin, 2 pieces, 300 mCoin on the slider and the rest in the cashier", async ({ page, sandbox, signIn }) => {
      const text = TEXT[language];
      await signIn("sam");
      await openOffer(page, BUN);
      await page.getByRole("button", { name: language === "en" ? "More" : "增加" }).click();
      if (language === "en") {
        // By keyboard: to the start, then three steps of 100.
        await slider(page).focus();
        await page.keyboard.press("Home");
        for (let step = 0; step < 3; step++) await page.keyboard.press("ArrowRight");
      } else {
        // By finger: from the thumb (at 500, the most Sam may use) to 60% of the way.
        const box = (await slider(page).boundingBox())!;
        const y = box.y + box.height / 2;
        await page.mouse.move(box.x + box.width - 2, y);
        await page.mouse.down();
        await page.mouse.move(box.x + box.width * 0.45, y, { steps: 5 });
        await page.mouse.move(box.x + box.width * 0.61, y, { steps: 5 });
        await page.mouse.up();
      }
      await expect(slider(page)).toHaveAttribute("aria-valuenow", "300");
      await expect(slider(page)).toHaveAttribute("aria-valuemax", "500");
      await expect(page.getByText("$46.00").first()).toBeVisible();

      // The member had been on another tab of my coupons: success sets it back to the first.
      await page.evaluate(() => sessionStorage.setItem("mcoin.couponTab", "3"));
      await checkout(page, text.pay("$46.00"), language);
      await cashier(page, language).getByRole("button", { name: text.cashierPay, exact: true }).click();
      await expect(result(page)).toContainText(text.success);
      expect(await page.evaluate(() => sessionStorage.getItem("mcoin.couponTab"))).toBe("1");
      await result(page).getByRole("button", { name: text.viewCoupons }).click();
      await expect(page).toHaveURL(/\/order_details\/\d+$/);
      await expect(page.getByText("MOP", { exact: false }).or(page.getByText("$46.00")).first()).toBeVisible();

      expect(await balanceOnHome(page)).toBe("246");
      const ledger = await sandbox.ledger(MEMBERS.sam.openId);
      expect(ledger.map(({ type, amount }) => [type, amount])).toEqual([
        ["opening", 500],
        ["purchase", -300],
        ["earning", 46],
      ]);
      expect(sum(ledger)).toBe(246);
      const cli = JSON.parse(execFileSync(process.execPath, ["bin/mcoin.mjs", "sandbox", "ledger", "--login", MEMBERS.sam.openId, "--base-url", E2E_SANDBOX_URL, "--json"], { encoding: "utf8" })) as {
        balance: number;
      };
      expect(cli.balance).toBe(246);
    });
  });
}

test.describe("paying, every way", () => {
  test.beforeEach(async ({ signIn }) => {
    await signIn("chan");
  });

  test("only mCoin: no cashier, settled at once", async ({ page, sandbox }) => {
    await openOffer(page, 64);
    await checkout(page, "Pay with mCoin");
    await expect(result(page)).toContainText("Payment success");
    await expect(cashier(page)).toBeHidden();
    const [order] = await sandbox.orders(MEMBERS.chan.openId);
    expect(order).toMatchObject({ offerId: 64, cashCents: 0, mcoinUsed: 90 });
  });

  test("only cash: the cash earns 1 mCoin per MOP 1", async ({ page, sandbox }) => {
    await openOffer(page, 29);
    await expect(page.getByRole("slider")).toHaveCount(0);
    await expect(page.getByText("This offer is paid in cash only")).toBeVisible();
    await checkout(page, "Pay $485.00");
    await cashier(page).getByRole("button", { name: "Pay", exact: true }).click();
    await expect(result(page)).toContainText("485 mCoin");
    const ledger = await sandbox.ledger(MEMBERS.chan.openId);
    expect(ledger.at(-1)).toMatchObject({ type: "earning", amount: 485 });
    expect(sum(ledger)).toBe(12_580 + 485);
  });

  test("a failed payment says so, charges nothing and keeps the order to pay later", async ({ page, sandbox }) => {
    await openOffer(page, BUN);
    await payAllInCash(page);
    await checkout(page, "Pay $38.00");
    await cashier(page).getByRole("button", { name: "Make the payment fail" }).click();
    await expect(result(page)).toContainText("Payment Failed");
    await expect(result(page)).toContainText("nothing was charged");
    await expect(result(page)).toContainText("Your order is kept unpaid");
    const [order] = await sandbox.orders(MEMBERS.chan.openId);
    expect(order.status).toBe("awaiting_payment");
    // Where to pay it later: the order's own page.
    await result(page).getByRole("button", { name: "View the unpaid order" }).click();
    await expect(page).toHaveURL(new RegExp(`/order_details/${order.id}$`));
  });

  test("leaving the cashier cancels the order and gives the mCoin back", async ({ page, sandbox }) => {
    await openOffer(page, BUN);
    await payAllInCash(page);
    await page.keyboard.press("ArrowRight");
    await checkout(page, "Pay $28.00");
    await cashier(page).getByRole("button", { name: "Leave the cashier" }).click();
    await expect(page.getByText("Payment cancelled: the order was cancelled and your mCoin is back.")).toBeVisible();
    const [order] = await sandbox.orders(MEMBERS.chan.openId);
    expect(order.status).toBe("closed");
    const ledger = await sandbox.ledger(MEMBERS.chan.openId);
    expect(ledger.map((entry) => entry.type)).toEqual(["opening", "purchase", "purchase_released"]);
    expect(sum(ledger)).toBe(12_580);
  });

  test("a delayed confirmation shows 'processing', and checking again finds it paid", async ({ page }) => {
    test.setTimeout(45_000);
    await openOffer(page, BUN);
    await payAllInCash(page);
    await checkout(page, "Pay $38.00");
    await cashier(page).getByRole("button", { name: "Pay, confirmation delayed" }).click();
    await expect(result(page)).toContainText("Payment processing", { timeout: 15_000 });
    await expect(async () => {
      if (await result(page).getByRole("button", { name: "Check again" }).isVisible()) await result(page).getByRole("button", { name: "Check again" }).click();
      await expect(result(page)).toContainText("Payment success", { timeout: 2_000 });
    }).toPass({ timeout: 25_000 });
  });

  test("cash that comes after the order closed is refused and refunded: the spec's failure text", async ({ page, sandbox }) => {
    await openOffer(page, BUN);
    await payAllInCash(page);
    await page.keyboard.press("ArrowRight");
    await checkout(page, "Pay $28.00");
    await expect(cashier(page)).toBeVisible();
    // The member lingers in the cashier past the payment window: the order closes, its mCoin goes back.
    await sandbox.setClock(Date.now() + 16 * 60_000);
    await cashier(page).getByRole("button", { name: "Pay", exact: true }).click();
    await expect(result(page)).toContainText("Payment Failed");
    await expect(result(page)).toContainText("The amount you paid will be refunded automatically.");
    const ledger = await sandbox.ledger(MEMBERS.chan.openId);
    expect(sum(ledger)).toBe(12_580);
  });
});

test.describe("payment types", () => {
  test.beforeEach(async ({ signIn }) => {
    await signIn("chan");
  });

  test("9: 'view coupons' leaves for the coupon's own page", async ({ page }) => {
    await page.route("https://rides.coloane-bikes.example/**", (route) => route.fulfill({ contentType: "text/html", body: "<h1>Coloane bikes</h1>" }));
    await openOffer(page, 47);
    // Paid in part in cash, through the wallet's cashier: the order has a payment id.
    await payAllInCash(page);
    await checkout(page, /^Pay \$/);
    await cashier(page).getByRole("button", { name: "Pay", exact: true }).click();
    await result(page).getByRole("button", { name: "View coupons" }).click();
    await expect(page).toHaveURL("https://rides.coloane-bikes.example/coupons/day-hire");
  });

  test("paid in mCoin alone (no payment id): 'view coupons' goes to my coupons", async ({ page }) => {
    // 64: 90 mCoin a piece, paid in mCoin only: the wallet's cashier never opens.
    await openOffer(page, 64);
    await checkout(page, "Pay with mCoin");
    await result(page).getByRole("button", { name: "View coupons" }).click();
    await expect(page).toHaveURL(/\/mycoupon$/);
  });

  test("11: 'view coupons' opens the third-party order with its code", async ({ page }) => {
    await openOffer(page, 9);
    await payAllInCash(page);
    await checkout(page, /^Pay \$/);
    await cashier(page).getByRole("button", { name: "Pay", exact: true }).click();
    await result(page).getByRole("button", { name: "View coupons" }).click();
    await expect(page).toHaveURL(/\/other_order_details\/\d+$/);
    await expect(page.getByText(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/)).toBeVisible();
  });
});

test.describe("what can and cannot be bought", () => {
  test("an 18+ offer asks first; under 18 cannot buy, 18 or older can", async ({ page, signIn }) => {
    await signIn("chan");
    await openOffer(page, 58);
    const notice = page.getByRole("alertdialog", { name: "Age notice" });
    await notice.getByRole("button", { name: "I'm under 18" }).click();
    await expect(page.getByText("This offer is only for members aged 18 or older.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Checkout" })).toBeDisabled();

    // The answer holds for the visit (another 18+ offer says the same), and can be changed.
    await openOffer(page, 58);
    await expect(page.getByRole("alertdialog", { name: "Age notice" })).toHaveCount(0);
    await page.getByRole("button", { name: "Change my answer" }).click();
    await page.getByRole("alertdialog", { name: "Age notice" }).getByRole("button", { name: "I'm 18 or older" }).click();
    await checkout(page, "Pay with mCoin");
    await expect(result(page)).toContainText("Payment success");
  });

  test("an offer that sells out between opening and paying is refused in place, and nothing is taken", async ({ page, sandbox, signIn }) => {
    await signIn("chan");
    await openOffer(page, 40);
    await sandbox.setOffer(40, { stock: 0 });
    await checkout(page, /^Pay/);
    await expect(page.getByRole("dialog").getByRole("alert")).toHaveText("Coupons sold out");
    expect(await sandbox.orders(MEMBERS.chan.openId)).toHaveLength(0);
    expect(sum(await sandbox.ledger(MEMBERS.chan.openId))).toBe(12_580);
  });

  test("sold out, not started and taken down say so; an unknown offer is not found", async ({ page }) => {
    await openOffer(page, 6);
    await expect(page.getByRole("status").filter({ hasText: "Coupons sold out" })).toBeVisible();
    await openOffer(page, 20);
    await expect(page.getByText(/^Coming soon: on sale from/)).toBeVisible();
    await openOffer(page, 10);
    await expect(page.getByText("This offer is no longer available.")).toBeVisible();
    const response = await page.goto("/coupon_details/999999");
    expect(response?.status()).toBe(404);
  });

  test("a visitor sees the offer and signs in to buy, coming back to it", async ({ page }) => {
    await openOffer(page, BUN);
    await page.getByRole("link", { name: "Sign in to buy" }).click();
    await expect(page).toHaveURL(isLoginPage);
    await page.getByRole("button", { name: new RegExp(MEMBERS.sam.nickname) }).click();
    await expect(page).toHaveURL(new RegExp(`/coupon_details/${BUN}$`));
    await expect(page.getByRole("button", { name: "Checkout" })).toBeEnabled();
  });
});

test.describe("safe against double taps, retries and forged forms", () => {
  test.beforeEach(async ({ signIn }) => {
    await signIn("chan");
  });

  test("a double tap and a resubmitted form make one order", async ({ page, sandbox }) => {
    await openOffer(page, 64);
    await page.getByRole("button", { name: "Checkout" }).click();
    // The rendered confirmation's own fields, its idempotency key among them.
    const fields = Object.fromEntries(
      await page.locator("form.sheet input[type=hidden]").evaluateAll((inputs) => inputs.map((input) => [(input as HTMLInputElement).name, (input as HTMLInputElement).value])),
    ) as Record<string, string>;
    await page.getByRole("button", { name: "Pay with mCoin" }).dblclick();
    await expect(result(page)).toContainText("Payment success");

    // The same form, sent again as a retry or a resubmission would.
    for (let again = 0; again < 2; again++) {
      const resent = await page.request.post("/coupon_details/64", { form: fields, headers: { Origin: E2E_APP_URL } });
      expect(resent.status()).toBeLessThan(500);
    }
    expect(await sandbox.orders(MEMBERS.chan.openId)).toHaveLength(1);
    expect(sum(await sandbox.ledger(MEMBERS.chan.openId))).toBe(12_580 - 90);
  });

  test("forged forms get a clear refusal or a 403, never a 5xx, and change nothing", async ({ page, sandbox }) => {
    const key = "forged-form-key-0123456789";
    const before = await sandbox.digest();
    const post = (path: string, form: Record<string, string>, origin = E2E_APP_URL) => page.request.post(path, { form, headers: { Origin: origin }, maxRedirects: 0 });
    const base = { intent: "checkout", quantity: "1", mcoinUsed: "0", idempotencyKey: key };
    const cases: [string, Record<string, string>, number, string?][] = [
      [`/coupon_details/${BUN}`, { ...base, quantity: "-1" }, 400],
      [`/coupon_details/${BUN}`, { ...base, quantity: "1.5" }, 400],
      [`/coupon_details/${BUN}`, { ...base, mcoinUsed: "99999999" }, 409],
      [`/coupon_details/${BUN}`, { ...base, mcoinUsed: "150" }, 409],
      [`/coupon_details/${BUN}`, { intent: "checkout", quantity: "1", mcoinUsed: "0" }, 400],
      [`/coupon_details/999999`, base, 409],
      ["/resources/order", { intent: "cancel", orderId: "1", idempotencyKey: key }, 404],
      [`/coupon_details/${BUN}`, { intent: "refund-everything" }, 400],
    ];
    for (const [path, form, status] of cases) {
      const reply = await post(path, form);
      expect(reply.status(), `${path} ${JSON.stringify(form)}`).toBe(status);
    }
    expect((await post(`/coupon_details/${BUN}`, base, "https://evil.example")).status()).toBe(403);
    expect(await sandbox.digest()).toBe(before);
  });

  test("another member's order cannot be cancelled nor seen", async ({ page, sandbox, playwright }) => {
    // Ana places an order through the gateway with her own token.
    const ana = await playwright.request.newContext({ baseURL: E2E_SANDBOX_URL });
    const token = await sandbox.token(MEMBERS.ana.openId);
    const placed = await ana.post("/api/business/snapup", {
      data: { offerId: BUN, quantity: 1, mcoinUsed: 0 },
      headers: { authorization: `Bearer ${token}`, mpay: "1", "Idempotency-Key": "anas-own-order-key-0001" },
    });
    const order = ((await placed.json()) as { data: { id: number } }).data;
    await ana.dispose();

    const cancel = await page.request.post("/resources/order", { form: { intent: "cancel", orderId: String(order.id), idempotencyKey: "someone-elses-order-0001" }, headers: { Origin: E2E_APP_URL } });
    expect(cancel.status()).toBe(404);
    expect((await page.goto(`/order_details/${order.id}`))?.status()).toBe(404);
    const [anas] = await sandbox.orders(MEMBERS.ana.openId);
    expect(anas.status).toBe("awaiting_payment");
  });
});

test("home is never stale after a purchase, also when the member goes back to it", async ({ page, signIn }) => {
  await signIn("chan");
  await expect(page.getByTestId("mcoin-balance")).toHaveText("12,580");
  // Within the page, as a tap on an offer would: home stays kept alive behind it.
  await page.evaluate(() => {
    (window as unknown as { __stillTheSamePage: boolean }).__stillTheSamePage = true;
    void (window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } }).__remixRouter.navigate("/coupon_details/64");
  });
  await expect(page).toHaveURL(/\/coupon_details\/64$/);
  await checkout(page, "Pay with mCoin");
  await expect(result(page)).toContainText("Payment success");
  await page.goBack();
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByTestId("mcoin-balance")).toHaveText("12,490");
  expect(await page.evaluate(() => (window as unknown as { __stillTheSamePage?: boolean }).__stillTheSamePage)).toBe(true);
});
