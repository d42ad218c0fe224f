/**
 * The page's reading of the inspector's API: server-sent events split and parsed by hand (the stream is
 * read with fetch, to send the token), the stream followed again after a drop from the last seq seen,
 * the token sent on every call and a 401 reported, and the filters the list takes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api, filterQuery, followStream, onUnauthorized, saveToken, type StreamEvent, type StreamState } from "./api";
import { matches, statusClass } from "./format";
import type { ExchangeSummary, Filters } from "./api";

const summary = (seq: number, extra: Partial<ExchangeSummary> = {}): ExchangeSummary => ({
  seq,
  at: 0,
  method: "GET",
  path: "/api/system/time",
  query: {},
  kind: "api",
  status: 200,
  ms: 1,
  markers: {},
  ...extra,
});

describe("filterQuery", () => {
  it("sends only the filters set, trimmed, fault as 1", () => {
    expect(filterQuery({ path: " time ", name: "", status: "5xx", fault: true, text: "Browse mCoin" })).toBe("?path=time&status=5xx&text=Browse+mCoin&fault=1");
    expect(filterQuery({})).toBe("");
  });
});

describe("matches", () => {
  const none: Filters = { path: "", name: "", member: "", requestId: "", status: "", fault: false, text: "" };
  it("applies the filters a summary can answer", () => {
    expect(matches(summary(1), { ...none, path: "system" })).toBe(true);
    expect(matches(summary(1), { ...none, path: "basic" })).toBe(false);
    // As the server matches it: whatever the case.
    expect(matches(summary(1), { ...none, path: "SYSTEM/Time" })).toBe(true);
    expect(matches(summary(1, { status: 0 }), { ...none, status: "cut" })).toBe(true);
    expect(matches(summary(1, { status: 503 }), { ...none, status: "5xx" })).toBe(true);
    expect(matches(summary(1, { status: 404 }), { ...none, status: "5xx" })).toBe(false);
    expect(matches(summary(1), { ...none, fault: true })).toBe(false);
    expect(matches(summary(1, { markers: { fault: "reset" } }), { ...none, fault: true })).toBe(true);
    expect(matches(summary(1, { member: "mpay-1001" }), { ...none, member: "mpay-1002" })).toBe(false);
  });

  it("keeps one page load's exchanges by its request id, matched whole", () => {
    const pageA = summary(1, { requestId: "page-load-a-0001" });
    const pageB = summary(2, { requestId: "page-load-b-0002" });
    const unmarked = summary(3);
    const rows = [pageA, pageB, unmarked];
    expect(rows.filter((row) => matches(row, { ...none, requestId: "page-load-a-0001" }))).toEqual([pageA]);
    expect(rows.filter((row) => matches(row, { ...none, requestId: " page-load-b-0002 " }))).toEqual([pageB]);
    expect(rows.filter((row) => matches(row, { ...none, requestId: "page-load" }))).toEqual([]);
    expect(rows.filter((row) => matches(row, none))).toEqual(rows);
    expect(filterQuery({ requestId: " page-load-a-0001 " })).toBe("?requestId=page-load-a-0001");
  });

  it("classes statuses, 0 as cut", () => {
    expect([0, 200, 302, 404, 500].map(statusClass)).toEqual(["cut", "2xx", "3xx", "4xx", "5xx"]);
  });
});

/** A fetch whose stream replies are fed by the test; other calls answer `reply`. */
function fakeServer() {
  const streams: { url: string; headers: Record<string, string>; push: (text: string) => void; end: () => void }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const headers = init.headers as Record<string, string>;
    if (!url.includes("/stream")) return Response.json({ exchanges: [summary(9)], capacity: 10, dropped: 0 });
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    streams.push({ url, headers, push: (text) => controller.enqueue(new TextEncoder().encode(text)), end: () => controller.close() });
    return new Response(body, { headers: { "content-type": "text/event-stream" } });
  });
  return { fetch, streams };
}

describe("followStream", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("delivers exchanges and clears, and after a drop reads the ring again and follows from its newest seq, backing off", async () => {
    const server = fakeServer();
    vi.stubGlobal("fetch", server.fetch);
    const events: StreamEvent[] = [];
    const states: StreamState[] = [];
    const resync = vi.fn(async () => 9);
    const stop = followStream(
      4,
      (event) => events.push(event),
      (state) => states.push(state),
      resync,
    );
    await vi.waitFor(() => expect(server.streams).toHaveLength(1));
    expect(server.streams[0].url).toContain("since=4");
    expect(server.streams[0].headers.Accept).toBe("text/event-stream");

    server.streams[0].push(`event: exchange\ndata: ${JSON.stringify(summary(5))}\n\nevent: cleared\ndata: {}\n\n`);
    await vi.waitFor(() => expect(events).toHaveLength(2));
    expect(events[0]).toEqual({ type: "exchange", exchange: summary(5) });
    expect(events[1]).toEqual({ type: "cleared" });
    expect(states).toEqual(["connecting", "live"]);

    server.streams[0].end();
    await vi.waitFor(() => expect(states.at(-1)).toBe("reconnecting"));
    expect(server.streams).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(500);
    await vi.waitFor(() => expect(server.streams).toHaveLength(2));
    expect(resync).toHaveBeenCalledTimes(1);
    expect(server.streams[1].url).toContain("since=9");
    stop();
  });

  it("stops at a 401 and reports it", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{}", { status: 401 })),
    );
    const unauthorized = vi.fn();
    onUnauthorized(unauthorized);
    const states: StreamState[] = [];
    followStream(
      0,
      () => {},
      (state) => states.push(state),
      async () => 0,
    );
    await vi.waitFor(() => expect(states).toEqual(["connecting", "unauthorized"]));
    expect(unauthorized).toHaveBeenCalled();
  });
});

describe("api", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends the control token once the page has one, and reads a refusal's error", async () => {
    const fetch = vi.fn(async () => Response.json({ ok: false, error: "too many faults are waiting: clear them first" }, { status: 400 }));
    vi.stubGlobal("fetch", fetch);
    saveToken("a-token-of-sixteen+");
    await expect(api.fault({ path: "basicinformation", kind: "reset", times: 1 })).rejects.toThrow("too many faults are waiting: clear them first");
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/__sandbox/inspect/api/fault");
    expect(init.headers).toEqual({ "Content-Type": "application/json", "X-Sandbox-Token": "a-token-of-sixteen+" });
    expect(JSON.parse(String(init.body))).toEqual({ path: "basicinformation", kind: "reset", times: 1 });
  });
});
