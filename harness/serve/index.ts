/**
 * harness/serve: recordings served as an environment (`mcoin sandbox --recordings DIR`). The CLI, the
 * package's sandbox and the sandbox import it from here only.
 */
export { recordedExchanges } from "./exchanges";
