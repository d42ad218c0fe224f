/**
 * Wire parity of `mcoin api` and `mcoin gateway call` (docs/cli.md): the Idempotency-Key of a state
 * change, -H, --wire, `gateway verify` on a reply's Signature, no live token on a person's screen,
 * and a call that reaches nobody naming where it went. Run in this process against a sandbox
 * answered in-process (cli/testing.ts).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sealRequest } from "#core/node/gateway/envelope";
import { gatewaySettings } from "#core/node/gateway/settings";
import { sandboxCli, type CliRun as Run } from "./testing";

/** Nothing answers here: only the sandbox's address does (cli/testing.ts). */
const NOBODY = "http://127.0.0.1:4899";

const sandbox = sandboxCli();
const { mcoin } = sandbox;
const mcoinWith = (env: Record<string, string>, ...args: string[]) => sandbox.mcoinWith({ env }, ...args);
let work: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "mcoin-wire-"));
});
beforeEach(() => sandbox.sandbox.state.reset());

const json = <T = Record<string, any>>(run: Run): T => JSON.parse(run.stdout) as T;

const UPDATE = ["api", "POST", "/api/mini/userAddress/update", "--login", "mpay-1001"];
const DEFAULT_1 = ["--data", '{"id":1,"action":"DEFAULT"}'];

describe("mcoin api: the Idempotency-Key of a state change", () => {
  it("sends a fresh key with a mutation the registry marks idempotent, prints it, and repeats the call with --idempotency-key", async () => {
    const first = await mcoin(...UPDATE, ...DEFAULT_1, "--json");
    expect(first.code, first.stderr).toBe(0);
    const key = json(first).idempotencyKey as string;
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(first.stderr).toContain(`--idempotency-key ${key}`);

    // The gateway knows the key: the same key with the same call is answered again, with another call refused.
    const again = await mcoin(...UPDATE, ...DEFAULT_1, "--idempotency-key", key, "--json");
    expect(again.code, again.stderr).toBe(0);
    expect(json(again).data).toEqual(json(first).data);
    const other = await mcoin(...UPDATE, "--data", '{"id":1,"action":"DELETE"}', "--idempotency-key", key);
    expect(other.code).toBe(1);
    expect(other.stderr).toContain("HTTP 4");
    // -H Idempotency-Key chooses it as well.
    const viaHeader = await mcoin(...UPDATE, "--data", '{"id":1,"action":"DELETE"}', "-H", `Idempotency-Key: ${key}`);
    expect(viaHeader.code).toBe(1);
  });

  it("sends no key with a read, nor with a state change the registry does not mark idempotent", async () => {
    const read = await mcoin("api", "GET", "/api/system/time", "--wire");
    expect(read.code, read.stderr).toBe(0);
    expect(read.stderr).not.toMatch(/idempotency-key/i);
    const clause = await mcoin("api", "POST", "/api/auth/setClause", "--data", '{"clauseid":7,"status":1}', "--login", "mpay-1001", "--wire");
    expect(clause.code, clause.stderr).toBe(0);
    expect(clause.stderr).not.toMatch(/idempotency-key/i);
  });

  it("exits 2 for a malformed key, a key on a GET, two keys that differ, or a malformed -H", async () => {
    const short = await mcoin(...UPDATE, ...DEFAULT_1, "--idempotency-key", "short");
    expect(short.code).toBe(2);
    expect(short.stderr).toContain("16 to 64");
    expect((await mcoin("api", "GET", "/api/system/time", "--idempotency-key", "a".repeat(20))).code).toBe(2);
    const twice = await mcoin(...UPDATE, ...DEFAULT_1, "--idempotency-key", "a".repeat(20), "-H", `Idempotency-Key: ${"b".repeat(20)}`);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain("differ");
    const header = await mcoin("api", "GET", "/api/system/time", "-H", "no colon here");
    expect(header.code).toBe(2);
    expect(header.stderr).toContain("NAME:VALUE");
  });
});

