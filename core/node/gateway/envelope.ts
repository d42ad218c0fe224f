/**
 * The secure gateway's envelope (docs/architecture.md, "Wire protocols"): the body is JSON, AES-CBC/PKCS7
 * encrypted with a random 16-character key and IV; `Encrypt` carries key + IV under RSA; `Signature`
 * is UPPER(md5(signSecret + requestTime + nonce + encryptedBody + md5Key)). Replies are decrypted with
 * the request's key and IV, and returned raw when they do not decrypt.
 */
import { aesDecrypt, aesEncrypt, formatRequestTime, md5Upper, randomString, rsaEncrypt } from "./primitives";

export const SUCCESS_RESULT_CODE = "000000";
/** JSON's label: what the original client sends a sealed body under, and what an unsealed (exempt) call's JSON body is. */
export const JSON_CONTENT_TYPE = "application/json;charset=UTF-8";
export const KEY_LENGTH = 16;
export const NONCE_LENGTH = 10;

/** Device information sent in `Device-Info` (all empty by default, spec section 3). */
export interface DeviceInfo {
  clientOs: string;
  clientOsVer: string;
  clientIp: string;
  device: string;
  deviceType: string;
  network: string;
  appVersion: string;
}

export const EMPTY_DEVICE_INFO: DeviceInfo = {
  clientOs: "",
  clientOsVer: "",
  clientIp: "",
  device: "",
  deviceType: "",
  network: "",
  appVersion: "",
};

/** What a client needs to seal requests: identity, secrets and protocol settings. */
export interface EnvelopeSettings {
  clientId: string;
  /** Sent as Std-Gateway (default true). */
  stdGateway: boolean;
  /** Sent as Lang (the task client uses zh-MO). */
  lang: string;
  /** Sent as Version (default "1"). */
  version: string;
  /** The Content-Type of a sealed body (core/node/gateway/settings.ts). */
  contentType: string;
  signature: { algorithm: "MD5"; keyVersion: string; secret: string; md5Key: string };
  encryption: { algorithm: "RSA_AES"; keyVersion: string; publicKey: string };
  deviceInfo: DeviceInfo;
}

/** The header names exactly as the spec writes them. */
export const HEADER = {
  contentType: "Content-Type",
  stdGateway: "Std-Gateway",
  clientId: "Client-Id",
  requestTime: "Request-Time",
  nonce: "Nonce",
  function: "Function",
  version: "Version",
  lang: "Lang",
  deviceInfo: "Device-Info",
  token: "Token",
  encrypt: "Encrypt",
  signature: "Signature",
} as const;

export interface SignatureInput {
  secret: string;
  requestTime: string;
  nonce: string;
  /** The encrypted body, exactly as sent. */
  body: string;
  md5Key: string;
}

/** The signature rule: UPPER(md5(signSecret + requestTime + nonce + encryptedBody + md5Key)). */
export function signatureOf({ secret, requestTime, nonce, body, md5Key }: SignatureInput): string {
  return md5Upper(secret + requestTime + nonce + body + md5Key);
}

export interface SealOptions {
  /** The function called: the request URL relative to the gateway (`/bservice/...`). */
  functionUrl: string;
  body: unknown;
  token?: string;
  /** Epoch milliseconds for Request-Time (default: now). */
  now?: number;
  /** Fixed values for tests and the CLI; random otherwise. */
  key?: string;
  iv?: string;
  nonce?: string;
}

export interface SealedRequest {
  headers: Record<string, string>;
  /** The encrypted body (base64). */
  body: string;
  key: string;
  iv: string;
  nonce: string;
  requestTime: string;
}

/** Builds the headers and encrypted body of one request. */
export function sealRequest(settings: EnvelopeSettings, options: SealOptions): SealedRequest {
  const key = options.key ?? randomString(KEY_LENGTH);
  const iv = options.iv ?? randomString(KEY_LENGTH);
  const nonce = options.nonce ?? randomString(NONCE_LENGTH);
  const requestTime = formatRequestTime(options.now ?? Date.now());
  const body = aesEncrypt(JSON.stringify(options.body ?? {}), key, iv);
  const signature = signatureOf({ secret: settings.signature.secret, requestTime, nonce, body, md5Key: settings.signature.md5Key });
  const headers: Record<string, string> = {
    [HEADER.contentType]: settings.contentType,
    [HEADER.stdGateway]: String(settings.stdGateway),
    [HEADER.clientId]: settings.clientId,
    [HEADER.requestTime]: requestTime,
    [HEADER.nonce]: nonce,
    [HEADER.function]: options.functionUrl,
    [HEADER.version]: settings.version,
    [HEADER.lang]: settings.lang,
    [HEADER.deviceInfo]: JSON.stringify(settings.deviceInfo),
    [HEADER.token]: options.token ?? "",
    [HEADER.encrypt]: JSON.stringify({
      algorithm: settings.encryption.algorithm,
      keyVersion: settings.encryption.keyVersion,
      symmetricKey: rsaEncrypt(settings.encryption.publicKey, key + iv),
    }),
    [HEADER.signature]: JSON.stringify({
      algorithm: settings.signature.algorithm,
      keyVersion: settings.signature.keyVersion,
      signature,
    }),
  };
  return { headers, body, key, iv, nonce, requestTime };
}

export type OpenedReply = { decrypted: true; value: unknown } | { decrypted: false; value: unknown };

/**
 * Opens a reply (or error body) with the request's key and IV. When it does not decrypt, the raw
 * data is returned: parsed when it is JSON (a gateway refusing before it could encrypt), else the
 * text itself.
 */
export function openReply(text: string, key: string, iv: string): OpenedReply {
  try {
    return { decrypted: true, value: JSON.parse(aesDecrypt(text.trim(), key, iv)) };
  } catch {
    try {
      return { decrypted: false, value: JSON.parse(text) };
    } catch {
      return { decrypted: false, value: text };
    }
  }
}

/** Seals a reply the way the gateway does: the JSON, AES-encrypted with the request's key and IV. */
export function sealReply(value: unknown, key: string, iv: string): string {
  return aesEncrypt(JSON.stringify(value), key, iv);
}

/** The result object of a reply, when it has one. */
export interface GatewayResult {
  code?: string;
  subCode?: string;
  message?: string;
}

export function resultOf(value: unknown): GatewayResult | undefined {
  if (!value || typeof value !== "object") return undefined;
  const result = (value as { result?: unknown }).result;
  return result && typeof result === "object" ? (result as GatewayResult) : undefined;
}

/** Reads a header from a plain object whatever its case. */
export function headerValue(headers: Record<string, string | undefined>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === wanted) return value;
  return undefined;
}

/** Checks a captured request's signature against the secrets; the expected value when it differs. */
export function verifySignature(headers: Record<string, string | undefined>, body: string, secrets: { secret: string; md5Key: string }): { ok: boolean; expected: string; actual: string | undefined } {
  const requestTime = headerValue(headers, HEADER.requestTime) ?? "";
  const nonce = headerValue(headers, HEADER.nonce) ?? "";
  let actual: string | undefined;
  try {
    actual = (JSON.parse(headerValue(headers, HEADER.signature) ?? "{}") as { signature?: string }).signature;
  } catch {
    actual = undefined;
  }
  const expected = signatureOf({ secret: secrets.secret, requestTime, nonce, body, md5Key: secrets.md5Key });
  return { ok: actual === expected, expected, actual };
}
