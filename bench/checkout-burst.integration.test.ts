/**
 * docs/architecture.md: "a burst of concurrent requests can never oversell or overspend". The benchmark's burst
 * (bench/checkout-burst.bench.ts: 50 checkouts at once over HTTP for the last 5 pieces), sent
 * straight to the gateway here so a regression of its rules fails the unit suite too, before anything
 * is built; `npm run bench` sends the same burst through the mall.
 */
import { describe, expect, it } from "vitest";
import { checkoutBurst } from "./checkout-burst.bench";

describe("50 concurrent checkouts for the last 5 pieces", () => {
  it("make exactly 5 orders, and no refused buyer keeps any mCoin held", async () => {
    const burst = await checkoutBurst({ throughMall: false });
    expect(burst).toMatchObject({ orders: 5, chargedWithoutOrder: 0 });
    expect(Object.values(burst.refusals).reduce((sum, count) => sum + count, 0)).toBe(45);
    expect(Object.keys(burst.refusals).every((reason) => ["SOLD_OUT", "OUT_OF_STOCK"].includes(reason))).toBe(true);
  });
});
