import { describe, expect, it } from "vitest";
import { returnPathOf, safeReturnPath } from "./return-to";

describe("where the sign-in round trip comes back to", () => {
  it("is the page a request belongs to, its query kept, the framework's and the mall's own parameters dropped", () => {
    expect(returnPathOf(new URL("http://mall.test/order_details/6?tab=2"))).toBe("/order_details/6?tab=2");
    expect(returnPathOf(new URL("http://mall.test/checkIn.data?_routes=routes%2Fcheck-in"))).toBe("/checkIn");
    expect(returnPathOf(new URL("http://mall.test/myOrder?index&lng=en&mall_signin=abc"))).toBe("/myOrder");
    expect(returnPathOf(new URL("http://mall.test/_root.data"))).toBeUndefined();
    expect(returnPathOf(new URL("http://mall.test/index"))).toBeUndefined();
  });

  it("is never another site, nor a path a browser would read as one", () => {
    for (const hostile of ["//evil.example/x", "/\\\\evil.example", "https://evil.example/", "evil.example", "/a b", "/a\nb", `/${"x".repeat(600)}`, "", null, undefined]) {
      expect(safeReturnPath(hostile), String(hostile)).toBeUndefined();
    }
    expect(safeReturnPath("/asiaMiles_details/1")).toBe("/asiaMiles_details/1");
  });
});
