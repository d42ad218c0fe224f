/**
 * The inspector's memory: the ring stays bounded, tells its listeners, and analyses what it keeps
 * (the registry's validation) when someone looks.
 */
import { describe, expect, it } from "vitest";
import { basicInformation } from "#core/api/endpoints";
import { ExchangeRing, type CapturedExchange } from "./ring";

const captured = (overrides: Partial<CapturedExchange> = {}): CapturedExchange => ({
  at: Date.now(),
  clockNow: Date.now(),
  origin: "http://127.0.0.1:4010",
  method: "GET",
  path: "/api/auth/basicinformation",
  query: {},
  requestHeaders: { authorization: "Bearer sbx_x" },
  requestBody: "",
  status: 200,
  ms: 3,
  replyHeaders: { "content-type": "application/json" },
  replyBody: JSON.stringify({ code: 200, msg: "ok", data: { nickname: "x" } }),
  markers: {},
  ...overrides,
});

describe("the ring", () => {
  it("stays bounded under 10,000 exchanges: the newest kept, newest first, bodies cut at the limit", () => {
    const ring = new ExchangeRing({ capacity: 250, bodyLimit: 1024 });
    const big = JSON.stringify({ code: 200, data: { text: "字".repeat(5000) } });
    for (let index = 0; index < 10_000; index++) ring.add(captured({ path: `/api/p${index}`, replyBody: big }));
    expect(ring.size).toBe(250);
    expect(ring.dropped).toBe(9750);
    const list = ring.list();
    expect(list).toHaveLength(250);
    expect(list[0].summary.seq).toBe(10_000);
    expect(list.at(-1)?.summary.seq).toBe(9751);
    expect(ring.get(9750)).toBeUndefined();
    const kept = ring.get(10_000);
    expect(kept?.detail.reply.body).toMatchObject({ cut: true, limit: 1024, bytes: Buffer.byteLength(big) });
    expect(Buffer.byteLength(kept?.detail.reply.body?.text ?? "")).toBeLessThanOrEqual(1024);
    expect(kept?.detail.reply.body?.text).not.toMatch(/\uFFFD$/);
    // A cut body cannot be saved or replayed as it was.
    expect(kept?.whole).toBeUndefined();
    const total = list.reduce((sum, entry) => sum + JSON.stringify(entry.detail).length, 0);
    expect(total).toBeLessThan(250 * 4 * 1024);
  });

  it("tells its listeners of each exchange and of a clear; a cleared ring counts on", () => {
    const ring = new ExchangeRing({ capacity: 3 });
    const heard: string[] = [];
    const stop = ring.listen((event) => heard.push(event.type === "exchange" ? `#${event.summary.seq}` : "cleared"));
    ring.add(captured());
    ring.clear();
    ring.add(captured());
    stop();
    ring.add(captured());
    expect(heard).toEqual(["#1", "cleared", "#2"]);
    expect(ring.since(2).map((summary) => summary.seq)).toEqual([3]);
  });

  it("marks a reply that fails the registry's declaration, naming the field", () => {
    const ring = new ExchangeRing();
    ring.add(captured({ replyBody: JSON.stringify({ code: 200, data: { point: "lots" } }) }));
    const [kept] = ring.list();
    expect(kept.summary.markers.invalid).toBe(true);
    expect(kept.detail.validation?.against).toBe(`${basicInformation.name} (GET /api/auth/basicinformation)`);
    expect(kept.detail.validation?.reply.map((issue) => issue.path.join("."))).toContain("data.point");
  });
});
