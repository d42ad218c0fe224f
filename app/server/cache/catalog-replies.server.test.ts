/**
 * Catalog replies the gateway declares the same for every member are kept by the server for their
 * max-age (read through gateway.server.ts `catalog`): asked once, shared by members and by requests arriving
 * together, never kept when failed or not public, and kept apart by language (and gateway, endpoint and input).
 */
import { describe, expect, it, vi } from "vitest";
import type { ApiClient, ApiReply } from "#core/api/client";
import { adverts, classifyList } from "#core/api/catalog-endpoints";
import { ApiError } from "#core/api/errors";
import { catalogKeepMs } from "../config.server";
import { MemberApi } from "../gateway.server";
import { createMallServices } from "../services.server";
import { testScope } from "../testing.server";
import { reusableForMs } from "./catalog-replies.server";

let base = 0;
let services = createMallServices();

/**
 * A member's context on home whose gateway answers with `answer`: on a server and gateway of its own,
 * or on the server of the context whose gateway (`apiBase`) it is given.
 */
async function contextWith(answer: () => Promise<ApiReply<unknown>>, locale: "en" | "zh" = "en", token = "sbx_a", apiBase?: string) {
  if (apiBase === undefined) services = createMallServices();
  const scope = await testScope("http://localhost/index", { token, locale, services, environment: { apiBase: apiBase ?? `http://gateway-${base}.test` } });
  const call = vi.fn(answer);
  const api = new MemberApi(scope, { clientFor: () => ({ call }) as unknown as ApiClient });
  return { context: { api, environment: scope.environment }, call };
}

const reply = (data: unknown, cacheControl = "public, max-age=60"): ApiReply<unknown> => ({ data, headers: new Headers({ "cache-control": cacheControl }) });

describe("the server's keep of catalog replies", () => {
  it("asks the gateway once for every member while the reply's max-age lasts, then again", async () => {
    base++;
    vi.useFakeTimers({ now: Date.now(), toFake: ["Date"] });
    try {
      const first = await contextWith(async () => reply({ categories: [1] }));
      const second = await contextWith(async () => reply({ categories: [2] }), "en", "sbx_b", first.context.environment.apiBase);
      expect(await first.context.api.catalog(classifyList)).toEqual({ categories: [1] });
      expect(await second.context.api.catalog(classifyList)).toEqual({ categories: [1] });
      expect(second.call).not.toHaveBeenCalled();
      vi.setSystemTime(Date.now() + 60_001);
      expect(await second.context.api.catalog(classifyList)).toEqual({ categories: [2] });
    } finally {
      vi.useRealTimers();
    }
  });

  it("shares one call among requests that arrive together", async () => {
    base++;
    let answer!: (value: ApiReply<unknown>) => void;
    const { context, call } = await contextWith(() => new Promise((resolve) => (answer = resolve)));
    const both = Promise.all([context.api.catalog(adverts, { position: "home" }), context.api.catalog(adverts, { position: "home" })]);
    answer(reply({ list: ["ad"] }));
    expect(await both).toEqual([{ list: ["ad"] }, { list: ["ad"] }]);
    expect(call).toHaveBeenCalledTimes(1);
  });

  it("keeps languages apart", async () => {
    base++;
    const en = await contextWith(async () => reply({ lang: "en" }), "en");
    const zh = await contextWith(async () => reply({ lang: "zh" }), "zh", "sbx_a", en.context.environment.apiBase);
    expect(await en.context.api.catalog(adverts, { position: "home" })).toEqual({ lang: "en" });
    expect(await zh.context.api.catalog(adverts, { position: "home" })).toEqual({ lang: "zh" });
    expect(en.call).toHaveBeenCalledTimes(1);
    expect(zh.call).toHaveBeenCalledTimes(1);
  });

  it("never keeps a failure or a reply that is not public", async () => {
    base++;
    let fail = true;
    const failing = await contextWith(async () => {
      if (fail) throw new ApiError("SERVER_ERROR", "HTTP 500", { endpoint: "classifyList", status: 500 });
      return reply({ ok: true }, "private, max-age=60");
    });
    await expect(failing.context.api.catalog(classifyList)).rejects.toBeInstanceOf(Response); // the error route
    fail = false;
    expect(await failing.context.api.catalog(classifyList)).toEqual({ ok: true });
    expect(await failing.context.api.catalog(classifyList)).toEqual({ ok: true });
    expect(failing.call).toHaveBeenCalledTimes(3);
  });

  it("reads the reply's Cache-Control: public with a max-age only, capped by MCOIN_CATALOG_KEEP_S", () => {
    const ms = (value: string) => reusableForMs(new Headers({ "cache-control": value }), catalogKeepMs);
    expect(ms("public, max-age=30")).toBe(30_000);
    expect(ms("Public, Max-Age=86400")).toBe(60_000); // MCOIN_CATALOG_KEEP_S, a minute by default
    expect(reusableForMs(new Headers({ "cache-control": "public, max-age=30" }), 0)).toBe(0);
    expect(ms("max-age=60")).toBe(0);
    expect(ms("public, no-store, max-age=60")).toBe(0);
    expect(ms("public")).toBe(0);
    expect(ms("public, max-age=abc")).toBe(0);
    expect(reusableForMs(new Headers(), catalogKeepMs)).toBe(0);
  });
});
