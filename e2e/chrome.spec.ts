/**
 * One header, one empty state, one toast (issue 28, item 14), tried as a member: every empty list
 * shows the same illustration, line and action, and the action leads on; a favourite, a saved
 * address, a cancelled order and a refund request each say so in the toast (the address on the list
 * the form goes back to); a screen that waits on the gateway shows its skeleton under its own title;
 * the loading overlay sits along the top edge, off the screen's text. Choosing a region lists each
 * place once (item 17).
 */
import type { APIRequestContext } from "@playwright/test";
import { E2E_SANDBOX_URL, walletUserAgent } from "./env";
import { MEMBERS, expect, hydrated, test, type SandboxControl } from "./fixtures";

test.use({ userAgent: walletUserAgent("en"), locale: "en-US" });

/** 90 mCoin a piece, paid in mCoin only. */
const MCOIN_ONLY = 64;
/** Goods paid in cash: its order stays unpaid until the wallet pays it. */
const MILK = 27;
/** An offer mCoin may pay for in part (fixtures/catalog.json: up to 3,000 mCoin). */
const FAMILY_DINNER = 5;

test("every empty list shows the one empty state: an illustration, a line and an action that leads on", async ({ page, signIn }) => {
  await signIn("lei");
  const lists: [string, RegExp, string][] = [
    ["/mycoupon", /You have no unused coupons/, "Browse offers"],
    ["/mycoupon?view=refunds", /no refund orders/, "View my orders"],
    ["/myOrder", /No orders/, "Browse offers"],
    ["/myFavorites", /No favourite coupons yet/, "Browse offers"],
  ];
  for (const [path, line, action] of lists) {
    await page.goto(path);
    const empty = page.locator("[data-empty]");
    await expect(empty, path).toBeVisible();
    await expect(empty.locator(".empty-state__art svg"), path).toBeVisible();
    await expect(empty.locator(".empty-state__title"), path).toHaveText(line);
    await expect(empty.getByRole("link", { name: action }), path).toBeVisible();
  }
  // The address book's action is its add button, pinned below the empty state.
  await page.goto("/myAddress");
  await expect(page.locator("[data-empty=addresses]")).toBeVisible();
  await expect(page.getByRole("link", { name: "Add new address" })).toBeVisible();

  await page.goto("/mycoupon?view=refunds");
  await hydrated(page);
  await page.locator("[data-empty]").getByRole("link", { name: "View my orders" }).click();
  await expect(page).toHaveURL(/\/myOrder$/);
  await expect(page.getByRole("heading", { level: 1, name: "My Orders" })).toBeVisible();
});

test("a favourite says so in the toast, and so does taking it back", async ({ page, signIn }) => {
  await signIn("chan", { draw: false });
  await page.goto(`/coupon_details/${MCOIN_ONLY}`);
  await hydrated(page);
  const star = page.getByRole("button", { name: "Favourite" });
  const toast = page.getByTestId("toast");
  await star.click();
  await expect(toast).toHaveText("Added to favourites");
  await expect(star).toHaveAttribute("aria-pressed", "true");
  await star.click();
  await expect(toast).toHaveText("Removed from favourites");
  await expect(page.getByRole("status").filter({ has: toast })).toHaveAttribute("aria-live", "polite");
});

test("a saved address says so on the list the form goes back to", async ({ page, signIn }) => {
  await signIn("lei", { draw: false });
  await page.goto("/myAddress");
  await hydrated(page);
  await page.getByRole("link", { name: "Add new address" }).click();
  await expect(page).toHaveURL(/\/editAddress$/);
  await hydrated(page);
  await page.getByLabel("Contact name").fill("Lei Chi Meng");
  await page.getByLabel("Mobile number").fill("6612 3456");
  await page.getByLabel("Detailed address").fill("Rua de Cunha 18");
  await page.getByTestId("address-region").click();
  await page.getByTestId("region-group-mo").getByRole("link", { name: "Taipa" }).click();
  await expect(page.getByTestId("address-region")).toContainText("Macau, Taipa");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/myAddress$/);
  await expect(page.getByTestId("toast")).toHaveText("Address saved");
  await expect(page.getByTestId("address")).toHaveCount(1);
});

/** An unpaid order of chan's, placed at the gateway (one piece of `offerId`, `mcoinUsed` of it in mCoin). */
async function unpaidOrder(playwright: { request: { newContext(options: object): Promise<APIRequestContext> } }, sandbox: SandboxControl, offerId: number, mcoinUsed: number) {
  const gateway = await playwright.request.newContext({ baseURL: E2E_SANDBOX_URL });
  try {
    const placed = await gateway.post("/api/business/snapup", {
      data: { adult: false, offerId, quantity: 1, mcoinUsed },
      headers: { authorization: `Bearer ${await sandbox.token(MEMBERS.chan.openId)}`, mpay: "1", "Idempotency-Key": `chrome-cancel-${offerId}-${Date.now()}` },
    });
    return ((await placed.json()) as { data: { id: number } }).data;
  } finally {
    await gateway.dispose();
  }
}

test("a cancelled order says so in the toast", async ({ page, signIn, sandbox, playwright }) => {
  await signIn("chan");
  const order = await unpaidOrder(playwright, sandbox, MILK, 0);

  await page.goto(`/order_details/${order.id}`);
  await hydrated(page);
  await page.getByRole("button", { name: "Cancel order" }).click();
  const sheet = page.getByRole("alertdialog", { name: "Cancel this order?" });
  await expect(sheet).toContainText("Nothing has been paid for it yet.");
  await sheet.getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Order cancelled");
  await expect.poll(async () => (await sandbox.orders(MEMBERS.chan.openId)).find((found) => found.id === order.id)?.status).toBe("closed");
});

