/**
 * The wallet and after-sale, as members would use it: my coupons by tab with counts (both
 * languages), a coupon's QR code that really scans, the merchant's till (`mcoin sandbox redeem`),
 * expiry on the sandbox clock, the refund form (both languages) and the refund order, logistics
 * orders from the cancellation window to receipt, codes and mCoin coupons, deleting, and forged
 * requests that change nothing. The sandbox's ledger and orders are the judges.
 */
import { execFileSync } from "node:child_process";
import type { APIRequestContext, Page } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import sharp from "sharp";
import { E2E_APP_URL, E2E_SANDBOX_URL, walletUserAgent } from "./env";
import { MEMBERS, expect, hostCalls, hydrated, test, type SandboxControl } from "./fixtures";
import { holdRequests } from "./waits";

/** mCoin only: 50 mCoin a piece, settled at once (no cashier). */
const TYRE_CHECK = 53;
/** One of the stores the tyre check is sold at (fixtures/catalog.json): the till that redeems it. */
const TYRE_CHECK_STORE = 22;
/** MOP 38 or 380 mCoin a piece. */
const BUN = 7;
const BUN_STORE = 4;
/** Delivery goods, MOP 39. */
const MILK = 27;
const MINUTE = 60_000;

const TEXT = {
  en: {
    unused: "Unused",
    used: "Used",
    expired: "Expired",
    refund: "Refund",
    other: "Other",
    remarksRequired: "Please enter remarks when the reason is Other.",
    confirmTitle: "Submit this refund?",
    keepCoupons: "Keep my coupons",
    confirmBack: "$28.00 and 72 mCoin come back to you.",
    mcoinBack: "mCoin back",
    remarksNeeded: "required",
    remarksOptional: "optional",
    confirmRequired: "Please confirm that you understand the coupons will become invalid.",
    submit: "Submit refund",
    refunding: "Refunding",
    refunded: "Refunded",
    tab: (label: string, count: number) => `${label} (${count})`,
  },
  zh: {
    unused: "未使用",
    used: "已使用",
    expired: "已過期",
    refund: "退款",
    other: "其他",
    remarksRequired: null,
    confirmTitle: "確定申請退款？",
    keepCoupons: "保留優惠券",
    confirmBack: "將退回 $28.00 及 72 mCoin。",
    mcoinBack: "退回 mCoin",
    remarksNeeded: "必填",
    remarksOptional: "選填",
    confirmRequired: null,
    submit: "提交退款",
    refunding: "退款中",
    refunded: "已退款",
    tab: (label: string, count: number) => `${label}(${count})`,
  },
} as const;

interface GatewayOrder {
  id: number;
  orderNo: string;
  cashCents: number;
  status: string;
  coupons: { redemptionCode: string; useUntil: number; status: string }[];
}

