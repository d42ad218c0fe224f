/**
 * `@mcoin/harness/sandbox`: the fixture-backed sandbox gateway as a library (docs/library.md). Nothing
 * starts at import; `startSandbox` starts one on a free port and gives its URL, the typed client of
 * its control API (core/controls/client.ts) and `stop()`.
 */
import { resolve } from "node:path";
import { createControlClient, type ControlClient } from "#core/controls/client";
import type { RecordedExchange } from "#harness/serve";

export type { ControlClient } from "#core/controls/client";
export * as controls from "#core/controls/declarations";
export { FAULTS, FAULT_KINDS, type FaultKind } from "#core/controls/faults";

export interface StartSandboxOptions {
  /** Another folder of fixtures (the layout of the mall's fixtures/); default the mall's own. */
  fixturesDir?: string;
  /** Recorded exchanges to answer with: a folder of `mcoin record`'s files or a HAR; `strict` answers nothing else. */
  recordings?: { dir: string; strict?: boolean };
  /** A folder of stub mappings in WireMock's format, answered before the sandbox's own rules. */
  stubsDir?: string;
  /** Keep members, tokens, ledgers and orders in this file across restarts. */
  stateFile?: string;
  /** Milliseconds added to every gateway call. */
  latencyMs?: number;
  /** The mall's origins: where the sign-in page may send a member back to. */
  mallOrigins?: readonly string[];
  /** A port (default: a free one). */
  port?: number;
  /** false: no demo member's past orders (tests of the rules). */
  history?: boolean;
  /**
   * Limits on its tenants (`/tenants/NAME/...`, each a sandbox of its own: docs/sandbox.md, "Tenants"):
   * how many, the orders each may hold, the requests a second each may send.
   */
  tenantLimits?: { maxTenants?: number; maxOrders?: number; requestsPerSecond?: number };
}

export interface StartedSandbox {
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  /** The control API, typed: `await sandbox.controls.get(controls.reset)`. */
  controls: ControlClient;
  stop(): Promise<void>;
}

export async function startSandbox(options: StartSandboxOptions = {}): Promise<StartedSandbox> {
  // The sandbox (msw and its handlers) loads here, when one is started, not at import.
  const { startSandboxServer } = await import("../sandbox/server");
  let recordings: { exchanges: RecordedExchange[]; strict: boolean } | undefined;
  if (options.recordings) {
    const { recordedExchanges } = await import("#harness/serve");
    recordings = { exchanges: recordedExchanges(resolve(options.recordings.dir)), strict: options.recordings.strict ?? false };
  }
  const running = await startSandboxServer({
    port: options.port ?? 0,
    host: "127.0.0.1",
    fixturesDir: options.fixturesDir && resolve(options.fixturesDir),
    stubsDir: options.stubsDir && resolve(options.stubsDir),
    stateFile: options.stateFile && resolve(options.stateFile),
    latencyMs: options.latencyMs,
    mallOrigins: options.mallOrigins,
    history: options.history,
    recordings,
    tenantLimits: options.tenantLimits,
  });
  return { url: running.url, port: Number(new URL(running.url).port), controls: createControlClient({ baseUrl: running.url }), stop: () => running.close() };
}