test("cancelling an unpaid order asks first; kept, nothing happens; cancelled, the toast says the mCoin are back", async ({ page, signIn, sandbox, playwright }) => {
  await signIn("chan");
  const order = await unpaidOrder(playwright, sandbox, FAMILY_DINNER, 3000);
  const status = async () => (await sandbox.orders(MEMBERS.chan.openId)).find((found) => found.id === order.id)?.status;

  await page.goto(`/order_details/${order.id}`);
  await hydrated(page);
  await page.getByRole("button", { name: "Cancel order" }).click();
  const sheet = page.getByRole("alertdialog", { name: "Cancel this order?" });
  await expect(sheet).toContainText("The 3,000 mCoin it holds go back to your balance at once.");
  await sheet.getByRole("button", { name: "Keep order" }).click();
  await expect(sheet).toBeHidden();
  expect(await status()).toBe("awaiting_payment");

  await page.getByRole("button", { name: "Cancel order" }).click();
  await sheet.getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Order cancelled: 3,000 mCoin back in your balance");
  await expect.poll(status).toBe("closed");
});

test("a refund request says so in the toast", async ({ page, signIn, sandbox }) => {
  await signIn("chan");
  const origin = new URL(page.url()).origin;
  const bought = await page.request.post(`/coupon_details/${MCOIN_ONLY}`, {
    form: { intent: "checkout", quantity: "1", mcoinUsed: "90", idempotencyKey: `chrome-refund-buy-${Date.now()}` },
    headers: { Origin: origin },
  });
  expect(bought.status()).toBe(200);
  const [order] = await sandbox.orders(MEMBERS.chan.openId);

  await page.goto(`/refund_application/${order.id}`);
  await hydrated(page);
  await page.getByRole("radio", { name: "Bought wrongly / over-bought / no longer wanted" }).check();
  await page.getByRole("button", { name: "Submit refund" }).click();
  await page.getByRole("alertdialog", { name: "Submit this refund?" }).getByRole("button", { name: "Submit refund" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Refund requested");
  await expect(page.getByTestId("refund-order")).toBeVisible();
});

test("a screen that waits on the gateway shows its skeleton under its own title; the loading overlay keeps off the text", async ({ page, signIn, sandbox }) => {
  await signIn("chan", { draw: false });
  await page.goto("/index");
  await hydrated(page);
  await sandbox.fault("api/mini/order/list", "delay", 1, 1_500);
  await page.getByRole("link", { name: "My orders" }).click();
  const skeleton = page.getByTestId("screen-skeleton");
  await expect(skeleton).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "My Orders" })).toBeVisible();
  await expect(skeleton).toBeHidden({ timeout: 10_000 });
  await expect(page.getByRole("tab", { name: /^All/ })).toBeVisible();

  // A counted navigation (check-in: its checkin/info call is not exempt): the overlay is a bar along
  // the top edge, over no text.
  await sandbox.fault("api/auth/checkin/info", "delay", 1, 1_500);
  await page.goto("/index");
  await hydrated(page);
  await page.getByRole("link", { name: "Check in" }).click();
  const overlay = page.locator(".loading-overlay");
  await expect(overlay).toBeAttached();
  const box = (await overlay.boundingBox())!;
  expect(box.y).toBe(0);
  expect(box.height).toBeLessThanOrEqual(4);
  // Its words are for screen readers only.
  await expect(overlay.locator(".loading-overlay__box")).toHaveCSS("clip", "rect(0px, 0px, 0px, 0px)");
});

for (const language of ["en", "zh"] as const) {
  test.describe(`choose region, in ${language}`, () => {
    test.use({ userAgent: walletUserAgent(language === "en" ? "en" : "zh-MO"), locale: language === "en" ? "en-US" : "zh-MO" });

    test("lists each place once in every tab, under the part of its city or province it lies in", async ({ page, signIn }) => {
      await signIn("lei", { draw: false });
      await page.goto("/map?return=/editAddress");
      await hydrated(page);
      const tabs = language === "en" ? ["Macau", "Hong Kong", "Mainland China"] : ["澳門", "香港", "中國內地"];
      for (const [index, tab] of tabs.entries()) {
        await page.getByRole("tab", { name: tab }).click();
        const group = page.getByTestId(`region-group-${["mo", "hk", "cn"][index]}`);
        await expect(group).toBeVisible();
        // Every way to choose a place on the screen (a link or a shape of a map) and every name shown.
        const places = await page.locator("main").evaluate((main) => ({
          ids: Array.from(main.querySelectorAll("a[href*='region=']")).map((link) => new URLSearchParams(link.getAttribute("href")!.split("?")[1]).get("region")),
          names: Array.from(main.querySelectorAll("a[href*='region=']")).map((link) => (link.textContent ?? "").trim()),
        }));
        expect(places.ids.length, tab).toBeGreaterThan(3);
        expect(new Set(places.ids).size, `${tab}: a place listed twice`).toBe(places.ids.length);
        expect(new Set(places.names).size, `${tab}: a name shown twice`).toBe(places.names.length);
      }
      await page.getByRole("tab", { name: tabs[1] }).click();
      await expect(page.getByRole("region", { name: language === "en" ? "Kowloon" : "九龍" }).getByRole("link")).toHaveCount(5);
      await page.getByRole("tab", { name: tabs[2] }).click();
      const municipalities = page.getByRole("region", { name: language === "en" ? "Municipalities" : "直轄市" });
      await expect(municipalities.getByRole("link")).toHaveText(language === "en" ? ["Beijing", "Shanghai", "Tianjin", "Chongqing"] : ["北京", "上海", "天津", "重慶"]);
    });
  });
}
