import { describe, expect, it } from "vitest";
import { toFetchHeaders } from "./fetch-headers";

describe("toFetchHeaders", () => {
  it("keeps each header, a repeated one once per value, and leaves out what is undefined", () => {
    const headers = toFetchHeaders({ host: "127.0.0.1:4010", "set-cookie": ["a=1", "b=2"], "x-absent": undefined, "content-type": "application/json" });
    expect(headers.get("host")).toBe("127.0.0.1:4010");
    expect(headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(headers.get("content-type")).toBe("application/json");
    expect(headers.has("x-absent")).toBe(false);
  });
});
