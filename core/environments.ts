/**
 * The gateway's environments (docs/architecture.md, "Environments"): their names, and where each
 * one's mCoin API and the wallet's sign-in page are, read from the variables given. The mall's
 * server (app/server/config.server.ts) and the CLI (cli/context.ts) both resolve them here; the
 * secure gateway's settings per environment are core/node/gateway/settings.ts's.
 */

export const ENVIRONMENT_NAMES = ["sandbox", "dev", "sit", "uat", "prod"] as const;
export type EnvironmentName = (typeof ENVIRONMENT_NAMES)[number];

/** Where the sandbox gateway answers unless MCOIN_SANDBOX_URL says otherwise. */
export const DEFAULT_SANDBOX_URL = "http://127.0.0.1:4010";
/** The interface the sandbox listens on unless told otherwise. */
export const DEFAULT_SANDBOX_HOST = "127.0.0.1";
/** The mall as `npm start` and `npm run dev` serve it: the origins the sandbox's wallet and sign-in page answer by default. */
export const DEFAULT_MALL_ORIGINS: readonly string[] = ["http://localhost:3000", "http://127.0.0.1:3000"];
/** The variable holding the sandbox's control token (`mcoin sandbox` requires it off loopback; the mall and the CLI send it). */
export const CONTROL_TOKEN_ENV = "MCOIN_SANDBOX_CONTROL_TOKEN";

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
