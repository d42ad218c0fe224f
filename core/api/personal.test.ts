import { describe, expect, it } from "vitest";
import { z } from "zod";
import { API_ENDPOINTS, SECURE_FUNCTIONS, endpointFor } from "./registry";
import { ANY_ELEMENT, personalField, personalPaths } from "./personal";

const pathsOf = (schema: z.ZodType) => personalPaths(schema).map(({ path, kind }) => `${path.join(".")}=${kind}`);

describe("personal fields", () => {
  it("are found through optional, nullable, defaults, unions, intersections, pipes, arrays and records", () => {
    const Phone = personalField(z.string(), "phone");
    const schema = z.object({
      a: Phone.optional(),
      b: z.array(z.object({ name: personalField(z.string(), "name").nullable() })),
      c: z.union([z.object({ lat: personalField(z.number(), "latitude") }), z.string()]),
      d: z.intersection(z.object({ x: Phone }), z.object({ y: personalField(z.string(), "email").default("") })),
      e: z.record(z.string(), z.object({ code: personalField(z.string(), "redemption-code") })),
      f: personalField(z.string(), "free-text").transform((text) => text.trim()),
      g: z.string(),
    });
    expect(pathsOf(schema).sort()).toEqual(["a=phone", `b.${ANY_ELEMENT}.name=name`, "c.lat=latitude", "d.x=phone", "d.y=email", `e.${ANY_ELEMENT}.code=redemption-code`, "f=free-text"].sort());
  });

  it("are declared in the registry: the address book, the sign-ins, the coupon's codes, the member's location and typed text", () => {
    expect(pathsOf(endpointFor("GET", "/api/mini/userAddress/lists")!.data)).toEqual(
      expect.arrayContaining([`snatchList.${ANY_ELEMENT}.name=name`, `snatchList.${ANY_ELEMENT}.mobile=phone`, `snatchList.${ANY_ELEMENT}.address=street-address`]),
    );
    expect(pathsOf(endpointFor("POST", "/api/mini/userAddress/save")!.request)).toEqual(expect.arrayContaining(["name=name", "mobile=phone", "address=street-address"]));
    expect(pathsOf(endpointFor("POST", "/member/login")!.request)).toEqual(["openId=member-id"]);
    expect(pathsOf(endpointFor("GET", "/macaupasssave")!.data).sort()).toEqual(["headimgurl=avatar", "nickname=name", "open_id=member-id"]);
    const detail = API_ENDPOINTS.find((endpoint) => endpoint.name === "offerDetail")!;
    expect(pathsOf(detail.request).sort()).toEqual(["lat=latitude", "lng=longitude"]);
    const refund = API_ENDPOINTS.find((endpoint) => endpoint.name === "applyRefund")!;
    expect(pathsOf(refund.request)).toEqual(["remarks=free-text"]);
    const orders = API_ENDPOINTS.find((endpoint) => endpoint.name === "orderList")!;
    expect(pathsOf(orders.data).join(" ")).toMatch(/coupons\.\*\.redemptionCode=redemption-code/);
    expect(pathsOf(orders.data).join(" ")).toMatch(/coupons\.\*\.couponNo=coupon-number/);
  });

  it("a schema with none has none; the secure gateway's ciphertext stays a placeholder's (harness/recording)", () => {
    expect(pathsOf(z.object({ a: z.string() }))).toEqual([]);
    for (const declared of SECURE_FUNCTIONS) expect(pathsOf(declared.request)).toEqual([]);
  });
});

describe("personal field names", () => {
  it("are the names personal wherever the registry uses them; a name also used for something else is not one", async () => {
    const { unambiguousPersonalNames } = await import("./personal");
    const names = unambiguousPersonalNames([...API_ENDPOINTS.flatMap((endpoint) => [endpoint.request, endpoint.data])]);
    expect(names.get("couponNo")).toBe("coupon-number");
    expect(names.get("redemptionCode")).toBe("redemption-code");
    expect(names.get("mobile")).toBe("phone");
    expect(names.get("open_id")).toBe("member-id");
    expect(names.has("name")).toBe(false);
    expect(names.has("title")).toBe(false);
    expect(names.has("lat")).toBe(false);
  });
});
