/**
 * Where the browser suite's servers listen, and the wallet app's user agent. MCOIN_E2E_PORT_OFFSET
 * moves every port, so two runs of the suite can share a machine.
 */
export const E2E_PORT_OFFSET = Number(process.env.MCOIN_E2E_PORT_OFFSET ?? 0);
export const E2E_APP_URL = `http://localhost:${3100 + E2E_PORT_OFFSET}`;
export const E2E_SANDBOX_PORT = 4110 + E2E_PORT_OFFSET;
export const E2E_SANDBOX_URL = `http://127.0.0.1:${E2E_SANDBOX_PORT}`;

/** An iPhone running MPay 5.9.0; `language` is the host's language part (omitted when null). */
export function walletUserAgent(language: string | null, version = "5.9.0"): string {
  const base = `Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MPay/${version}`;
  return language ? `${base} language/${language}` : base;
}

/** A partner site configured to embed the task widget (MCOIN_WIDGET_ORIGINS of the suite's mall). */
export const E2E_WIDGET_PORT = 3199 + E2E_PORT_OFFSET;
export const E2E_WIDGET_ORIGIN = `http://127.0.0.1:${E2E_WIDGET_PORT}`;
