import { describe, expect, it } from "vitest";
import { PAYMENT_TYPES } from "#core/api/vocabulary";
import { couponsPath } from "./payment-result";

const order = { id: 7, paymentType: PAYMENT_TYPES.thirdParty, couponUrl: null, mcoinEarned: 0, cashCents: 2800 };

describe("where 'view coupons' leads (spec section 2)", () => {
  it("goes by the payment type once there is a payment id (the wallet's, or a miles order's own)", () => {
    expect(couponsPath(order)).toEqual({ to: "/other_order_details/7", external: false });
    expect(couponsPath({ ...order, paymentType: PAYMENT_TYPES.miles, cashCents: 0 })).toEqual({ to: "/asiaMiles_order/7", external: false });
    expect(couponsPath({ ...order, paymentType: PAYMENT_TYPES.external, couponUrl: "https://rides.example/c" })).toEqual({ to: "https://rides.example/c", external: true });
  });

  it("goes to my coupons with no payment id: an order paid in mCoin alone, or no order", () => {
    expect(couponsPath({ ...order, cashCents: 0 })).toEqual({ to: "/mycoupon", external: false });
    expect(couponsPath(null)).toEqual({ to: "/mycoupon", external: false });
  });
});
