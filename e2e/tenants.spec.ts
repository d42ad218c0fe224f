/**
 * A tenant of a shared sandbox, as another team's CI takes one (sandbox/tenants.ts,
 * docs/decisions/047-tenants.md): the Playwright fixture's `mcoinTenant` gives this worker the
 * tenant `e2e-tenant-w<N>` of the suite's sandbox and starts a mall on it. The member signs in on the
 * tenant's own sign-in page, buys through the wallet's cashier, and the order is the tenant's alone:
 * the sandbox's root and another tenant never see it.
 */
import { createControlClient } from "#core/controls/client";
import * as controls from "#core/controls/declarations";
import { E2E_SANDBOX_URL } from "./env";
import { expect, hydrated, test } from "./fixtures";

test.use({ mcoinMallUrl: undefined, mcoinStartMall: true, mcoinTenant: "e2e-tenant" });

test("a mall on a tenant: the member signs in and buys there, and only that tenant has the order", async ({ page, member, signIn, sandbox, mcoinEnvironment }) => {
  expect(mcoinEnvironment.sandboxUrl).toMatch(/\/tenants\/e2e-tenant-w\d+$/);
  const buyer = await member({ point: 0, nickname: "Tenant Buyer" });
  await signIn(buyer, { firstVisit: true });
  expect(new URL(page.url()).origin).toBe(mcoinEnvironment.mallUrl);

  await page.goto("/coupon_details/29");
  await hydrated(page);
  await page.getByRole("button", { name: "Checkout" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Pay $485.00" }).click();
  await page.getByRole("dialog", { name: "Pay mCoin Mall" }).getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByRole("alertdialog")).toContainText("485 mCoin");

  const [order] = await sandbox.orders(buyer.openId);
  expect(order).toMatchObject({ offerId: 29, status: "received" });
  const root = createControlClient({ baseUrl: E2E_SANDBOX_URL });
  expect((await root.get(controls.members)).members.map((each) => each.openId)).not.toContain(buyer.openId);
  const other = createControlClient({ baseUrl: `${E2E_SANDBOX_URL}/tenants/e2e-tenant-other` });
  expect((await other.get(controls.members)).members.map((each) => each.openId)).not.toContain(buyer.openId);
  const listed = (await root.get(controls.tenants)).tenants.map((tenant) => tenant.name);
  expect(listed).toContain(new URL(mcoinEnvironment.sandboxUrl).pathname.split("/").at(-1));
  await root.get(controls.deleteTenant, { params: { name: "e2e-tenant-other" } });
});
