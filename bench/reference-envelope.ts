/**
 * The secure envelope built the way the original browser client ran: crypto-js for AES and MD5,
 * node-rsa in its pure JavaScript mode (`environment: 'browser'`) for RSA, Math.random for the key,
 * IV and nonce. The benchmark's yardstick only; the app never uses it.
 */
import CryptoJS from "crypto-js";
import NodeRSA from "node-rsa";
import type { EnvelopeSettings } from "#core/node/gateway/envelope";

const CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const randomString = (length: number) => Array.from({ length }, () => CHARS[Math.floor(Math.random() * CHARS.length)]).join("");

const pad = (n: number) => String(n).padStart(2, "0");
function requestTime(date: Date) {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

export function createReferenceEnvelope(settings: EnvelopeSettings) {
  const rsa = new NodeRSA(settings.encryption.publicKey);
  const warn = console.warn;
  console.warn = () => {};
  rsa.setOptions({ environment: "browser", encryptionScheme: "pkcs1" });
  console.warn = warn;
  const aesOptions = (iv: string) => ({ iv: CryptoJS.enc.Utf8.parse(iv), mode: CryptoJS.mode.CBC, padding: CryptoJS.pad.Pkcs7 });

  return {
    seal(functionUrl: string, body: unknown, token: string) {
      const key = randomString(16);
      const iv = randomString(16);
      const nonce = randomString(10);
      const time = requestTime(new Date());
      const encrypted = CryptoJS.AES.encrypt(JSON.stringify(body), CryptoJS.enc.Utf8.parse(key), aesOptions(iv)).toString();
      const signature = CryptoJS.MD5(settings.signature.secret + time + nonce + encrypted + settings.signature.md5Key)
        .toString()
        .toUpperCase();
      const headers = {
        "Content-Type": settings.contentType,
        "Std-Gateway": String(settings.stdGateway),
        "Client-Id": settings.clientId,
        "Request-Time": time,
        Nonce: nonce,
        Function: functionUrl,
        Version: settings.version,
        Lang: settings.lang,
        "Device-Info": JSON.stringify(settings.deviceInfo),
        Token: token,
        Encrypt: JSON.stringify({ algorithm: "RSA_AES", keyVersion: "1", symmetricKey: rsa.encrypt(key + iv, "base64") }),
        Signature: JSON.stringify({ algorithm: "MD5", keyVersion: "1", signature }),
      };
      return { headers, body: encrypted, key, iv };
    },
    open(text: string, key: string, iv: string): unknown {
      return JSON.parse(CryptoJS.AES.decrypt(text, CryptoJS.enc.Utf8.parse(key), aesOptions(iv)).toString(CryptoJS.enc.Utf8));
    },
  };
}
