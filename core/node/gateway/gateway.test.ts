/**
 * The secure gateway core: known-answer vectors (computed with coreutils md5sum and openssl enc),
 * and crypto-js / node-rsa as independent oracles: our ciphertexts decrypt with theirs, theirs
 * with ours.
 */
import CryptoJS from "crypto-js";
import NodeRSA from "node-rsa";
import { fileURLToPath } from "node:url";
import { describe, expect, it, vi } from "vitest";
import { HEADER, openReply, sealReply, sealRequest, signatureOf, verifySignature, type EnvelopeSettings, EMPTY_DEVICE_INFO } from "./envelope";
import { aesDecrypt, aesEncrypt, formatRequestTime, formatTranTime, md5Upper, parseRequestTime, randomString, rsaEncrypt } from "./primitives";
import { constants, createPublicKey, publicEncrypt, randomBytes } from "node:crypto";
import { recoverKeyAndIv, rsaDecrypt, unpadPkcs1v15 } from "./private-key";
import { readSandboxGatewayKeys } from "./sandbox-keys";
import { gatewaySettings } from "./settings";

const keys = readSandboxGatewayKeys(fileURLToPath(new URL("../../../fixtures/keys", import.meta.url)));

const settings: EnvelopeSettings = gatewaySettings({ environment: "sandbox", vars: {}, sandboxUrl: "http://sandbox.test", sandboxKeys: () => keys, deviceInfo: { clientOs: "ios" } });

function cryptoJsDecrypt(base64: string, key: string, iv: string): string {
  return CryptoJS.AES.decrypt(base64, CryptoJS.enc.Utf8.parse(key), {
    iv: CryptoJS.enc.Utf8.parse(iv),
    mode: CryptoJS.mode.CBC,
    padding: CryptoJS.pad.Pkcs7,
  }).toString(CryptoJS.enc.Utf8);
}

function cryptoJsEncrypt(plain: string, key: string, iv: string): string {
  return CryptoJS.AES.encrypt(plain, CryptoJS.enc.Utf8.parse(key), {
    iv: CryptoJS.enc.Utf8.parse(iv),
    mode: CryptoJS.mode.CBC,
    padding: CryptoJS.pad.Pkcs7,
  }).toString();
}

/**
 * node-rsa on its pure-JavaScript path, an implementation independent of Node's OpenSSL. Asking for
 * that path makes node-rsa 2 say once, on console.warn, that the option is deprecated: kept out of
 * the test's output.
 */
function oracle(pem: string) {
  const key = new NodeRSA(pem);
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  try {
    key.setOptions({ environment: "browser", encryptionScheme: "pkcs1" });
  } finally {
    warn.mockRestore();
  }
  return key;
}

const oraclePrivateKey = () => oracle(keys.privateKey);
const oraclePublicKey = () => oracle(keys.publicKey);

describe("known answers", () => {
  it("MD5 is uppercase hex", () => {
    expect(md5Upper("")).toBe("D41D8CD98F00B204E9800998ECF8427E");
  });

  it("the signature is UPPER(md5(secret + time + nonce + body + md5Key))", () => {
    expect(signatureOf({ secret: "secret", requestTime: "2026-01-01 00:00:00", nonce: "0123456789", body: "body", md5Key: "key" })).toBe("38FCDDCC8124D6604862923AD96EF659");
    expect(
      signatureOf({
        secret: keys.signSecret,
        requestTime: "2026-11-21 10:00:00",
        nonce: "Ab3dE5gH7j",
        body: "U2FsdGVkX1+abc/def==",
        md5Key: keys.md5Key,
      }),
    ).toBe("D90FCFBAF3331C4594B0E6D052F836C7");
  });

  it("AES-128-CBC/PKCS7 with 16-character key and IV matches openssl", () => {
    expect(aesEncrypt('{"task_no":"T1","cust_id_ciphertext":"C1"}', "0123456789abcdef", "fedcba9876543210")).toBe("Jw/Q1yca6kCKOm68KYM+5s41IKCN13sWwe9+xry/z55dai2mGYWRtRndnk/FBQVd");
    expect(aesEncrypt("澳門 mCoin", "Key0Key1Key2Key3", "Iv00Iv11Iv22Iv33")).toBe("hQmMbjSvVS83gi6NBNea0A==");
    expect(aesDecrypt("hQmMbjSvVS83gi6NBNea0A==", "Key0Key1Key2Key3", "Iv00Iv11Iv22Iv33")).toBe("澳門 mCoin");
  });

  it("Request-Time and tran_time are Macau time whatever the machine's zone", () => {
    const at = Date.UTC(2026, 10, 21, 2, 3, 4); // 10:03:04 in Macau
    expect(formatRequestTime(at)).toBe("2026-11-21 10:03:04");
    expect(formatTranTime(at)).toBe("20261121100304");
    expect(parseRequestTime("2026-11-21 10:03:04")).toBe(at);
    expect(parseRequestTime("yesterday")).toBeNaN();
  });

  it("a Request-Time that names no real moment is not one", () => {
    for (const text of [
      "2026-13-45 99:99:99",
      "2026-00-10 10:00:00",
      "2026-04-31 10:00:00",
      "2026-02-29 10:00:00",
      "2026-01-01 24:00:00",
      "2026-01-01 10:60:00",
      "2026-01-01 10:00:60",
      "0099-01-01 10:00:00",
    ]) {
      expect(parseRequestTime(text), text).toBeNaN();
    }
    expect(parseRequestTime("2028-02-29 23:59:59")).toBe(Date.UTC(2028, 1, 29, 15, 59, 59));
  });
});

