/** The double-tap guard (use-double-tap-guard.ts): what it lets through, and the mark its control carries meanwhile. */
import { act, create, type ReactTestRenderer } from "react-test-renderer";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DOUBLE_TAP_MS, useDoubleTapGuard } from "./use-double-tap-guard";

// React's act() warns (console.error, which fails a test) unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function GuardedButton({ onAction }: { onAction(): void }) {
  const guard = useDoubleTapGuard();
  return <button type="button" {...guard.mark} onClick={() => guard.run(onAction)} />;
}

describe("useDoubleTapGuard", () => {
  let renderer: ReactTestRenderer;
  const action = vi.fn();
  const button = () => renderer.root.findByType("button");
  const tap = () => act(() => button().props.onClick());
  const wait = (ms: number) =>
    act(() => {
      vi.advanceTimersByTime(ms);
    });

  beforeEach(() => {
    // The guard reads performance.now(): the fake clock moves it with the timers.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    action.mockReset();
    act(() => {
      renderer = create(<GuardedButton onAction={action} />);
    });
  });

  afterEach(() => {
    act(() => renderer.unmount());
    vi.useRealTimers();
  });

  it("is open before any tap", () => {
    expect(button().props["data-tap-guard"]).toBeUndefined();
  });

  it("closes on a tap it lets through and opens again when a tap would be let through", () => {
    tap();
    expect(action).toHaveBeenCalledTimes(1);
    expect(button().props["data-tap-guard"]).toBe("closed");

    wait(DOUBLE_TAP_MS - 1);
    expect(button().props["data-tap-guard"]).toBe("closed");
    tap();
    expect(action).toHaveBeenCalledTimes(1);

    wait(1);
    expect(button().props["data-tap-guard"]).toBeUndefined();
    tap();
    expect(action).toHaveBeenCalledTimes(2);
    expect(button().props["data-tap-guard"]).toBe("closed");
  });

  it("keeps its window from the tap it let through: an ignored tap does not lengthen it", () => {
    tap();
    wait(200);
    tap();
    wait(DOUBLE_TAP_MS - 200);
    expect(button().props["data-tap-guard"]).toBeUndefined();
    tap();
    expect(action).toHaveBeenCalledTimes(2);
  });

  it("stays closed while its timer fires before the clock the guard reads has moved on", () => {
    tap();
    // A timer that fires early: the clock has not yet reached the end of the window.
    const now = performance.now();
    vi.spyOn(performance, "now").mockReturnValue(now + DOUBLE_TAP_MS - 5);
    wait(DOUBLE_TAP_MS);
    expect(button().props["data-tap-guard"]).toBe("closed");
    vi.mocked(performance.now).mockRestore();
    wait(5);
    expect(button().props["data-tap-guard"]).toBeUndefined();
  });
});
