// A partner's spec on @mcoin/harness/playwright (compiled by lib/typecheck.integration.test.ts, never run).
import { expect, test } from "@mcoin/harness/playwright";

test.use({ mcoinStartMall: true });

test("a member buys", async ({ page, member, signIn, ledger }) => {
  const buyer = await member({ point: 2_000 });
  await signIn(page, buyer);
  expect(await ledger(buyer)).not.toHaveLength(0);
});
