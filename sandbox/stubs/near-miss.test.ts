/**
 * Near misses that name the closest stubs (sandbox/stubs/near-stubs.ts, sandbox/near-miss.ts): a
 * request no stub matches and the sandbox cannot answer gets the closest stubs and what differed in
 * each, beside the closest endpoints; the call log's near-miss marker carries them; a request the
 * sandbox answers names none, nor does a sandbox with no stub loaded.
 */
import { afterEach, describe, expect, it } from "vitest";
import { StubFileSchema, mappingsOf, type StubMappingInput } from "#core/controls/stubs";
import { createSandbox } from "../index";

const BASE = "http://gateway.test";
const sandbox = createSandbox();
afterEach(() => sandbox.reset());

function stub(...mappings: StubMappingInput[]) {
  return sandbox.instruments.stubs.add(mappingsOf(StubFileSchema.parse({ mappings })), "test");
}

const send = (path: string, init: RequestInit = {}) => sandbox.handle(new Request(`${BASE}${path}`, init));
interface Reply {
  msg: string;
  nearMiss: { message: string; stubs?: { id: string; name?: string; distance: number; differs: { field: string; expected: string; actual: string }[] }[] };
}

describe("a request no stub matches and the sandbox cannot answer", () => {
  it("is answered with the closest stubs, closest first, each with what differed", async () => {
    stub(
      { name: "hello", request: { method: "GET", url: "/hello" }, response: { body: "hi" } },
      { name: "greeting", request: { method: "POST", url: "/helo", headers: { "X-Team": { equalTo: "wallet" } } }, response: { body: "hi" } },
      { name: "far away", request: { method: "DELETE", url: "/elsewhere" }, response: { status: 204 } },
    );
    const reply = await send("/helo", { headers: { "x-team": "wallet" } });
    expect(reply.status).toBe(404);
    const { nearMiss } = (await reply.json()) as Reply;
    // Closest first by compareRequest's mean distance (sandbox/stubs/match.ts, which sets how far each condition is).
    const stubs = nearMiss.stubs ?? [];
    expect(stubs.map((near) => near.name).sort()).toEqual(["greeting", "hello"]);
    expect(stubs.map((near) => near.distance)).toEqual(stubs.map((near) => near.distance).sort((a, b) => a - b));
    expect(stubs.find((near) => near.name === "hello")).toEqual({
      id: expect.any(String),
      name: "hello",
      distance: expect.any(Number),
      differs: [{ field: "url", expected: "/hello", actual: "/helo" }],
    });
    expect(stubs.find((near) => near.name === "greeting")?.differs).toEqual([{ field: "method", expected: "POST", actual: "GET" }]);
    expect(nearMiss.message).toMatch(/^no sandbox endpoint for GET \/helo, and none is close to it; no stub matches it, the closest is "(hello|greeting)" \(.+\), which differs in (url|method)$/);
  });

  it("reads the body for the stubs' body patterns", async () => {
    stub({ name: "refund", request: { method: "POST", urlPath: "/refunds", bodyPatterns: [{ equalToJson: { order: "A1" } }] }, response: { status: 201 } });
    const reply = await send("/refunds", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ order: "B2" }) });
    const { nearMiss } = (await reply.json()) as Reply;
    expect(nearMiss.stubs?.[0]).toMatchObject({ name: "refund", differs: [{ field: "body", actual: '{"order":"B2"}' }] });
  });

  it("is marked in the call log with the closest stubs", async () => {
    stub({ name: "hello", request: { method: "GET", url: "/hello" }, response: { body: "hi" } });
    await send("/hellp");
    const log = await sandbox.handle(new Request("http://127.0.0.1/__sandbox/log?unmatched=1"));
    const { calls } = (await log.json()) as { calls: { path: string; nearMiss: Reply["nearMiss"] }[] };
    expect(calls).toEqual([expect.objectContaining({ path: "/hellp", nearMiss: expect.objectContaining({ stubs: [expect.objectContaining({ name: "hello" })] }) })]);
  });

  it("names no stub when none is loaded", async () => {
    const { nearMiss } = (await (await send("/helo")).json()) as Reply;
    expect(nearMiss.stubs).toBeUndefined();
    expect(nearMiss.message).toBe("no sandbox endpoint for GET /helo, and none is close to it");
  });

  it("leaves the sandbox's own answers alone: a stub near a sandbox endpoint does not change its reply", async () => {
    stub({ name: "time", request: { method: "GET", url: "/api/system/time?x=1" }, response: { status: 500 } });
    expect((await send("/api/system/time")).status).toBe(200);
  });
});
