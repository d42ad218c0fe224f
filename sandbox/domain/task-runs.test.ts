/** The task center's runs (task-runs.ts): an abandoned run is dropped a day on, and runs are bounded. */
import { describe, expect, it } from "vitest";
import { MAX_TASK_RUNS, TASK_RUN_TTL_MS } from "./task-runs";
import { world } from "./test-support";

describe("task runs", () => {
  it("drop an unfinished run a day after its detail, and keep a finished one", () => {
    const state = world();
    state.taskRuns.readDetail("C1", "T1");
    state.taskRuns.readDetail("C2", "T1");
    state.taskRuns.finish("C2", "T1");
    state.setClock(state.now() + TASK_RUN_TTL_MS + 1_000);
    state.taskRuns.readDetail("C3", "T1");
    expect(state.taskRuns.run("C1", "T1")).toBeUndefined();
    expect(state.taskRuns.run("C2", "T1")).toMatchObject({ done: true });
    expect([...state.data.taskRuns.keys()]).toEqual(["C2|T1", "C3|T1"]);
  });

  it(`are at most ${MAX_TASK_RUNS}: the least recently read unfinished one goes first`, () => {
    const state = world();
    state.taskRuns.readDetail("done", "T1");
    state.taskRuns.finish("done", "T1");
    state.taskRuns.readDetail("first", "T1");
    for (let i = 0; i < MAX_TASK_RUNS - 3; i++) state.taskRuns.readDetail(`C${i}`, "T1");
    state.taskRuns.readDetail("first", "T1"); // read again: now the most recent
    state.taskRuns.readDetail("full", "T1");
    expect(state.data.taskRuns.size).toBe(MAX_TASK_RUNS);
    state.taskRuns.readDetail("one-more", "T1");
    expect(state.data.taskRuns.size).toBe(MAX_TASK_RUNS);
    expect(state.taskRuns.run("C0", "T1")).toBeUndefined();
    expect(state.taskRuns.run("done", "T1")).toMatchObject({ done: true });
    expect(state.taskRuns.run("first", "T1")).toBeDefined();
  });
});
