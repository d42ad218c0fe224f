import { describe, expect, it } from "vitest";
import type { Order } from "#core/api/shop-endpoints";
import { orderStatusOf } from "./wallet-cards";

type Status = Order["coupons"][number]["status"];
const order = (status: Order["status"], ...coupons: Status[]) => ({ status, coupons: coupons.map((each) => ({ status: each })) as Order["coupons"] });

describe("what an order's status says", () => {
  it("a paid coupon order reads 'unused' while any coupon can be used", () => {
    expect(orderStatusOf(order("received", "unused"))).toEqual({ key: "coupon.status.unused", tone: "unused" });
    expect(orderStatusOf(order("received", "used", "unused", "expired"))).toEqual({ key: "coupon.status.unused", tone: "unused" });
  });

  it("reads 'expired' once none is left to use and some ran out", () => {
    expect(orderStatusOf(order("received", "used", "expired"))).toEqual({ key: "coupon.status.expired", tone: "expired" });
  });

  it("keeps the spec's word otherwise", () => {
    expect(orderStatusOf(order("received"))).toEqual({ key: "order.status.received", tone: "received" });
    expect(orderStatusOf(order("used", "used"))).toEqual({ key: "order.status.used", tone: "used" });
    expect(orderStatusOf(order("refunding", "refunding"))).toEqual({ key: "order.status.refunding", tone: "refunding" });
    expect(orderStatusOf(order("awaiting_shipment"))).toEqual({ key: "order.status.awaiting_shipment", tone: "awaiting_shipment" });
  });
});
