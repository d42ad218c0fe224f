/**
 * Recovering the AES key and IV from an `Encrypt` header with the gateway's private key: what the
 * sandbox, the recorder, the inspector and `mcoin gateway decrypt` do. Never bundled into the app.
 *
 * Node 20 refuses RSA PKCS#1 v1.5 private decryption (CVE-2023-46809: the padding check's timing
 * tells an attacker about the plaintext), but not the RSA operation itself. So OpenSSL does the
 * modular exponentiation, natively and blinded (`RSA_NO_PADDING`), and the padding is removed here
 * (RFC 8017, section 7.2.2). A pure-JavaScript RSA (node-rsa's) costs some 35 times as much and holds
 * the sandbox's event loop meanwhile; node-rsa is the test oracle (gateway.test.ts).
 * docs/decisions/054-private-key-in-openssl.md
 */
import { constants, createPrivateKey, privateDecrypt, type KeyObject } from "node:crypto";

const keys = new Map<string, KeyObject>();

function privateKey(pem: string): KeyObject {
  let key = keys.get(pem);
  if (!key) {
    key = createPrivateKey(pem);
    if (key.asymmetricKeyType !== "rsa") throw new Error(`the private key is ${key.asymmetricKeyType ?? "not an asymmetric key"}, not RSA`);
    keys.set(pem, key);
  }
  return key;
}

/** Why a ciphertext did not decrypt; the same words whatever was wrong with its padding. */
const UNDECRYPTABLE = "the RSA ciphertext does not decrypt with this private key";

/**
 * The message of a PKCS#1 v1.5 encryption block `0x00 0x02 PS 0x00 M` (PS: at least eight nonzero
 * bytes), or null. Every byte is read whatever is found, so where the block goes wrong does not
 * change how long this takes (the padding oracle CVE-2023-46809 is about); a test sandbox's keys are
 * not worth an attack, but the check costs nothing.
 */
export function unpadPkcs1v15(block: Uint8Array): Uint8Array | null {
  let bad = block[0]! | (block[1]! ^ 0x02);
  let separator = 0;
  for (let index = 2; index < block.length; index += 1) {
    // 1 at the first zero byte after the header, else 0, with no branch on the byte.
    const isZero = ((block[index]! - 1) >>> 31) & 1;
    const first = isZero & (separator === 0 ? 1 : 0);
    separator |= -first & index;
  }
  bad |= separator === 0 ? 1 : 0;
  bad |= separator < 10 ? 1 : 0;
  return bad === 0 ? block.subarray(separator + 1) : null;
}

/** RSA PKCS#1 v1.5 decryption of a base64 ciphertext (one block, as the gateway's clients send); the UTF-8 text out. */
export function rsaDecrypt(privateKeyPem: string, base64: string): string {
  const key = privateKey(privateKeyPem);
  const size = Math.ceil((key.asymmetricKeyDetails?.modulusLength ?? 0) / 8);
  const cipher = Buffer.from(base64, "base64");
  if (cipher.length !== size) throw new Error(`${UNDECRYPTABLE}: it is ${cipher.length} bytes, not the key's ${size}`);
  let block: Buffer;
  try {
    block = privateDecrypt({ key, padding: constants.RSA_NO_PADDING }, cipher);
  } catch {
    // OpenSSL's own refusal: a ciphertext not below the modulus.
    throw new Error(UNDECRYPTABLE);
  }
  const message = unpadPkcs1v15(block);
  if (!message) throw new Error(UNDECRYPTABLE);
  return Buffer.from(message).toString("utf8");
}

/** The 16-character key and IV, from the symmetric key of an `Encrypt` header. */
export function recoverKeyAndIv(privateKeyPem: string, symmetricKey: string): { key: string; iv: string } {
  const both = rsaDecrypt(privateKeyPem, symmetricKey);
  if (both.length !== 32) throw new Error(`the recovered key and IV are ${both.length} characters, not 32`);
  return { key: both.slice(0, 16), iv: both.slice(16) };
}
