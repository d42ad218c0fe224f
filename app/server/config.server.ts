/**
 * Server configuration, read and checked once from the environment. The rest of the server receives
 * typed values.
 *
 * Environments (docs/architecture.md): sandbox (default), dev, sit, uat, prod. The spec's client chose one from
 * the page URL; here the host names the mall answers to are configured (MCOIN_HOSTS), each with its
 * environment, and that list is also the allow-list: a request for any other Host is refused (400) by
 * the HTTP server before the app sees it, so no header can pick an environment or build a redirect.
 */
import { resolve } from "node:path";
import { z } from "zod";
import type { GatewayClientSettings } from "#core/node/gateway/client";
import type { DeviceInfo } from "#core/node/gateway/envelope";
import { readSandboxGatewayKeys } from "#core/node/gateway/sandbox-keys";
import { gatewaySettings } from "#core/node/gateway/settings";
import { DEFAULT_SANDBOX_URL, ENVIRONMENT_NAMES, EnvironmentConfigError, apiBaseOf, environmentVariable, loginUrlOf, type EnvironmentName } from "#core/environments";

export type { EnvironmentName };

/**
 * Seals the session cookie when the sandbox is the only gateway in use. Test-only and public (it is
 * in this file): the server refuses to start with it, or without SESSION_SECRET, when any configured
 * host leads to another environment.
 */
export const SANDBOX_ONLY_SESSION_SECRET = "mcoin-sandbox-only-session-secret-not-for-real-use";

/** The hosts a fresh checkout answers to: this machine, for the sandbox. */
const LOCAL_HOSTS = "localhost,127.0.0.1,[::1]";

const Url = z.string().url();
const List = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? "")
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean),
  );
const Origins = List.pipe(
  z.array(
    z
      .string()
      .url()
      .transform((value) => new URL(value).origin),
  ),
);

const EnvSchema = z.object({
  NODE_ENV: z.string().default("development"),
  /** Every configured host uses this environment unless MCOIN_HOSTS names another for it. */
  MCOIN_ENV: z.enum(ENVIRONMENT_NAMES).optional(),
  /** `host[=environment]`, comma-separated: the host names the mall answers to. */
  MCOIN_HOSTS: z.string().default(LOCAL_HOSTS),
  /** Express's `trust proxy`: unset (the socket's own address), a hop count, or addresses/subnets. */
  MCOIN_TRUST_PROXY: z.string().optional(),
  /** One or more secrets (comma-separated, newest first) that seal the session cookie. */
  SESSION_SECRET: List.pipe(z.array(z.string().min(32, "each SESSION_SECRET must be at least 32 characters"))),
  MCOIN_COOKIE_SECURE: z.enum(["true", "false"]).optional(),
  /** Origins of other sites that embed the task widget (CORS and the Origin check of /resources/task). */
  MCOIN_WIDGET_ORIGINS: Origins,
  /** Origins allowed to show the mall in a frame (CSP frame-ancestors), besides the mall itself. */
  MCOIN_FRAME_ANCESTORS: Origins,
  /** Origins of offer, store and avatar images, besides the gateway's own (CSP img-src). */
  MCOIN_IMG_ORIGINS: Origins,
  /** Rate limits per client and minute, e.g. `login=20,task=30,action=60`. */
  MCOIN_RATE_LIMITS: z.string().optional(),
  /** Several mall instances share their rate limits through this Redis. */
  REDIS_URL: Url.optional(),
  /** How long a Redis command may take, in milliseconds, before the request counts in memory (server/redis.ts). */
  MCOIN_REDIS_TIMEOUT_MS: z.coerce.number().int().min(50).max(10_000).default(300),
  /** The server's log level (pino's levels; server/logger.ts). */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** On SIGTERM or SIGINT, how long requests in flight may take to finish before the server exits anyway. */
  MCOIN_SHUTDOWN_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** Per-call timeout of the server's gateway client; 0 means none. */
  MCOIN_API_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * The longest the server keeps a catalog reply the gateway marks `public, max-age` (the lists, the
   * categories, the ads: cache/catalog-replies.server.ts), in seconds; 0 keeps none.
   */
  MCOIN_CATALOG_KEEP_S: z.coerce.number().int().min(0).max(3600).default(60),
  /**
   * How long the server carries the gateway's clock on its own monotonic clock after reading it
   * (cache/gateway-clock.server.ts), in seconds; 0 asks the gateway on every screen that shows it.
   */
  MCOIN_CLOCK_KEEP_S: z.coerce.number().int().min(0).max(3600).default(60),
  /** Customer service's phone number, called through the host (the spec does not give one). */
  MCOIN_SERVICE_PHONE: z
    .string()
    .regex(/^\+?[0-9 ]{6,20}$/)
    .default("+853 2833 0000"),
  /**
   * Where error reports go (POST, JSON: core/errors/report.ts). Default: the sandbox's collector
   * for requests of the sandbox environment, and the server's log (stderr, one JSON line) otherwise.
   */
  MCOIN_ERROR_REPORT_URL: Url.optional(),
  /**
   * MPay's page in the app market, where the upgrade prompt's button takes a member whose wallet is
   * too old (spec section 1: "update via the app market"). Default: the sandbox's stand-in page for
   * the sandbox environment; elsewhere none, and the prompt has no button.
   */
  MCOIN_APP_MARKET_URL: Url.optional(),
  /** The sandbox's control token, when it has one (the mall sends its error reports to the sandbox's collector with it). */
  MCOIN_SANDBOX_CONTROL_TOKEN: z.string().min(1).optional(),
  /** Where the server reaches the sandbox gateway. */
  MCOIN_SANDBOX_URL: Url.default(DEFAULT_SANDBOX_URL),
  /** Where browsers reach the sandbox's sign-in page; default: the page's own host on the sandbox's port. */
  MCOIN_SANDBOX_PUBLIC_URL: Url.optional(),
  /** The sandbox's test-only secure-gateway keys. */
  MCOIN_SANDBOX_KEYS_DIR: z.string().min(1).default("fixtures/keys"),
  MCOIN_DEV_API_BASE: Url.optional(),
  MCOIN_DEV_LOGIN_URL: Url.optional(),
  MCOIN_SIT_API_BASE: Url.optional(),
  MCOIN_SIT_LOGIN_URL: Url.optional(),
  MCOIN_UAT_API_BASE: Url.optional(),
  MCOIN_UAT_LOGIN_URL: Url.optional(),
  MCOIN_PROD_API_BASE: Url.optional(),
  MCOIN_PROD_LOGIN_URL: Url.optional(),
});