describe("random strings", () => {
  it("are letters and digits of the asked length, different each time", () => {
    const samples = Array.from({ length: 200 }, () => randomString(16));
    for (const sample of samples) expect(sample).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(new Set(samples).size).toBe(samples.length);
    expect(randomString(10)).toHaveLength(10);
  });
});

describe("oracles", () => {
  it("our AES decrypts with crypto-js, and crypto-js's with ours", () => {
    for (let i = 0; i < 20; i++) {
      const key = randomString(16);
      const iv = randomString(16);
      const plain = JSON.stringify({ n: i, text: "瀏覽剩餘 mCoin ✓", pad: "x".repeat(i * 7) });
      expect(cryptoJsDecrypt(aesEncrypt(plain, key, iv), key, iv)).toBe(plain);
      expect(aesDecrypt(cryptoJsEncrypt(plain, key, iv), key, iv)).toBe(plain);
    }
  });

  it("our MD5 matches crypto-js", () => {
    const text = `${keys.signSecret}2026-11-21 10:00:00abc${"Z".repeat(100)}${keys.md5Key}`;
    expect(md5Upper(text)).toBe(CryptoJS.MD5(text).toString().toUpperCase());
  });

  it("our RSA encryption decrypts with node-rsa, and node-rsa's with ours", () => {
    const plain = randomString(32);
    expect(oraclePrivateKey().decrypt(Buffer.from(rsaEncrypt(keys.publicKey, plain), "base64"), "utf8")).toBe(plain);

    const publicOracle = oraclePublicKey();
    expect(rsaDecrypt(keys.privateKey, publicOracle.encrypt(plain, "base64"))).toBe(plain);
  });

  it("our RSA decryption opens what node-rsa encrypts, of every length one block holds", () => {
    const publicOracle = oraclePublicKey();
    const size = createPublicKey(keys.publicKey).asymmetricKeyDetails!.modulusLength! / 8;
    // At most the key's size less 11 bytes a block.
    for (const length of [0, 1, 16, 32, 100, size - 12, size - 11]) {
      const plain = "密".repeat(Math.floor(length / 3)) + "k".repeat(length % 3);
      expect(rsaDecrypt(keys.privateKey, publicOracle.encrypt(plain, "base64")), `${length} bytes`).toBe(plain);
    }
  });

  it("our RSA decryption refuses what node-rsa refuses: a block whose padding is wrong, or of the wrong size", () => {
    const oracle = oraclePrivateKey();
    const publicKey = createPublicKey(keys.publicKey);
    const size = publicKey.asymmetricKeyDetails!.modulusLength! / 8;
    /** `block` (the key's size) through the raw RSA operation: a ciphertext whose decryption is exactly `block`. */
    const raw = (block: Buffer) => publicEncrypt({ key: publicKey, padding: constants.RSA_NO_PADDING }, block).toString("base64");
    const block = (header: number[], psLength: number, separator: number[], message: Buffer) => {
      const ps = Buffer.alloc(psLength, 0x5a);
      const body = Buffer.concat([Buffer.from(header), ps, Buffer.from(separator), message]);
      return Buffer.concat([body, Buffer.alloc(size - body.length, 0x33)]);
    };
    const message = Buffer.from("0123456789abcdef0123456789abcdef");
    const cases: [string, Buffer, boolean][] = [
      ["a valid block", block([0, 2], size - 3 - 32, [0], message), true],
      ["the shortest padding, eight bytes", block([0, 2], 8, [0], Buffer.alloc(size - 11, 0x41)), true],
      ["seven bytes of padding", block([0, 2], 7, [0], Buffer.alloc(size - 10, 0x41)), false],
      ["a first byte that is not zero", block([1, 2], size - 3 - 32, [0], message), false],
      ["type 1 (a signature's block)", block([0, 1], size - 3 - 32, [0], message), false],
      ["no zero byte after the padding", Buffer.concat([Buffer.from([0, 2]), Buffer.alloc(size - 2, 0x5a)]), false],
    ];
    for (const [name, plain, valid] of cases) {
      const cipher = raw(plain);
      const ours = () => rsaDecrypt(keys.privateKey, cipher);
      const theirs = () => oracle.decrypt(Buffer.from(cipher, "base64"), "buffer");
      if (valid) expect(Buffer.from(ours(), "utf8").equals(Buffer.from(theirs())), name).toBe(true);
      else {
        expect(ours, name).toThrow("does not decrypt with this private key");
        expect(theirs, `node-rsa: ${name}`).toThrow();
      }
    }
    // Random ciphertexts: almost all are refused by both; any either takes, both take alike.
    for (let index = 0; index < 50; index += 1) {
      const cipher = raw(Buffer.concat([Buffer.from([0]), randomBytes(size - 1)]));
      let ours: string | Error;
      let theirs: Uint8Array | Error;
      try {
        ours = rsaDecrypt(keys.privateKey, cipher);
      } catch (error) {
        ours = error as Error;
      }
      try {
        theirs = oracle.decrypt(Buffer.from(cipher, "base64"), "buffer");
      } catch (error) {
        theirs = error as Error;
      }
      expect(ours instanceof Error).toBe(theirs instanceof Error);
    }
    for (const length of [0, size / 2, size - 1, size + 1, 2 * size])
      expect(() => rsaDecrypt(keys.privateKey, randomBytes(length).toString("base64")), `${length} bytes`).toThrow(`not the key's ${size}`);
    // Not below the modulus: OpenSSL's refusal, in the same words.
    expect(() => rsaDecrypt(keys.privateKey, Buffer.alloc(size, 0xff).toString("base64"))).toThrow("does not decrypt with this private key");
  });

  it("unpadding reads the separator after at least eight bytes of padding", () => {
    const of = (...bytes: number[]) => Uint8Array.from(bytes);
    expect(unpadPkcs1v15(of(0, 2, 1, 2, 3, 4, 5, 6, 7, 8, 0, 0x41, 0x42))).toEqual(of(0x41, 0x42));
    expect(unpadPkcs1v15(of(0, 2, 1, 2, 3, 4, 5, 6, 7, 8, 0))).toEqual(of());
    expect(unpadPkcs1v15(of(0, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0x41))).toEqual(of(0, 0x41));
    expect(unpadPkcs1v15(of(0, 2, 1, 2, 3, 4, 5, 6, 7, 0, 0x41))).toBeNull();
    expect(unpadPkcs1v15(of(0, 2, 0, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0x41))).toBeNull();
    expect(unpadPkcs1v15(of(0, 2))).toBeNull();
  });

  it("accepts the public key as bare base64, the way browser clients embed it", () => {
    const bare = keys.publicKey.replace(/-----[A-Z ]+-----/g, "").replace(/\s+/g, "");
    const plain = randomString(32);
    expect(rsaDecrypt(keys.privateKey, rsaEncrypt(bare, plain))).toBe(plain);
  });

  it("a sealed request opens with the oracles alone", () => {
    const body = { system_name: "taskCenter", task_no: "T1", cust_id_ciphertext: "C1" };
    const sealed = sealRequest(settings, { functionUrl: "/bservice/discount/gateway/getTaskDetail", body, token: "C1" });
    const { symmetricKey } = JSON.parse(sealed.headers[HEADER.encrypt]) as { symmetricKey: string };
    const both = oraclePrivateKey().decrypt(Buffer.from(symmetricKey, "base64"), "utf8");
    expect(both).toBe(sealed.key + sealed.iv);
    expect(JSON.parse(cryptoJsDecrypt(sealed.body, both.slice(0, 16), both.slice(16)))).toEqual(body);
    const signature = (JSON.parse(sealed.headers[HEADER.signature]) as { signature: string }).signature;
    expect(signature).toBe(
      CryptoJS.MD5(keys.signSecret + sealed.requestTime + sealed.nonce + sealed.body + keys.md5Key)
        .toString()
        .toUpperCase(),
    );
  });
});

