import { describe, expect, it } from "vitest";
import { wellFormedRequestId } from "./request-id";

describe("a well-formed request id", () => {
  it("is 8 to 128 characters of letters, digits and . _ : -", () => {
    expect(wellFormedRequestId("3f2c1a9e-5b7d-4e2a-9c1f-0a8b6d4e2f11")).toBe("3f2c1a9e-5b7d-4e2a-9c1f-0a8b6d4e2f11");
    expect(wellFormedRequestId("req.1:a_b")).toBe("req.1:a_b");
    expect(wellFormedRequestId("x".repeat(128))).toBe("x".repeat(128));
    expect(wellFormedRequestId(["first-id-1", "second-id-2"])).toBe("first-id-1");
  });

  it("is nothing else: short, long, spaces, escapes, absent", () => {
    expect(wellFormedRequestId("short")).toBeUndefined();
    expect(wellFormedRequestId("x".repeat(129))).toBeUndefined();
    expect(wellFormedRequestId("x".repeat(10 * 1024))).toBeUndefined();
    expect(wellFormedRequestId("\x1b]0;pwned\x07abcdefgh")).toBeUndefined();
    expect(wellFormedRequestId("abcdefgh\r\nforged: line")).toBeUndefined();
    expect(wellFormedRequestId("abc defgh")).toBeUndefined();
    expect(wellFormedRequestId(null)).toBeUndefined();
    expect(wellFormedRequestId(undefined)).toBeUndefined();
    expect(wellFormedRequestId([])).toBeUndefined();
  });
});
