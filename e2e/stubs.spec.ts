/**
 * A stub in WireMock's mapping format changes what the mall shows, without a line of code: the
 * mapping file fixtures/stubs/offer-1-sold-out.json (offer 1's detail, its stock at 0), loaded
 * through the sandbox's control as `mcoin sandbox --stubs fixtures/stubs` would load it at start.
 */
import { readFileSync } from "node:fs";
import * as controls from "#core/controls/declarations";
import { expect, test } from "./fixtures";

test.use({ locale: "en-US" });

test("a WireMock mapping file makes offer 1 sold out in the mall, and clearing it brings the offer back", async ({ page, sandbox, signIn }) => {
  const mapping = JSON.parse(readFileSync(new URL("../fixtures/stubs/offer-1-sold-out.json", import.meta.url), "utf8"));
  const { added } = await sandbox.controls.get(controls.addStubs, { input: mapping });
  expect(added).toEqual([expect.objectContaining({ name: "offer 1 is sold out", url: "/api/business/productdetail" })]);

  await signIn("wong");
  await page.goto("/coupon_details/1?lng=en");
  await expect(page.getByText("Coupons sold out")).toBeVisible();
  await expect(page.getByRole("button", { name: "Checkout" })).toBeDisabled();
  // The sandbox's log names the stub that answered the mall's call.
  const { calls } = await sandbox.controls.get(controls.log);
  expect(calls.filter((call) => call.path === "/api/business/productdetail" && call.stub)).not.toHaveLength(0);

  await sandbox.controls.get(controls.clearStubs, { input: {} });
  await page.goto("/coupon_details/1?lng=en");
  await expect(page.getByRole("button", { name: "Checkout" })).toBeEnabled();
  await expect(page.getByText("Coupons sold out")).toHaveCount(0);
});
