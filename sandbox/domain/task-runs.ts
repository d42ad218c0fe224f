/**
 * The task center behind the secure gateway (sandbox/handlers/secure-gateway.ts): a member's run of
 * a task starts when they read its detail and is done once its completion notice is accepted. Runs
 * are kept per member ciphertext and task, least recently read first; a run not finished a day
 * after its detail (on the sandbox clock) was abandoned, and past MAX_TASK_RUNS the oldest
 * unfinished goes first.
 */
import type { TaskFixture } from "../fixtures";
import type { Clock } from "./clock";

const HOUR_MS = 3_600_000;

/** Every task detail with a new ciphertext starts a run; past this many the oldest unfinished goes first. */
export const MAX_TASK_RUNS = 10_000;
/** A run not finished a day after its detail was abandoned (on the sandbox clock). */
export const TASK_RUN_TTL_MS = 24 * HOUR_MS;

export interface TaskRun {
  /** When the member last read the task's detail, on the sandbox clock. */
  detailAt: number;
  done: boolean;
}

/** The part of the store the task center keeps. */
export interface TaskRunsData {
  /** progress per member ciphertext and task (`${cust}|${taskNo}`), least recently read first */
  taskRuns: Map<string, TaskRun>;
}

export class TaskRuns {
  constructor(private readonly context: { data(): TaskRunsData; changed(): void; clock: Clock; tasks(): readonly TaskFixture[] }) {}

  task(taskNo: string): TaskFixture | undefined {
    return this.context.tasks().find((task) => task.taskNo === taskNo);
  }

  run(cust: string, taskNo: string): TaskRun | undefined {
    return this.runs().get(`${cust}|${taskNo}`);
  }

  /** A member read a task's detail: its run (re)starts counting now, and moves to the newest end. */
  readDetail(cust: string, taskNo: string): TaskRun {
    const runs = this.runs();
    const key = `${cust}|${taskNo}`;
    const run = { done: runs.get(key)?.done ?? false, detailAt: this.context.clock.now() };
    runs.delete(key);
    this.dropAbandoned();
    if (runs.size >= MAX_TASK_RUNS) this.evictOne();
    runs.set(key, run);
    this.context.changed();
    return run;
  }

  finish(cust: string, taskNo: string): void {
    const run = this.run(cust, taskNo);
    if (!run) return;
    run.done = true;
    this.context.changed();
  }

  /** Unfinished runs read more than TASK_RUN_TTL_MS ago, walking from the least recently read until a recent one. */
  dropAbandoned(): void {
    const now = this.context.clock.now();
    const runs = this.runs();
    for (const [key, run] of runs) {
      if (now - run.detailAt <= TASK_RUN_TTL_MS) break;
      if (!run.done) runs.delete(key);
    }
  }

  private runs(): Map<string, TaskRun> {
    return this.context.data().taskRuns;
  }

  /** The least recently read unfinished run, else (all finished) the least recently read one. */
  private evictOne(): void {
    let victim: string | undefined;
    for (const [key, run] of this.runs()) {
      victim ??= key;
      if (!run.done) {
        victim = key;
        break;
      }
    }
    if (victim !== undefined) this.runs().delete(victim);
  }
}
