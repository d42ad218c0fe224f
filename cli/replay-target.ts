/**
 * Where `mcoin replay` and the inspector's "send again" send recordings (harness/replay, ReplayTarget),
 * built from --env and --base-url as every command resolves them (./context.ts): the API's address,
 * the secure gateway's settings, the app's transport, the words of a failure, and where the sandbox's
 * sign-in page may send a member back (the mall's address, MCOIN_APP_URL, or its defaults), and on
 * the sandbox, a login code from its controls.
 */
import { createControlClient } from "#core/controls/client";
import { loginCode } from "#core/controls/declarations";
import { CONTROL_TOKEN_ENV, DEFAULT_MALL_ORIGINS, resolveAddress, type EnvironmentName } from "#core/environments";
import type { ReplayTarget } from "#harness/replay";
import { addressOf, apiBaseUrl, apiTarget, callFailure, fetchOf, gatewaySettingsFor, transportOf } from "./context";
import { usageError } from "./errors";
import type { CliIo } from "./io";

export interface ReplayOptions {
  env: EnvironmentName;
  baseUrl?: string;
  /** The mall's address (--app): where the sandbox's sign-in page may return a member. */
  app?: string;
  token?: string;
  login?: string;
  cust?: string;
  /** The sandbox's control token (--control-token, else MCOIN_SANDBOX_CONTROL_TOKEN). */
  controlToken?: string;
}

export function replayTarget(io: CliIo, options: ReplayOptions): ReplayTarget {
  const { controlToken, app, ...given } = options;
  const apiBase = apiBaseUrl(io, options.env, options.baseUrl);
  const controls = createControlClient({ baseUrl: apiBase, token: controlToken ?? io.env[CONTROL_TOKEN_ENV], fetch: fetchOf(io) });
  return {
    ...given,
    apiBase,
    transport: transportOf(io),
    gateway: () => gatewaySettingsFor(io, options.env, { baseUrl: options.baseUrl }),
    failure: (error, named) => callFailure(error, named ? apiTarget(io, options.env, options.baseUrl) : undefined),
    // Read when a sign-in needs them, so that the default is named only when it is used.
    get mallOrigins() {
      return mallOrigins(io, app);
    },
    // The sandbox's own control: no return address, so the origin the recording's mall had does not matter.
    ...(options.env === "sandbox" ? { loginCode: async (openId: string) => (await controls.get(loginCode, { params: { openId } })).code } : {}),
  };
}

/**
 * Where the sandbox's sign-in page may send a member back to: the mall's address (--app, MCOIN_APP_URL),
 * else the default mall's origins (said on stderr).
 */
function mallOrigins(io: CliIo, app: string | undefined): string[] {
  const url = addressOf(io, "mall", app, "--app");
  if (resolveAddress("mall", app, io.env).source === "default") return [...DEFAULT_MALL_ORIGINS];
  try {
    return [new URL(url).origin];
  } catch {
    throw usageError(`the mall's address ${url} is not a URL`, "--app http://HOST:PORT, or MCOIN_APP_URL");
  }
}
