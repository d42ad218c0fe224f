/** The task widget's state machine, driven through its controller with fake timers and no DOM. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TaskCheck } from "#core/api/task-center";
import { checkTaskDetail } from "#core/api/task-center";
import { createTaskWidgetController, type TaskWidgetDeps } from "./widget-controller";
import type { WidgetView } from "./widget-machine";

const OK: TaskCheck = { show: true, reason: "ok", thresholdValue: 3 };

function harness(options: { detail?: () => Promise<TaskCheck>; notify?: () => Promise<unknown> } = {}) {
  let location = "#/coupon";
  let visible = true;
  const locationListeners = new Set<() => void>();
  const visibilityListeners = new Set<() => void>();
  const views: WidgetView[] = [];
  const events: { event: string; detail: unknown }[] = [];
  const logs: string[] = [];
  const detail = vi.fn(options.detail ?? (() => Promise.resolve(OK)));
  const notify = vi.fn(options.notify ?? (() => Promise.resolve({ result: { code: "000000" }, data: { status: "COMPLETED" } })));
  const deps: TaskWidgetDeps = {
    api: { detail, notify },
    publish: (event, detailValue) => events.push({ event, detail: detailValue }),
    render: (view) => views.push(view),
    locationKey: () => location,
    onLocationChange: (listener) => {
      locationListeners.add(listener);
      return () => locationListeners.delete(listener);
    },
    isTabVisible: () => visible,
    onVisibilityChange: (listener) => {
      visibilityListeners.add(listener);
      return () => visibilityListeners.delete(listener);
    },
    log: (message) => logs.push(message),
  };
  const controller = createTaskWidgetController(deps);
  return {
    controller,
    detail,
    notify,
    events,
    logs,
    visibilityListeners,
    locationListeners,
    view: () => views[views.length - 1],
    goTo(hash: string) {
      location = hash;
      for (const listener of locationListeners) listener();
    },
    setTabVisible(value: boolean) {
      visible = value;
      for (const listener of visibilityListeners) listener();
    },
  };
}

/** Lets the pending promise callbacks run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe("the task widget", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("requests the detail once and counts down from threshold_value every 1000 ms", async () => {
    const w = harness();
    expect(w.controller.state.phase).toBe("loading");
    expect(w.view()?.visible ?? false).toBe(false);
    await settle();
    expect(w.view()).toEqual({ visible: true, status: "counting", seconds: 3, clickable: false });
    await vi.advanceTimersByTimeAsync(999);
    expect(w.view().seconds).toBe(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(w.view().seconds).toBe(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(w.view().seconds).toBe(1);
    expect(w.detail).toHaveBeenCalledOnce();
  });

  it("sends the completion notice once at 0, then shows success and publishes JobSuccess once", async () => {
    const w = harness();
    await settle();
    await vi.advanceTimersByTimeAsync(3000);
    expect(w.notify).toHaveBeenCalledOnce();
    expect(w.notify).toHaveBeenCalledWith(3);
    expect(w.view()).toEqual({ visible: true, status: "success", seconds: 0, clickable: true });
    expect(w.events).toEqual([{ event: "JobSuccess", detail: { result: { code: "000000" }, data: { status: "COMPLETED" } } }]);
    expect(w.controller.state.finished).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(w.notify).toHaveBeenCalledOnce();
    expect(w.events).toHaveLength(1);
  });

  it("removes its visibility listener after success", async () => {
    const w = harness();
    await settle();
    expect(w.visibilityListeners.size).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(w.visibilityListeners.size).toBe(0);
  });

  it("publishes clicks only after success", async () => {
    const w = harness();
    await settle();
    w.controller.click();
    expect(w.events).toEqual([]);
    await vi.advanceTimersByTimeAsync(3000);
    w.controller.click();
    w.controller.click();
    expect(w.events.map((e) => e.event)).toEqual(["JobSuccess", "JobClick", "JobClick"]);
  });

  it("shows failure and publishes JobFailed once when the notice fails", async () => {
    const error = new Error("TASK_REJECTED");
    const w = harness({ notify: () => Promise.reject(error) });
    await settle();
    await vi.advanceTimersByTimeAsync(3000);
    expect(w.view()).toEqual({ visible: true, status: "failed", seconds: 0, clickable: false });
    expect(w.events).toEqual([{ event: "JobFailed", detail: error }]);
    w.controller.click();
    expect(w.events).toHaveLength(1);
  });

  it("hides and pauses on another hash, and resumes on the original one", async () => {
    const w = harness();
    await settle();
    await vi.advanceTimersByTimeAsync(1000);
    expect(w.view().seconds).toBe(2);
    w.goTo("#/elsewhere");
    expect(w.view().visible).toBe(false);
    await vi.advanceTimersByTimeAsync(5000);
    expect(w.controller.state.remaining).toBe(2);
    w.goTo("#/coupon");
    expect(w.view()).toMatchObject({ visible: true, seconds: 2 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(w.view().seconds).toBe(1);
  });

  it("hides and pauses while the tab is hidden, and resumes when it is visible", async () => {
    const w = harness();
    await settle();
    w.setTabVisible(false);
    expect(w.view().visible).toBe(false);
    await vi.advanceTimersByTimeAsync(5000);
    expect(w.controller.state.remaining).toBe(3);
    w.setTabVisible(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(w.view()).toMatchObject({ visible: true, seconds: 2 });
  });

  it("does not resume when the tab comes back on another hash", async () => {
    const w = harness();
    await settle();
    w.setTabVisible(false);
    w.goTo("#/elsewhere");
    w.setTabVisible(true);
    await vi.advanceTimersByTimeAsync(3000);
    expect(w.controller.state.remaining).toBe(3);
    expect(w.view().visible).toBe(false);
  });

  it("shows nothing when a check fails, and never counts", async () => {
    const w = harness({ detail: () => Promise.resolve({ show: false, reason: "userExecStatus", thresholdValue: 15 }) });
    await settle();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(w.controller.state.phase).toBe("hidden");
    expect(w.view()?.visible ?? false).toBe(false);
    expect(w.notify).not.toHaveBeenCalled();
    expect(w.logs).toEqual([]);
  });

  it("only logs a failed detail query, and shows nothing", async () => {
    const w = harness({ detail: () => Promise.reject(new Error("offline")) });
    await settle();
    expect(w.controller.state.phase).toBe("hidden");
    expect(w.logs).toHaveLength(1);
    expect(w.events).toEqual([]);
  });

  it("can be destroyed: no more ticks, listeners or events", async () => {
    const w = harness();
    await settle();
    w.controller.destroy();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(w.notify).not.toHaveBeenCalled();
    expect(w.locationListeners.size).toBe(0);
    expect(w.visibilityListeners.size).toBe(0);
    expect(w.controller.state.phase).toBe("destroyed");
  });

  it("a notice still in flight when destroyed publishes nothing", async () => {
    let resolve: (value: unknown) => void = () => {};
    const w = harness({ notify: () => new Promise((r) => (resolve = r)) });
    await settle();
    await vi.advanceTimersByTimeAsync(3000);
    w.controller.destroy();
    resolve({ ok: true });
    await settle();
    expect(w.events).toEqual([]);
  });
});

describe("the four checks", () => {
  const detail = (data: Record<string, unknown>, subCode = "0000") => ({ result: { code: "000000", subCode }, data });
  const ok = { task_type: 0, threshold_type: 0, user_exec_status: 0, threshold_value: 15 };

  it("pass for subCode 0000 and zeros, with the threshold", () => {
    expect(checkTaskDetail(detail(ok))).toEqual({ show: true, reason: "ok", thresholdValue: 15 });
    expect(checkTaskDetail(detail({ ...ok, task_type: "0", threshold_value: "15" })).show).toBe(true);
  });

  it.each([
    [detail(ok, "1001"), "subCode"],
    [detail({ ...ok, task_type: 1 }), "taskType"],
    [detail({ ...ok, threshold_type: 2 }), "thresholdType"],
    [detail({ ...ok, user_exec_status: 1 }), "userExecStatus"],
    [detail({ ...ok, threshold_value: undefined }), "noThreshold"],
    [detail({ threshold_value: 15 }), "taskType"],
    [{ result: { code: "000000" } }, "subCode"],
  ])("fail otherwise (%#: %s)", (reply, reason) => {
    expect(checkTaskDetail(reply as never)).toMatchObject({ show: false, reason });
  });
});