export type ServerEnv = z.infer<typeof EnvSchema>;

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

export function readEnv(vars: Record<string, string | undefined> = process.env): ServerEnv {
  const parsed = EnvSchema.safeParse(vars);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`invalid configuration: ${issue?.path.join(".")}: ${issue?.message}`);
  }
  return parsed.data;
}

export const env = readEnv();

/**
 * The host map: exact host names (`mall.example.com`), or every subdomain of one (`*.example.com`),
 * each with the environment it serves. Ports are not part of a host name here.
 */
export interface HostRule {
  pattern: string;
  environment: EnvironmentName;
}

export function parseHosts(raw: string, fallback: EnvironmentName): HostRule[] {
  return raw
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [host, name] = entry.split("=").map((part) => part.trim().toLowerCase());
      if (name !== undefined && !(ENVIRONMENT_NAMES as readonly string[]).includes(name)) {
        throw new ConfigError(`MCOIN_HOSTS: ${entry}: the environment must be one of ${ENVIRONMENT_NAMES.join(", ")}`);
      }
      if (!/^(\*\.)?[a-z0-9.-]+$|^\[[0-9a-f:.]+\]$/.test(host)) throw new ConfigError(`MCOIN_HOSTS: ${entry} is not a host name`);
      return { pattern: host, environment: (name as EnvironmentName | undefined) ?? fallback };
    });
}

export const HOSTS = parseHosts(env.MCOIN_HOSTS, env.MCOIN_ENV ?? "sandbox");

/** The environment a host name serves, or null when the mall does not answer to it. */
export function environmentForHost(hostname: string, hosts: readonly HostRule[] = HOSTS): EnvironmentName | null {
  const host = hostname.toLowerCase();
  for (const rule of hosts) {
    if (rule.pattern.startsWith("*.") ? host.endsWith(rule.pattern.slice(1)) && host.length > rule.pattern.length - 1 : host === rule.pattern) {
      return rule.environment;
    }
  }
  return null;
}

export interface GatewayEnvironment {
  name: EnvironmentName;
  /** The mCoin API's base URL. */
  apiBase: string;
  /** The wallet's sign-in page for this request (the sandbox's stand-in for the sandbox). */
  loginUrl: string;
  /** The sandbox's stand-in for the wallet, as browsers reach it (its sign-in page and cashier are under it); the sandbox's only. */
  walletBase?: string;
}

/** Where the upgrade prompt sends the member to update MPay, or null (MCOIN_APP_MARKET_URL). */
export function appMarketUrl(environment: GatewayEnvironment): string | null {
  if (env.MCOIN_APP_MARKET_URL) return env.MCOIN_APP_MARKET_URL;
  return environment.name === "sandbox" && environment.walletBase ? `${environment.walletBase}/__wallet/app-market` : null;
}

/** The environment of a request whose host the HTTP server has already let in. */
export function environmentName(requestUrl: URL): EnvironmentName {
  const name = environmentForHost(requestUrl.hostname);
  // Unreachable behind the mall's server, which answers an unknown host with 400 first.
  if (!name) throw new Response("Unknown host", { status: 400 });
  return name;
}