/** Places an order at the gateway with the member's own token, and pays its cash through the wallet's stand-in. */
async function gatewayOrder(
  playwright: { request: { newContext(options: object): Promise<APIRequestContext> } },
  sandbox: SandboxControl,
  openId: string,
  body: Record<string, unknown>,
  pay = true,
): Promise<GatewayOrder> {
  const gateway = await playwright.request.newContext({ baseURL: E2E_SANDBOX_URL });
  const token = await sandbox.token(openId);
  const key = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 12)}`;
  const placed = await gateway.post("/api/business/snapup", { data: { adult: false, ...body }, headers: { authorization: `Bearer ${token}`, mpay: "1", "Idempotency-Key": key } });
  let order = ((await placed.json()) as { data: GatewayOrder }).data;
  expect(order.id, JSON.stringify(order)).toBeGreaterThan(0);
  if (pay && order.cashCents > 0) {
    const paid = await gateway.post("/__wallet/pay", { data: { orderNo: order.orderNo, amountCents: order.cashCents, outcome: "paid" } });
    order = ((await paid.json()) as { reply: { body: { data: GatewayOrder } } }).reply.body.data;
  }
  await gateway.dispose();
  return order;
}

function mcoin(...args: string[]): string {
  return execFileSync(process.execPath, ["bin/mcoin.mjs", ...args, "--base-url", E2E_SANDBOX_URL], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

async function sandboxNow(sandbox: SandboxControl): Promise<number> {
  return sandbox.now();
}

const couponTab = (page: Page, name: RegExp | string) => page.getByRole("tablist").getByRole("tab", { name });

for (const language of ["en", "zh"] as const) {
  const text = TEXT[language];
  test.describe(`my coupons, in ${language}`, () => {
    test.use({ userAgent: walletUserAgent(language === "en" ? "en" : "zh-MO"), locale: language === "en" ? "en-US" : "zh-MO" });

    test("bought: unused with its QR code; the till redeems it: used; past its validity: expired", async ({ page, sandbox, signIn, playwright }) => {
      await signIn("sam", { draw: false });
      await page.goto(`/coupon_details/${TYRE_CHECK}`);
      await hydrated(page);
      await page.getByRole("button", { name: language === "en" ? "Checkout" : "立即兌換" }).click();
      await page
        .getByRole("dialog")
        .getByRole("button", { name: language === "en" ? "Pay with mCoin" : /mCoin/ })
        .click();
      await expect(page.getByRole("alertdialog")).toBeVisible();
      const [bought] = await sandbox.orders(MEMBERS.sam.openId);
      expect(bought.status).toBe("received");

      await page.goto(`/order_details/${bought.id}`);
      const code = (await page.getByTestId("redemption-code").textContent())!.trim();
      expect(code).toMatch(/^\d{12}$/);
      await expect(page.getByRole("img", { name: new RegExp(code) })).toBeVisible();

      await page.goto("/mycoupon");
      await expect(couponTab(page, text.tab(text.unused, 1))).toHaveAttribute("aria-selected", "true");
      const card = page.getByRole("article").filter({ has: page.locator(`[href="/order_details/${bought.id}"]`) });
      await expect(card).toBeVisible();

      // The merchant's till, offline from the mall.
      expect(mcoin("sandbox", "redeem", code, "--store", String(TYRE_CHECK_STORE))).toContain(`the order is used`);
      await page.reload();
      await expect(couponTab(page, text.tab(text.unused, 0))).toBeVisible();
      // The tabs are buttons: a tap before the page is hydrated does nothing.
      await hydrated(page);
      await couponTab(page, text.tab(text.used, 1)).click();
      await expect(page.getByRole("article").first()).toBeVisible();
      await expect(page.locator(`[href="/order_details/${bought.id}"]`).first()).toBeVisible();

      // Another, then the sandbox clock past its validity.
      const second = await gatewayOrder(playwright, sandbox, MEMBERS.sam.openId, { offerId: TYRE_CHECK, quantity: 1, mcoinUsed: 50 });
      await sandbox.setClock(second.coupons[0].useUntil + MINUTE);
      await page.goto("/mycoupon");
      await hydrated(page);
      await couponTab(page, text.tab(text.expired, 1)).click();
      await expect(page.locator(`[href="/order_details/${second.id}"]`).first()).toBeVisible();
      // The tab is kept for the visit; leaving for home sets it back to the first.
      await page.goto("/mycoupon");
      await expect(couponTab(page, text.tab(text.expired, 1))).toHaveAttribute("aria-selected", "true");
    });

    test("refund 'other' with a remark: the refund order, the coupon invalid, mCoin and cash back exactly", async ({ page, sandbox, signIn, playwright }) => {
      await signIn("sam");
      const order = await gatewayOrder(playwright, sandbox, MEMBERS.sam.openId, { offerId: BUN, quantity: 1, mcoinUsed: 100 });
      expect(order).toMatchObject({ status: "received", cashCents: 2800 });
      await page.goto(`/order_details/${order.id}`);
      await hydrated(page);
      await page.getByRole("link", { name: text.refund, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/refund_application/${order.id}$`));
      await expect(page.getByTestId("refund-cash")).toHaveText("$28.00");
      // What the cash earned goes back out of the mCoin refunded: 100 paid, less 28, makes 72 back,
      // written as that sum (the 72 is what comes back, not one more part to add).
      await expect(page.getByTestId("refund-mcoin-paid")).toHaveText("100");
      await expect(page.getByTestId("refund-reversal")).toHaveText(/−\u2060?28$/);
      await expect(page.getByTestId("refund-mcoin")).toHaveText("72");
      const sum = await page.locator(".refund-form__sum dd").allTextContents();
      expect(sum.slice(1)).toEqual(["100", expect.stringMatching(/−\u2060?28$/), "72"]);
      await expect(page.locator(".refund-form__total dt")).toHaveText(text.mcoinBack);

      await expect(page.locator('label[for="refund-remarks"]')).toContainText(text.remarksOptional);
      await page.getByRole("radio", { name: text.other, exact: true }).check();
      // Said as soon as 'Other' is chosen, before any submit.
      await expect(page.locator('label[for="refund-remarks"]')).toContainText(text.remarksNeeded);
      await page.getByRole("button", { name: text.submit }).click();
      // 'Other' needs remarks: refused in place at the field, on the first try, nothing asked of the gateway.
      await expect(page.locator("#refund-remarks-error")).toBeVisible();
      await expect(page.getByRole("textbox")).toBeFocused();
      if (text.remarksRequired) await expect(page.getByText(text.remarksRequired).first()).toBeVisible();
      expect((await sandbox.orders(MEMBERS.sam.openId))[0].status).toBe("received");

      await page.getByRole("textbox").fill("Bought for the wrong day");
      await page.getByRole("button", { name: text.submit }).click();
      // One sheet asks first, with what comes back; keeping the coupons changes nothing.
      const sheet = page.getByRole("alertdialog", { name: text.confirmTitle });
      await expect(sheet.getByTestId("refund-confirm-back")).toHaveText(text.confirmBack);
      await sheet.getByRole("button", { name: text.keepCoupons }).click();
      await expect(sheet).toHaveCount(0);
      expect((await sandbox.orders(MEMBERS.sam.openId))[0].status).toBe("received");
      await page.getByRole("button", { name: text.submit }).click();
      await sheet.getByRole("button", { name: text.submit }).click();
      const refundOrder = page.getByTestId("refund-order");
      await expect(refundOrder).toContainText(text.refunding);
      await expect(refundOrder).toContainText("$28.00");
      await expect(refundOrder).toContainText("Bought for the wrong day");
      await expect(refundOrder).toContainText(/RF\d{14}/);

      // The coupon is invalid at once: no QR code any more, and the till refuses it.
      await page.goto(`/order_details/${order.id}`);
      await expect(page.getByRole("img", { name: new RegExp(order.coupons[0].redemptionCode) })).toHaveCount(0);
      expect(() => mcoin("sandbox", "redeem", order.coupons[0].redemptionCode, "--store", String(BUN_STORE))).toThrow();

      // Two minutes later on the sandbox clock the refund is done.
      await sandbox.setClock((await sandboxNow(sandbox)) + 2 * MINUTE + 1000);
      await page.goto(`/refund_application/${order.id}`);
      await expect(page.getByTestId("refund-order")).toContainText(text.refunded);
      await expect(page.getByTestId("refund-order")).toContainText(/WR[0-9A-F]{20}/);
      const ledger = await sandbox.ledger(MEMBERS.sam.openId);
      expect(ledger.slice(-4).map(({ type, amount }) => [type, amount])).toEqual([
        ["purchase", -100],
        ["earning", 28],
        ["refund", 100],
        ["earning_reversed", -28],
      ]);
      const cli = JSON.parse(mcoin("sandbox", "ledger", "--login", MEMBERS.sam.openId, "--json")) as { balance: number };
      expect(cli.balance).toBe(500);
    });

    test("tabs and counts of coupons, logistics orders and refund orders", async ({ page, signIn }) => {
      await signIn("wong");
      await page.goto("/mycoupon");
      await expect(couponTab(page, text.tab(text.unused, 4))).toBeVisible();
      await expect(couponTab(page, text.tab(text.used, 2))).toBeVisible();
      await expect(couponTab(page, text.tab(text.expired, 1))).toBeVisible();
      await page.getByRole("link", { name: language === "en" ? "Logistics orders" : "物流訂單" }).click();
      await expect(page).toHaveURL(/view=logistics/);
      // The order tabs are buttons: a tap before the page is hydrated does nothing.
      await hydrated(page);
      const shipped = page.getByRole("tab", { name: text.tab(language === "en" ? "Shipped" : "已發貨", 2) });
      await shipped.click();
      await expect(page.getByRole("article")).toHaveCount(2);
      await page.getByRole("link", { name: language === "en" ? "Refund orders" : "退款訂單" }).click();
      await expect(page.getByRole("article")).toHaveCount(1);
      await expect(page.getByRole("article")).toContainText(text.refunded);
    });
  });
}

