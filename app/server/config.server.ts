/**
 * Server configuration, read and checked once from the environment. The rest of the server receives
 * typed values. Environments (DESIGN.md): sandbox (default), dev, sit, uat, prod, chosen by MCOIN_ENV,
 * else from the request's host name, as the spec chooses by page URL.
 */
import { resolve } from "node:path";
import { z } from "zod";
import type { GatewayClientSettings } from "../lib/gateway/client";
import type { DeviceInfo } from "../lib/gateway/envelope";
import { readSandboxGatewayKeys } from "../lib/gateway/sandbox-keys";
import { gatewaySettings } from "../lib/gateway/settings";

export const ENVIRONMENT_NAMES = ["sandbox", "dev", "sit", "uat", "prod"] as const;
export type EnvironmentName = (typeof ENVIRONMENT_NAMES)[number];

/**
 * Signs the session cookie when the sandbox is the only gateway in use. Test-only: any other
 * environment refuses to run without its own SESSION_SECRET.
 */
const SANDBOX_ONLY_SESSION_SECRET = "mcoin-sandbox-only-session-secret-not-for-real-use";

const Url = z.string().url();

const EnvSchema = z.object({
  NODE_ENV: z.string().default("development"),
  MCOIN_ENV: z.enum(ENVIRONMENT_NAMES).optional(),
  SESSION_SECRET: z.string().min(16, "SESSION_SECRET must be at least 16 characters").optional(),
  MCOIN_COOKIE_SECURE: z.enum(["true", "false"]).optional(),
  /** Per-call timeout of the server's gateway client; 0 means none. */
  MCOIN_API_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** Where the server reaches the sandbox gateway. */
  MCOIN_SANDBOX_URL: Url.default("http://127.0.0.1:4010"),
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

function readEnv(): ServerEnv {
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`invalid configuration: ${issue?.path.join(".")}: ${issue?.message}`);
  }
  return parsed.data;
}

export const env = readEnv();

export interface GatewayEnvironment {
  name: EnvironmentName;
  /** The mCoin API's base URL. */
  apiBase: string;
  /** The wallet's sign-in page for this request (the sandbox's stand-in for the sandbox). */
  loginUrl: string;
}

/** Picks the environment for a request: MCOIN_ENV, else the host name's label. */
export function environmentName(requestUrl: URL): EnvironmentName {
  if (env.MCOIN_ENV) return env.MCOIN_ENV;
  const host = requestUrl.hostname.toLowerCase();
  for (const name of ["dev", "sit", "uat"] as const) {
    if (new RegExp(`(^|[.-])${name}([.-]|$)`).test(host)) return name;
  }
  if (isLocalHost(host)) return "sandbox";
  return "prod";
}

function isLocalHost(host: string): boolean {
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host.endsWith(".local") ||
    host === "[::1]" ||
    /^127\./.test(host) ||
    /^10\./.test(host) ||
    /^192\.168\./.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host)
  );
}

export function gatewayEnvironment(requestUrl: URL): GatewayEnvironment {
  const name = environmentName(requestUrl);
  if (name === "sandbox") {
    const sandbox = new URL(env.MCOIN_SANDBOX_URL);
    const publicBase = env.MCOIN_SANDBOX_PUBLIC_URL
      ? new URL(env.MCOIN_SANDBOX_PUBLIC_URL)
      : new URL(`${requestUrl.protocol}//${requestUrl.hostname}:${sandbox.port || "80"}`);
    return {
      name,
      apiBase: env.MCOIN_SANDBOX_URL.replace(/\/+$/, ""),
      loginUrl: new URL("/oauth/authorize", publicBase).href,
    };
  }
  const upper = name.toUpperCase() as "DEV" | "SIT" | "UAT" | "PROD";
  const apiBase = env[`MCOIN_${upper}_API_BASE`];
  const loginUrl = env[`MCOIN_${upper}_LOGIN_URL`];
  if (!apiBase || !loginUrl) {
    throw new ConfigError(`environment ${name} is not configured: set MCOIN_${upper}_API_BASE and MCOIN_${upper}_LOGIN_URL`);
  }
  if (!env.SESSION_SECRET) throw new ConfigError(`environment ${name} needs SESSION_SECRET`);
  return { name, apiBase: apiBase.replace(/\/+$/, ""), loginUrl };
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

export const sessionSecret = env.SESSION_SECRET ?? SANDBOX_ONLY_SESSION_SECRET;
export const cookieSecure = env.MCOIN_COOKIE_SECURE ? env.MCOIN_COOKIE_SECURE === "true" : env.MCOIN_ENV !== undefined && env.MCOIN_ENV !== "sandbox";
export const apiTimeoutMs = env.MCOIN_API_TIMEOUT_MS;
