/**
 * The gateway's environments (docs/architecture.md, "Environments"): their names, and where each
 * one's mCoin API and the wallet's sign-in page are, read from the variables given. The mall's
 * server (app/server/config.server.ts) and the CLI (cli/context.ts) both resolve them here; the
 * secure gateway's settings per environment are core/node/gateway/settings.ts's.
 */

export const ENVIRONMENT_NAMES = ["sandbox", "dev", "sit", "uat", "prod"] as const;
export type EnvironmentName = (typeof ENVIRONMENT_NAMES)[number];

/** The sandbox's port under `npm start`, `npm run dev` and `mcoin sandbox` unless told otherwise. */
export const DEFAULT_SANDBOX_PORT = 4010;
/** The mall's port under `npm start` and `npm run dev` unless PORT says otherwise. */
export const DEFAULT_MALL_PORT = 3000;
/** Where the sandbox gateway answers unless MCOIN_SANDBOX_URL says otherwise. */
export const DEFAULT_SANDBOX_URL = `http://127.0.0.1:${DEFAULT_SANDBOX_PORT}`;
/** Where the mall answers unless MCOIN_APP_URL says otherwise (the name its session cookie is set for). */
export const DEFAULT_MALL_URL = `http://localhost:${DEFAULT_MALL_PORT}`;
/** The interface the sandbox listens on unless told otherwise. */
export const DEFAULT_SANDBOX_HOST = "127.0.0.1";
/** The mall as `npm start` and `npm run dev` serve it: the origins the sandbox's wallet and sign-in page answer by default. */
export const DEFAULT_MALL_ORIGINS: readonly string[] = [DEFAULT_MALL_URL, `http://127.0.0.1:${DEFAULT_MALL_PORT}`];
/** The variable holding the sandbox's control token (`mcoin sandbox` requires it off loopback; the mall and the CLI send it). */
export const CONTROL_TOKEN_ENV = "MCOIN_SANDBOX_CONTROL_TOKEN";

/** Where a sandbox's tenants are (sandbox/tenants.ts): `SANDBOX/tenants/NAME` is tenant NAME's sandbox. */
export const TENANTS_PATH = "/tenants";
/** A tenant's name: 1 to 40 lower-case letters, digits and inner hyphens, as a DNS label (safe in a URL, a file name, a log line). */
export const TENANT_NAME = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;
export const TENANT_NAME_RULE = "a tenant's name is 1 to 40 lower-case letters, digits and inner hyphens (ci-1234, team-a)";

/** Tenant `name`'s base URL on the sandbox at `sandbox`. */
export function tenantUrl(sandbox: string, name: string): string {
  if (!TENANT_NAME.test(name)) throw new EnvironmentConfigError(`${TENANT_NAME_RULE}: not ${JSON.stringify(name)}`);
  return `${sandbox.replace(/\/+$/, "")}${TENANTS_PATH}/${name}`;
}

/** The limits a sandbox puts on its named tenants unless told otherwise (`mcoin sandbox --max-tenants` and the rest). */
export const DEFAULT_TENANT_LIMITS = {
  /** How many tenants besides the default one, in memory and in the --state database together. */
  maxTenants: 64,
  /** How many orders (coupon and miles) a tenant may hold: past it, its gateway calls that are not GETs are refused until it is reset. */
  maxOrders: 20_000,
  /** A tenant's requests a second, on average (twice as many may come at once): past it, 429. */
  requestsPerSecond: 300,
} as const;

export class EnvironmentConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EnvironmentConfigError";
  }
}

/** The variables to read (process.env, or a server's parsed configuration): only their strings count. */
type Vars = Readonly<Record<string, unknown>>;

const read = (vars: Vars, name: string): string | undefined => {
  const value = vars[name];
  return typeof value === "string" && value !== "" ? value : undefined;
};

/** The variable of a real environment's setting: MCOIN_<ENV>_API_BASE, MCOIN_<ENV>_LOGIN_URL. */
export function environmentVariable(name: Exclude<EnvironmentName, "sandbox">, setting: "API_BASE" | "LOGIN_URL"): string {
  return `MCOIN_${name.toUpperCase()}_${setting}`;
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, "");

/** The sandbox gateway's address: MCOIN_SANDBOX_URL, else the default port on loopback. */
export function sandboxUrl(vars: Vars): string {
  return withoutTrailingSlash(read(vars, "MCOIN_SANDBOX_URL") ?? DEFAULT_SANDBOX_URL);
}

/** The mCoin API's base URL of an environment; a real one's is required of the variables. */
export function apiBaseOf(name: EnvironmentName, vars: Vars): string {
  if (name === "sandbox") return sandboxUrl(vars);
  const variable = environmentVariable(name, "API_BASE");
  const value = read(vars, variable);
  if (!value) throw new EnvironmentConfigError(`the ${name} API is not configured: set ${variable}`);
  return withoutTrailingSlash(value);
}

/** The wallet's sign-in page of a real environment (the sandbox's is its own, on the request's host). */
export function loginUrlOf(name: Exclude<EnvironmentName, "sandbox">, vars: Vars): string {
  const variable = environmentVariable(name, "LOGIN_URL");
  const value = read(vars, variable);
  if (!value) throw new EnvironmentConfigError(`the ${name} sign-in page is not configured: set ${variable}`);
  return value;
}

/** The addresses a command reaches: each has its variable and its default. */
export const ADDRESSES = {
  sandbox: { variable: "MCOIN_SANDBOX_URL", fallback: DEFAULT_SANDBOX_URL },
  mall: { variable: "MCOIN_APP_URL", fallback: DEFAULT_MALL_URL },
} as const;
export type AddressName = keyof typeof ADDRESSES;

export interface ResolvedAddress {
  /** The base URL, without a trailing slash. */
  url: string;
  /** Where it came from: the command's flag, the variable, or the default. */
  source: "flag" | "variable" | "default";
  /** The variable that would have set it. */
  variable: string;
}

/**
 * The one resolution of an address (docs/configuration.md, "Addresses"): the flag given, then the
 * variable, then the default. Whoever uses the default says so (`defaultNotice`), so that nothing
 * reaches a port it was not given without a word.
 */
export function resolveAddress(name: AddressName, flag: string | undefined, vars: Vars): ResolvedAddress {
  const { variable, fallback } = ADDRESSES[name];
  if (flag) return { url: withoutTrailingSlash(flag), source: "flag", variable };
  const value = read(vars, variable);
  if (value) return { url: withoutTrailingSlash(value), source: "variable", variable };
  return { url: fallback, source: "default", variable };
}

/** The line that says a default was used: `no --base-url or MCOIN_SANDBOX_URL; using http://127.0.0.1:4010`. */
export function defaultNotice(resolved: ResolvedAddress, flagName: string): string {
  return `no ${flagName} or ${resolved.variable}; using ${resolved.url}`;
}