test.describe("orders and after-sale", () => {
  test("a coupon's QR code, photographed from the screen, decodes to the redemption code beside it", async ({ page, signIn, sandbox }) => {
    await signIn("wong");
    const [groupBuy] = (await sandbox.orders(MEMBERS.wong.openId)).filter((order) => order.orderKind === "group_buy");
    await page.goto(`/order_details/${groupBuy.id}`);
    await expect(page.getByText("Group buy").or(page.getByText("團購")).first()).toBeVisible();
    const shown = (await page.getByTestId("redemption-code").first().textContent())!.trim();
    const png = PNG.sync.read(await page.locator(".coupon-card__qr").first().screenshot());
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(shown);
  });

  test("a third-party voucher's own screen, with its code to copy, whichever order address was opened", async ({ page, signIn, context, sandbox }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: E2E_APP_URL });
    await signIn("wong");
    const orders = await sandbox.orders(MEMBERS.wong.openId);
    const voucher = orders.find((order) => order.paymentType === 11)!;
    // Asked for at the ordinary order screen's address (a shared or typed link), it opens at its own.
    await page.goto(`/order_details/${voucher.id}`);
    await expect(page).toHaveURL(new RegExp(`/other_order_details/${voucher.id}$`));
    await hydrated(page);
    await expect(page.getByText(voucher.otherCode!)).toBeVisible();
    await page
      .getByRole("button", { name: /copy voucher code|複製/i })
      .first()
      .click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(voucher.otherCode);
  });

  test("logistics: cancel an unpaid order inside the window; past it the spec's message; ship, then confirm receipt", async ({ page, sandbox, signIn, playwright }) => {
    await signIn("chan");
    const inside = await gatewayOrder(playwright, sandbox, MEMBERS.chan.openId, { offerId: MILK, quantity: 1, mcoinUsed: 0 }, false);
    const outside = await gatewayOrder(playwright, sandbox, MEMBERS.chan.openId, { offerId: MILK, quantity: 1, mcoinUsed: 0 }, false);
    await page.goto("/mycoupon?view=logistics");
    // The order buttons are the app's code: a tap before hydration does nothing.
    await hydrated(page);
    await page.getByRole("tab", { name: /^Unpaid/ }).click();
    // The Unpaid tab's own list (the All tab shows the same two orders until its data comes, and a
    // card's dialog opened on that list goes with it).
    await expect(page.getByRole("region", { name: "Unpaid" }).getByRole("article")).toHaveCount(2);
    await hydrated(page);
    await page.locator(`[data-order-id="${inside.id}"]`).getByRole("button", { name: "Cancel order" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel order" }).click();
    await expect.poll(async () => (await sandbox.orders(MEMBERS.chan.openId)).find((order) => order.id === inside.id)?.status).toBe("closed");

    await sandbox.setClock((await sandboxNow(sandbox)) + 11 * MINUTE);
    await page.goto(`/order_details/${outside.id}`);
    await hydrated(page);
    await page.getByRole("button", { name: "Cancel order" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel order" }).click();
    await expect(page.getByRole("alert")).toHaveText("The order has been established beyond the designated cancellation window and cannot be canceled");
    expect((await sandbox.orders(MEMBERS.chan.openId)).find((order) => order.id === outside.id)?.status).toBe("awaiting_payment");

    // Paid goods: shipped by the merchant, then received by the member.
    const paid = await gatewayOrder(playwright, sandbox, MEMBERS.chan.openId, { offerId: MILK, quantity: 1, mcoinUsed: 0 });
    expect(paid.status).toBe("awaiting_shipment");
    expect(mcoin("sandbox", "ship", (paid as GatewayOrder).orderNo)).toContain("awaiting_receipt");
    await page.goto(`/order_details/${paid.id}`);
    await hydrated(page);
    await expect(page.getByText("Awaiting receipt").first()).toBeVisible();
    await expect(page.getByText("陳大文").first()).toBeVisible();
    await page.getByRole("button", { name: "Confirm receipt" }).click();
    await expect(page.getByText("Completed").first()).toBeVisible();
  });

  test("my orders page as the member scrolls; my redemptions list coupons only", async ({ page, signIn }) => {
    await signIn("wong");
    await page.goto("/myOrder");
    await expect(page.getByRole("heading", { name: "My Orders" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "All", exact: true })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("article")).toHaveCount(10);
    await page.getByRole("article").last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await expect(page.getByRole("article")).toHaveCount(12);
    await page.goto("/newMyCoupon");
    await expect(page.getByRole("heading", { name: "My Redemptions" })).toBeVisible();
    // Wong's coupon and voucher orders: every one but the five goods orders.
    await expect(page.getByRole("article")).toHaveCount(7);
  });

  test("pay now: an unpaid order goes back into the cashier and is paid once", async ({ page, sandbox, signIn, playwright }) => {
    await signIn("sam");
    const order = await gatewayOrder(playwright, sandbox, MEMBERS.sam.openId, { offerId: BUN, quantity: 1, mcoinUsed: 100 }, false);
    expect(order.status).toBe("awaiting_payment");
    await page.goto(`/order_details/${order.id}`);
    await hydrated(page);
    await page.getByRole("button", { name: "Pay now" }).click();
    await page.getByRole("dialog", { name: "Pay mCoin Mall" }).getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page.getByRole("alertdialog")).toContainText("Payment success");
    await expect.poll(async () => (await sandbox.orders(MEMBERS.sam.openId))[0].status).toBe("received");
    expect((await sandbox.ledger(MEMBERS.sam.openId)).filter((entry) => entry.type === "earning")).toHaveLength(1);
  });

  test("checkout of delivery goods shows the address; a member without one is told to add it", async ({ page, signIn }) => {
    await signIn("ana");
    await page.goto(`/coupon_details/${MILK}`);
    await hydrated(page);
    await page.getByRole("button", { name: "Checkout" }).click();
    await expect(page.getByTestId("checkout-address")).toContainText("Please add a shipping address");
    await expect(page.getByRole("dialog").getByRole("button", { name: /^Pay/ })).toBeDisabled();
  });

  test("a code gives a gifted coupon once; an mCoin coupon adds its mCoin once", async ({ page, sandbox, signIn }) => {
    await signIn("sam", { draw: false });
    await page.goto("/mycoupon");
    await hydrated(page);
    const redeem = async (code: string) => {
      // The dialog opens from the hydrated page: a tap before hydration does nothing.
      await hydrated(page);
      await page.getByRole("button", { name: "Redeem a coupon" }).click();
      await page.getByRole("textbox", { name: "Coupon code" }).fill(code);
      await page.getByRole("dialog").getByRole("button", { name: "Redeem", exact: true }).click();
    };
    await redeem("gift-congee");
    await expect(page.getByRole("status").filter({ hasText: "Redeemed" })).toBeVisible();
    await page.goto("/mycoupon");
    await expect(page.getByText("Gifted").first()).toBeVisible();
    await redeem("GIFT-CONGEE");
    await expect(page.getByRole("alert").filter({ hasText: "This code is invalid, used up or expired." })).toBeVisible();

    await page.goto("/mycoupon");
    await redeem("MCOIN-500");
    await expect(page.getByRole("status").filter({ hasText: "Redeemed" })).toBeVisible();
    await page.goto("/mycoupon?view=mcoin");
    await hydrated(page);
    await page.getByRole("button", { name: /500 mCoin reward coupon/ }).click();
    await expect.poll(async () => (await sandbox.ledger(MEMBERS.sam.openId)).at(-1)).toMatchObject({ type: "mcoin_coupon", amount: 500, balanceAfter: 1000 });
  });

  test("deleting a finished order takes it off the lists; its ledger history stays", async ({ page, sandbox, signIn }) => {
    await signIn("wong");
    const orders = await sandbox.orders(MEMBERS.wong.openId);
    const completed = orders.find((order) => order.status === "completed")!;
    const ledger = await sandbox.ledger(MEMBERS.wong.openId);
    await page.goto(`/order_details/${completed.id}`);
    await hydrated(page);
    await page.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect.poll(async () => (await sandbox.orders(MEMBERS.wong.openId)).some((order) => order.id === completed.id)).toBe(false);
    expect((await page.goto(`/order_details/${completed.id}`))?.status()).toBe(404);
    expect(await sandbox.ledger(MEMBERS.wong.openId)).toEqual(ledger);
  });

  test("a partly used order's refund page says why it cannot be refunded, not its status", async ({ page, sandbox, signIn, playwright }) => {
    await signIn("sam");
    const order = await gatewayOrder(playwright, sandbox, MEMBERS.sam.openId, { offerId: TYRE_CHECK, quantity: 2, mcoinUsed: 100 });
    mcoin("sandbox", "redeem", order.coupons[0].redemptionCode, "--store", String(TYRE_CHECK_STORE));
    await page.goto(`/refund_application/${order.id}`);
    await expect(page.getByRole("heading", { name: "This order cannot be refunded" })).toBeVisible();
    await expect(page.getByText("1 of its 2 coupons has been used. An order is refunded whole, so a refund can be asked for only while every coupon is unused.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Order summary" })).toHaveAttribute("href", `/order_details/${order.id}`);
  });

  test("forged requests get a clear message and change nothing; never a 5xx", async ({ page, sandbox, signIn, playwright }) => {
    await signIn("sam");
    const own = await gatewayOrder(playwright, sandbox, MEMBERS.sam.openId, { offerId: TYRE_CHECK, quantity: 1, mcoinUsed: 50 });
    const used = await gatewayOrder(playwright, sandbox, MEMBERS.sam.openId, { offerId: TYRE_CHECK, quantity: 1, mcoinUsed: 50 });
    mcoin("sandbox", "redeem", used.coupons[0].redemptionCode, "--store", String(TYRE_CHECK_STORE));
    const wongs = (await sandbox.orders(MEMBERS.wong.openId)).find((order) => order.status === "received")!;
    const before = await sandbox.digest();
    const post = (path: string, form: Record<string, string>) => page.request.post(path, { form, headers: { Origin: E2E_APP_URL }, maxRedirects: 0 });
    const refund = (orderId: number, extra: Record<string, string> = {}) =>
      post(`/refund_application/${orderId}`, { intent: "refund", reason: "bought_wrongly", remarks: "", confirmed: "1", idempotencyKey: `forged-refund-${orderId}-0001`, ...extra });
    const cases: [string, Promise<{ status(): number; text(): Promise<string> }>, number, string?][] = [
      ["another member's order", refund(wongs.id), 404],
      ["a refund of a used coupon", refund(used.id), 409, "This order cannot be refunded"],
      ["an unknown reason", refund(own.id, { reason: "because" }), 400, "Choose a refund reason."],
      ["a 2,000-character remark", refund(own.id, { reason: "other", remarks: "x".repeat(2000) }), 400, "Your remarks are too long."],
      ["no confirmation", refund(own.id, { confirmed: "0" }), 400],
      [
        "deleting an unpaid-free received order",
        post("/resources/order", { intent: "delete", orderId: String(own.id), idempotencyKey: "forged-delete-000001" }),
        409,
        "This order cannot be deleted yet.",
      ],
      ["receiving a coupon", post("/resources/order", { intent: "receive", orderId: String(own.id), idempotencyKey: "forged-receive-00001" }), 409],
      ["another member's order, deleted", post("/resources/order", { intent: "delete", orderId: String(wongs.id), idempotencyKey: "forged-delete-000002" }), 404],
      ["an unknown intent", post("/resources/order", { intent: "refund-everything", orderId: String(own.id) }), 400],
    ];
    for (const [name, reply, status, message] of cases) {
      const answer = await reply;
      expect(answer.status(), name).toBe(status);
      if (message) expect(await answer.text(), name).toContain(message);
    }
    for (const path of [`/order_details/${wongs.id}`, `/refund_application/${wongs.id}`, "/order_details/abc", "/refund_application/-1"]) {
      expect((await page.goto(path))?.status(), path).toBe(404);
    }
    expect(await sandbox.digest()).toBe(before);
  });
});

