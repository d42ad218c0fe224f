/**
 * What the commands share: the environment named by --env, its base URLs and keys, and the app's own
 * mCoin API and secure gateway clients built for it (the CLI reuses them, it does not reimplement).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { resolve } from "node:path";
import { z } from "zod";
import { createApiClient, type ApiClient } from "#core/api/client";
import { createFetchTransport, type HttpTransport } from "#core/api/transport";
import { memberLogin } from "#core/api/endpoints";
import { ApiError } from "#core/api/errors";
import { createUndiciTransport } from "#core/node/undici-transport";
import { GatewayError, createGatewayClient, type GatewayClient, type GatewayClientSettings } from "#core/node/gateway/client";
import { readSandboxGatewayKeys, type SandboxGatewayKeys } from "#core/node/gateway/sandbox-keys";
import { GatewayConfigError, gatewaySettings, gatewayVariable } from "#core/node/gateway/settings";
import { functionFor, SECURE_FUNCTIONS } from "#core/api/registry";
import {
  CONTROL_TOKEN_ENV,
  ENVIRONMENT_NAMES,
  EnvironmentConfigError,
  apiBaseOf,
  defaultNotice,
  environmentVariable,
  resolveAddress,
  type AddressName,
  type EnvironmentName,
} from "#core/environments";
import { HarnessError } from "#harness/errors";
import { CliError, usageError } from "./errors";
import { baseUrlOption, envOption } from "./flags";
import type { CliIo } from "./io";
import { writeLines } from "./terminal-text";
import { maskSecret } from "./wire";

// Light, and used by the command definitions from there; re-exported for the commands' runs.
export { CONTROL_TOKEN_ENV, baseUrlOption, envOption };

/** The notices already printed by each run: a command that resolves an address twice says so once. */
const noticed = new WeakMap<object, Set<string>>();

/**
 * An address as every command resolves it (core/environments.ts, resolveAddress): `flag`, then its
 * variable, then the default, which is named on stderr when used (`mcoin: no --base-url or
 * MCOIN_SANDBOX_URL; using ...`); `quiet` for a command that reaches nothing with it.
 */
export function addressOf(io: Pick<CliIo, "env" | "stderr">, name: AddressName, flag: string | undefined, flagName: string, quiet = false): string {
  const resolved = resolveAddress(name, flag, io.env);
  if (resolved.source === "default" && !quiet) {
    const line = `mcoin: ${defaultNotice(resolved, flagName)}`;
    const said = noticed.get(io) ?? new Set<string>();
    if (!said.has(line)) writeLines(io.stderr, [line]);
    noticed.set(io, said.add(line));
  }
  return resolved.url;
}

/** The running sandbox's address: --base-url (`flag`), else MCOIN_SANDBOX_URL, else the default, said when used. */
export const sandboxUrl = (io: Pick<CliIo, "env" | "stderr">, flag?: string, flagName = "--base-url"): string => addressOf(io, "sandbox", flag, flagName);

export const PROJECT_ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Made once a run calls the network, and kept for the process: its pooled connections are what it is for. */
let undiciTransport: HttpTransport | undefined;

/** How the app's clients reach the network in this run: the run's fetch when it has one, else undici's pooled agent. */
export function transportOf(io: CliIo): HttpTransport {
  if (io.fetch) return createFetchTransport(io.fetch);
  return (undiciTransport ??= createUndiciTransport());
}

/** The run's fetch: a test's in-process one, or the network's. */
export const fetchOf = (io: CliIo): typeof fetch => io.fetch ?? ((input, init) => fetch(input, init));

export const EnvSchema = z.enum(ENVIRONMENT_NAMES);

/** The version in package.json: a HAR's creator version. */
export function mcoinVersion(): string {
  try {
    return (JSON.parse(readFileSync(resolve(PROJECT_ROOT, "package.json"), "utf8")) as { version?: string }).version ?? "0.0.0";
  } catch {
    return "0.0.0";
  }
}

/** Whether a private key is the sandbox's own: recordings made with it are of a sandbox, whose ciphertexts are demo values. */
export function isSandboxKey(io: Pick<CliIo, "env">, privateKey: string | undefined): boolean {
  if (!privateKey) return false;
  try {
    return privateKey.trim() === sandboxKeys(io).privateKey.trim();
  } catch {
    return false;
  }
}

export function sandboxKeys(io: Pick<CliIo, "env">): SandboxGatewayKeys {
  return readSandboxGatewayKeys(resolve(PROJECT_ROOT, io.env.MCOIN_SANDBOX_KEYS_DIR ?? "fixtures/keys"));
}

/** The mCoin API's base URL of an environment. */
export function apiBaseUrl(io: CliIo, env: EnvironmentName, override?: string): string {
  if (override) return override.replace(/\/+$/, "");
  if (env === "sandbox") return sandboxUrl(io);
  try {
    return apiBaseOf(env, io.env);
  } catch (error) {
    if (error instanceof EnvironmentConfigError) throw new CliError("NOT_CONFIGURED", error.message.replace(/: set .*$/, ""), { suggestion: error.message.replace(/^.*: (set .*)$/, "$1") });
    throw error;
  }
}

export function apiClient(io: CliIo, env: EnvironmentName, options: { token?: string; lang?: string; baseUrl?: string; timeoutMs?: number; transport?: HttpTransport }): ApiClient {
  return createApiClient({
    baseUrl: apiBaseUrl(io, env, options.baseUrl),
    transport: options.transport ?? transportOf(io),
    locale: options.lang ?? "zh",
    token: options.token,
    timeoutMs: options.timeoutMs ?? 30_000,
  });
}

/**
 * The member's session token: signed in as `login` (POST /member/login, the sandbox's demo members)
 * when given, else `token` as given.
 */
