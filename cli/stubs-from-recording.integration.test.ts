/**
 * Issue 46's acceptance for `mcoin stubs from-recording`: the folder it writes from a real member's
 * recording (and from fixtures/recordings, which holds secure gateway calls) loads in WireMock's own
 * standalone server, which answers a recorded call as recorded, and in the sandbox (`--stubs`), where
 * the mall's own clients run on it: the API client's calls answered by the stubs, the secure
 * gateway's sealed with the request's key.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "#core/api/client";
import { basicInformation, macaupassSave, systemTime } from "#core/api/endpoints";
import { mcoinRecommend, recommendList } from "#core/api/catalog-endpoints";
import { offerDetail } from "#core/api/shop-endpoints";
import { TASK_DETAIL_URL } from "#core/api/task-center";
import { createFetchTransport } from "#core/api/transport";
import { createGatewayClient } from "#core/node/gateway/client";
import { gatewaySettings } from "#core/node/gateway/settings";
import { writeWireMockRoot, type WrittenRoot } from "#harness/stubs";
import { createSandbox } from "../sandbox/index";
import { ROOT } from "./testing";

const REAL_MEMBER = join(ROOT, "examples/partner-ci/recordings/real-member");
const FIXTURES = join(ROOT, "fixtures/recordings");
const BASE = "http://gateway.test";

const jarFolder = join(dirname(createRequire(import.meta.url).resolve("wiremock/package.json")), "build");
const JAR = join(jarFolder, readdirSync(jarFolder).find((file) => /^wiremock-standalone-.*\.jar$/.test(file)) ?? "wiremock-standalone.jar");

const recorded = (dir: string, file: string) => JSON.parse(readFileSync(join(dir, file), "utf8")) as { request: { query: Record<string, string> }; response: { body: { data: unknown } } };
const idsOf = (written: WrittenRoot) => written.mappings.map((file) => (JSON.parse(readFileSync(join(written.out, file), "utf8")) as { id: string }).id).sort();

/** WireMock's standalone server on a port of its own over `root`, and its address once it says it started. */
function wireMock(root: string): { process: ChildProcess; url: Promise<string> } {
  const child = spawn("java", ["-jar", JAR, "--port", "0", "--root-dir", root, "--disable-banner"], { stdio: ["ignore", "pipe", "pipe"] });
  const url = new Promise<string>((resolve, reject) => {
    let printed = "";
    child.stdout.on("data", (chunk: Buffer) => {
      printed += chunk.toString();
      const port = /^port:\s+(\d+)/m.exec(printed)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
    child.stderr.on("data", (chunk: Buffer) => (printed += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`WireMock ended (${code}) before it started:\n${printed}`)));
  });
  return { process: child, url };
}

let work: string;
let real: WrittenRoot;
let fixtures: WrittenRoot;
const servers: ChildProcess[] = [];

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "mcoin-from-recording-"));
  real = await writeWireMockRoot(REAL_MEMBER, join(work, "real-member"));
  fixtures = await writeWireMockRoot(FIXTURES, join(work, "fixtures"));
});

afterAll(() => {
  for (const server of servers) server.kill();
  rmSync(work, { recursive: true, force: true });
});