for (const screen of [
  { name: "my coupons", path: "/mycoupon", data: /\/mycoupon\.data/ },
  { name: "my orders", path: "/myOrder", data: /\/myOrder\.data/ },
]) {
  test(`back from an order shows ${screen.name} as the member left them at once, then as the server has them now`, async ({ page, sandbox, signIn, playwright }) => {
    await signIn("sam");
    await gatewayOrder(playwright, sandbox, MEMBERS.sam.openId, { offerId: BUN, quantity: 1, mcoinUsed: 100 });
    await page.goto(screen.path);
    await hydrated(page);
    const cards = page.getByRole("article");
    await expect(cards.first()).toBeVisible();
    const seen = await cards.count();
    await page.locator('a[href^="/order_details/"]').first().click();
    await expect(page).toHaveURL(/\/order_details\/\d+$/);
    await expect(page.getByTestId("redemption-code")).toBeVisible();
    // Meanwhile, another coupon of the member's arrives elsewhere.
    await gatewayOrder(playwright, sandbox, MEMBERS.sam.openId, { offerId: BUN, quantity: 1, mcoinUsed: 100 });
    const refresh = await holdRequests(page, screen.data);
    await page.goBack();
    // What the member saw, at once, while the server is asked again in the background: the list, and
    // the order no longer.
    await expect(page.getByTestId("redemption-code")).toHaveCount(0);
    await expect(cards).toHaveCount(seen);
    await expect.poll(refresh.held).toBe(1);
    refresh.release();
    await expect(cards).toHaveCount(seen + 1);
  });
}

