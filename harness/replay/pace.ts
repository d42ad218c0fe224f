/**
 * `mcoin replay --pace recorded|fast`: some calls depend on the time elapsed since an earlier one.
 * The task center's completion notice is refused `TASK_TOO_EARLY` unless the task's seconds have
 * passed since its detail was read (sandbox/handlers/secure-gateway.ts), so a notice recorded 3 s
 * after the detail fails when replayed at once. With `recorded` (the default) replay waits before
 * such a call until as much time has passed since the call it depends on as had when it was
 * recorded; `fast` never waits. Other calls are sent at once either way: waiting out every idle
 * moment of a recorded session would make a replay as long as the session
 * (docs/decisions/009-replayable-recordings.md).
 */
import { TASK_NOTIFY_URL } from "#core/api/task-center";
import type { Recording } from "#harness/recording";

export const PACES = ["recorded", "fast"] as const;
export type Pace = (typeof PACES)[number];

/** Secure functions whose answer depends on the time elapsed since an earlier call. */
const ELAPSED_TIME_FUNCTIONS = new Set([TASK_NOTIFY_URL]);

export function dependsOnElapsedTime(recording: Recording): boolean {
  return recording.kind === "secure" && ELAPSED_TIME_FUNCTIONS.has(recording.request.path);
}

/** A recordedAt with a time of day (a bare date says nothing of seconds). */
function recordedMs(recording: Recording): number | undefined {
  const { recordedAt } = recording;
  if (!recordedAt || !recordedAt.includes("T")) return undefined;
  const ms = Date.parse(recordedAt);
  return Number.isFinite(ms) ? ms : undefined;
}

const taskOf = (recording: Recording): unknown => (recording.request.body as { task_no?: unknown } | undefined)?.task_no;

export interface PaceClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: PaceClock = { now: () => Date.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

/** What a wait before a call was, for the line replay prints. */
export interface Wait {
  ms: number;
  /** The recording whose time the wait is measured from. */
  after: string;
}

export class Pacer {
  /**
   * The calls answered so far in this run, with when the answer came. Measured from the answer, not
   * the sending: a replay may take longer to reach the gateway than the recording did (sealing,
   * signing in), and the gateway stamps a call when it handles it, so waiting from the answer never
   * sends the dependent call early.
   */
  private readonly sent: { recording: Recording; at: number }[] = [];

  constructor(
    private readonly pace: Pace,
    private readonly clock: PaceClock = realClock,
  ) {}

  /**
   * The call this one depends on: the latest one sent about the same task (its detail), else the
   * latest one sent.
   */
  private anchorOf(recording: Recording): { recording: Recording; at: number } | undefined {
    const task = taskOf(recording);
    const sameTask = [...this.sent].reverse().find((sent) => sent.recording.kind === "secure" && task !== undefined && taskOf(sent.recording) === task);
    return sameTask ?? this.sent.at(-1);
  }

  /** How long to wait before sending this recording, and after which call (none: null). */
  waitFor(recording: Recording): Wait | null {
    if (this.pace === "fast" || !dependsOnElapsedTime(recording)) return null;
    const anchor = this.anchorOf(recording);
    const recordedAt = recordedMs(recording);
    const anchorAt = anchor ? recordedMs(anchor.recording) : undefined;
    if (!anchor || recordedAt === undefined || anchorAt === undefined) return null;
    const ms = recordedAt - anchorAt - (this.clock.now() - anchor.at);
    return ms > 0 ? { ms, after: anchor.recording.name } : null;
  }

  /** Waits as the pace says before sending this recording; resolves with the wait (null: none). */
  async before(recording: Recording): Promise<Wait | null> {
    const wait = this.waitFor(recording);
    if (wait) await this.clock.sleep(wait.ms);
    return wait;
  }

  /** Notes that the call was answered now. */
  answered(recording: Recording): void {
    this.sent.push({ recording, at: this.clock.now() });
  }
}
