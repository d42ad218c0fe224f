import { describe, expect, it } from "vitest";
import en from "../locales/en.json";
import zh from "../locales/zh.json";
import { gapBeforeCount } from "./tab-bar";

const fill = (format: string, label: string, count: number) => format.replace("{{label}}", label).replace("{{count}}", String(count));

describe("a tab's count", () => {
  it("is apart from the words by the locale's own white space, so the name contains the text shown", () => {
    expect(gapBeforeCount(fill(en.common.tabWithCount, "Unused", 4), "Unused", 4)).toBe(" ");
    expect(gapBeforeCount(fill(zh.common.tabWithCount, "未使用", 4), "未使用", 4)).toBe("");
    // A label with digits in it still finds the count after the words.
    expect(gapBeforeCount(fill(en.common.tabWithCount, "Top 4", 4), "Top 4", 4)).toBe(" ");
  });

  it("falls back to one space when the format does not hold the words and the count", () => {
    expect(gapBeforeCount("Tab", "Unused", 4)).toBe(" ");
  });
});