test("without scripts, the refund form asks for the member's word as a checkbox, and refuses without it", async ({ page, sandbox, signIn, playwright, browser }) => {
  await signIn("sam");
  const order = await gatewayOrder(playwright, sandbox, MEMBERS.sam.openId, { offerId: TYRE_CHECK, quantity: 1, mcoinUsed: 50 });
  // With scripts, there is no checkbox: the sheet asks instead.
  await page.goto(`/refund_application/${order.id}`);
  await hydrated(page);
  await expect(page.getByRole("button", { name: "Submit refund" })).toBeVisible();
  await expect(page.getByRole("checkbox")).toHaveCount(0);
  const plain = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState(), userAgent: walletUserAgent("en"), locale: "en-US" });
  try {
    const noScripts = await plain.newPage();
    await noScripts.goto(`${E2E_APP_URL}/refund_application/${order.id}`);
    await noScripts.getByRole("radio", { name: "Bought wrongly / over-bought / no longer wanted" }).check();
    await noScripts.getByRole("button", { name: "Submit refund" }).click();
    await expect(noScripts.getByText("Please confirm that you understand the coupons will become invalid.")).toBeVisible();
    expect((await sandbox.orders(MEMBERS.sam.openId)).find((one) => one.id === order.id)?.status).toBe("received");
    await noScripts.getByRole("radio", { name: "Bought wrongly / over-bought / no longer wanted" }).check();
    await noScripts.getByRole("checkbox", { name: "I understand the coupons will be invalid and this cannot be undone" }).check();
    await noScripts.getByRole("button", { name: "Submit refund" }).click();
    await expect(noScripts.getByTestId("refund-order")).toContainText("Refunding");
  } finally {
    await plain.close();
  }
});

