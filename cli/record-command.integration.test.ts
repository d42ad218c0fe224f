/**
 * `mcoin record`: the recording proxy, its redaction and secret scan, its HAR, and what it writes
 * replaying; every file it writes is held to the published recording schema. mcoin runs in this
 * process (cli/testing.ts) on the network and the wall's clock: the recorder serves HTTP in front of
 * a sandbox served over HTTP, and is stopped as Ctrl-C stops it.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import NodeRSA from "node-rsa";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { invalidRecordingFiles } from "../harness/recording/testing";
import { ROOT, runCli, startCli, type CliRun as Run } from "./testing";
import type { CliClock } from "./io";
import { madeUpTexts } from "../sandbox/fixtures";
import { startSandboxServer, type RunningSandbox } from "../sandbox/server";
import { DEFAULT_MALL_URL } from "#core/environments";

/** The wall's clock: a replay waits as recorded, a task as long as its threshold, for the sandbox behind the recorder. */
const wallClock: CliClock = { now: () => Date.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

let sandbox: RunningSandbox;
let work: string;

beforeAll(async () => {
  sandbox = await startSandboxServer({ port: 0, host: "127.0.0.1" });
  work = mkdtempSync(join(tmpdir(), "mcoin-cli-"));
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.sandbox.state.reset());

/** Runs mcoin against the test's sandbox. */
function mcoin(...args: string[]): Promise<Run> {
  return runCli(args, { env: { MCOIN_SANDBOX_URL: sandbox.url }, fetch, clock: wallClock });
}

describe("mcoin record", () => {
  interface Recorder {
    url: string;
    /** Stops it (Ctrl-C) and returns what it printed and its exit code. */
    stop(): Promise<Run>;
  }

  /** Starts `mcoin record` on a free port, in front of the test's sandbox unless `upstream` says otherwise. */
  async function startRecorder(args: string[], upstream = sandbox.url): Promise<Recorder> {
    const recorder = startCli(["record", "--env", "sandbox", "--port", "0", "--json", ...args], { env: { MCOIN_SANDBOX_URL: upstream }, fetch, clock: wallClock });
    // The listening address, once its document is whole.
    await recorder.printed(({ stdout }) => stdout.includes("\n}\n"));
    const { url } = JSON.parse(recorder.stdout) as { url: string };
    return {
      url,
      // The recorder writes an exchange after answering it: read its files once it has stopped.
      stop: async () => {
        const stopped = await recorder.stop();
        // Every file it wrote is a recording by the published schema (docs/contract/recording.schema.json).
        const out = args[args.indexOf("--out") + 1];
        if (existsSync(out)) expect(invalidRecordingFiles(out)).toEqual([]);
        return stopped;
      },
    };
  }

  /** A member's call through the recorder: signs in (POST /member/login) and sends one request. */
  async function asMember(base: string, openId: string, method: string, path: string, body?: unknown, idempotencyKey?: string): Promise<Response> {
    const login = (await (await fetch(`${base}/member/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ openId }) })).json()) as {
      data: { token: string };
    };
    return fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${login.data.token}`,
        "content-type": "application/json",
        "accept-language": "zh",
        ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  const readJson = (dir: string, file: string) => JSON.parse(readFileSync(join(dir, file), "utf8")) as Record<string, any>;

  it("records exchanges as replayable files with tokens redacted", async () => {
    const out = join(work, "recorded");
    const recorder = await startRecorder(["--out", out]);
    try {
      const login = await mcoin("api", "GET", "/api/auth/basicinformation", "--login", "mpay-1004", "--base-url", recorder.url, "--json");
      expect(login.code).toBe(0);
      expect((await mcoin("gateway", "call", "getTaskDetail", "--data", '{"task_no":"T-TYPE","cust_id_ciphertext":"C5"}', "--base-url", recorder.url)).code).toBe(0);
    } finally {
      expect((await recorder.stop()).code).toBe(0);
    }
    const files = readdirSync(out).sort();
    expect(files).toEqual(["001-post-member-login.json", "002-get-api-auth-basicinformation.json", "003-post-bservice-discount-gateway-gettaskdetail.json"]);
    const text = files.map((file) => readFileSync(join(out, file), "utf8")).join("\n");
    expect(text).not.toContain("sbx_");
    expect(text).toContain('"<token>"');
    const secure = readJson(out, files[2]);
    expect(secure).toMatchObject({ kind: "secure", replayable: true, request: { headers: { Token: "<cust>" } } });
    // The sandbox's demo ciphertext names whom the call acts as; the exchange itself keeps only <cust>.
    expect(secure.needs).toEqual({ cust: "C5" });
    expect(JSON.stringify([secure.request, secure.response])).not.toContain("C5");
    const first = readJson(out, files[0]);
    expect(first.ignore).toEqual([]);
    expect(first).not.toHaveProperty("volatile");
    // A sign-in names the member it signs in (a served recording issues that member's token).
    expect(first.needs).toEqual({ member: "mpay-1004" });
    expect(first.recordedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Date.parse(first.recordedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(readJson(out, files[1]).needs).toEqual({ member: "mpay-1004" });

    // Each recording says whom it acts as: no --login, no --cust.
    sandbox.sandbox.state.reset();
    const replay = await mcoin("replay", out);
    expect(replay.stdout).toContain("3 matched");
    expect(replay.code).toBe(0);
  });

  it("records a purchase, its retry and a task's notice so that they replay on a reset sandbox with no difference, once though kept twice", async () => {
    const out = join(work, "recorded-purchase");
    const recorder = await startRecorder(["--out", out, "--har", join(out, "session.har")]);
    const buy = (token: string, key: string, body: unknown) =>
      fetch(`${recorder.url}/api/business/snapup`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "accept-language": "zh", "Idempotency-Key": key },
        body: JSON.stringify(body),
      });
    try {
      const login = (await (
        await fetch(`${recorder.url}/member/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ openId: "mpay-1001" }) })
      ).json()) as {
        data: { token: string };
      };
      const first = await (await buy(login.data.token, "purchase-key-0000000001", { offerId: 1, quantity: 1, mcoinUsed: 2380 })).json();
      // The retry of a purchase whose answer was lost: the same key, the same order, no second effect.
      expect(await (await buy(login.data.token, "purchase-key-0000000001", { offerId: 1, quantity: 1, mcoinUsed: 2380 })).json()).toEqual(first);
      expect((await buy(login.data.token, "purchase-key-0000000002", { offerId: 1, quantity: 1, mcoinUsed: 2380 })).status).toBe(200);
      expect((await asMember(recorder.url, "mpay-1001", "GET", "/api/mini/order/list?tab=all")).status).toBe(200);
      expect((await mcoin("task", "run", "--token", "C7", "--no", "T-QUICK", "--base-url", recorder.url)).code).toBe(0);
      // The wallet's sign-in: a single-use code from the sandbox's sign-in page, exchanged through the recorder.
      const authorize = await fetch(`${sandbox.url}/oauth/authorize`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ openId: "mpay-1002", redirect_uri: `${DEFAULT_MALL_URL}/index`, state: "" }),
        redirect: "manual",
      });
      const code = new URL(authorize.headers.get("location")!).searchParams.get("code")!;
      expect((await fetch(`${recorder.url}/macaupasssave?code=${code}&state=`, { headers: { "accept-language": "zh", mpay: "1" } })).status).toBe(200);
    } finally {
      expect((await recorder.stop()).code).toBe(0);
    }
    const files = readdirSync(out).filter((file) => file.endsWith(".json"));
    const purchases = files.filter((file) => file.includes("snapup")).map((file) => readJson(out, file));
    expect(purchases.map((recording) => recording.request.headers["Idempotency-Key"])).toEqual(["<key:1>", "<key:1>", "<key:2>"]);
    expect(purchases.map((recording) => recording.needs)).toEqual([{ member: "mpay-1001" }, { member: "mpay-1001" }, { member: "mpay-1001" }]);
    expect(readFileSync(join(out, "session.har"), "utf8")).not.toContain("purchase-key-");
    // The HAR says whom each exchange acts as too, so that it replays on its own.
    const harEntries = (JSON.parse(readFileSync(join(out, "session.har"), "utf8")) as { log: { entries: { request: { url: string }; comment: string }[] } }).log.entries;
    expect(harEntries.filter((entry) => entry.request.url.includes("snapup")).map((entry) => (JSON.parse(entry.comment) as { mcoin: { needs?: unknown } }).mcoin.needs)).toEqual([
      { member: "mpay-1001" },
      { member: "mpay-1001" },
      { member: "mpay-1001" },
    ]);
    const signIn = readJson(
      out,
      files.find((file) => file.includes("macaupasssave"))!,
    );
    expect(signIn).toMatchObject({ replayable: false, needs: { member: "mpay-1002" }, request: { query: { code: "<code>" } } });

    sandbox.sandbox.state.reset();
    const replay = await mcoin("replay", out, "--reset");
    expect(replay.stderr).toContain(`session.har is a copy of ${files.length} JSON recordings beside it: replayed the .json files, not the HAR`);
    expect(replay.stderr).toMatch(/waited \d\.\d s before POST \/bservice\/discount\/gateway\/scanTypeTaskNotify/);
    // Every exchange runs, the wallet's sign-in with a new code from the sandbox.
    expect(replay.stdout).toContain(`${files.length} matched, 0 differed, 0 failed, 0 skipped`);
    expect(replay.code).toBe(0);
    // Sent at once, the notice comes too early for the task center.
    const fast = await mcoin("replay", out, "--reset", "--pace", "fast");
    expect(fast.stdout).toContain('result.code: changed "000000" → "TASK_TOO_EARLY"');
    expect(fast.code).toBe(1);
  }, 90_000);

  it("gives a member's personal data stand-ins of the same form, hides a signature, and replays the address book by form", async () => {
    // A member of the team's own (not a demo member, whose made-up data a recording keeps), with two addresses.
    const member = "mo-real-7";
    expect(
      (await fetch(`${sandbox.url}/__sandbox/members`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ openId: member, nickname: "梁小玲" }) })).ok,
    ).toBe(true);
    for (const [index, address] of [
      { name: "梁小玲", areaCode: "+853", mobile: "66123987", area: "澳門半島", address: "提督馬路 41 號 3 樓", isDefault: 1 },
      { name: "Maria Fernandes", areaCode: "+852", mobile: "93456781", area: "中西區", address: "Rua de Sao Paulo 5", isDefault: 0 },
    ].entries()) {
      const saved = await asMember(sandbox.url, member, "POST", "/api/mini/userAddress/save", address, `address-save-${index}-0001`);
      expect(saved.status).toBe(200);
    }
    const out = join(work, "recorded-phone");
    const recorder = await startRecorder(["--out", out]);
    try {
      expect((await asMember(recorder.url, member, "GET", "/api/mini/userAddress/lists")).status).toBe(200);
      expect((await asMember(recorder.url, "mpay-1001", "POST", "/macaupassconfig", { url: "http://mall.test/", state: "s1" })).status).toBe(200);
    } finally {
      await recorder.stop();
    }
    const files = readdirSync(out).sort();
    const text = files.map((file) => readFileSync(join(out, file), "utf8")).join("\n");
    for (const real of [member, "梁小玲", "Maria Fernandes", "66123987", "93456781", "提督馬路", "Sao Paulo"]) expect(text).not.toContain(real);
    const addresses = readJson(
      out,
      files.find((file) => file.includes("useraddress"))!,
    );
    const [macau, hongKong] = addresses.response.body.data.snatchList as { name: string; mobile: string; areaCode: string; address: string }[];
    // Valid for their area codes still, and names in their own scripts.
    expect(macau).toMatchObject({ areaCode: "+853", mobile: expect.stringMatching(/^6\d{7}$/), name: expect.stringMatching(/^\p{Script=Han}{2,3}$/u) });
    expect(hongKong).toMatchObject({ areaCode: "+852", mobile: expect.stringMatching(/^9\d{7}$/), name: expect.stringMatching(/^[A-Z][a-z]+ [A-Z][a-z]+$/) });
    expect(addresses.needs.member).toMatch(/^p-[0-9a-f]{8}$/);
    // Stand-ins are compared by their form, not left out.
    expect(addresses.ignore).toEqual([]);
    const config = readJson(
      out,
      files.find((file) => file.includes("macaupassconfig"))!,
    );
    expect(config.response.body.data.signature).toBe("<redacted:signature>");
    expect(config.ignore).toEqual(["$.data.timestamp", "$.data.nonceStr", "$.data.signature"]);

    const replay = await mcoin(
      "replay",
      join(
        out,
        files.find((file) => file.includes("useraddress"))!,
      ),
      "--login",
      member,
    );
    expect(replay.stdout).toContain("1 matched");
    expect(replay.code).toBe(0);
  });

  it("takes extra rules from --redact-field and --redact-rules, and says what is wrong with a bad rules file", async () => {
    const rulesFile = join(work, "extra-rules.json");
    writeFileSync(
      rulesFile,
      JSON.stringify({
        rules: [
          { name: "street", pattern: "新馬路 \\d+ 號", in: ["response"] },
          { name: "nickname", fields: ["name"], placeholder: "<person>" },
        ],
      }),
    );
    const out = join(work, "recorded-extra");
    const recorder = await startRecorder(["--out", out, "--redact-field", "openId", "--redact-rules", rulesFile]);
    try {
      expect((await asMember(recorder.url, "mpay-1001", "GET", "/api/mini/userAddress/lists")).status).toBe(200);
    } finally {
      const stopped = await recorder.stop();
      expect(stopped.stderr).toBe("");
    }
    const [login, addresses] = readdirSync(out).sort();
    expect(readJson(out, login).request.body).toEqual({ openId: "<redacted:openid>" });
    // The demo member's made-up number stays (sandbox/fixtures.ts, madeUpTexts); the rules added still apply.
    expect(readJson(out, addresses).response.body.data.snatchList[0]).toMatchObject({ name: "<person>", address: "<redacted:street> 8 樓 A 座", mobile: "66123456" });

    writeFileSync(rulesFile, JSON.stringify({ rules: [{ name: "street", pattern: "(" }] }));
    const bad = await mcoin("record", "--out", join(work, "never"), "--port", "0", "--redact-rules", rulesFile);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("rules[0].pattern: not a valid regular expression");
    expect(bad.stderr).not.toMatch(/\n\s+at /);
  });

  it("refuses to write a recording (or a HAR entry) in which a secret survived, and says where", async () => {
    const { createServer } = await import("node:http");
    const digest = "b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9";
    // An upstream whose reply carries a key-like hex run under a name no rule knows.
    const upstream = createServer((request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(request.url === "/leaky" ? { code: 200, data: { digest } } : { code: 200, data: { ok: true } }));
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    const out = join(work, "recorded-refused");
    const har = join(work, "refused.har");
    try {
      const recorder = await startRecorder(["--out", out, "--har", har], `http://127.0.0.1:${(upstream.address() as { port: number }).port}`);
      let stopped: Run;
      try {
        expect((await fetch(`${recorder.url}/clean`)).status).toBe(200);
        const leaky = await fetch(`${recorder.url}/leaky`);
        expect(await leaky.json()).toEqual({ code: 200, data: { digest } }); // the caller still gets its reply
        expect((await fetch(`${recorder.url}/clean`)).status).toBe(200);
      } finally {
        stopped = await recorder.stop();
      }
      expect(readdirSync(out).sort()).toEqual(["001-get-clean.json", "003-get-clean.json"]);
      expect(stopped.stderr).toContain("refused 200 GET /leaky: 002-get-leaky.json not written: a secret survived redaction");
      expect(stopped.stderr).toContain("hex-run at $.response.body.data.digest: b94d…e9 (64 chars)");
      expect(stopped.stderr).toContain("refused.har not rewritten");
      expect(stopped.stderr).not.toContain(digest);
      expect(stopped.code).toBe(1);
      const written = JSON.parse(readFileSync(har, "utf8")) as { log: { entries: { request: { url: string } }[] } };
      expect(written.log.entries.map((entry) => new URL(entry.request.url).pathname)).toEqual(["/clean", "/clean"]);
      expect(readFileSync(har, "utf8")).not.toContain(digest);
    } finally {
      await new Promise((resolve) => upstream.close(resolve));
    }
  });

  it("--har writes the session as a HAR 1.2 file with the secure calls' decrypted bodies in the comments, and no secret", async () => {
    const { findSecrets } = await import("#harness/redaction");
    const out = join(work, "recorded-har");
    const har = join(work, "har", "session.har");
    const recorder = await startRecorder(["--out", out, "--har", har]);
    try {
      expect((await asMember(recorder.url, "mpay-1003", "GET", "/api/mini/userAddress/lists?page=1")).status).toBe(200);
      expect((await mcoin("gateway", "call", "getTaskDetail", "--data", '{"task_no":"T1","cust_id_ciphertext":"C5"}', "--base-url", recorder.url)).code).toBe(0);
    } finally {
      await recorder.stop();
    }
    const text = readFileSync(har, "utf8");
    const document = JSON.parse(text) as { log: Record<string, any> };
    // The demo member's made-up phone numbers stay (sandbox/fixtures.ts, madeUpTexts): nothing else looks like a secret.
    expect(findSecrets(document, { allow: madeUpTexts() })).toEqual([]);
    for (const secret of ["sbx_", "C5"]) expect(text).not.toContain(secret);
    const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
    expect(document.log.version).toBe("1.2");
    expect(document.log.creator).toEqual({ name: "mcoin", version });
    const [login, addresses, secure] = document.log.entries as Record<string, any>[];
    expect(document.log.entries).toHaveLength(3);

    expect(login.request).toMatchObject({ method: "POST", url: `${sandbox.url}/member/login`, httpVersion: "HTTP/1.1", postData: { mimeType: "application/json", text: '{"openId":"mpay-1003"}' } });
    expect(JSON.parse(login.response.content.text)).toMatchObject({ data: { token: "<token>" } });
    expect(JSON.parse(login.comment)).toEqual({ mcoin: { kind: "api", ignore: [], needs: { member: "mpay-1003" } } });

    expect(addresses.request.url).toBe(`${sandbox.url}/api/mini/userAddress/lists?page=1`);
    expect(addresses.request.queryString).toEqual([{ name: "page", value: "1" }]);
    expect(addresses.request.headers).toEqual(expect.arrayContaining([{ name: "authorization", value: "Bearer <token>" }]));
    expect(addresses.response).toMatchObject({ status: 200, statusText: "OK", content: { mimeType: "application/json" } });
    expect(addresses.response.content.size).toBeGreaterThan(0);
    expect(addresses).toMatchObject({ cache: {}, timings: { send: 0, receive: 0 } });
    expect(typeof addresses.startedDateTime).toBe("string");
    expect(JSON.parse(addresses.comment).mcoin.ignore).toEqual([]);

    expect(secure.request.postData.text).toBe("<sealed>");
    expect(secure.response.content.text).toBe("<sealed>");
    expect(JSON.parse(secure.request.postData.comment)).toMatchObject({ task_no: "T1", cust_id_ciphertext: "<cust>" });
    expect(JSON.parse(secure.response.content.comment)).toMatchObject({ result: { code: "000000" }, data: { task_no: "T1" } });
    const headers = Object.fromEntries((secure.request.headers as { name: string; value: string }[]).map(({ name, value }) => [name.toLowerCase(), value]));
    expect(headers).toMatchObject({ token: "<cust>", signature: "<redacted:signature>", encrypt: "<redacted:key>" });
    expect(JSON.parse(secure.comment)).toEqual({ mcoin: { kind: "secure", ignore: [] } });

    // The reader (mcoin replay FILE.har) takes it back: the same calls, matched again.
    sandbox.sandbox.state.reset();
    const replay = await mcoin("replay", har, "--login", "mpay-1003", "--cust", "C5");
    expect(replay.stdout).toContain("3 matched");
    expect(replay.code).toBe(0);
  });

  it("--har without a private key keeps the secure bodies sealed, with no comments", async () => {
    const out = join(work, "recorded-sealed");
    const har = join(work, "sealed.har");
    const wrongKey = join(work, "other-private.pem");
    writeFileSync(wrongKey, new NodeRSA({ b: 1024 }).exportKey("pkcs1-private-pem"));
    const recorder = await startRecorder(["--out", out, "--har", har, "--private-key", wrongKey]);
    try {
      expect((await mcoin("gateway", "call", "getTaskDetail", "--data", '{"task_no":"T1","cust_id_ciphertext":"C5"}', "--base-url", recorder.url)).code).toBe(0);
    } finally {
      await recorder.stop();
    }
    const [entry] = (JSON.parse(readFileSync(har, "utf8")) as { log: { entries: Record<string, any>[] } }).log.entries;
    expect(entry.request.postData).toEqual({ mimeType: expect.any(String), text: "<sealed>" });
    expect(entry.response.content).not.toHaveProperty("comment");
    expect(entry.response.content.text).toBe("<sealed>");
    const [file] = readdirSync(out);
    expect(readJson(out, file)).toMatchObject({ kind: "secure", replayable: false, request: { body: "<sealed>" }, response: { body: "<sealed>" } });
  });
});
