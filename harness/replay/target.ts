/**
 * Where a replay sends its recordings and whom they act as, as its caller gives it: the CLI builds
 * one from --env, --base-url, --login, --token and --cust (cli/replay-target.ts), the inspector's
 * "send again" from the server it runs in. The environment's settings and the words of a failure
 * are the caller's; the harness reads no environment variable.
 */
import type { HttpTransport } from "#core/api/transport";
import type { EnvironmentName } from "#core/environments";
import type { GatewayClientSettings } from "#core/node/gateway/client";

export interface ReplayTarget {
  env: EnvironmentName;
  /** --base-url as given, when given. */
  baseUrl?: string;
  /** The member's token for every recording that needs one (instead of its needs.member). */
  token?: string;
  /** The member every recording acts as (instead of its needs.member). */
  login?: string;
  /** The task-center ciphertext for every recording that needs one. */
  cust?: string;
  /** The mCoin API's base URL. */
  apiBase: string;
  /** What sends each request (the app's own transport). */
  transport: HttpTransport;
  /** The secure gateway's settings, read when a secure recording is sent. */
  gateway(): GatewayClientSettings;
  /** A failed call as the run reports it; `named`: naming the address it tried and how to point elsewhere. */
  failure(error: unknown, named?: boolean): Error;
  /** Where the sandbox's sign-in page may send a member back to: the mall's origins, the likeliest first. */
  mallOrigins: readonly string[];
  /**
   * A new single-use login code for a member, from the sandbox's controls (the loginCode control):
   * it needs no return address, so a recording made with the mall at any origin signs in. Without
   * it, the sign-in page is asked with `mallOrigins`.
   */
  loginCode?(openId: string): Promise<string>;
}
