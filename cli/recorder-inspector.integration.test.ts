/**
 * `mcoin record` serves the traffic inspector too: what it forwards is in its ring, with the member
 * its sign-ins name, the secure envelope opened and a sandbox's fault marked; a fault added from its
 * page reaches the sandbox behind it; bound beyond loopback its API asks for the control token. And
 * `mcoin inspect` finds the page.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { madeUpTexts } from "../sandbox/fixtures";
import { afterEach, expect, it } from "vitest";
import { basicInformation, memberLogin, systemTime } from "#core/api/endpoints";
import { createApiClient } from "#core/api/client";
import { createFetchTransport } from "#core/api/transport";
import { ExchangeListSchema, INSPECT_API } from "#core/controls/inspect";
import { startSandboxServer, type RunningSandbox } from "../sandbox/server";
import { sandboxKeys } from "./context";
import { recorderInspector, type RecorderInspector } from "#harness/inspector";
import { startRecorder, type RunningRecorder } from "#harness/record";
import { Pseudonyms, rulesWith } from "#harness/redaction";
import { controlRefusal } from "../sandbox/control-guard";
import { runCli } from "./testing";

let sandbox: RunningSandbox | undefined;
let recorder: RunningRecorder | undefined;
let inspector: RecorderInspector | undefined;
let dir: string | undefined;
afterEach(async () => {
  await recorder?.close();
  await sandbox?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  recorder = sandbox = dir = inspector = undefined;
});

async function recording(controlToken: string | null, host = "127.0.0.1") {
  sandbox = await startSandboxServer({ port: 0 });
  dir = mkdtempSync(join(tmpdir(), "mcoin-record-inspect-"));
  const keys = sandboxKeys({ env: {} });
  const target = sandbox.url;
  inspector = recorderInspector({
    keys: { privateKey: keys.privateKey, signSecret: keys.signSecret, md5Key: keys.md5Key },
    target,
    guard: (request) => controlRefusal(request, controlToken),
    addFault: async (fault) => {
      const response = await fetch(`${target}/__sandbox/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(fault) });
      return response.ok ? null : response;
    },
  });
  recorder = await startRecorder({
    apiBase: target,
    gatewayBase: target,
    privateKey: keys.privateKey,
    sandboxKey: true,
    rules: rulesWith(),
    pseudonyms: new Pseudonyms(Buffer.alloc(32, 1), madeUpTexts()),
    out: dir,
    harFile: undefined,
    version: "0.1.0",
    port: 0,
    host,
    quiet: true,
    log: { info: () => undefined, problem: () => undefined },
    watch: inspector,
  });
  return `http://127.0.0.1:${recorder.port}`;
}

const until = async (done: () => boolean) => {
  for (let tries = 0; !done() && tries < 200; tries++) await new Promise((resolve) => setTimeout(resolve, 10));
};

it("keeps what it forwards, with the member, and marks the fault its page added to the sandbox behind it", async () => {
  const base = await recording(null);
  const transport = createFetchTransport();
  const anonymous = createApiClient({ baseUrl: base, transport, locale: "en" });
  const { token } = (await anonymous.call(memberLogin, { openId: "mpay-1003" })).data;
  await createApiClient({ baseUrl: base, transport, locale: "en", token }).call(basicInformation, {});
  const fault = await fetch(`${base}${INSPECT_API.fault}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ path: "system/time", kind: "http500" }) });
  expect(fault.status).toBe(200);
  await anonymous.call(systemTime, {}).catch(() => undefined);
  await until(() => (inspector?.ring.size ?? 0) >= 3);
  const list = ExchangeListSchema.parse(await (await fetch(`${base}${INSPECT_API.exchanges}`)).json());
  expect(list.exchanges.map((exchange) => [exchange.path, exchange.status, exchange.member ?? null, exchange.markers.fault ?? null])).toEqual([
    ["/api/system/time", 500, null, "http500"],
    ["/api/auth/basicinformation", 200, "mpay-1003", null],
    ["/member/login", 200, "mpay-1003", null],
  ]);
  const info = (await (await fetch(`${base}${INSPECT_API.info}`)).json()) as { source: string; target: string; faults: boolean };
  expect(info).toMatchObject({ source: "recorder", target: sandbox?.url, faults: true });

  const found = await runCli(["inspect", "--base-url", base, "--json"], { fetch });
  expect(found.code).toBe(0);
  expect(JSON.parse(found.stdout)).toMatchObject({ url: `${base}/__sandbox/inspect`, opened: false });
}, 30_000);

it("asks for its control token when it has one, its stream above all", async () => {
  const base = await recording("a-recorder-token-for-the-test", "0.0.0.0");
  const refused = await fetch(`${base}${INSPECT_API.stream}`);
  expect(refused.status).toBe(401);
  await refused.body?.cancel();
  const stream = await fetch(`${base}${INSPECT_API.stream}`, { headers: { "x-sandbox-token": "a-recorder-token-for-the-test" } });
  expect(stream.status).toBe(200);
  expect(stream.headers.get("content-type")).toBe("text/event-stream");
  await stream.body?.cancel();
}, 30_000);
