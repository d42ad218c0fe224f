import { describe, expect, it } from "vitest";
import { isValidMobile, mobileDigits } from "./mobile";

describe("mobile numbers per area code", () => {
  it("Macau: 8 digits starting with 6", () => {
    expect(isValidMobile("+853", "66123456")).toBe(true);
    expect(isValidMobile("+853", "6612 3456")).toBe(true);
    expect(isValidMobile("+853", "28123456")).toBe(false);
    expect(isValidMobile("+853", "6612345")).toBe(false);
    expect(isValidMobile("+853", "661234567")).toBe(false);
  });

  it("Hong Kong: 8 digits starting with 4 to 9", () => {
    expect(isValidMobile("+852", "91234567")).toBe(true);
    expect(isValidMobile("+852", "5123-4567")).toBe(true);
    expect(isValidMobile("+852", "21234567")).toBe(false);
    expect(isValidMobile("+852", "31234567")).toBe(false);
    expect(isValidMobile("+852", "9123456")).toBe(false);
  });

  it("the mainland: 11 digits starting with 13 to 19", () => {
    expect(isValidMobile("+86", "13812345678")).toBe(true);
    expect(isValidMobile("+86", "199 1234 5678")).toBe(true);
    expect(isValidMobile("+86", "12812345678")).toBe(false);
    expect(isValidMobile("+86", "1381234567")).toBe(false);
    expect(isValidMobile("+86", "66123456")).toBe(false);
  });

  it("refuse letters, markup and other separators whatever the area code", () => {
    for (const typed of ["6612345a", "<b>66123456</b>", "66.12.34.56", "+85366123456", "", "６６１２３４５６"]) {
      expect(isValidMobile("+853", typed), typed).toBe(false);
    }
    expect(mobileDigits(" 6612 - 3456 ")).toBe("66123456");
  });
});
