import { describe, expect, it } from "vitest";
import { RECENT_SHOWN, recentAfterSearch } from "../lib/catalog/recent-searches";
import { resultsPath, searchableKeyword } from "./search";

describe("the recent searches after a search (what the way back shows before the gateway says it)", () => {
  it("put the search first, once, and keep the rest in their order", () => {
    expect(recentAfterSearch([], "latte")).toEqual(["latte"]);
    expect(recentAfterSearch(["noodles", "latte", "tea"], "latte")).toEqual(["latte", "noodles", "tea"]);
    expect(recentAfterSearch(["noodles", "tea"], "latte")).toEqual(["latte", "noodles", "tea"]);
  });

  it("show RECENT_SHOWN at most: a new search pushes the oldest out", () => {
    const full = Array.from({ length: RECENT_SHOWN }, (_, index) => `word ${index}`);
    const after = recentAfterSearch(full, "latte");
    expect(after).toHaveLength(RECENT_SHOWN);
    expect(after[0]).toBe("latte");
    expect(after).not.toContain(`word ${RECENT_SHOWN - 1}`);
    // Searching one already there keeps every other.
    expect(recentAfterSearch(full, "word 9")).toEqual(["word 9", ...full.slice(0, 9)]);
  });
});

describe("a keyword's results", () => {
  it("are searched for only as the action would take the keyword", () => {
    expect(searchableKeyword("  latte ")).toBe("latte");
    expect(searchableKeyword("   ")).toBeNull();
    expect(searchableKeyword("a".repeat(61))).toBeNull();
    expect(searchableKeyword("lat\u0000te")).toBeNull();
  });

  it("are at a path no URL parser resolves away", () => {
    expect(resultsPath("coffee & tea")).toBe("/classify/coffee%20%26%20tea");
    expect(resultsPath("..")).toBe("/classify/..%20");
    expect(resultsPath("a/b")).toBe("/classify/a%2Fb");
  });
});
