/**
 * What one run of `mcoin` reads and writes outside itself: its two output streams, its environment
 * variables, its exit code, its clock, how it reaches the network and when a person stops it. The
 * program and every command receive it (cli/program.ts); cli/index.ts binds it to the process, a
 * test to buffers, an in-process sandbox and a clock that does not wait (cli/testing.ts). So no
 * command reads `process` itself.
 *
 * Relative paths are the process's own: a command echoes a path as it was typed, and the harness
 * resolves the paths it is given as Node's fs does.
 */

/** Where a run writes: process.stdout or process.stderr, or a test's buffer. */
export interface CliOutput {
  write(text: string): unknown;
  /** A terminal: a progress bar redraws in place, help wraps at its width. */
  readonly isTTY?: boolean;
  readonly columns?: number;
}

/** The time a command reads and waits on: the wall clock, or a test's that moves without waiting. */
export interface CliClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export interface CliIo {
  readonly stdout: CliOutput;
  readonly stderr: CliOutput;
  /** The environment variables the run sees (MCOIN_SANDBOX_URL, the keys, ...). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** 0 unless a command or the error printer set it: 1 a business or network failure, 2 bad usage. */
  exitCode: number | undefined;
  readonly clock: CliClock;
  /**
   * Another fetch for every HTTP call of the run (a test's in-process sandbox); the API and secure
   * gateway clients then go through it too. Unset: the network (fetch, and undici's pooled agent for
   * the clients).
   */
  readonly fetch?: typeof fetch;
  /**
   * Resolves when the person stops the run (Ctrl-C, SIGTERM): what a long-running command (the
   * sandbox, the recorder, `log --follow`) waits on. Asked for only by those, so any other command
   * is stopped by a signal as a process is.
   */
  untilStopped(): Promise<void>;
}
