import type { RequestHandler } from "express";
import fs, { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseHosts, environmentForHost } from "../app/server/config.server";
import { precompressAssets } from "../scripts/mall-build.mjs";
import { createMallApp, staticAssets } from "./app";
import { MAX_BODY_BYTES, MAX_FORM_FIELDS } from "./body-limit";
import { DEFAULT_RATE_LIMITS, bucketsOf, parseRateLimits, type RateLimits } from "./rate-limit";
import { routeOf } from "./route-of";
import { rawRequest, rawRequestUnfinished } from "./test-http";

const send = rawRequest;

/** What reached "Remix": the stub answers with the request it was given. */
const echo: RequestHandler = (req, res) => {
  res.json({
    method: req.method,
    url: req.originalUrl,
    body: Buffer.isBuffer(req.body) ? req.body.toString() : null,
    nonce: res.locals.cspNonce,
    rewrite: res.locals.errorRoute ? String(res.locals.errorRoute.search) : null,
  });
};

const HOSTS = parseHosts("localhost,127.0.0.1,mall.example=prod,*.preview.example=uat", "sandbox");

async function start(limits: RateLimits = { login: 1000, task: 1000, picture: 1000, action: 1000 }, assets: RequestHandler[] = []) {
  const app = createMallApp({
    environmentForHost: (hostname) => environmentForHost(hostname, HOSTS),
    trustProxy: false,
    csp: { enforce: true, frameAncestors: ["https://wallet.example"], originsOf: () => ({ images: ["http://img.example"], signIn: "http://signin.example", connect: [] }) },
    widgetOrigins: ["https://partner.example"],
    rateLimits: limits,
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

  it("sends the security headers, with a fresh nonce in the CSP each time", async () => {
    const first = await send(port, "GET", "/index");
    const second = await send(port, "GET", "/index");
    const csp = String(first.headers["content-security-policy"]);
    const nonce = (JSON.parse(first.body) as { nonce: string }).nonce;
    expect(csp).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(csp).toContain("frame-ancestors 'self' https://wallet.example");
    expect(csp).toContain("img-src 'self' data: http://img.example");
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
      for (const path of ["/resources/agreement", "/resources/session", "/search", "/index?index", "/search.data"]) {
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

    it("refuses a body over the limit at once, declared or streamed, without reading the rest", async () => {
      const overLimit = Buffer.alloc(MAX_BODY_BYTES + 1, "a");
      expect((await rawRequestUnfinished(port, "POST", "/resources/task", { ...form, "content-length": 12 * 1024 * 1024 })).status).toBe(413);
      expect((await rawRequestUnfinished(port, "POST", "/resources/task", { ...form, "transfer-encoding": "chunked" }, overLimit)).status).toBe(413);
    });

    it("refuses too many fields", async () => {
      const fields = Array.from({ length: MAX_FORM_FIELDS + 1 }, (_, index) => `f${index}=1`).join("&");
      expect((await send(port, "POST", "/search", form, fields)).status).toBe(413);
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
  it("count login entries, the task route, the picture route and actions, each in its own bucket", () => {
    const at = (method: string, target: string) => bucketsOf(method, routeOf(target));
    expect(at("GET", "/index?code=x")).toEqual(["login"]);
    expect(at("GET", "/?code=x")).toEqual(["login"]);
    expect(at("GET", "/mycoupons/abc")).toEqual(["login"]);
    expect(at("GET", "/index")).toEqual([]);
    expect(at("POST", "/resources/task")).toEqual(["task", "action"]);
    expect(at("POST", "/search")).toEqual(["action"]);
    expect(at("GET", "/classify/coffee")).toEqual([]);
    expect(at("GET", "/resources/pictures")).toEqual([]);
  });

  it("count a request in the bucket of the route Remix answers it with, however its target is spelled", () => {
    const at = (method: string, target: string) => bucketsOf(method, routeOf(target));
    const picture = [
      "/resources/picture",
      "/Resources/Picture",
      "/resources/picture/",
      "/resources/picture//",
      "/resources/picture.data",
      "/resources/picture/.data",
      "/resources/./picture",
      "/./resources/picture",
      "/x/../resources/picture",
      "/resources/%70icture",
      "/resources/%2e/picture",
      "/resources\\picture",
    ];
    for (const path of picture) expect(at("GET", `${path}?src=a`), path).toEqual(["picture"]);
    const login = [
      "/index?code=x",
      "/index/?code=x",
      "/index.data?code=x",
      "/_root.data?code=x",
      "/./index?code=x",
      "/%69ndex?code=x",
      "/index?%63ode=x",
      // Express's query parser stops at 1,000 parameters; the loader's URLSearchParams does not.
      `/index?${"a=1&".repeat(1000)}code=x`,
      "/mycoupons/abcdefgh/",
      "/mycoupons/abcdefgh.data",
      "/x/../mycoupons/abcdefgh",
    ];
    for (const target of login) expect(at("GET", target), target.slice(0, 40)).toEqual(["login"]);
    for (const path of ["/resources/task", "/resources/Task", "/RESOURCES/TASK/", "/resources/task.data", "/resources/task/.data", "/resources/./task", "/resources/%74ask"]) {
      expect(at("POST", path), path).toEqual(["task", "action"]);
    }
    // Screens match in their own case only (remix.config.js): these are the not-found page, no entry.
    for (const target of ["/INDEX?code=x", "/Index.data?code=x", "/MyCoupons/abcdefgh", "/_ROOT.data?code=x", "/resources/picture.data.data", "/resources//picture", "/resources%2Fpicture"]) {
      expect(at("GET", target), target).toEqual([]);
    }
  });

  it("are read from MCOIN_RATE_LIMITS over the defaults, and refuse nonsense", () => {
    expect(parseRateLimits(undefined)).toEqual(DEFAULT_RATE_LIMITS);
    expect(parseRateLimits("login=5")).toEqual({ ...DEFAULT_RATE_LIMITS, login: 5 });
    expect(parseRateLimits("picture=40,action=9")).toEqual({ ...DEFAULT_RATE_LIMITS, picture: 40, action: 9 });
    expect(() => parseRateLimits("login=0")).toThrow(/MCOIN_RATE_LIMITS/);
    expect(() => parseRateLimits("everything=5")).toThrow(/MCOIN_RATE_LIMITS/);
  });

  it("answer a page over its limit with the error route and 429, anything else with a short 429", async () => {
    const { port, close } = await start({ login: 2, task: 1000, picture: 1000, action: 2 });
    try {
      for (let attempt = 0; attempt < 2; attempt++) expect((await send(port, "GET", "/index?code=x", { accept: "text/html" })).status).toBe(200);
      const page = await send(port, "GET", "/index?code=x", { accept: "text/html", "sec-fetch-dest": "document" });
      expect(page.headers["retry-after"]).toMatch(/^\d+$/);
      // The stub shows what Remix was asked for: the error route, code RATE_LIMITED, back to /index.
      expect((JSON.parse(page.body) as { rewrite: string }).rewrite).toBe("code=RATE_LIMITED&from=%2Findex");

      const form = { "content-type": "application/x-www-form-urlencoded" };
      for (let attempt = 0; attempt < 2; attempt++) expect((await send(port, "POST", "/search", form, "intent=search")).status).toBe(200);
      const action = await send(port, "POST", "/search", form, "intent=search");
      expect(action.status).toBe(429);
      expect(JSON.parse(action.body)).toEqual({ ok: false, code: "RATE_LIMITED" });
    } finally {
      await close();
    }
  });
});

describe("the picture route's rate limit", () => {
  it("answers a client past its pictures a minute with a short 429, in whatever spelling it asks", async () => {
    const { port, close } = await start({ login: 1000, task: 1000, picture: 3, action: 1000 });
    try {
      for (const path of ["/resources/picture?src=a", "/Resources/Picture?src=b", "/resources/picture/?src=c"]) expect((await send(port, "GET", path)).status, path).toBe(200);
      for (const path of ["/resources/picture?src=d", "/resources/picture.data?src=e"]) {
        const refused = await send(port, "GET", path, { "sec-fetch-dest": "image" });
        expect(refused.status, path).toBe(429);
        expect(refused.headers["retry-after"]).toMatch(/^\d+$/);
        expect(JSON.parse(refused.body)).toEqual({ ok: false, code: "RATE_LIMITED" });
      }
      // Pages and the other resources are counted apart.
      expect((await send(port, "GET", "/index", { accept: "text/html" })).status).toBe(200);
      expect((await send(port, "GET", "/resources/offers?list=home&page=2")).status).toBe(200);
    } finally {
      await close();
    }
  });
});

describe("a route over its limit", () => {
  /** The status of each target: 200 from the stub standing in for Remix (it reached the route), 400 from the gate, 429 from the limit. */
  async function answers(port: number, method: string, targets: readonly string[]): Promise<Record<string, number>> {
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const replies: Record<string, number> = {};
    for (const target of targets) replies[target.slice(0, 60)] = (await send(port, method, target, method === "POST" ? form : {}, method === "POST" ? "intent=detail" : undefined)).status;
    return replies;
  }
  const each = (targets: readonly string[], status: number) => Object.fromEntries(targets.map((target) => [target.slice(0, 60), status]));

  // Spellings a URL parser or Remix's router reads as the route: refused whatever the limits say.
  const PICTURE_ELSEWISE = [
    "/resources/./picture?src=b",
    "/./resources/picture?src=c",
    "/x/../resources/picture?src=d",
    "/resources/%70icture?src=e",
    "/resources/%2E/picture?src=f",
    "/resources\\picture?src=g",
    "/resources//picture?src=h",
  ];
  // Spellings of the route in normal form: the route's own bucket.
  const PICTURE_ALIKE = ["/resources/picture?src=i", "/resources/picture/.data?src=j", "/resources/picture.data?src=k", "/Resources/Picture/?src=l"];

  it("is refused to every spelling of the picture route: none reaches it", async () => {
    const { port, close } = await start({ login: 1000, task: 1000, picture: 2, action: 1000 });
    try {
      expect(await answers(port, "GET", ["/resources/picture?src=a", "/resources/picture?src=a"])).toEqual(each(["/resources/picture?src=a"], 200));
      expect(await answers(port, "GET", PICTURE_ALIKE)).toEqual(each(PICTURE_ALIKE, 429));
      expect(await answers(port, "GET", PICTURE_ELSEWISE)).toEqual(each(PICTURE_ELSEWISE, 400));
    } finally {
      await close();
    }
  });

  it("is refused to every spelling of a login entry: none reaches it to exchange a code", async () => {
    const { port, close } = await start({ login: 2, task: 1000, picture: 1000, action: 1000 });
    try {
      expect(await answers(port, "GET", ["/index?code=a", "/mycoupons/abcdefgh"])).toEqual(each(["/index?code=a", "/mycoupons/abcdefgh"], 200));
      const alike = [
        "/index?code=b",
        "/?code=c",
        "/index/?code=d",
        "/index.data?code=e",
        "/_root.data?code=f",
        "/index?%63ode=g",
        `/index?${"a=1&".repeat(1000)}code=h`,
        "/mycoupons/abcdefgh/",
        "/mycoupons/abcdefgh.data",
      ];
      expect(await answers(port, "GET", alike)).toEqual(each(alike, 429));
      const elsewise = ["/./index?code=i", "/x/../index?code=j", "/%69ndex?code=k", "/index/.?code=l", "/./mycoupons/abcdefgh", "/mycoupons/%61bcdefgh"];
      expect(await answers(port, "GET", elsewise)).toEqual(each(elsewise, 400));
      // Not an entry (screens match in their own case): the not-found page, which counts nothing.
      expect(await answers(port, "GET", ["/INDEX?code=m"])).toEqual(each(["/INDEX?code=m"], 200));
    } finally {
      await close();
    }
  });

  it("is refused to every spelling of the task route", async () => {
    const { port, close } = await start({ login: 1000, task: 2, picture: 1000, action: 1000 });
    try {
      expect(await answers(port, "POST", ["/resources/task", "/resources/task"])).toEqual(each(["/resources/task"], 200));
      const alike = ["/resources/task", "/resources/Task", "/RESOURCES/TASK/", "/resources/task.data", "/resources/task/.data"];
      expect(await answers(port, "POST", alike)).toEqual(each(alike, 429));
      const elsewise = ["/resources/./task", "/./resources/task", "/x/../resources/task", "/resources/%74ask", "/resources/%2e/task", "/resources\\task"];
      expect(await answers(port, "POST", elsewise)).toEqual(each(elsewise, 400));
    } finally {
      await close();
    }
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