test.describe("a refund's photos", () => {
  /** A phone's photo: larger than the mall sends (it is made 1,280 pixels across first). */
  const phonePhoto = async () => ({
    name: "IMG_2041.jpg",
    mimeType: "image/jpeg",
    buffer: await sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#c84f12" } })
      .jpeg()
      .toBuffer(),
  });

  test("taken with the camera or chosen from the album, shown, sent with the refund and counted on its order; one removed is not sent", async ({ page, sandbox, signIn, playwright }) => {
    await signIn("sam");
    const order = await gatewayOrder(playwright, sandbox, MEMBERS.sam.openId, { offerId: TYRE_CHECK, quantity: 1, mcoinUsed: 50 });
    await page.goto(`/refund_application/${order.id}`);
    await hydrated(page);
    await page.getByRole("radio", { name: "Bought wrongly / over-bought / no longer wanted" }).check();

    const camera = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Take a photo" }).click();
    await (await camera).setFiles(await phonePhoto());
    const album = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Choose photos" }).click();
    const chooser = await album;
    expect(chooser.isMultiple()).toBe(true);
    await chooser.setFiles([await phonePhoto(), { ...(await phonePhoto()), name: "IMG_2042.jpg" }]);

    const photos = page.getByTestId("refund-photo");
    await expect(photos).toHaveCount(3);
    await expect(page.locator('[data-testid="refund-photo"][data-sent="1"]')).toHaveCount(3);
    await expect(page.getByRole("img", { name: "Photo 3" })).toBeVisible();
    // Three is the most: the buttons to add more are gone.
    await expect(page.getByRole("button", { name: "Take a photo" })).toHaveCount(0);
    const calls = (await hostCalls(page)).filter((call) => call.method === "chooseImage").map((call) => call.args[0]);
    expect(calls).toEqual(["camera", "album"]);

    await page.getByRole("button", { name: "Remove photo 2" }).click();
    await expect(photos).toHaveCount(2);
    await page.getByRole("button", { name: "Submit refund" }).click();
    await page.getByRole("alertdialog", { name: "Submit this refund?" }).getByRole("button", { name: "Submit refund" }).click();
    await expect(page.getByTestId("refund-order")).toContainText("2 photos sent");
    const uploads = await sandbox.calls("/api/auth/refund/photo");
    expect(uploads).toHaveLength(3);
    const refund = (await sandbox.orders(MEMBERS.sam.openId)).find((one) => one.id === order.id)?.refund;
    expect(refund).toMatchObject({ status: "refunding", photoCount: 2 });
  });

  test("the photo route takes a picture's own bytes only, and a refund cannot name another member's photo", async ({ page, sandbox, signIn, playwright }) => {
    await signIn("sam");
    const headers = (type: string) => ({ Origin: E2E_APP_URL, "Content-Type": type, "Idempotency-Key": `e2e-photo-${Math.random().toString(36).slice(2, 14)}` });
    const photo = (await phonePhoto()).buffer;
    expect((await page.request.post("/resources/refund-photo", { headers: headers("text/html"), data: "<script>alert(1)</script>" })).status()).toBe(415);
    const disguised = await page.request.post("/resources/refund-photo", { headers: headers("image/jpeg"), data: Buffer.from("<svg onload=alert(1)>") });
    expect(disguised.status()).toBe(400);
    expect(((await disguised.json()) as { message: string }).message).toBe("This photo cannot be used. Please choose another.");
    expect((await page.request.post("/resources/refund-photo", { headers: headers("image/jpeg"), data: Buffer.concat([photo, Buffer.alloc(420 * 1024)]) })).status()).toBe(413);
    expect((await page.request.post("/resources/refund-photo", { headers: { ...headers("image/jpeg"), "Idempotency-Key": "short" }, data: photo })).status()).toBe(400);
    expect(await sandbox.calls("/api/auth/refund/photo")).toHaveLength(0);

    // Another member's photo, named in sam's refund: refused, nothing refunded.
    const gateway = await playwright.request.newContext({ baseURL: E2E_SANDBOX_URL });
    const theirs = await gateway.post("/api/auth/refund/photo", {
      data: { image: `data:image/jpeg;base64,${photo.toString("base64")}` },
      headers: { authorization: `Bearer ${await sandbox.token(MEMBERS.chan.openId)}`, mpay: "1", "Idempotency-Key": `e2e-theirs-${Date.now()}` },
    });
    const { photoId } = ((await theirs.json()) as { data: { photoId: string } }).data;
    await gateway.dispose();
    const order = await gatewayOrder(playwright, sandbox, MEMBERS.sam.openId, { offerId: TYRE_CHECK, quantity: 1, mcoinUsed: 50 });
    const forged = await page.request.post(`/refund_application/${order.id}`, {
      headers: { Origin: E2E_APP_URL },
      form: { intent: "refund", reason: "bought_wrongly", remarks: "", confirmed: "1", photoIds: photoId, idempotencyKey: `e2e-forged-photo-${Date.now()}` },
    });
    expect(forged.status()).toBe(409);
    expect((await sandbox.orders(MEMBERS.sam.openId)).find((one) => one.id === order.id)?.status).toBe("received");
  });
});
