/**
 * The inspector's actions, as `mcoin sandbox` serves them: three exchanges saved as a recording that
 * `mcoin replay` runs with exit 0, one exchange replayed and compared, the view as a HAR with no live
 * token in it, and the refusals (a folder that already holds files, a cut body). The sandbox answers
 * in-process, mcoin runs in this process against it (cli/testing.ts).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { madeUpTexts } from "../sandbox/fixtures";
import { afterAll, beforeAll, expect, it } from "vitest";
import { basicInformation, memberLogin, systemTime } from "#core/api/endpoints";
import { createApiClient } from "#core/api/client";
import { createFetchTransport } from "#core/api/transport";
import { INSPECT_API, ReplayReplySchema, SaveReplySchema } from "#core/controls/inspect";
import { sandboxKeys } from "./context";
import { inspectorActions } from "#harness/inspector";
import { Pseudonyms, rulesWith } from "#harness/redaction";
import { replayTarget } from "./replay-target";
import { bufferedIo, sandboxCli, type SandboxCli } from "./testing";

const dir = mkdtempSync(join(tmpdir(), "mcoin-inspector-"));
const running: SandboxCli = sandboxCli({
  inspect: {
    bodyLimit: 4096,
    actions: inspectorActions({
      recordingsDir: dir,
      privateKey: sandboxKeys({ env: {} }).privateKey,
      sandboxKey: true,
      rules: rulesWith(),
      pseudonyms: new Pseudonyms(Buffer.alloc(32, 1), madeUpTexts()),
      version: "0.1.0",
      replayTarget: (mount) => replayTarget(bufferedIo({ fetch: running.fetch }).io, { env: "sandbox", baseUrl: `${running.url}${mount}` }),
    }),
  },
});
let token: string;

beforeAll(async () => {
  const transport = createFetchTransport(running.fetch);
  const anonymous = createApiClient({ baseUrl: running.url, transport, locale: "en" });
  token = (await anonymous.call(memberLogin, { openId: "mpay-1001" })).data.token;
  const member = createApiClient({ baseUrl: running.url, transport, locale: "en", token });
  await member.call(basicInformation, {});
  await anonymous.call(systemTime, {});
  await member.call(basicInformation, {});
  // The inspector takes an exchange in after its reply has gone: a few turns of the event loop, no time.
  for (let turns = 0; running.sandbox.state.inspected.size < 4 && turns < 1000; turns++) await new Promise((resolve) => setImmediate(resolve));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const post = (path: string, body: unknown) => running.fetch(`${running.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

it("saves three exchanges as a recording that mcoin replay runs with exit 0, and names the command", async () => {
  const response = await post(INSPECT_API.save, { seqs: [2, 3, 4], name: "three-calls" });
  expect(response.status).toBe(200);
  const saved = SaveReplySchema.parse(await response.json());
  expect(saved.written).toHaveLength(3);
  expect(saved.refused).toEqual([]);
  expect(saved.replay).toContain("npx mcoin replay");
  const files = readdirSync(join(dir, "three-calls"));
  expect(files).toEqual(["001-get-api-auth-basicinformation.json", "002-get-api-system-time.json", "003-get-api-auth-basicinformation.json"]);
  // No sign-in was selected: the recording still says whom it acts as, and holds no live token.
  const first = JSON.parse(readFileSync(join(dir, "three-calls", files[0]), "utf8")) as { needs?: { member?: string } };
  expect(first.needs?.member).toBe("mpay-1001");
  for (const file of files) expect(readFileSync(join(dir, "three-calls", file), "utf8")).not.toContain(token);
  const replayed = await running.mcoin("replay", join(dir, "three-calls"), "--base-url", running.url);
  expect(replayed.stdout).toContain("3 matched, 0 differed, 0 failed, 0 skipped");
  expect(replayed.code).toBe(0);
});

it("refuses to save into a folder that already holds files, with a 409 saying so", async () => {
  await post(INSPECT_API.save, { seqs: [3], name: "taken" });
  const again = await post(INSPECT_API.save, { seqs: [3], name: "taken" });
  expect(again.status).toBe(409);
  expect(((await again.json()) as { error: string }).error).toContain("already holds files");
});

it("replays one exchange and says it matched", async () => {
  const reply = ReplayReplySchema.parse(await (await post(INSPECT_API.replay, { seq: 2 })).json());
  expect(reply).toMatchObject({ result: "match", differences: [] });
});

it("exports the view as HAR with no live token", async () => {
  const response = await running.fetch(`${running.url}${INSPECT_API.har}`);
  expect(response.headers.get("content-disposition")).toContain("inspector.har");
  const text = await response.text();
  const har = JSON.parse(text) as { log: { entries: { request: { url: string } }[] } };
  expect(har.log.entries.length).toBeGreaterThanOrEqual(4);
  expect(har.log.entries[0].request.url).toContain("/member/login");
  expect(text).not.toContain(token);
});

it("replays a tenant's exchange against that tenant, and names the tenant's URL for the recording's replay", async () => {
  const tenant = `${running.url}/tenants/replayed`;
  const transport = createFetchTransport(running.fetch);
  const tenantToken = (await createApiClient({ baseUrl: tenant, transport, locale: "en" }).call(memberLogin, { openId: "mpay-1002" })).data.token;
  await createApiClient({ baseUrl: tenant, transport, locale: "en", token: tenantToken }).call(basicInformation, {});
  const ring = running.sandbox.tenants.get("replayed")!.state.inspected;
  for (let turns = 0; ring.size < 2 && turns < 1000; turns++) await new Promise((resolve) => setImmediate(resolve));
  const calls = () => running.sandbox.tenants.get("replayed")!.state.log().length;
  const before = calls();
  const at = (path: string, body: unknown) => running.fetch(`${tenant}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  expect(ReplayReplySchema.parse(await (await at(INSPECT_API.replay, { seq: 2 })).json())).toMatchObject({ result: "match" });
  expect(calls()).toBeGreaterThan(before);
  const saved = SaveReplySchema.parse(await (await at(INSPECT_API.save, { seqs: [2], name: "from-a-tenant" })).json());
  expect(saved.replay).toContain(`--base-url ${tenant}`);
});