describe("mcoin api: -H, --wire and the session token", () => {
  it("--wire prints the request as it went out, -H headers over the app's, the token masked; --json alone prints the token", async () => {
    const run = await mcoin(...UPDATE, ...DEFAULT_1, "-H", "X-Trace-Id: t-1", "-H", "Accept-Language: en", "--wire");
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`> POST ${sandbox.url}/api/mini/userAddress/update`);
    expect(run.stderr).toContain("> X-Trace-Id: t-1");
    expect(run.stderr).toContain("> Accept-Language: en");
    expect(run.stderr).not.toContain("> accept-language: zh");
    expect(run.stderr).toMatch(/> Idempotency-Key: [0-9a-f]{32}/);
    expect(run.stderr).toContain('> {"id":1,"action":"DEFAULT"}');
    expect(run.stderr).toContain("< 200");
    expect(run.stderr).toMatch(/> authorization: Bearer sbx_…\(\d+ chars\)/);

    const token = json(await mcoin("api", "GET", "/api/auth/basicinformation", "--login", "mpay-1001", "--json")).token as string;
    expect(token).toMatch(/^sbx_/);
    const human = await mcoin("api", "GET", "/api/auth/basicinformation", "--token", token, "--wire");
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout + human.stderr).not.toContain(token);
    const signedIn = await mcoin("api", "GET", "/api/auth/basicinformation", "--login", "mpay-1001", "--wire");
    expect(signedIn.stdout).toMatch(/^token: sbx_…\(\d+ chars\)/);
    expect(signedIn.stdout + signedIn.stderr).not.toMatch(/sbx_[A-Za-z0-9]{8,}/);
  });

  it("--wire prints what went out on a refusal too", async () => {
    const run = await mcoin(...UPDATE, "--data", '{"id":999,"action":"DEFAULT"}', "--wire");
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("> POST");
    expect(run.stderr).toMatch(/< \d{3}/);
  });
});

describe("mcoin gateway call: -H, --idempotency-key, --wire", () => {
  const DETAIL = ["gateway", "call", "getTaskDetail", "--data", '{"task_no":"T1","cust_id_ciphertext":"C1-LIVE-CIPHERTEXT"}'];

  it("--wire prints the sealed headers, the ciphertext and the signatures both ways, the Token masked", async () => {
    const run = await mcoin(...DETAIL, "--wire", "--idempotency-key", "notify-T1-000001");
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/^> POST .*\/bservice\/discount\/gateway\/getTaskDetail$/m);
    expect(run.stderr).toMatch(/^> Encrypt: \{"algorithm":"RSA_AES"/m);
    expect(run.stderr).toMatch(/^> Signature: \{"algorithm":"MD5","keyVersion":"\d+","signature":"[0-9A-F]{32}"\}$/m);
    expect(run.stderr).toMatch(/^> [A-Za-z0-9+/]{40,}={0,2}$/m);
    expect(run.stderr).toMatch(/^< signature: \{.*"signature":"[0-9A-F]{32}"\}$/im);
    expect(run.stderr).toContain("> Idempotency-Key: notify-T1-000001");
    expect(run.stderr).toMatch(/^> Token: C1-L…\(18 chars\)$/m);
    expect(run.stdout + run.stderr).not.toContain("C1-LIVE-CIPHERTEXT");
    expect(JSON.parse(run.stdout)).toMatchObject({ data: { task_no: "T1" } });
    // Without --idempotency-key the secure gateway gets none, as from the mall.
    const plain = await mcoin(...DETAIL, "--wire");
    expect(plain.stderr).not.toMatch(/idempotency-key/i);
  });

  it("-H goes over the sealed request's own headers: a wrong Signature is refused", async () => {
    const run = await mcoin(...DETAIL, "-H", 'Signature: {"algorithm":"MD5","keyVersion":"1","signature":"00000000000000000000000000000000"}');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("SIGNATURE");
  });
});

