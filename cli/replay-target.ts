/**
 * Where `mcoin replay` and the inspector's "send again" send recordings (harness/replay, ReplayTarget),
 * built from --env and --base-url as every command resolves them (./context.ts): the API's address,
 * the secure gateway's settings, the app's transport, the words of a failure, and where the sandbox's
 * sign-in page may send a member back (the mall's address, MCOIN_APP_URL, or its defaults).
 */
import { DEFAULT_MALL_ORIGINS, type EnvironmentName } from "#core/environments";
import type { ReplayTarget } from "#harness/replay";
import { apiBaseUrl, apiTarget, callFailure, gatewaySettingsFor, transport } from "./context";

export interface ReplayOptions {
  env: EnvironmentName;
  baseUrl?: string;
  token?: string;
  login?: string;
  cust?: string;
}

export function replayTarget(options: ReplayOptions): ReplayTarget {
  return {
    ...options,
    apiBase: apiBaseUrl(options.env, options.baseUrl),
    transport,
    gateway: () => gatewaySettingsFor(options.env, { baseUrl: options.baseUrl }),
    failure: (error, named) => callFailure(error, named ? apiTarget(options.env, options.baseUrl) : undefined),
    mallOrigins: mallOrigins(),
  };
}

/** Where the sandbox's sign-in page may send a member back to: the mall's address (MCOIN_APP_URL) or its defaults. */
function mallOrigins(): string[] {
  const origins = [...DEFAULT_MALL_ORIGINS];
  try {
    if (process.env.MCOIN_APP_URL) origins.unshift(new URL(process.env.MCOIN_APP_URL).origin);
  } catch {
    // not a URL: the defaults
  }
  return [...new Set(origins)];
}
