/**
 * A partner's journey on the fixture-backed environment: a member of the test's own, signed in
 * through the wallet's redirects, buys an offer in the wallet's cashier; the ledger shows what was
 * earned and the wallet was asked to pay once.
 */
import { expect, hydrated, test } from "@mcoin/harness/playwright";

/** The Macanese banquet: MOP 485, cash only (fixtures/catalog of the mall). */
const BANQUET = 29;

test("a member signs in and sees their balance", async ({ page, member, signIn }) => {
  const buyer = await member({ point: 2_000 });
  await signIn(page, buyer);
  await expect(page.getByTestId("mcoin-balance")).toHaveText("2,000");
});

test("a member buys the banquet in the wallet's cashier: one tradePay, the mCoin earned in the ledger", async ({ member, host, ledger }) => {
  const buyer = await member({ point: 2_000 });
  const transcript = await host.run({
    name: "the banquet, paid in the cashier",
    profile: { name: "iPhone, English wallet", language: "en" },
    launch: { member: buyer.openId, path: `/coupon_details/${BANQUET}` },
    cashier: { outcome: "pay" },
    steps: [{ click: { role: "button", name: "Checkout" } }, { click: { role: "button", name: "Pay $485.00" } }, { waitFor: { text: "Payment success" } }],
    expect: [{ text: "Payment success" }],
  });
  expect(transcript.ok, host.describe(transcript)).toBe(true);
  expect(host.calls(transcript, "tradePay")).toEqual([{ method: "tradePay", args: expect.objectContaining({ amount: 485 }) }]);
  const entries = await ledger(buyer);
  expect(entries.at(-1)).toMatchObject({ amount: 485 });
});

test("the environment is the mall's: a page hydrates and the sandbox's controls answer", async ({ page, sandbox, signIn }) => {
  await signIn("chan");
  await hydrated(page);
  expect(await sandbox.calls("/api/auth/basicinformation")).not.toHaveLength(0);
});