describe("mcoin gateway verify: a reply's Signature", () => {
  async function capturedExchange() {
    const settings = gatewaySettings({ environment: "sandbox", vars: {}, sandboxUrl: sandbox.url, sandboxKeys: () => sandbox.sandbox.state.gatewayKeys });
    const sealed = sealRequest(settings, { functionUrl: "/bservice/discount/gateway/getTaskDetail", body: { system_name: "taskCenter", data_source: "H5", task_no: "T1", cust_id_ciphertext: "C1" } });
    const response = await sandbox.fetch(`${sandbox.url}/bservice/discount/gateway/getTaskDetail`, { method: "POST", headers: sealed.headers, body: sealed.body });
    return {
      request: { url: `${sandbox.url}/bservice/discount/gateway/getTaskDetail`, headers: Object.entries(sealed.headers).map(([name, value]) => ({ name, value })), postData: { text: sealed.body } },
      response: { status: response.status, headers: [...response.headers.entries()].map(([name, value]) => ({ name, value })), content: { text: await response.text() } },
    };
  }
  const har = (entry: unknown) => JSON.stringify({ log: { entries: [entry] } });

  it("checks the reply's signature in a HAR, fails a changed reply, and says when a reply is not signed", async () => {
    const entry = await capturedExchange();
    const file = join(work, "signed.har");
    writeFileSync(file, har(entry));
    const good = await mcoin("gateway", "verify", file);
    expect(good.code, good.stderr).toBe(0);
    expect(good.stdout).toContain("✓ reply signature ok");
    expect(json(await mcoin("gateway", "verify", file, "--json")).results[0]).toMatchObject({ ok: true, reply: { signed: true, ok: true } });

    const changed = join(work, "changed.har");
    writeFileSync(changed, har({ ...entry, response: { ...entry.response, content: { text: `${entry.response.content.text.slice(0, -4)}AAA=` } } }));
    const bad = await mcoin("gateway", "verify", changed);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain("✗ reply signature mismatch");
    expect(bad.stdout).toContain("✓ signature ok");

    const unsigned = join(work, "unsigned.har");
    writeFileSync(unsigned, har({ ...entry, response: { ...entry.response, headers: entry.response.headers.filter((header) => header.name.toLowerCase() !== "signature") } }));
    const plain = await mcoin("gateway", "verify", unsigned);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain("the reply is not signed");
  });
});

describe("a call that reaches nobody", () => {
  const elsewhere = { MCOIN_SANDBOX_URL: NOBODY };
  it.each([
    ["api", ["api", "GET", "/api/system/time"]],
    ["gateway call", ["gateway", "call", "getTaskDetail", "--data", '{"task_no":"T1","cust_id_ciphertext":"C1"}']],
    ["task run", ["task", "run", "--token", "C1", "--no", "T1"]],
    ["sandbox ledger", ["sandbox", "ledger", "--login", "mpay-1001"]],
    ["sandbox log", ["sandbox", "log"]],
    ["replay --login", ["replay", "fixtures/recordings", "--login", "mpay-1001"]],
  ])("%s names the address it tried and how to point the CLI elsewhere", async (_, args) => {
    const run = await mcoinWith(elsewhere, ...args);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(NOBODY);
    expect(run.stderr).toContain("MCOIN_SANDBOX_URL");
    expect(run.stderr).toContain("--base-url");
  });

  it("with --base-url, names that address and --base-url alone", async () => {
    const run = await mcoin("api", "GET", "/api/system/time", "--base-url", "http://127.0.0.1:4898");
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("http://127.0.0.1:4898");
    expect(run.stderr).not.toContain("MCOIN_SANDBOX_URL");
  });
});

describe("no live token on a person's screen", () => {
  it("gateway call -v, task run -v and gateway encrypt mask the member's ciphertext; encrypt --json keeps it", async () => {
    const secret = "C1-LIVE-CIPHERTEXT";
    const call = await mcoin("gateway", "call", "getTaskDetail", "--data", `{"task_no":"T1","cust_id_ciphertext":"${secret}"}`, "-v");
    expect(call.code, call.stderr).toBe(0);
    expect(call.stderr).toContain('"cust_id_ciphertext":"C1-L…(18 chars)"');
    expect(call.stdout + call.stderr).not.toContain(secret);
    const task = await mcoin("task", "run", "--token", secret, "--no", "T-DONE", "-v");
    expect(task.stderr).toContain("gateway →");
    expect(task.stdout + task.stderr).not.toContain(secret);
    const sealed = await mcoin("gateway", "encrypt", "--body", '{"a":1}', "--token", secret);
    expect(sealed.stdout).toMatch(/^Token: C1-L…\(18 chars\)$/m);
    expect(sealed.stdout).not.toContain(secret);
    expect(json(await mcoin("gateway", "encrypt", "--body", '{"a":1}', "--token", secret, "--json")).headers.Token).toBe(secret);
  });
});