describe("a root written from a recording", () => {
  it("loads in WireMock itself: the admin API lists every mapping, and a recorded call is answered as recorded", async () => {
    const started = [real, fixtures].map((written) => ({ written, ...wireMock(written.out) }));
    servers.push(...started.map(({ process }) => process));
    for (const { written, url } of started) {
      const admin = (await (await fetch(`${await url}/__admin/mappings`)).json()) as { mappings: { id: string; metadata?: { mcoin?: { secure?: string } } }[]; meta: { total: number } };
      expect(admin.meta.total).toBe(written.mappings.length);
      expect(admin.mappings.map(({ id }) => id).sort()).toEqual(idsOf(written));
    }
    const realUrl = await started[0].url;
    const time = await fetch(`${realUrl}/api/system/time`);
    expect(time.status).toBe(200);
    expect(time.headers.get("content-type")).toBe("application/json");
    expect(await time.json()).toEqual(recorded(REAL_MEMBER, "001-get-api-system-time.json").response.body);
    // A recorded picture, as the recording kept its text.
    const avatar = await fetch(`${realUrl}/static/avatars/chan.svg`);
    expect(avatar.headers.get("content-type")).toBe("image/svg+xml");
    expect(await avatar.text()).toMatch(/^<svg /);
    // A secure mapping loads, said so in its metadata; a request WireMock cannot open matches none.
    const fixturesUrl = await started[1].url;
    const secure = ((await (await fetch(`${fixturesUrl}/__admin/mappings`)).json()) as { mappings: { metadata?: { mcoin?: { secure?: string } } }[] }).mappings.filter(
      (mapping) => mapping.metadata?.mcoin?.secure,
    );
    expect(secure.length).toBe(2);
    expect((await fetch(`${fixturesUrl}${TASK_DETAIL_URL}`, { method: "POST", body: "c2VhbGVk" })).status).toBe(404);
  }, 120_000);

  it("loads in the sandbox, and the mall's API client runs on it: every call answered by a stub, as recorded", async () => {
    const sandbox = createSandbox({ stubsDir: real.out });
    expect(sandbox.instruments.stubs.size).toBe(real.mappings.length);
    const server = setupServer(...sandbox.handlers);
    server.listen({ onUnhandledRequest: "error" });
    try {
      const transport = createFetchTransport();
      const signIn = await createApiClient({ baseUrl: BASE, locale: "en", transport }).call(macaupassSave, { code: "a-code-the-wallet-gave", state: "" });
      // The recorded token stays as the recorder left it: the stubs ask only that one be sent.
      expect(signIn.data).toMatchObject({ token: "<token>", open_id: "p-39986316" });
      const mall = createApiClient({ baseUrl: BASE, locale: "en", transport, token: signIn.data.token });
      const home = recorded(REAL_MEMBER, "012-get-api-business-recommend.json").request.query;
      const detail = recorded(REAL_MEMBER, "018-get-api-business-productdetail.json").request.query;
      const [time, points, list, rails, offer] = await Promise.all([
        mall.call(systemTime),
        mall.call(basicInformation),
        mall.call(recommendList, { ...home, page: Number(home.page), size: Number(home.size), lat: Number(home.lat), lng: Number(home.lng) }),
        mall.call(mcoinRecommend, { lat: Number(home.lat), lng: Number(home.lng) }),
        mall.call(offerDetail, { id: Number(detail.id), lat: Number(detail.lat), lng: Number(detail.lng) }),
      ]);
      // Recorded once without a token (001) and once with one (016): a call with a token gets the latter.
      expect(time.data).toEqual(recorded(REAL_MEMBER, "016-get-api-system-time.json").response.body.data);
      expect(points.data).toEqual(recorded(REAL_MEMBER, "010-get-api-auth-basicinformation.json").response.body.data);
      expect(list.data).toEqual(recorded(REAL_MEMBER, "012-get-api-business-recommend.json").response.body.data);
      expect(rails.data).toEqual(recorded(REAL_MEMBER, "013-get-mcoinrecommend.json").response.body.data);
      expect(offer.data).toEqual(recorded(REAL_MEMBER, "018-get-api-business-productdetail.json").response.body.data);
      const stubbed = sandbox.instruments.calls.since().filter((call) => call.stub !== undefined);
      expect(stubbed.map((call) => call.path).sort()).toEqual([
        "/api/auth/basicinformation",
        "/api/business/productdetail",
        "/api/business/recommend",
        "/api/system/time",
        "/macaupasssave",
        "/mcoinrecommend",
      ]);
    } finally {
      server.close();
    }
  });

  it("answers the secure gateway's calls in the sandbox on their opened request, sealed with the request's key and signed", async () => {
    const sandbox = createSandbox({ stubsDir: fixtures.out });
    const server = setupServer(...sandbox.handlers);
    server.listen({ onUnhandledRequest: "error" });
    try {
      const settings = gatewaySettings({ environment: "sandbox", vars: {}, sandboxUrl: BASE, sandboxKeys: () => sandbox.state.gatewayKeys });
      // The client opens the reply and checks its signature: a stub's reply passes both.
      const client = createGatewayClient(settings, { transport: createFetchTransport() });
      const detail = { system_name: "taskCenter", data_source: "H5", cust_id_ciphertext: "C1" };
      for (const [task, file] of [
        ["T1", "08-task-detail-browse.json"],
        ["T-DONE", "09-task-detail-already-done.json"],
      ]) {
        const reply = await client.call<{ data: unknown }>(TASK_DETAIL_URL, { ...detail, task_no: task }, { token: "C1" });
        expect(reply.data).toEqual(recorded(FIXTURES, file).response.body.data);
        expect(sandbox.instruments.calls.since().at(-1)).toMatchObject({ path: TASK_DETAIL_URL, stub: expect.any(String) });
      }
    } finally {
      server.close();
    }
  });
});