export function gatewayEnvironment(requestUrl: URL): GatewayEnvironment {
  const name = environmentName(requestUrl);
  if (name === "sandbox") {
    const sandbox = new URL(env.MCOIN_SANDBOX_URL);
    // A tenant's sandbox (`.../tenants/NAME`, sandbox/tenants.ts) keeps its path: its sign-in page and cashier are under it.
    const walletBase = env.MCOIN_SANDBOX_PUBLIC_URL
      ? env.MCOIN_SANDBOX_PUBLIC_URL.replace(/\/+$/, "")
      : `${requestUrl.protocol}//${requestUrl.host.replace(/:\d+$/, "")}:${sandbox.port || "80"}${sandbox.pathname.replace(/\/+$/, "")}`;
    return {
      name,
      apiBase: env.MCOIN_SANDBOX_URL.replace(/\/+$/, ""),
      loginUrl: `${walletBase}/oauth/authorize`,
      walletBase,
    };
  }
  try {
    return { name, apiBase: apiBaseOf(name, env), loginUrl: loginUrlOf(name, env) };
  } catch (error) {
    if (error instanceof EnvironmentConfigError)
      throw new ConfigError(`environment ${name} is not configured: set ${environmentVariable(name, "API_BASE")} and ${environmentVariable(name, "LOGIN_URL")}`);
    throw error;
  }
}

/**
 * The hosts a page of this environment shows pictures from: the gateway's (its catalog's pictures),
 * the sign-in page's (avatars, in the sandbox) and the configured image hosts (MCOIN_IMG_ORIGINS).
 * The CSP's img-src allows these, and the mall brings first-screen pictures from these only
 * (pictures.server.ts).
 */
export function imageOrigins(gateway: GatewayEnvironment): string[] {
  return [...new Set([new URL(gateway.apiBase).origin, new URL(gateway.loginUrl).origin, ...env.MCOIN_IMG_ORIGINS])];
}

/** The secure gateway's settings for a request's environment (task center). */
export function secureGatewaySettings(requestUrl: URL, deviceInfo: Partial<DeviceInfo>): GatewayClientSettings {
  return gatewaySettings({
    environment: environmentName(requestUrl),
    vars: process.env,
    sandboxUrl: env.MCOIN_SANDBOX_URL,
    sandboxKeys: () => readSandboxGatewayKeys(resolve(env.MCOIN_SANDBOX_KEYS_DIR)),
    deviceInfo,
  });
}

/**
 * Refuses to start a server whose configuration cannot serve every host it answers to: each
 * environment but the sandbox needs its API and sign-in URLs and a real SESSION_SECRET (never the
 * sandbox's public one). Called once by the HTTP server at start.
 */
export function assertServable(config: ServerEnv = env, hosts: readonly HostRule[] = HOSTS): void {
  if (hosts.length === 0) throw new ConfigError("MCOIN_HOSTS lists no host: the mall would refuse every request");
  const real = [...new Set(hosts.map((rule) => rule.environment))].filter((name) => name !== "sandbox");
  for (const name of real) {
    const [apiBase, loginUrl] = [environmentVariable(name, "API_BASE"), environmentVariable(name, "LOGIN_URL")];
    if (!config[apiBase as keyof ServerEnv] || !config[loginUrl as keyof ServerEnv]) {
      throw new ConfigError(`hosts of the ${name} environment are configured, but not the environment: set ${apiBase} and ${loginUrl}`);
    }
  }
  if (real.length > 0 && config.SESSION_SECRET.length === 0) {
    throw new ConfigError(`the ${real.join(", ")} environment needs SESSION_SECRET (at least 32 characters)`);
  }
  if (config.SESSION_SECRET.includes(SANDBOX_ONLY_SESSION_SECRET) && real.length > 0) {
    throw new ConfigError("SESSION_SECRET is the sandbox's public secret: choose your own");
  }
}

/** The secrets that seal the session, newest first. */
export const sessionSecrets: readonly string[] = env.SESSION_SECRET.length > 0 ? env.SESSION_SECRET : [SANDBOX_ONLY_SESSION_SECRET];

/**
 * Whether cookies of a request carry `Secure`: always over HTTPS and for every environment but the
 * sandbox (whatever MCOIN_ENV says), unless MCOIN_COOKIE_SECURE says otherwise.
 */
export function cookieSecureFor(requestUrl: URL): boolean {
  if (env.MCOIN_COOKIE_SECURE) return env.MCOIN_COOKIE_SECURE === "true";
  return requestUrl.protocol === "https:" || environmentForHost(requestUrl.hostname) !== "sandbox";
}

export const apiTimeoutMs = env.MCOIN_API_TIMEOUT_MS;
export const catalogKeepMs = env.MCOIN_CATALOG_KEEP_S * 1000;
export const clockKeepMs = env.MCOIN_CLOCK_KEEP_S * 1000;
