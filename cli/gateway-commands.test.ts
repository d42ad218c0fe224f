/**
 * `mcoin gateway`: a secure gateway call, and sealing, opening, signing and verifying envelopes and
 * captures. Run in this process against a sandbox answered in-process (cli/testing.ts): its output
 * and its exit code.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import CryptoJS from "crypto-js";
import NodeRSA from "node-rsa";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sealRequest } from "#core/node/gateway/envelope";
import { gatewaySettings } from "#core/node/gateway/settings";
import { ROOT, sandboxCli, type CliRun as Run } from "./testing";

const PRIVATE_KEY = join(ROOT, "fixtures/keys/sandbox-gateway-private.pem");

const sandbox = sandboxCli();
const { mcoin } = sandbox;
let work: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "mcoin-cli-"));
});
beforeEach(() => sandbox.sandbox.state.reset());

const json = <T = Record<string, any>>(run: Run): T => JSON.parse(run.stdout) as T;

describe("mcoin gateway call", () => {
  it("prints the decrypted task detail", async () => {
    const run = await mcoin("gateway", "call", "getTaskDetail", "--data", '{"task_no":"T1","cust_id_ciphertext":"C1"}', "--env", "sandbox", "--json");
    expect(run.code).toBe(0);
    expect(json(run)).toMatchObject({ result: { code: "000000", subCode: "0000" }, data: { task_no: "T1", threshold_value: 15 } });
  });

  it("fails with a clear message and exit 1 with a wrong signing secret", async () => {
    const run = await mcoin("gateway", "call", "getTaskDetail", "--data", '{"task_no":"T1","cust_id_ciphertext":"C1"}', "--sign-secret", "wrong");
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("SIGNATURE_INVALID");
    expect(run.stderr).toContain("check the signing secret");
  });

  it("exits 2 for an unknown function or bad JSON", async () => {
    expect((await mcoin("gateway", "call", "deleteEverything")).code).toBe(2);
    expect((await mcoin("gateway", "call", "getTaskDetail", "--data", "{task_no:T1}")).code).toBe(2);
  });
});

describe("mcoin gateway encrypt, decrypt, sign and verify", () => {
  it("a request sealed by encrypt opens with decrypt --private-key, and with crypto-js and node-rsa", async () => {
    const body = { task_no: "T1", cust_id_ciphertext: "C1" };
    const sealed = await mcoin("gateway", "encrypt", "--body", JSON.stringify(body), "--json");
    expect(sealed.code).toBe(0);
    const file = join(work, "request.json");
    writeFileSync(file, sealed.stdout);
    const capture = json<{ headers: Record<string, string>; body: string; key: string; iv: string }>(sealed);

    const opened = await mcoin("gateway", "decrypt", file, "--private-key", PRIVATE_KEY, "--json");
    expect(opened.code).toBe(0);
    expect(json(opened).results[0]).toMatchObject({ request: body, requestDecrypted: true, key: capture.key, iv: capture.iv });

    // The oracles, independently.
    const rsa = new NodeRSA(readFileSync(PRIVATE_KEY, "utf8"));
    rsa.setOptions({ environment: "browser", encryptionScheme: "pkcs1" });
    const both = rsa.decrypt(Buffer.from(JSON.parse(capture.headers.Encrypt).symmetricKey, "base64"), "utf8");
    const plain = CryptoJS.AES.decrypt(capture.body, CryptoJS.enc.Utf8.parse(both.slice(0, 16)), {
      iv: CryptoJS.enc.Utf8.parse(both.slice(16)),
      mode: CryptoJS.mode.CBC,
      padding: CryptoJS.pad.Pkcs7,
    }).toString(CryptoJS.enc.Utf8);
    expect(JSON.parse(plain)).toEqual(body);
  });

  it("decrypts a body with --key and --iv, and says so when they are wrong", async () => {
    const ok = await mcoin("gateway", "decrypt", "--body", "Jw/Q1yca6kCKOm68KYM+5s41IKCN13sWwe9+xry/z55dai2mGYWRtRndnk/FBQVd", "--key", "0123456789abcdef", "--iv", "fedcba9876543210", "--json");
    expect(json(ok).body).toEqual({ task_no: "T1", cust_id_ciphertext: "C1" });
    const wrong = await mcoin("gateway", "decrypt", "--body", "Jw/Q1yca6kCKOm68KYM+5s41IKCN13sWwe9+xry/z55dai2mGYWRtRndnk/FBQVd", "--key", "0123456789abcdeX", "--iv", "fedcba9876543210");
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("does not decrypt");
    expect((await mcoin("gateway", "decrypt", "--key", "short")).code).toBe(2);
  });

  it("decrypts a captured request and its reply from a HAR file", async () => {
    const settings = gatewaySettings({ environment: "sandbox", vars: {}, sandboxUrl: sandbox.url, sandboxKeys: () => sandbox.sandbox.state.gatewayKeys });
    const sealed = sealRequest(settings, { functionUrl: "/bservice/discount/gateway/getTaskDetail", body: { system_name: "taskCenter", data_source: "H5", task_no: "T1", cust_id_ciphertext: "C1" } });
    const response = await sandbox.fetch(`${sandbox.url}/bservice/discount/gateway/getTaskDetail`, { method: "POST", headers: sealed.headers, body: sealed.body });
    const har = {
      log: {
        entries: [
          {
            request: {
              url: `${sandbox.url}/bservice/discount/gateway/getTaskDetail`,
              headers: Object.entries(sealed.headers).map(([name, value]) => ({ name, value })),
              postData: { text: sealed.body },
            },
            response: { status: response.status, content: { text: await response.text() } },
          },
        ],
      },
    };
    const file = join(work, "capture.har");
    writeFileSync(file, JSON.stringify(har));
    const run = await mcoin("gateway", "decrypt", file, "--private-key", PRIVATE_KEY, "--json");
    expect(run.code).toBe(0);
    expect(json(run).results[0]).toMatchObject({ request: { task_no: "T1" }, status: 200, response: { data: { task_no: "T1", threshold_value: 15 } }, responseDecrypted: true });
  });

  it("sign gives the signature the request carries; verify accepts it and rejects a wrong secret", async () => {
    const sealed = await mcoin("gateway", "encrypt", "--body", '{"a":1}', "--json");
    const capture = json<{ headers: Record<string, string>; body: string; nonce: string; requestTime: string }>(sealed);
    const signed = await mcoin("gateway", "sign", "--body", capture.body, "--nonce", capture.nonce, "--time", capture.requestTime, "--json");
    expect(json(signed).signature).toBe(JSON.parse(capture.headers.Signature).signature);

    const file = join(work, "to-verify.json");
    writeFileSync(file, sealed.stdout);
    const good = await mcoin("gateway", "verify", file);
    expect(good.code).toBe(0);
    expect(good.stdout).toContain("signature ok");
    const bad = await mcoin("gateway", "verify", file, "--secret", "not-it");
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain("signature mismatch");
    expect((await mcoin("gateway", "sign", "--body", "x", "--nonce", "short")).code).toBe(2);
  });
});
