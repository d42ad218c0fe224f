/**
 * Secure gateway settings per environment (dev, sit, uat, prod, sandbox), with the spec's defaults:
 * Std-Gateway true, version 1, UTF-8 (the sealed body labelled as below), MD5 signing and RSA_AES encryption with key version 1,
 * a 30000 ms timeout, language zh-MO for the task client, debug outside prod and uat. Keys come
 * from variables; the sandbox's test-only keys from fixtures/keys.
 */
import type { EnvironmentName } from "../../environments";
import { EMPTY_DEVICE_INFO, JSON_CONTENT_TYPE, type DeviceInfo } from "./envelope";
import type { GatewayClientSettings } from "./client";
import type { SandboxGatewayKeys } from "./sandbox-keys";

type GatewayEnvironmentName = EnvironmentName;

export const GATEWAY_TIMEOUT_MS = 30_000;
export const TASK_CLIENT_LANG = "zh-MO";

export class GatewayConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GatewayConfigError";
  }
}

export interface GatewaySettingsInput {
  environment: GatewayEnvironmentName;
  /** The variables to read (process.env, passed in). */
  vars: Record<string, string | undefined>;
  /** Where the sandbox answers, for the sandbox environment. */
  sandboxUrl: string;
  /** The sandbox's keys; read only for the sandbox environment. */
  sandboxKeys: () => SandboxGatewayKeys;
  deviceInfo?: Partial<DeviceInfo>;
}

/**
 * The Content-Type of a sealed body. The body is base64 text, not JSON: the sandbox is sent it as
 * text, so tools that parse a body by its label (Prism's validating proxy) read it as it is; the real
 * environments keep the original client's JSON label, which their gateways were built against
 * (docs/decisions/042-the-contract-as-the-wire-is.md). MCOIN_<ENV>_GATEWAY_CONTENT_TYPE overrides either.
 */
export const SEALED_TEXT_CONTENT_TYPE = "text/plain;charset=UTF-8";

/** Variables per environment: MCOIN_<ENV>_GATEWAY_{BASE,CLIENT_ID,PUBLIC_KEY,SIGN_SECRET,MD5_KEY,KEY_VERSION,CONTENT_TYPE}. */
export function gatewayVariable(environment: GatewayEnvironmentName, name: "BASE" | "CLIENT_ID" | "PUBLIC_KEY" | "SIGN_SECRET" | "MD5_KEY" | "KEY_VERSION" | "CONTENT_TYPE"): string {
  return `MCOIN_${environment.toUpperCase()}_GATEWAY_${name}`;
}

export function gatewaySettings({ environment, vars, sandboxUrl, sandboxKeys, deviceInfo }: GatewaySettingsInput): GatewayClientSettings {
  const read = (name: Parameters<typeof gatewayVariable>[1]) => vars[gatewayVariable(environment, name)] || undefined;
  const sandbox = environment === "sandbox" ? sandboxKeys() : null;
  const required = (name: Parameters<typeof gatewayVariable>[1], fallback: string | undefined) => {
    const value = read(name) ?? fallback;
    if (!value) throw new GatewayConfigError(`the ${environment} gateway needs ${gatewayVariable(environment, name)}`);
    return value;
  };
  const keyVersion = read("KEY_VERSION") ?? sandbox?.keyVersion ?? "1";
  return {
    baseUrl: required("BASE", sandbox ? sandboxUrl : undefined).replace(/\/+$/, ""),
    clientId: required("CLIENT_ID", sandbox?.clientId),
    stdGateway: true,
    lang: TASK_CLIENT_LANG,
    version: "1",
    contentType: read("CONTENT_TYPE") ?? (sandbox ? SEALED_TEXT_CONTENT_TYPE : JSON_CONTENT_TYPE),
    signature: {
      algorithm: "MD5",
      keyVersion,
      secret: required("SIGN_SECRET", sandbox?.signSecret),
      md5Key: required("MD5_KEY", sandbox?.md5Key),
    },
    encryption: { algorithm: "RSA_AES", keyVersion, publicKey: required("PUBLIC_KEY", sandbox?.publicKey) },
    deviceInfo: { ...EMPTY_DEVICE_INFO, ...deviceInfo },
    exemptUrls: [],
    timeoutMs: GATEWAY_TIMEOUT_MS,
    debug: environment !== "prod" && environment !== "uat",
  };
}
