import { describe, expect, it } from "vitest";
import { clearKeptAlive, createKeepAlive } from "./keep-alive";

describe("keep-alive", () => {
  it("keeps values by key until they expire", () => {
    let now = 0;
    const cache = createKeepAlive<number[]>(1000, () => now);
    cache.set("?tab=price", [1]);
    cache.update("?tab=price", (items) => [...items, 2]);
    expect(cache.get("?tab=price")).toEqual([1, 2]);
    expect(cache.get("?tab=sales")).toBeUndefined();
    now = 1001;
    expect(cache.get("?tab=price")).toBeUndefined();
  });

  it("forgets everything on clearKeptAlive", () => {
    const first = createKeepAlive<string>(60_000);
    const second = createKeepAlive<string>(60_000);
    first.set("a", "1");
    second.set("b", "2");
    clearKeptAlive();
    expect(first.get("a")).toBeUndefined();
    expect(second.get("b")).toBeUndefined();
  });
});
