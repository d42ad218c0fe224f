import type { RequestHandler } from "express";
import fs, { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseHosts, environmentForHost } from "../app/server/config.server";
import { precompressAssets } from "../scripts/mall-build.mjs";
import { createMallApp, staticAssets } from "./app";
import { MAX_BODY_BYTES } from "./body-limit";
import { DEFAULT_RATE_LIMITS, createRateLimits, parseRateLimits, type RateLimits } from "./rate-limit";
import { rawRequest, rawRequestUnfinished, testLog } from "./test-http";

const send = rawRequest;

/** What reached "Remix": the stub reads the body, as Remix's adapter does, and answers with the request it was given. */
const echo: RequestHandler = async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  res.json({ method: req.method, url: req.originalUrl, body: chunks.length > 0 ? Buffer.concat(chunks).toString() : null, nonce: res.locals.cspNonce });
};

const HOSTS = parseHosts("localhost,127.0.0.1,mall.example=prod,*.preview.example=uat", "sandbox");

async function start(limits: RateLimits = { login: 1000, task: 1000, picture: 1000, action: 1000 }, assets: RequestHandler[] = []) {
  const app = createMallApp({
    log: testLog(),
    environmentForHost: (hostname) => environmentForHost(hostname, HOSTS),
    trustProxy: false,
    csp: { enforce: true, frameAncestors: ["https://wallet.example"], originsOf: () => ({ images: ["http://img.example"], signIn: "http://signin.example", connect: [] }) },
    widgetOrigins: ["https://partner.example"],
    actionLimit: createRateLimits({ limits }).actions,
    assets,
    remix: echo,
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return { port: (server.address() as AddressInfo).port, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe("the mall's HTTP server", () => {
  let port: number;
  let close: () => Promise<unknown>;
  beforeAll(async () => {
    ({ port, close } = await start());
  });
  afterAll(() => close());

  it("answers only the configured hosts, whatever else the Host header says", async () => {
    expect((await send(port, "GET", "/index")).status).toBe(200);
    expect((await send(port, "GET", "/index", { host: "mall.example" })).status).toBe(200);
    expect((await send(port, "GET", "/index", { host: "a.preview.example" })).status).toBe(200);
    for (const host of ["evil.example", "10.evil.example", "evil.local", "mall.example.evil.example", "preview.example", "192.168.1.9"]) {
      const reply = await send(port, "GET", "/index", { host });
      expect(reply.status, host).toBe(400);
      expect(reply.body).toBe("Unknown host");
    }
  });

  it("refuses TRACE and other methods it does not speak", async () => {
    for (const method of ["TRACE", "PROPFIND", "M-SEARCH"]) {
      const reply = await send(port, method, "/index");
      expect(reply.status, method).toBe(405);
      expect(reply.headers.allow).toContain("GET");
    }
  });

  it("answers OPTIONS itself: no route code runs for it", async () => {
    const reply = await send(port, "OPTIONS", "/mycoupons/a-token-12345");
    expect(reply.status).toBe(204);
    expect(reply.body).toBe("");
  });

  it("sends a page asked for with the marker of a load asked ahead to its address without it; the data request keeps it", async () => {
    const page = await send(port, "GET", "/coupon_details/12?from=home&_ahead=1");
    expect(page.status).toBe(302);
    expect(page.headers.location).toBe("/coupon_details/12?from=home");
    expect((await send(port, "HEAD", "/mycoupon?%5Fahead=1")).headers.location).toBe("/mycoupon");
    expect(JSON.parse((await send(port, "GET", "/coupon_details/12.data?from=home&_ahead=1")).body)).toMatchObject({ url: "/coupon_details/12.data?from=home&_ahead=1" });
    expect(JSON.parse((await send(port, "GET", "/coupon_details/12?from=home&ahead=1")).body)).toMatchObject({ url: "/coupon_details/12?from=home&ahead=1" });
    // A form posted to such an address is the page's action, not a way in.
    expect((await send(port, "POST", "/coupon_details/12?_ahead=1", { "content-type": "application/x-www-form-urlencoded" }, "a=1")).status).toBe(200);
  });

  it("sends the security headers, with a fresh nonce in the CSP each time", async () => {
    const first = await send(port, "GET", "/index");
    const second = await send(port, "GET", "/index");
    const csp = String(first.headers["content-security-policy"]);
    const nonce = (JSON.parse(first.body) as { nonce: string }).nonce;
    expect(csp).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(csp).toContain("frame-ancestors 'self' https://wallet.example");
    expect(csp).toContain("img-src 'self' data: blob: http://img.example");
    expect(csp).toContain("form-action 'self' http://signin.example");
    expect(csp).toContain("object-src 'none'");
    expect(String(second.headers["content-security-policy"])).not.toContain(nonce);
    expect(first.headers["x-content-type-options"]).toBe("nosniff");
    expect(first.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(first.headers["x-powered-by"]).toBeUndefined();
  });

  describe("where a state-changing request comes from", () => {
    const form = { "content-type": "application/x-www-form-urlencoded" };

    it("takes posts from the mall's own origin and from clients that are not browsers", async () => {
      expect((await send(port, "POST", "/resources/agreement", { ...form, origin: `http://localhost:${port}` }, "intent=agree")).status).toBe(200);
      expect((await send(port, "POST", "/resources/agreement", { ...form, "sec-fetch-site": "same-origin" }, "intent=agree")).status).toBe(200);
      expect((await send(port, "POST", "/resources/agreement", form, "intent=agree")).status).toBe(200);
    });

    it.each([
      ["another site", { origin: "https://evil.example" }],
      ["another port of the same site", { origin: "http://localhost:1" }],
      ["an opaque origin", { origin: "null" }],
      ["another site, by Fetch Metadata", { "sec-fetch-site": "cross-site" }],
      ["the same site, another origin, by Fetch Metadata", { "sec-fetch-site": "same-site" }],
      ["another site, by Referer", { referer: "https://evil.example/page" }],
    ])("refuses a post from %s with 403, on routes and resource routes alike", async (_, headers) => {
      for (const path of ["/resources/agreement", "/resources/session", "/resources/search-history", "/search", "/index?index", "/search.data"]) {
        const reply = await send(port, "POST", path, { ...form, ...headers }, "intent=agree");
        expect(reply.status, path).toBe(403);
      }
      expect((await send(port, "DELETE", "/search", headers)).status).toBe(403);
    });

    it("lets the configured sites post to the task widget's route, and answers CORS to them alone", async () => {
      const partner = await send(port, "POST", "/resources/task", { ...form, origin: "https://partner.example" }, "intent=detail");
      expect(partner.status).toBe(200);
      expect(partner.headers["access-control-allow-origin"]).toBe("https://partner.example");
      expect(partner.headers.vary).toContain("Origin");

      const stranger = await send(port, "POST", "/resources/task", { ...form, origin: "https://evil.example" }, "intent=detail");
      expect(stranger.status).toBe(403);
      expect(stranger.headers["access-control-allow-origin"]).toBeUndefined();
      // Only the widget's route: the partner posts nowhere else.
      expect((await send(port, "POST", "/resources/agreement", { ...form, origin: "https://partner.example" }, "intent=agree")).status).toBe(403);

      const preflight = await send(port, "OPTIONS", "/resources/task", { origin: "https://partner.example", "access-control-request-method": "POST" });
      expect(preflight.status).toBe(204);
      expect(preflight.headers["access-control-allow-origin"]).toBe("https://partner.example");
    });
  });

  describe("request bodies", () => {
    const form = { "content-type": "application/x-www-form-urlencoded" };

    it("hands Remix the very bytes posted", async () => {
      const reply = await send(port, "POST", "/resources/task", form, "intent=detail&token=C1&no=T1");
      expect((JSON.parse(reply.body) as { body: string }).body).toBe("intent=detail&token=C1&no=T1");
    });

    it("refuses a body over the limit at once, and one that does not declare its length, without reading it", async () => {
      const overLimit = Buffer.alloc(MAX_BODY_BYTES + 1, "a");
      expect((await rawRequestUnfinished(port, "POST", "/resources/task", { ...form, "content-length": 12 * 1024 * 1024 })).status).toBe(413);
      expect((await rawRequestUnfinished(port, "POST", "/resources/task", { ...form, "content-length": MAX_BODY_BYTES + 1 }, overLimit)).status).toBe(413);
      expect((await rawRequestUnfinished(port, "POST", "/resources/task", { ...form, "transfer-encoding": "chunked" }, Buffer.from("intent=detail"))).status).toBe(411);
      expect((await send(port, "POST", "/resources/task", form, Buffer.alloc(MAX_BODY_BYTES, "a").toString())).status).toBe(200);
    });

    it("refuses what the mall never posts: multipart, JSON, compressed", async () => {
      expect((await send(port, "POST", "/resources/task", { "content-type": "multipart/form-data; boundary=x" }, "--x\r\n\r\n--x--")).status).toBe(415);
      expect((await send(port, "POST", "/resources/task", { "content-type": "application/json" }, "{}")).status).toBe(415);
      expect((await send(port, "POST", "/resources/task", { ...form, "content-encoding": "gzip" }, "x")).status).toBe(415);
      expect((await send(port, "POST", "/resources/task", {}, "intent=detail")).status).toBe(415);
    });

    it("lets an empty post through", async () => {
      expect((await send(port, "POST", "/resources/session")).status).toBe(200);
    });
  });
});

describe("rate limits", () => {
  it("are read from MCOIN_RATE_LIMITS over the defaults, and refuse nonsense", () => {
    expect(parseRateLimits(undefined)).toEqual(DEFAULT_RATE_LIMITS);
    expect(parseRateLimits("login=5")).toEqual({ ...DEFAULT_RATE_LIMITS, login: 5 });
    expect(parseRateLimits("picture=40,action=9")).toEqual({ ...DEFAULT_RATE_LIMITS, picture: 40, action: 9 });
    expect(() => parseRateLimits("login=0")).toThrow(/MCOIN_RATE_LIMITS/);
    expect(() => parseRateLimits("everything=5")).toThrow(/MCOIN_RATE_LIMITS/);
  });

  it("count every state change before Remix: a page over the limit goes to the error route, anything else gets a short 429", async () => {
    const { port, close } = await start({ login: 1000, task: 1000, picture: 1000, action: 3 });
    try {
      const form = { "content-type": "application/x-www-form-urlencoded" };
      // Reads are not state changes: never counted here.
      for (let attempt = 0; attempt < 5; attempt++) expect((await send(port, "GET", "/index?code=x")).status).toBe(200);
      for (let attempt = 0; attempt < 3; attempt++) expect((await send(port, "POST", "/search", form, "intent=search")).status).toBe(200);
      const page = await send(port, "POST", "/search", { ...form, accept: "text/html", "sec-fetch-dest": "document" }, "intent=search");
      expect(page.status).toBe(303);
      expect(page.headers.location).toBe("/error?code=RATE_LIMITED&from=%2Fsearch");
      expect(page.headers["retry-after"]).toMatch(/^\d+$/);
      const fetcher = await send(port, "POST", "/search.data", { ...form, "sec-fetch-dest": "empty" }, "intent=search");
      expect(fetcher.status).toBe(429);
      expect(JSON.parse(fetcher.body)).toEqual({ ok: false, code: "RATE_LIMITED" });
    } finally {
      await close();
    }
  });

  it("count a route's own bucket for the route, by client", async () => {
    const limits = createRateLimits({ limits: { login: 2, task: 1000, picture: 1000, action: 1000 } });
    expect([await limits.route("login", "10.0.0.1"), await limits.route("login", "10.0.0.1")]).toEqual([null, null]);
    expect(await limits.route("login", "10.0.0.1")).toBeGreaterThan(0);
    expect(await limits.route("login", "10.0.0.2")).toBeNull();
    expect(await limits.route("picture", "10.0.0.1")).toBeNull();
  });
});

describe("the build's files", () => {
  it("sends an asset in the compressed form the browser accepts that the build wrote beside it: brotli, else gzip, else as it is", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mall-client-"));
    mkdirSync(join(dir, "assets"));
    const script = `export const texts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `offer ${i}`))};\n`;
    writeFileSync(join(dir, "assets", "home-abc123.js"), script);
    precompressAssets(join(dir, "assets"));
    const { port, close } = await start(undefined, staticAssets(dir));
    try {
      const url = `http://127.0.0.1:${port}/assets/home-abc123.js`;
      for (const [accepts, encoding] of [
        ["gzip, deflate, br, zstd", "br"],
        ["gzip", "gzip"],
        ["identity", undefined],
      ] as const) {
        const reply = await fetch(url, { headers: { host: `localhost:${port}`, "accept-encoding": accepts } });
        expect(reply.status).toBe(200);
        expect(reply.headers.get("content-encoding") ?? undefined).toBe(encoding);
        expect(reply.headers.get("content-type")).toMatch(/^(text|application)\/javascript/);
        expect(reply.headers.get("vary")).toMatch(/Accept-Encoding/i);
        expect(reply.headers.get("cache-control")).toContain("immutable");
        // fetch undoes the encoding: what arrives is the file.
        expect(await reply.text()).toBe(script);
      }
    } finally {
      await close();
    }
  });

  it("serves the assets and the top-level files, and hands every other path to the app without asking the disk", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mall-client-"));
    mkdirSync(join(dir, "assets"));
    writeFileSync(join(dir, "robots.txt"), "User-agent: *\n");
    writeFileSync(join(dir, "assets", "entry-abc123.js"), "export {};\n");
    const { port, close } = await start(undefined, staticAssets(dir));
    try {
      const robots = await send(port, "GET", "/robots.txt");
      expect(robots.status).toBe(200);
      expect(robots.body).toBe("User-agent: *\n");
      const asset = await send(port, "GET", "/assets/entry-abc123.js");
      expect(asset.status).toBe(200);
      expect(asset.headers["cache-control"]).toContain("immutable");
      const stat = vi.spyOn(fs, "stat");
      try {
        expect(JSON.parse((await send(port, "GET", "/index")).body)).toMatchObject({ url: "/index" });
        expect(JSON.parse((await send(port, "GET", "/coupon_details/1")).body)).toMatchObject({ url: "/coupon_details/1" });
        expect(stat).not.toHaveBeenCalled();
      } finally {
        stat.mockRestore();
      }
    } finally {
      await close();
    }
  });
});
