/**
 * The task widget's state machine (spec section 4, "Task widget"): not started, loading, hidden
 * (a check failed), counting (paused while the page is elsewhere or the tab is hidden), notifying,
 * completed or failed, destroyed. Pure: it returns the next state and what to do; the controller
 * does it.
 */
import type { TaskCheck } from "#core/api/task-center";

export type WidgetPhase = "idle" | "loading" | "hidden" | "counting" | "notifying" | "completed" | "failed" | "destroyed";

export interface WidgetState {
  phase: WidgetPhase;
  /** Seconds left. */
  remaining: number;
  threshold: number | null;
  /** Where the page was when the widget started: it counts only there. */
  startKey: string;
  atStart: boolean;
  tabVisible: boolean;
  /** Set on success ("finished flag"). */
  finished: boolean;
  /** The completion notice went out (it goes once). */
  notified: boolean;
}

export type WidgetEvent =
  | { type: "start"; locationKey: string; tabVisible: boolean }
  | { type: "detailLoaded"; check: TaskCheck }
  | { type: "detailFailed"; error: unknown }
  | { type: "tick" }
  | { type: "locationChanged"; locationKey: string }
  | { type: "visibilityChanged"; visible: boolean }
  | { type: "notifySucceeded"; response: unknown }
  | { type: "notifyFailed"; error: unknown }
  | { type: "click" }
  | { type: "destroy" };

export type WidgetOutput =
  | { type: "fetchDetail" }
  | { type: "logDetailFailure"; error: unknown }
  | { type: "notify"; checkValue: number }
  | { type: "publish"; event: "JobSuccess" | "JobFailed" | "JobClick"; detail: unknown }
  | { type: "removeVisibilityListener" };

export const INITIAL_STATE: WidgetState = {
  phase: "idle",
  remaining: 0,
  threshold: null,
  startKey: "",
  atStart: true,
  tabVisible: true,
  finished: false,
  notified: false,
};

/** Counting now: on the starting page, with the tab visible. */
export function isRunning(state: WidgetState): boolean {
  return state.phase === "counting" && state.atStart && state.tabVisible;
}

/** What the member sees. */
export interface WidgetView {
  visible: boolean;
  status: "counting" | "success" | "failed";
  seconds: number;
  /** Clicks are published only after success. */
  clickable: boolean;
}

export function viewOf(state: WidgetState): WidgetView {
  const onPage = state.atStart && state.tabVisible;
  switch (state.phase) {
    case "counting":
    case "notifying":
      return { visible: onPage, status: "counting", seconds: state.remaining, clickable: false };
    case "completed":
      return { visible: true, status: "success", seconds: 0, clickable: true };
    case "failed":
      return { visible: true, status: "failed", seconds: 0, clickable: false };
    default:
      return { visible: false, status: "counting", seconds: state.remaining, clickable: false };
  }
}

export function reduce(state: WidgetState, event: WidgetEvent): { state: WidgetState; outputs: WidgetOutput[] } {
  if (state.phase === "destroyed") return { state, outputs: [] };
  switch (event.type) {
    case "start":
      if (state.phase !== "idle") return { state, outputs: [] };
      return {
        state: { ...state, phase: "loading", startKey: event.locationKey, atStart: true, tabVisible: event.tabVisible },
        outputs: [{ type: "fetchDetail" }],
      };
    case "detailLoaded": {
      if (state.phase !== "loading") return { state, outputs: [] };
      // A subCode other than 0000, or any other failed check, is ignored silently: no widget.
      if (!event.check.show || event.check.thresholdValue === null) return { state: { ...state, phase: "hidden" }, outputs: [] };
      const threshold = event.check.thresholdValue;
      const started = { ...state, phase: "counting" as const, threshold, remaining: threshold };
      // A zero threshold is already done browsing.
      return threshold === 0 ? complete(started) : { state: started, outputs: [] };
    }
    case "detailFailed":
      if (state.phase !== "loading") return { state, outputs: [] };
      return { state: { ...state, phase: "hidden" }, outputs: [{ type: "logDetailFailure", error: event.error }] };
    case "tick": {
      if (!isRunning(state)) return { state, outputs: [] };
      const remaining = Math.max(0, state.remaining - 1);
      const next = { ...state, remaining };
      return remaining === 0 ? complete(next) : { state: next, outputs: [] };
    }
    case "locationChanged":
      return { state: { ...state, atStart: event.locationKey === state.startKey }, outputs: [] };
    case "visibilityChanged":
      return { state: { ...state, tabVisible: event.visible }, outputs: [] };
    case "notifySucceeded":
      if (state.phase !== "notifying") return { state, outputs: [] };
      return {
        state: { ...state, phase: "completed", finished: true },
        outputs: [{ type: "publish", event: "JobSuccess", detail: event.response }, { type: "removeVisibilityListener" }],
      };
    case "notifyFailed":
      if (state.phase !== "notifying") return { state, outputs: [] };
      return { state: { ...state, phase: "failed" }, outputs: [{ type: "publish", event: "JobFailed", detail: event.error }] };
    case "click":
      return state.phase === "completed" ? { state, outputs: [{ type: "publish", event: "JobClick", detail: null }] } : { state, outputs: [] };
    case "destroy":
      return { state: { ...state, phase: "destroyed" }, outputs: [] };
  }
}

/**
 * "The completion notice is sent only when remaining time is 0, the job is not already done and the
 * threshold value exists" (spec section 5); and only once.
 */
function complete(state: WidgetState): { state: WidgetState; outputs: WidgetOutput[] } {
  if (state.remaining !== 0 || state.finished || state.notified || state.threshold === null) return { state, outputs: [] };
  return { state: { ...state, phase: "notifying", notified: true }, outputs: [{ type: "notify", checkValue: state.threshold }] };
}
