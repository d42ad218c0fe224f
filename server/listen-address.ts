/**
 * Where the mall's server listens (docs/configuration.md): PORT, and MCOIN_LISTEN_HOST's interface,
 * every interface without it. The test fixture (lib/mall.ts) gives 127.0.0.1.
 */
import { DEFAULT_MALL_PORT } from "#core/environments";

export function listenAddress(vars: Readonly<Record<string, string | undefined>>): { port: number; host: string | undefined } {
  return { port: Number(vars.PORT ?? DEFAULT_MALL_PORT), host: vars.MCOIN_LISTEN_HOST || undefined };
}
