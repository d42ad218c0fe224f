import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ERROR_HIDE_DELAY_MS, HIDE_DELAY_MS, LoadingCounter, isLoadingExempt } from "./loading-counter";

describe("the loading overlay's counter", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows while counted requests run and hides 400 ms after the last one", () => {
    const counter = new LoadingCounter();
    const endFirst = counter.begin({ url: "/api/business/order/detail" });
    const endSecond = counter.begin({ url: "/api/auth/setClause" });
    expect(counter.visible).toBe(true);
    endFirst();
    vi.advanceTimersByTime(HIDE_DELAY_MS * 2);
    expect(counter.visible).toBe(true);
    endSecond();
    vi.advanceTimersByTime(HIDE_DELAY_MS - 1);
    expect(counter.visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(counter.visible).toBe(false);
  });

  it("hides after 100 ms on an error or a logout", () => {
    const counter = new LoadingCounter();
    counter.begin({ url: "/a" })("error");
    vi.advanceTimersByTime(ERROR_HIDE_DELAY_MS);
    expect(counter.visible).toBe(false);
    counter.begin({ url: "/a" })("logout");
    vi.advanceTimersByTime(ERROR_HIDE_DELAY_MS);
    expect(counter.visible).toBe(false);
  });

  it("a request starting during the hide delay keeps it shown", () => {
    const counter = new LoadingCounter();
    counter.begin({ url: "/a" })();
    vi.advanceTimersByTime(200);
    const end = counter.begin({ url: "/b" });
    vi.advanceTimersByTime(HIDE_DELAY_MS);
    expect(counter.visible).toBe(true);
    end();
    vi.advanceTimersByTime(HIDE_DELAY_MS);
    expect(counter.visible).toBe(false);
  });

  it("does not count exempt calls, refreshes or exempt screens", () => {
    const counter = new LoadingCounter();
    counter.begin({ url: "https://gw/api/business/recommend?page=2" });
    counter.begin({ url: "/api/auth/setClause", isRefresh: true });
    counter.begin({ url: "/index", exempt: true });
    expect(counter.visible).toBe(false);
    expect(counter.pending).toBe(0);
  });

  it("ending twice counts once", () => {
    const counter = new LoadingCounter();
    const end = counter.begin({ url: "/a" });
    counter.begin({ url: "/b" });
    end();
    end();
    expect(counter.pending).toBe(1);
  });

  it("tells subscribers when it shows and hides", () => {
    const counter = new LoadingCounter();
    const seen: boolean[] = [];
    counter.subscribe((visible) => seen.push(visible));
    counter.begin({ url: "/a" })();
    vi.advanceTimersByTime(HIDE_DELAY_MS);
    expect(seen).toEqual([true, false]);
  });

  it("knows the spec's exempt fragments", () => {
    for (const url of ["/api/auth/basicinformation", "/macaupassconfig", "/api/system/time", "/pay/macaupaycanceljs/9", "/api/mini/order/list"]) {
      expect(isLoadingExempt(url), url).toBe(true);
    }
    expect(isLoadingExempt("/api/auth/clause")).toBe(false);
  });
});
