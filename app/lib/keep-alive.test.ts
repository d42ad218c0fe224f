import { beforeEach, describe, expect, it, vi } from "vitest";
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

  it("past its most entries, forgets the one kept longest first; a value set again is kept as new", () => {
    const cache = createKeepAlive<number>(60_000, Date.now, 2);
    cache.set("/a", 1);
    cache.set("/b", 2);
    cache.set("/a", 3);
    cache.set("/c", 4);
    expect(cache.get("/b")).toBeUndefined();
    expect(cache.get("/a")).toBe(3);
    expect(cache.get("/c")).toBe(4);
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

describe("keep-alive and the member's revision", () => {
  // Each test starts with a page that has heard nothing from the root yet.
  beforeEach(() => {
    vi.resetModules();
  });
  const fresh = () => import("./keep-alive");

  it("keeps what the first report describes, and forgets every kept screen when the revision moves", async () => {
    const { createKeepAlive: create, reportMemberRevision: report } = await fresh();
    const home = create<string>(60_000);
    home.set("?", "balance 500");
    report({ revision: 7, pending: 0 });
    expect(home.get("?")).toBe("balance 500");
    report({ revision: 7, pending: 0 });
    expect(home.get("?")).toBe("balance 500");
    report({ revision: 8, pending: 0 });
    expect(home.get("?")).toBeUndefined();
  });

  it("keeps nothing while an order awaits payment, nor after the member is gone", async () => {
    const { createKeepAlive: create, reportMemberRevision: report } = await fresh();
    const home = create<string>(60_000);
    report({ revision: 1, pending: 0 });
    home.set("?", "kept");
    report({ revision: 2, pending: 1 });
    home.set("?", "while paying");
    expect(home.get("?")).toBeUndefined();
    report({ revision: 2, pending: 0 });
    expect(home.get("?")).toBe("while paying");
    report(null);
    expect(home.get("?")).toBeUndefined();
  });
});
