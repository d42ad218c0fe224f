/**
 * The mall's request id (X-Request-Id, core/http/request-id.ts) in the sandbox: the call log keeps it
 * and filters by it, the inspector's summaries carry it and its list filters by it, and an id that is
 * not well-formed (terminal escapes, 10 KB) is dropped from both, never shown.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ExchangeListSchema, INSPECT_API } from "#core/controls/inspect";
import { LoggedCallSchema } from "#core/controls/declarations";
import { inProcess } from "./testing";

const PAGE_A = "page-load-a-0001";
const PAGE_B = "page-load-b-0002";
const HOSTILE = ["\x1b]0;pwned\x07\x1b[2Jabcdefgh", "x".repeat(10 * 1024)];

async function twoPageLoads() {
  const running = inProcess();
  const { request } = running;
  await request("/api/auth/systemtime", { headers: { "X-Request-Id": PAGE_A } });
  await request("/api/auth/systemtime", { headers: { "X-Request-Id": PAGE_B } });
  await request("/api/auth/systemtime", { headers: { "X-Request-Id": PAGE_A } });
  for (const hostile of HOSTILE) await request("/api/auth/systemtime", { headers: { "X-Request-Id": hostile } });
  await request("/api/auth/systemtime");
  await expect.poll(() => running.sandbox.instruments.inspected.size).toBe(6);
  return running;
}

describe("the request id in the call log", () => {
  it("is logged when well-formed, else absent, and GET /__sandbox/log?requestId= keeps one request's calls", async () => {
    const { request } = await twoPageLoads();
    const all = z.array(LoggedCallSchema).parse((await request("/__sandbox/log")).body.calls);
    expect(all.map((call) => call.requestId)).toEqual([PAGE_A, PAGE_B, PAGE_A, undefined, undefined, undefined]);
    expect(all.slice(3).every((call) => !("requestId" in call))).toBe(true);
    const pageA = (await request(`/__sandbox/log?requestId=${PAGE_A}`)).body.calls;
    expect(pageA.map((call: { seq: number }) => call.seq)).toEqual([all[0].seq, all[2].seq]);
    expect((await request(`/__sandbox/log?requestId=${PAGE_B}&since=${all[1].seq}`)).body.calls).toEqual([]);
    expect((await request("/__sandbox/log?requestId=nobody-at-all")).body.calls).toEqual([]);
  });

  it("never holds a hostile id, nor matches one asked for", async () => {
    const { request } = await twoPageLoads();
    const text = JSON.stringify((await request("/__sandbox/log")).body);
    expect(text).not.toContain("pwned");
    expect(text).not.toContain("x".repeat(200));
    // Longer than any well-formed id: refused as a filter.
    expect((await request(`/__sandbox/log?requestId=${"x".repeat(200)}`)).status).toBe(400);
  });
});

describe("the request id in the inspector", () => {
  it("is on each exchange's summary and detail, and the list filters by it", async () => {
    const { request } = await twoPageLoads();
    const list = ExchangeListSchema.parse((await request(INSPECT_API.exchanges)).body);
    expect(list.exchanges.map((exchange) => exchange.requestId)).toEqual([undefined, undefined, undefined, PAGE_A, PAGE_B, PAGE_A]);
    const pageA = ExchangeListSchema.parse((await request(`${INSPECT_API.exchanges}?requestId=${PAGE_A}`)).body);
    expect(pageA.exchanges.map((exchange) => exchange.seq)).toEqual([list.exchanges[3].seq, list.exchanges[5].seq]);
    const detail = (await request(`${INSPECT_API.exchanges}/${list.exchanges[4].seq}`)).body;
    expect(detail.requestId).toBe(PAGE_B);
  });

  it("drops a hostile id from the summaries and the details", async () => {
    const { request } = await twoPageLoads();
    const list = ExchangeListSchema.parse((await request(INSPECT_API.exchanges)).body);
    expect(JSON.stringify(list)).not.toContain("pwned");
    for (const exchange of list.exchanges.slice(0, 3)) {
      const detail = (await request(`${INSPECT_API.exchanges}/${exchange.seq}`)).body;
      expect(detail.requestId).toBeUndefined();
    }
  });
});
