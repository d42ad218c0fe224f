/**
 * Where the browser suite's servers listen, and the wallet app's user agent. MCOIN_E2E_PORT_OFFSET
 * moves every port, so two runs of the suite can share a machine. Each Playwright worker has a mall and
 * a sandbox of its own (tests reset the sandbox and inject faults into it), `E2E_WORKER_STRIDE` ports
 * above the previous worker's: the config starts one pair per worker, and a worker process (where
 * Playwright sets TEST_PARALLEL_INDEX) talks to its own pair.
 */
export const E2E_BASE_PORT_OFFSET = Number(process.env.MCOIN_E2E_PORT_OFFSET ?? 0);
export const E2E_WORKER_STRIDE = 20;
/** How many workers (and mall-and-sandbox pairs) the suite runs with: MCOIN_E2E_WORKERS, 2 by default. */
export const E2E_WORKERS = Math.max(1, Math.min(4, Number(process.env.MCOIN_E2E_WORKERS ?? 2) || 1));

/** The ports of worker `index`'s mall, sandbox and partner site. */
export function e2ePorts(index: number) {
  const offset = E2E_BASE_PORT_OFFSET + index * E2E_WORKER_STRIDE;
  return { offset, app: 3100 + offset, sandbox: 4110 + offset, widget: 3199 + offset };
}

const ports = e2ePorts(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
export const E2E_PORT_OFFSET = ports.offset;
export const E2E_APP_URL = `http://localhost:${ports.app}`;
export const E2E_SANDBOX_PORT = ports.sandbox;
export const E2E_SANDBOX_URL = `http://127.0.0.1:${E2E_SANDBOX_PORT}`;

/** An iPhone running MPay 5.9.0; `language` is the host's language part (omitted when null). */
export function walletUserAgent(language: string | null, version = "5.9.0"): string {
  const base = `Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MPay/${version}`;
  return language ? `${base} language/${language}` : base;
}

/** A partner site configured to embed the task widget (MCOIN_WIDGET_ORIGINS of the suite's mall). */
export const E2E_WIDGET_PORT = ports.widget;
export const E2E_WIDGET_ORIGIN = `http://127.0.0.1:${E2E_WIDGET_PORT}`;
