/**
 * What the command definitions name in their help and defaults, kept free of zod, undici and the
 * app's modules so `mcoin --help` loads none of them (cli/start.test.ts checks it). Values that
 * mirror a heavier module (sandbox/access.ts, core/api/shop-endpoints.ts) are checked against it
 * in cli/start.test.ts.
 */
import { sandboxUrl as sandboxUrlOf } from "#core/environments";


/** The sandbox's control token: `mcoin sandbox` requires it, `mcoin replay --reset` sends it. */
export const CONTROL_TOKEN_ENV = "MCOIN_SANDBOX_CONTROL_TOKEN";

/** The running sandbox's address: MCOIN_SANDBOX_URL, else the default port on loopback (core/environments.ts). */
export function sandboxUrl(): string {
  return sandboxUrlOf(process.env);
}

/** sandbox/access.ts's DEFAULT_HOST: the sandbox listens here unless told otherwise. */
export const SANDBOX_DEFAULT_HOST = "127.0.0.1";

/** sandbox/access.ts's DEFAULT_MALL_ORIGINS: the mall as `npm start` and `npm run dev` serve it. */
export const SANDBOX_DEFAULT_MALL_ORIGINS: readonly string[] = ["http://localhost:3000", "http://127.0.0.1:3000"];

/** core/api/shop-endpoints.ts's ORDER_TABS: the tabs of the order list (`mcoin sandbox orders --tab`). */
export const ORDER_TABS = ["all", "unpaid", "unshipped", "shipped", "completed", "refund", "after_sale"] as const;
