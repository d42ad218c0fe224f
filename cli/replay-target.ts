/**
 * Where `mcoin replay` and the inspector's "send again" send recordings (harness/replay, ReplayTarget),
 * built from --env and --base-url as every command resolves them (./context.ts): the API's address,
 * the secure gateway's settings, the app's transport, the words of a failure, and where the sandbox's
 * sign-in page may send a member back (the mall's address, MCOIN_APP_URL, or its defaults), and on
 * the sandbox, a login code from its controls.
 */
import { createControlClient } from "#core/controls/client";
import { loginCode } from "#core/controls/declarations";
import { CONTROL_TOKEN_ENV, DEFAULT_MALL_ORIGINS, type EnvironmentName } from "#core/environments";
import type { ReplayTarget } from "#harness/replay";
import { apiBaseUrl, apiTarget, callFailure, fetchOf, gatewaySettingsFor, transportOf } from "./context";
import type { CliIo } from "./io";

export interface ReplayOptions {
  env: EnvironmentName;
  baseUrl?: string;
  token?: string;
  login?: string;
  cust?: string;
  /** The sandbox's control token (--control-token, else MCOIN_SANDBOX_CONTROL_TOKEN). */
  controlToken?: string;
}

export function replayTarget(io: CliIo, options: ReplayOptions): ReplayTarget {
  const { controlToken, ...given } = options;
  const apiBase = apiBaseUrl(io, options.env, options.baseUrl);
  const controls = createControlClient({ baseUrl: apiBase, token: controlToken ?? io.env[CONTROL_TOKEN_ENV], fetch: fetchOf(io) });
  return {
    ...given,
    apiBase,
    transport: transportOf(io),
    gateway: () => gatewaySettingsFor(io, options.env, { baseUrl: options.baseUrl }),
    failure: (error, named) => callFailure(error, named ? apiTarget(io, options.env, options.baseUrl) : undefined),
    mallOrigins: mallOrigins(io.env.MCOIN_APP_URL),
    // The sandbox's own control: no return address, so the origin the recording's mall had does not matter.
    ...(options.env === "sandbox" ? { loginCode: async (openId: string) => (await controls.get(loginCode, { params: { openId } })).code } : {}),
  };
}

/** Where the sandbox's sign-in page may send a member back to: the mall's address (MCOIN_APP_URL) or its defaults. */
function mallOrigins(appUrl: string | undefined): string[] {
  const origins = [...DEFAULT_MALL_ORIGINS];
  try {
    if (appUrl) origins.unshift(new URL(appUrl).origin);
  } catch {
    // not a URL: the defaults
  }
  return [...new Set(origins)];
}
