/**
 * The leaks a hostile or careless client makes through `mcoin record` (harness/record): the live
 * token in a query, an odd header, a body field, free text and the path, beside an e-mail address and
 * a card number, echoed back by the upstream too. None reaches a file; a secret no rule can hide
 * refuses its file loudly. The recorder serves HTTP in front of an upstream served over HTTP; mcoin
 * runs in this process (cli/testing.ts) and is stopped as Ctrl-C stops it.
 */
import { createServer, type Server } from "node:http";
import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRecorder, type RunningRecorder } from "#harness/record";
import { findSecrets, Pseudonyms, rulesWith } from "#harness/redaction";
import { invalidRecordingFiles } from "../harness/recording/testing";
import { terminalLog } from "./terminal-text";
import { bufferedIo, startCli } from "./testing";

describe("mcoin record: a secret seen once is hidden wherever it turns up", () => {
  const TOKEN = "sbx_Zk3Qm9Lw2Xv7Rt5Yb1Hc8Jn4";
  const EMAIL = "ana.lopez@example.mo";
  const CARD = "4111 1111 1111 1111";
  const KEY = "eb29c8a04f6d4e1f9b3a7c5d2e8f0a1c";
  const DIGEST = "b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9";
  let upstream: Server;
  let dir: string;
  let recorder: RunningRecorder;
  let base: string;
  let target: string;
  /** The recorder's log, on a run's terminal (its lines escaped). */
  const terminal = bufferedIo();
  let allWritten: boolean;

  beforeAll(async () => {
    // An upstream that signs in, and otherwise echoes what it was sent (query, headers, body): what
    // a client leaks comes back in the reply too. /leaky answers a key-like digest no rule names,
    // under a name that steers a terminal.
    upstream = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const url = new URL(request.url ?? "/", "http://upstream");
        response.writeHead(url.pathname === "/mycoupons/" + TOKEN ? 404 : 200, { "content-type": "application/json" });
        if (url.pathname === "/member/login") return response.end(JSON.stringify({ code: 200, msg: "success", data: { status: 1, token: TOKEN } }));
        if (url.pathname === "/leaky") return response.end(JSON.stringify({ code: 200, data: { "\u001b[2Jdigest": DIGEST } }));
        const body = Buffer.concat(chunks).toString("utf8");
        response.end(
          JSON.stringify({
            code: 200,
            msg: `echo ${url.pathname}${url.search}`,
            data: { query: Object.fromEntries(url.searchParams), headers: request.headers, body: body ? (JSON.parse(body) as unknown) : null },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    target = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`;
    dir = mkdtempSync(join(tmpdir(), "mcoin-leaks-"));
    recorder = await startRecorder({
      apiBase: target,
      gatewayBase: target,
      privateKey: undefined,
      sandboxKey: false,
      rules: rulesWith(),
      pseudonyms: new Pseudonyms(Buffer.alloc(32, 1)),
      out: join(dir, "rec"),
      harFile: join(dir, "session.har"),
      version: "0.0.0",
      port: 0,
      host: "127.0.0.1",
      quiet: true,
      log: terminalLog(terminal.io),
    });
    base = `http://127.0.0.1:${recorder.port}`;
    const send = async (path: string, init: RequestInit = {}) => {
      await (await fetch(`${base}${path}`, init)).text();
      // The recorder writes an exchange after answering it.
      await new Promise((resolve) => setTimeout(resolve, 30));
    };
    const json = { "content-type": "application/json" };
    const bearer = { authorization: `Bearer ${TOKEN}` };
    // Before the sign-in the recorder cannot know the token: the file written then is redacted again once it does.
    await send(`/early?session=${TOKEN}`);
    await send("/member/login", { method: "POST", headers: json, body: JSON.stringify({ openId: "mpay-1001" }) });
    await send(`/api/auth/basicinformation?session=${TOKEN}`, { headers: bearer });
    await send("/api/auth/basicinformation", { headers: { ...bearer, "X-Mcoin-Session": TOKEN } });
    await send("/api/business/snapup", { method: "POST", headers: { ...bearer, ...json, "Idempotency-Key": KEY }, body: JSON.stringify({ offerId: 1, quantity: 1, mcoinUsed: 2380 }) });
    await send("/api/auth/setClause", {
      method: "POST",
      headers: { ...bearer, ...json },
      body: JSON.stringify({ clauseid: 7, sessionId: TOKEN, note: `mail ${EMAIL} or pay ${CARD}, session ${TOKEN}` }),
    });
    await send(`/mycoupons/${TOKEN}`);
    await send("/leaky");
    allWritten = await recorder.close();
    // What was written is a recording by the published schema (docs/contract/recording.schema.json).
    expect(invalidRecordingFiles(join(dir, "rec"))).toEqual([]);
  });

  afterAll(async () => {
    await new Promise((resolve) => upstream.close(resolve));
  });

  const written = () => [...readdirSync(join(dir, "rec")).map((file) => join(dir, "rec", file)), join(dir, "session.har")];

  it("no file written holds the token, the e-mail address or the card number, in any spelling", () => {
    for (const file of written()) {
      const text = readFileSync(file, "utf8");
      for (const secret of [TOKEN, EMAIL, CARD, CARD.replace(/ /g, ""), encodeURIComponent(EMAIL)]) expect(text.includes(secret), `${secret} in ${file}`).toBe(false);
      expect(findSecrets(JSON.parse(text) as unknown), file).toEqual([]);
    }
  });

  it("the token is <token> in the query, the odd header, the body field, the free text and the path (and the file name)", () => {
    const files = readdirSync(join(dir, "rec")).sort();
    expect(files).toContain("007-get-mycoupons-token.json");
    const read = (name: string) =>
      JSON.parse(
        readFileSync(
          join(
            dir,
            "rec",
            files.find((file) => file.includes(name))!,
          ),
          "utf8",
        ),
      ) as Record<string, any>;
    expect(read("001-get-early").request.query).toEqual({ session: "<token>" });
    expect(read("003-get").request.query).toEqual({ session: "<token>" });
    expect(read("003-get").response.body.msg).toBe("echo /api/auth/basicinformation?session=<token>");
    expect(read("004-get").response.body.data.headers["x-mcoin-session"]).toBe("<token>");
    expect(read("setclause").request.body).toEqual({ clauseid: 7, sessionId: "<token>", note: "mail <redacted:email> or pay <redacted:card>, session <token>" });
    expect(read("mycoupons").request.path).toBe("/mycoupons/<token>");
    const har = readFileSync(join(dir, "session.har"), "utf8");
    expect(har).toContain('"name": "x-mcoin-session",\n              "value": "<token>"');
    expect(har).toContain("/api/auth/basicinformation?session=%3Ctoken%3E");
  });

  it("the purchase, with its Idempotency-Key, is in the recordings and in the HAR", () => {
    expect(readdirSync(join(dir, "rec")).filter((file) => file.includes("snapup"))).toHaveLength(1);
    const har = JSON.parse(readFileSync(join(dir, "session.har"), "utf8")) as { log: { entries: { request: { url: string; headers: { name: string; value: string }[] } }[] } };
    const purchase = har.log.entries.find((entry) => entry.request.url.endsWith("/api/business/snapup"));
    expect(purchase).toBeDefined();
    expect(purchase!.request.headers.find((header) => header.name.toLowerCase() === "idempotency-key")).toBeDefined();
    expect(har.log.entries).toHaveLength(7); // everything but /leaky
  });

  it("a secret no rule hides refuses its file loudly: file and place named, masked, escaped, and the session ends not ok", () => {
    expect(readdirSync(join(dir, "rec")).some((file) => file.includes("leaky"))).toBe(false);
    expect(terminal.output.stderr).toContain("refused 200 GET /leaky: 008-get-leaky.json not written: a secret survived redaction");
    expect(terminal.output.stderr).toContain("hex-run at $.response.body.data['\\x1b[2Jdigest']: b94d…e9 (64 chars)");
    expect(terminal.output.stderr).toContain("session.har not rewritten (the exchange is left out of it)");
    expect(terminal.output.stderr).not.toContain(DIGEST);
    expect(terminal.output.stderr).not.toContain("\u001b");
    expect(recorder.refusals().join("\n")).toContain("008-get-leaky.json not written");
    expect(recorder.summary()).toContain("REFUSED 1");
    expect(allWritten).toBe(false);
  });

  it("mcoin record says again what it refused when it stops, and exits 1", async () => {
    const out = join(dir, "cli");
    const run = startCli(["record", "--env", "sandbox", "--port", "0", "--json", "--out", out], { env: { MCOIN_SANDBOX_URL: target }, fetch });
    // The listening address, once its document is whole.
    await run.printed(({ stdout }) => stdout.includes("\n}\n"));
    const { url } = JSON.parse(run.stdout) as { url: string };
    await (await fetch(`${url}/leaky`)).text();
    await (await fetch(`${url}/clean`)).text();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const { code, stdout, stderr: errors } = await run.stop();
    expect(code).toBe(1);
    expect(errors).toMatch(/NOT EVERYTHING WAS WRITTEN: a secret survived redaction in\n {2}refused 200 GET \/leaky: 001-get-leaky\.json not written/);
    const last = JSON.parse(stdout.trim().split("\n").at(-1)!) as { summary: string; refused: string[] };
    expect(last.summary).toBe("recorded 1 exchange; REFUSED 1 (not written: a secret survived redaction)");
    expect(last.refused[0]).toBe("refused 200 GET /leaky: 001-get-leaky.json not written: a secret survived redaction");
    expect(readdirSync(out)).toEqual(["002-get-clean.json"]);
  });
});
