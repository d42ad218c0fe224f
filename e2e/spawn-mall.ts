/**
 * Another mall server on the suite's build, with configuration of its own: for tests that need a
 * mall the shared one must not be (rate limits, a gateway that is down, other secrets). The harness's
 * own (lib/mall.ts), pointed at the suite's sandbox unless `env` says otherwise.
 */
import { startMall as start, type RunningMall } from "../lib/mall";
import { E2E_SANDBOX_URL } from "./env";

export { freePort } from "../lib/mall";
export type SpawnedMall = RunningMall;

/**
 * Starts `build/mall-server.js` on a free port (or `chosenPort`, when a sandbox must know the mall's
 * origin before it starts) and waits until it answers. `host` is the name the browser and the test use
 * for it: rate limits count per address, and the session cookie reaches only the host it was set for.
 */
export function startMall(env: Record<string, string>, host: "127.0.0.1" | "localhost" = "127.0.0.1", chosenPort?: number): Promise<SpawnedMall> {
  return start({ sandboxUrl: env.MCOIN_SANDBOX_URL ?? E2E_SANDBOX_URL, env, host, port: chosenPort });
}