describe("the envelope", () => {
  it("carries every header of the spec", () => {
    const sealed = sealRequest(settings, { functionUrl: "/bservice/discount/gateway/getTaskDetail", body: {}, token: "tok", now: Date.UTC(2026, 10, 21, 2, 0, 0) });
    expect(Object.keys(sealed.headers).sort()).toEqual(
      ["Content-Type", "Std-Gateway", "Client-Id", "Request-Time", "Nonce", "Function", "Version", "Lang", "Device-Info", "Token", "Encrypt", "Signature"].sort(),
    );
    expect(sealed.headers).toMatchObject({
      "Std-Gateway": "true",
      "Client-Id": "MCSBX001",
      "Request-Time": "2026-11-21 10:00:00",
      Function: "/bservice/discount/gateway/getTaskDetail",
      Version: "1",
      Lang: "zh-MO",
      Token: "tok",
    });
    expect(sealed.nonce).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(sealed.key).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(sealed.iv).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(JSON.parse(sealed.headers["Device-Info"])).toEqual({ ...EMPTY_DEVICE_INFO, clientOs: "ios" });
    expect(JSON.parse(sealed.headers.Encrypt)).toMatchObject({ algorithm: "RSA_AES", keyVersion: "1" });
    expect(JSON.parse(sealed.headers.Signature)).toMatchObject({ algorithm: "MD5", keyVersion: "1" });
  });

  it("uses a fresh key, IV and nonce per request", () => {
    const first = sealRequest(settings, { functionUrl: "/f", body: {} });
    const second = sealRequest(settings, { functionUrl: "/f", body: {} });
    expect(first.key).not.toBe(second.key);
    expect(first.iv).not.toBe(second.iv);
    expect(first.nonce).not.toBe(second.nonce);
  });

  it("recovers key and IV from the Encrypt header with the private key", () => {
    const sealed = sealRequest(settings, { functionUrl: "/f", body: { a: 1 } });
    const { symmetricKey } = JSON.parse(sealed.headers.Encrypt) as { symmetricKey: string };
    expect(recoverKeyAndIv(keys.privateKey, symmetricKey)).toEqual({ key: sealed.key, iv: sealed.iv });
  });

  it("verifies a captured request's signature, and catches a changed body", () => {
    const sealed = sealRequest(settings, { functionUrl: "/f", body: { a: 1 } });
    const secrets = { secret: keys.signSecret, md5Key: keys.md5Key };
    expect(verifySignature(sealed.headers, sealed.body, secrets).ok).toBe(true);
    expect(verifySignature(sealed.headers, `${sealed.body}x`, secrets).ok).toBe(false);
    expect(verifySignature(sealed.headers, sealed.body, { ...secrets, secret: "wrong" }).ok).toBe(false);
  });

  it("opens replies with the request's key, and returns raw data when they do not decrypt", () => {
    const key = randomString(16);
    const iv = randomString(16);
    const reply = { result: { code: "000000" }, data: { x: 1 } };
    expect(openReply(sealReply(reply, key, iv), key, iv)).toEqual({ decrypted: true, value: reply });
    expect(openReply('{"result":{"code":"SIGNATURE_INVALID"}}', key, iv)).toEqual({ decrypted: false, value: { result: { code: "SIGNATURE_INVALID" } } });
    expect(openReply("<html>busy</html>", key, iv)).toEqual({ decrypted: false, value: "<html>busy</html>" });
  });
});
