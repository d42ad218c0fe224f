/**
 * /resources/ahead, an offer's data asked for on the tap's first touch: the page's own data, for the
 * routes that are asked this way only; whatever the page would answer otherwise is a 204 (the tap asks
 * the page), and an address that is not one of the mall's pages is refused before the gateway is asked.
 */
import { describe, expect, it } from "vitest";
import { inProcess, IN_PROCESS_BASE } from "../../sandbox/testing";
import { BESIDE_ROUTES } from "../lib/intent-data";
import { createMallServices } from "../server/services.server";
import { testArgs, testMallContext, testScope } from "../server/testing.server";
import { loader as offerLoader } from "./coupon-details";
import { DATA_AHEAD } from "../server/data-ahead.server";
import { loader } from "./resources.ahead";

const sandbox = inProcess();
const asked: string[] = [];
const services = createMallServices({
  transport: async (request) => {
    asked.push(new URL(request.url).pathname);
    const response = await sandbox.sandbox.handle(new Request(request.url, { method: request.method, headers: request.headers, body: request.body }));
    return { status: response.status, headers: response.headers, text: await response.text() };
  },
});

async function argsFor(address: string, params: Record<string, string> = {}) {
  const mall = testMallContext(await testScope(address, { services, environment: { apiBase: IN_PROCESS_BASE } }));
  return testArgs(mall, params);
}

async function ahead(to: string | null) {
  const search = to === null ? "" : `?${new URLSearchParams({ to })}`;
  const response = (await loader(await argsFor(`http://localhost/resources/ahead${search}`))) as Response;
  return { status: response.status, cache: response.headers.get("Cache-Control"), body: response.status === 200 ? ((await response.json()) as Record<string, unknown>) : null };
}

describe("/resources/ahead", () => {
  it("answers what the offer's own page loads, never to be cached", async () => {
    const reply = await ahead("/coupon_details/7");
    expect(reply.status).toBe(200);
    expect(reply.cache).toBe("private, no-store");
    const page = (await offerLoader(await argsFor("http://localhost/coupon_details/7", { id: "7" }))) as unknown as { data: Record<string, unknown> };
    const { now: _pageNow, ...pageData } = page.data;
    const { now, ...aheadData } = reply.body!;
    expect(typeof now).toBe("number");
    expect(aheadData).toEqual(JSON.parse(JSON.stringify(pageData)));
  });

  it("answers 204 where the page would not show its data: no such offer, an id that is not one, a visitor asked to sign in to buy", async () => {
    for (const to of ["/coupon_details/999999", "/coupon_details/abc", "/coupon_details/7?buy=1"]) {
      const reply = await ahead(to);
      expect(reply.status, to).toBe(204);
      expect(reply.cache, to).toBe("private, no-store");
    }
  });

  it("refuses, asking the gateway nothing, an address that is not a page asked this way", async () => {
    asked.length = 0;
    const hostile = [
      null,
      "",
      "coupon_details/7",
      "//evil.example/coupon_details/7",
      "/\\evil.example/coupon_details/7",
      "https://evil.example/coupon_details/7",
      "/index",
      "/myOrder",
      "/order_details/1",
      `/coupon_details/7?x=${"a".repeat(600)}`,
      "/resources/ahead?to=/coupon_details/7",
    ];
    for (const to of hostile) {
      const reply = await ahead(to);
      expect(reply.status, String(to)).toBe(400);
    }
    expect(asked).toEqual([]);
  });

  it("answers every route the page asks this way, and no other", () => {
    expect(Object.keys(DATA_AHEAD).sort()).toEqual([...BESIDE_ROUTES].sort());
  });
});
