/**
 * Recovering the AES key and IV from an `Encrypt` header with the gateway's private key: what the
 * sandbox and `mcoin gateway decrypt` do. Node 20 refuses RSA PKCS#1 v1.5 private decryption
 * (CVE-2023-46809), so this uses node-rsa in its JavaScript mode. Never bundled into the app.
 */
import NodeRSA from "node-rsa";

const keys = new Map<string, NodeRSA>();

function privateKey(pem: string): NodeRSA {
  let key = keys.get(pem);
  if (!key) {
    key = new NodeRSA(pem);
    withoutEnvironmentNotice(() => key!.setOptions({ environment: "browser", encryptionScheme: "pkcs1" }));
    keys.set(pem, key);
  }
  return key;
}

/**
 * node-rsa 2 announces (once, on console.warn) that `environment` now only forces its pure-JS path:
 * that path is the reason we ask for it, so the notice is kept out of the CLI's output.
 */
function withoutEnvironmentNotice(run: () => void) {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].startsWith("NodeRSA: setOptions({environment})")) return;
    warn(...args);
  };
  try {
    run();
  } finally {
    console.warn = warn;
  }
}

/** RSA PKCS#1 v1.5 decryption of a base64 ciphertext; the UTF-8 text out. */
export function rsaDecrypt(privateKeyPem: string, base64: string): string {
  return privateKey(privateKeyPem).decrypt(Buffer.from(base64, "base64"), "utf8");
}

/** The 16-character key and IV, from the symmetric key of an `Encrypt` header. */
export function recoverKeyAndIv(privateKeyPem: string, symmetricKey: string): { key: string; iv: string } {
  const both = rsaDecrypt(privateKeyPem, symmetricKey);
  if (both.length !== 32) throw new Error(`the recovered key and IV are ${both.length} characters, not 32`);
  return { key: both.slice(0, 16), iv: both.slice(16) };
}
