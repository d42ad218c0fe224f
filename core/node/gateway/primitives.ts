/**
 * The secure gateway's primitives on Node's own crypto (native, fast): AES-CBC with PKCS7 padding,
 * RSA PKCS#1 v1.5 public-key encryption, MD5, random key/IV/nonce strings, and the gateway's clock
 * format. Private-key decryption lives in private-key.ts (Node 20 refuses it natively).
 */
import { constants, createCipheriv, createDecipheriv, createHash, createPublicKey, publicEncrypt, randomBytes, type KeyObject } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/** Bytes at or above this are rejected so every character is equally likely (248 = 62 × 4). */
const UNBIASED_LIMIT = 248;

/** A random string of letters and digits: the gateway's 16-character key and IV, 10-character nonce. */
export function randomString(length: number): string {
  let out = "";
  while (out.length < length) {
    const bytes = randomBytes(length * 2);
    for (let i = 0; i < bytes.length && out.length < length; i++) {
      if (bytes[i] < UNBIASED_LIMIT) out += ALPHABET[bytes[i] % ALPHABET.length];
    }
  }
  return out;
}

function aesAlgorithm(key: string): string {
  const bits = Buffer.byteLength(key, "utf8") * 8;
  if (bits !== 128 && bits !== 192 && bits !== 256) throw new RangeError(`AES key must be 16, 24 or 32 bytes, got ${bits / 8}`);
  return `aes-${bits}-cbc`;
}

/** AES-CBC/PKCS7 of a UTF-8 text; base64 out. Key and IV are the 16-character strings as UTF-8. */
export function aesEncrypt(plain: string, key: string, iv: string): string {
  const cipher = createCipheriv(aesAlgorithm(key), Buffer.from(key, "utf8"), Buffer.from(iv, "utf8"));
  return Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]).toString("base64");
}

/** The inverse of aesEncrypt; throws when the text is not a ciphertext of this key and IV. */
export function aesDecrypt(base64: string, key: string, iv: string): string {
  const decipher = createDecipheriv(aesAlgorithm(key), Buffer.from(key, "utf8"), Buffer.from(iv, "utf8"));
  return Buffer.concat([decipher.update(Buffer.from(base64, "base64")), decipher.final()]).toString("utf8");
}

/** Uppercase hex MD5 of a UTF-8 text. */
export function md5Upper(text: string): string {
  return createHash("md5").update(text, "utf8").digest("hex").toUpperCase();
}

const publicKeys = new Map<string, KeyObject>();

/**
 * An RSA public key from PEM, or from the bare base64 of its DER (SubjectPublicKeyInfo), the way
 * browser clients embed it.
 */
export function publicKeyObject(key: string): KeyObject {
  let cached = publicKeys.get(key);
  if (!cached) {
    const pem = key.includes("-----BEGIN") ? key : `-----BEGIN PUBLIC KEY-----\n${key.replace(/\s+/g, "").replace(/.{1,64}/g, "$&\n")}-----END PUBLIC KEY-----\n`;
    cached = createPublicKey(pem);
    publicKeys.set(key, cached);
  }
  return cached;
}

/** RSA PKCS#1 v1.5 encryption of a UTF-8 text under a public key; base64 out. */
export function rsaEncrypt(publicKey: string, plain: string): string {
  return publicEncrypt({ key: publicKeyObject(publicKey), padding: constants.RSA_PKCS1_PADDING }, Buffer.from(plain, "utf8")).toString("base64");
}

/** The gateway keeps Macau time (UTC+8), whatever the machine's time zone. */
const MACAU_OFFSET_MS = 8 * 60 * 60 * 1000;

function macauParts(ms: number) {
  const d = new Date(ms + MACAU_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    y: String(d.getUTCFullYear()),
    mo: pad(d.getUTCMonth() + 1),
    d: pad(d.getUTCDate()),
    h: pad(d.getUTCHours()),
    mi: pad(d.getUTCMinutes()),
    s: pad(d.getUTCSeconds()),
  };
}

/** Request-Time: `YYYY-MM-DD HH:mm:ss` in Macau time. */
export function formatRequestTime(ms: number): string {
  const p = macauParts(ms);
  return `${p.y}-${p.mo}-${p.d} ${p.h}:${p.mi}:${p.s}`;
}

/** The task center's tran_time: `yyyyMMddHHmmss` in Macau time. */
export function formatTranTime(ms: number): string {
  const p = macauParts(ms);
  return `${p.y}${p.mo}${p.d}${p.h}${p.mi}${p.s}`;
}

/**
 * Reads a Request-Time back to epoch milliseconds; NaN when it is not one, including an impossible
 * date or time (month 13, 31 April, 24:00, minute 60), which Date.UTC would quietly roll over.
 */
export function parseRequestTime(text: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!match) return Number.NaN;
  const [, y, mo, d, h, mi, s] = match.map(Number);
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  const exact = at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d && at.getUTCHours() === h && at.getUTCMinutes() === mi && at.getUTCSeconds() === s;
  return exact ? at.getTime() - MACAU_OFFSET_MS : Number.NaN;
}
