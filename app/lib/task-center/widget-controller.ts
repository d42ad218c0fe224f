/**
 * Runs the task widget's state machine: asks for the detail once, ticks every 1000 ms while the
 * widget is counting, follows the page's location and the tab's visibility, sends the completion
 * notice, publishes JobSuccess / JobFailed / JobClick, and renders every change. Everything it
 * touches comes in as a dependency, so tests drive it with fake timers and no DOM.
 */
import type { TaskCheck } from "#core/api/task-center";
import { INITIAL_STATE, isRunning, reduce, viewOf, type WidgetEvent, type WidgetOutput, type WidgetState, type WidgetView } from "./widget-machine";

export const TICK_MS = 1000;

export interface TaskWidgetDeps {
  api: {
    detail(): Promise<TaskCheck>;
    notify(checkValue: number): Promise<unknown>;
  };
  publish(event: "JobSuccess" | "JobFailed" | "JobClick", detail: unknown): void;
  render(view: WidgetView): void;
  /** Where the page is now (the hash on other sites; path and hash in the mall). */
  locationKey(): string;
  /** Calls back when the location may have changed; returns an unsubscribe. */
  onLocationChange(listener: () => void): () => void;
  isTabVisible(): boolean;
  onVisibilityChange(listener: () => void): () => void;
  timers?: { setInterval(fn: () => void, ms: number): unknown; clearInterval(handle: unknown): void };
  /** "A failed detail query is only logged." */
  log?(message: string, error: unknown): void;
}

export interface TaskWidgetController {
  readonly state: WidgetState;
  /** Re-reads the location (the mall calls this after its own navigations). */
  locationChanged(): void;
  click(): void;
  destroy(): void;
}

export function createTaskWidgetController(deps: TaskWidgetDeps): TaskWidgetController {
  const timers = deps.timers ?? {
    setInterval: (fn: () => void, ms: number) => setInterval(fn, ms),
    clearInterval: (handle: unknown) => clearInterval(handle as ReturnType<typeof setInterval>),
  };
  let state: WidgetState = INITIAL_STATE;
  let ticker: unknown = null;
  let lastView = "";

  const onLocation = () => dispatch({ type: "locationChanged", locationKey: deps.locationKey() });
  const onVisibility = () => dispatch({ type: "visibilityChanged", visible: deps.isTabVisible() });
  const unsubscribeLocation = deps.onLocationChange(onLocation);
  let unsubscribeVisibility: (() => void) | null = deps.onVisibilityChange(onVisibility);

  function dispatch(event: WidgetEvent) {
    const result = reduce(state, event);
    state = result.state;
    syncTicker();
    render();
    for (const output of result.outputs) perform(output);
  }

  /** A fresh 1000 ms interval whenever counting (re)starts; none while paused. */
  function syncTicker() {
    if (isRunning(state) && ticker === null) ticker = timers.setInterval(() => dispatch({ type: "tick" }), TICK_MS);
    else if (!isRunning(state) && ticker !== null) {
      timers.clearInterval(ticker);
      ticker = null;
    }
  }

  function render() {
    if (state.phase === "destroyed") return;
    const view = viewOf(state);
    const key = JSON.stringify(view);
    if (key === lastView) return;
    lastView = key;
    deps.render(view);
  }

  function perform(output: WidgetOutput) {
    switch (output.type) {
      case "fetchDetail":
        deps.api.detail().then(
          (check) => dispatch({ type: "detailLoaded", check }),
          (error: unknown) => dispatch({ type: "detailFailed", error }),
        );
        return;
      case "logDetailFailure":
        deps.log?.("task detail could not be read; no task widget", output.error);
        return;
      case "notify":
        deps.api.notify(output.checkValue).then(
          (response) => dispatch({ type: "notifySucceeded", response }),
          (error: unknown) => dispatch({ type: "notifyFailed", error }),
        );
        return;
      case "publish":
        deps.publish(output.event, output.detail);
        return;
      case "removeVisibilityListener":
        unsubscribeVisibility?.();
        unsubscribeVisibility = null;
        return;
    }
  }

  dispatch({ type: "start", locationKey: deps.locationKey(), tabVisible: deps.isTabVisible() });

  return {
    get state() {
      return state;
    },
    locationChanged: onLocation,
    click: () => dispatch({ type: "click" }),
    destroy() {
      dispatch({ type: "destroy" });
      if (ticker !== null) timers.clearInterval(ticker);
      ticker = null;
      unsubscribeLocation();
      unsubscribeVisibility?.();
      unsubscribeVisibility = null;
    },
  };
}
