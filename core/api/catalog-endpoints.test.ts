import { describe, expect, it } from "vitest";
import { KeywordSchema, recordSearch } from "./catalog-endpoints";

describe("KeywordSchema", () => {
  it("takes what a member types: any script, emoji sequences, punctuation, trimmed", () => {
    for (const keyword of ["coffee", "咖啡", "café au lait", "👩‍👩‍👧", "<b>", "mpay-1001", "ﷺ", "‮abc"]) {
      expect(KeywordSchema.parse(keyword), keyword).toBe(keyword);
    }
    expect(KeywordSchema.parse("\r\n\t coffee \n")).toBe("coffee");
  });

  it("refuses control characters inside the keyword", () => {
    for (const keyword of ["a\u0000b", "a\r\nb", "a\tb", "a\u007fb", "a\u0085b", "\u0000"]) {
      expect(KeywordSchema.safeParse(keyword).success, JSON.stringify(keyword)).toBe(false);
    }
  });

  it("keeps recordSearch to one keyword of 1 to 60 characters", () => {
    expect(recordSearch.request.safeParse({ keyword: " a " }).data).toEqual({ keyword: "a" });
    expect(recordSearch.request.safeParse({ keyword: "   " }).success).toBe(false);
    expect(recordSearch.request.safeParse({ keyword: "a".repeat(61) }).success).toBe(false);
    expect(recordSearch.request.safeParse({ keyword: "a\u0000b" }).success).toBe(false);
  });
});
