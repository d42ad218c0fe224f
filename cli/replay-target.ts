/**
 * Where `mcoin replay` and the inspector's "send again" send recordings (harness/replay, ReplayTarget),
 * built from --env and --base-url as every command resolves them (./context.ts): the API's address,
 * the secure gateway's settings, the app's transport, the words of a failure, and where the sandbox's
 * sign-in page may send a member back (the mall's address, MCOIN_APP_URL, or its defaults).
 */
import { DEFAULT_MALL_ORIGINS, type EnvironmentName } from "#core/environments";
import type { ReplayTarget } from "#harness/replay";
import { apiBaseUrl, apiTarget, callFailure, gatewaySettingsFor, transportOf } from "./context";
import type { CliIo } from "./io";

export interface ReplayOptions {
  env: EnvironmentName;
  baseUrl?: string;
  token?: string;
  login?: string;
  cust?: string;
}

export function replayTarget(io: CliIo, options: ReplayOptions): ReplayTarget {
  return {
    ...options,
    apiBase: apiBaseUrl(io, options.env, options.baseUrl),
    transport: transportOf(io),
    gateway: () => gatewaySettingsFor(io, options.env, { baseUrl: options.baseUrl }),
    failure: (error, named) => callFailure(error, named ? apiTarget(io, options.env, options.baseUrl) : undefined),
    mallOrigins: mallOrigins(io.env.MCOIN_APP_URL),
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
