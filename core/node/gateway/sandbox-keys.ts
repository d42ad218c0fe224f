/** Reads the sandbox's test-only gateway keys (fixtures/keys); server side only. */
import { readFileSync } from "node:fs";
import { join } from "node:path";

export interface SandboxGatewayKeys {
  clientId: string;
  signSecret: string;
  md5Key: string;
  keyVersion: string;
  publicKey: string;
  privateKey: string;
}

const cache = new Map<string, SandboxGatewayKeys>();

export function readSandboxGatewayKeys(dir: string): SandboxGatewayKeys {
  let keys = cache.get(dir);
  if (!keys) {
    const manifest = JSON.parse(readFileSync(join(dir, "sandbox-gateway.json"), "utf8")) as {
      clientId: string;
      signSecret: string;
      md5Key: string;
      keyVersion: string;
      publicKeyFile: string;
      privateKeyFile: string;
    };
    keys = {
      clientId: manifest.clientId,
      signSecret: manifest.signSecret,
      md5Key: manifest.md5Key,
      keyVersion: manifest.keyVersion,
      publicKey: readFileSync(join(dir, manifest.publicKeyFile), "utf8"),
      privateKey: readFileSync(join(dir, manifest.privateKeyFile), "utf8"),
    };
    cache.set(dir, keys);
  }
  return keys;
}