export async function memberToken(io: CliIo, env: EnvironmentName, options: { login?: string; token?: string; baseUrl?: string; lang?: string }): Promise<string | undefined> {
  if (!options.login) return options.token;
  return (await apiClient(io, env, { lang: options.lang, baseUrl: options.baseUrl }).call(memberLogin, { openId: options.login })).data.token;
}

/** The secure gateway settings of an environment, with the overrides a command allows. */
export function gatewaySettingsFor(
  io: CliIo,
  env: EnvironmentName,
  overrides: { baseUrl?: string; signSecret?: string; md5Key?: string; timeoutMs?: number; quiet?: boolean } = {},
): GatewayClientSettings {
  let settings: GatewayClientSettings;
  // Only the sandbox's address has a default; `quiet`: the command (sign, verify) reaches no address.
  const sandbox = env === "sandbox" ? addressOf(io, "sandbox", overrides.baseUrl, "--base-url", overrides.quiet) : "";
  try {
    settings = gatewaySettings({ environment: env, vars: io.env, sandboxUrl: sandbox, sandboxKeys: () => sandboxKeys(io) });
  } catch (error) {
    if (error instanceof GatewayConfigError) throw new CliError("NOT_CONFIGURED", error.message);
    throw error;
  }
  return {
    ...settings,
    baseUrl: overrides.baseUrl?.replace(/\/+$/, "") ?? settings.baseUrl,
    timeoutMs: overrides.timeoutMs ?? settings.timeoutMs,
    signature: {
      ...settings.signature,
      secret: overrides.signSecret ?? settings.signature.secret,
      md5Key: overrides.md5Key ?? settings.signature.md5Key,
    },
  };
}

/**
 * The app's secure gateway client over `through` (the run's transport by default); with `verbose`,
 * its log of each exchange on stderr, where each of `secrets` (the member's ciphertext, sent as the
 * Token) shows masked.
 */
export function gatewayClient(io: CliIo, settings: GatewayClientSettings, verbose = false, through: HttpTransport = transportOf(io), secrets: readonly string[] = []): GatewayClient {
  const hidden = secrets.filter((secret) => secret.length > 0);
  const log = (line: string) => writeLines(io.stderr, [hidden.reduce((text, secret) => text.split(secret).join(maskSecret(secret)), line)]);
  return createGatewayClient({ ...settings, debug: verbose }, { transport: through, log });
}

/** Where a call goes, for its failure to name: the base URL, and what points the CLI elsewhere. */
export interface CallTarget {
  url: string;
  /** `--base-url`, or the variable that sets the environment's address. */
  moveWith: string;
}

/** The mCoin API's address of an environment, as a failure names it (undefined when it is not configured). */
export function apiTarget(io: CliIo, env: EnvironmentName, override?: string): CallTarget | undefined {
  try {
    return { url: apiBaseUrl(io, env, override), moveWith: moveWith(override, env === "sandbox" ? "MCOIN_SANDBOX_URL" : environmentVariable(env, "API_BASE")) };
  } catch {
    return undefined;
  }
}

/** The secure gateway's address of a client's settings, as a failure names it. */
export function gatewayTarget(env: EnvironmentName, settings: GatewayClientSettings, override?: string): CallTarget {
  return { url: settings.baseUrl, moveWith: moveWith(override, env === "sandbox" ? "MCOIN_SANDBOX_URL" : gatewayVariable(env, "BASE")) };
}

const moveWith = (override: string | undefined, variable: string) => (override ? "--base-url URL" : `--base-url URL, or set ${variable}`);

/** The path of a secure gateway function: a path as given, or a function of the registry by name. */
export function functionUrl(name: string): string {
  if (name.startsWith("/")) return name;
  const declared = functionFor(name);
  if (!declared) throw usageError(`unknown gateway function ${name}`, `one of ${SECURE_FUNCTIONS.map((item) => item.name).join(", ")}, or a path starting with /`);
  return declared.url;
}

/** Reads a JSON option value, as a usage error when it is not JSON. */
export function parseJsonOption(value: string | undefined, option: string): unknown {
  if (value === undefined) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    throw usageError(`${option} is not valid JSON`, `quote it for your shell, e.g. ${option} '{"task_no":"T1"}'`);
  }
}

/**
 * Turns a failed call into the CLI's error (exit 1), keeping the gateway's words; a call that reached
 * nobody names the address it tried (`target`) and how to point the CLI elsewhere.
 */
export function callFailure(error: unknown, target?: CallTarget): CliError {
  if (target && (error instanceof GatewayError || error instanceof ApiError) && (error.code === "NETWORK" || error.code === "TIMEOUT")) {
    const what = error.code === "TIMEOUT" ? `no answer from ${target.url} in time (${error.message})` : `could not reach ${target.url}: ${error.message}`;
    return new CliError(error.code, what, { suggestion: `is it running? (the sandbox: npx mcoin sandbox) To call another address: ${target.moveWith}`, cause: error });
  }
  if (error instanceof GatewayError) {
    const code = error.result?.code ?? error.code;
    const status = error.status ? ` (HTTP ${error.status})` : "";
    return new CliError(code, `the gateway refused the call${status}: ${code}: ${error.message}`, { cause: error });
  }
  if (error instanceof ApiError) {
    const status = error.status ? ` (HTTP ${error.status})` : "";
    return new CliError(error.code, `the call failed${status}: ${error.code}: ${error.message}`, { cause: error });
  }
  if (error instanceof CliError) return error;
  if (error instanceof HarnessError) return new CliError(error.code, error.message, { exitCode: error.exitCode, suggestion: error.suggestion, cause: error });
  return new CliError("UNEXPECTED", error instanceof Error ? error.message : String(error), { cause: error });
}
