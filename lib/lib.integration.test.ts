/**
 * The package's Node API (mcoin-mall/sandbox and mcoin-mall/gateway, lib/): importing it starts and
 * loads nothing of the sandbox; a sandbox starts on a free port with its typed controls and stops; the
 * gateway's envelope seals and opens as the gateway does; the fixture module never loads a second
 * copy of Playwright's test runner.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { promisify } from "node:util";
import { MALL_ROOT } from "./mall";

const run = promisify(execFile);

describe("mcoin-mall/sandbox", () => {
  it("starts nothing at import; startSandbox serves on a free port, its controls typed, until stop()", async () => {
    // In a process of its own: importing both modules leaves nothing running (its own stdout and
    // stderr aside), and it ends by itself.
    const script =
      'await import("mcoin-mall/sandbox"); await import("mcoin-mall/gateway"); console.log(JSON.stringify(process.getActiveResourcesInfo().filter((kind) => kind !== "PipeWrap" && kind !== "TTYWrap")));';
    const { stdout } = await run(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: MALL_ROOT, timeout: 20_000 });
    expect(JSON.parse(stdout)).toEqual([]);
    const library = await import("./sandbox");
    const sandbox = await library.startSandbox({ latencyMs: 0 });
    try {
      expect(sandbox.url).toBe(`http://127.0.0.1:${sandbox.port}`);
      expect(await sandbox.controls.get(library.controls.health)).toMatchObject({ ok: true, name: "mcoin-sandbox" });
      const { members } = await sandbox.controls.get(library.controls.members);
      expect(members.map((member) => member.openId)).toContain("mpay-1001");
    } finally {
      await sandbox.stop();
    }
    await expect(fetch(`${sandbox.url}/__sandbox/health`)).rejects.toThrow();
  });

  it("serves recordings and stubs given as options", async () => {
    const library = await import("./sandbox");
    const sandbox = await library.startSandbox({ stubsDir: join(MALL_ROOT, "fixtures/stubs"), recordings: { dir: join(MALL_ROOT, "fixtures/recordings") } });
    try {
      const { stubs } = await sandbox.controls.get(library.controls.stubs);
      expect(stubs.length).toBeGreaterThan(0);
    } finally {
      await sandbox.stop();
    }
  });
});

describe("mcoin-mall/gateway", () => {
  it("seals a request as the app does and opens it as the gateway does, and opens the reply", async () => {
    const gateway = await import("./gateway");
    const keys = gateway.readSandboxGatewayKeys(join(MALL_ROOT, "fixtures/keys"));
    const settings = gateway.gatewaySettings({ environment: "sandbox", vars: {}, sandboxUrl: "http://127.0.0.1:1", sandboxKeys: () => keys });
    const body = { task_no: "T1", cust_id_ciphertext: "C1" };
    const sealed = gateway.sealRequest(settings, { functionUrl: "/bservice/discount/gateway/getTaskDetail", body });
    const opened = gateway.openEnvelope({ headers: sealed.headers, body: sealed.body }, keys.privateKey);
    expect(opened).toEqual({ key: sealed.key, iv: sealed.iv, body });
    expect(gateway.verifySignature(sealed.headers, sealed.body, { secret: keys.signSecret, md5Key: keys.md5Key }).ok).toBe(true);
    expect(gateway.openReply(gateway.sealReply({ ok: 1 }, sealed.key, sealed.iv), sealed.key, sealed.iv)).toEqual({ decrypted: true, value: { ok: 1 } });
    expect(gateway.API_ENDPOINTS.length).toBeGreaterThan(9);
  });
});

describe("the package's exports", () => {
  it("name the three modules, each a file of lib/", () => {
    const manifest = JSON.parse(readFileSync(join(MALL_ROOT, "package.json"), "utf8")) as { exports: Record<string, string> };
    expect(manifest.exports).toMatchObject({ "./sandbox": "./lib/sandbox.ts", "./gateway": "./lib/gateway.ts", "./playwright": "./lib/playwright.ts" });
  });

  it("the Playwright fixtures take the project's own @playwright/test, never a second copy", () => {
    const source = readFileSync(join(MALL_ROOT, "lib/playwright.ts"), "utf8");
    expect(source).toMatch(/createRequire\(join\(process\.cwd\(\), "package\.json"\)\)\("@playwright\/test"\)/);
    expect(source).not.toMatch(/^import (?!type)[^\n]*from "@playwright\/test"/m);
  });
});
