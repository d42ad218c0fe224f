import type { RequestHandler } from "express";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { environmentForHost, parseHosts } from "../app/server/config.server";
import { createMallApp } from "./app";
import { inNormalForm, isLegacyDataRequest, targetsThisSite } from "./request-gate";
import { rawRequest, testLog } from "./test-http";

const HOSTS = parseHosts("localhost,127.0.0.1,[::1]", "sandbox");

/** What reached "Remix": the stub answers with the URL it was given. */
const echo: RequestHandler = (req, res) => {
  res.json({ url: req.originalUrl });
};

/** A raw request: fetch would not send this Host or an absolute-form target. */
const send = (port: number, method: string, path: string, host: string) => rawRequest(port, method, path, { host });

describe("the site a request is for", () => {
  let port: number;
  let close: () => Promise<unknown>;
  beforeAll(async () => {
    const app = createMallApp({
      log: testLog(),
      environmentForHost: (hostname) => environmentForHost(hostname, HOSTS),
      trustProxy: false,
      csp: { enforce: true, frameAncestors: [], originsOf: () => ({ images: [], signIn: "http://signin.example", connect: [] }) },
      widgetOrigins: [],
      actionLimit: (_req, _res, next) => next(),
      assets: [],
      remix: echo,
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
    close = () => new Promise((resolve) => server.close(resolve));
  });
  afterAll(() => close());

  it("is a configured host with at most a port (an IPv6 address, none: Remix's request would lose it)", async () => {
    for (const host of ["localhost", `localhost:${port}`, "LOCALHOST:1", "127.0.0.1:80", "[::1]", "localhost:"]) {
      expect((await send(port, "GET", "/index", host)).status, host).toBe(200);
    }
    expect((await send(port, "GET", "/index", "[::1]:8080")).status).toBe(400);
  });

  it("is not a configured host followed by anything else (Express would read those as localhost)", async () => {
    for (const host of ["localhost:evil", `localhost:${port}@evil.example`, `localhost:${port}.evil.example`, "localhost:0x10", "localhost:99999", "localhost:1:2", "localhost:-1"]) {
      const reply = await send(port, "GET", "/index", host);
      expect(reply.status, host).toBe(400);
      expect(reply.body).toBe("Unknown host");
    }
  });

  it("is never named by the request target: absolute-form and paths read as another host are 400", async () => {
    const targets = ["http://evil.example/index", `http://localhost:${port}/index`, "//evil.example/index", "///evil.example", "/\\evil.example", "/..//evil.example", "/%2e%2e//evil.example", "*"];
    for (const target of targets) {
      const reply = await send(port, "GET", target, `localhost:${port}`);
      expect(reply.status, target).toBe(400);
      expect(reply.body).toBe("Bad Request");
    }
  });

  it("takes paths that merely look odd, and OPTIONS *", async () => {
    for (const target of ["/%2F%2Fevil.example", "/classify/a%5Cb", "/classify/%E5%92%96%E5%95%A1", "/index?next=//evil.example", "/index?x=/../%61", "/index/", "/index;x=1"]) {
      expect((await send(port, "GET", target, `localhost:${port}`)).status, target).toBe(200);
    }
    expect((await send(port, "OPTIONS", "*", `localhost:${port}`)).status).toBe(204);
  });

  it("is a path in normal form: another spelling of a path is 400, before any route sees it", async () => {
    const targets = [
      "/index/../search",
      "/./index",
      "/index/.",
      "/x/../resources/picture",
      "/resources/%2e/picture",
      "/resources/.%2E/resources/picture",
      "/resources\\picture",
      "/resources/%70icture",
      "/%69ndex?code=x",
      "/classify/%7E",
      "/classify/%5f",
      "/classify/%2D1",
      "/resources//picture",
      "/index//",
      "/index#x",
      '/classify/a"b',
      "/classify/{x}",
    ];
    for (const target of targets) {
      const reply = await send(port, "GET", target, `localhost:${port}`);
      expect(reply.status, target).toBe(400);
      expect(reply.body).toBe("Bad Request");
    }
  });

  it("never hands Remix a data request of before single fetch (?_data=), which it would log with a stack", async () => {
    for (const target of ["/index?_data=root", "/search?_data=routes%2Fsearch", "/resources/time?_data=resourceTime", "/index?%5Fdata=index", "/index.data?_data=index", "/?x=1&_data"]) {
      const reply = await send(port, "GET", target, `localhost:${port}`);
      expect(reply.status, target).toBe(400);
      expect(reply.body).toBe("Bad Request");
    }
  });
});

describe("targetsThisSite", () => {
  it("reads the target as a URL parser would", () => {
    expect(targetsThisSite("/index?x=1", "GET")).toBe(true);
    expect(targetsThisSite("/a/../b", "GET")).toBe(true);
    expect(targetsThisSite("/a/..//b", "GET")).toBe(false);
    expect(targetsThisSite("/\t/evil.example", "GET")).toBe(false);
    expect(targetsThisSite("index", "GET")).toBe(false);
    expect(targetsThisSite("*", "GET")).toBe(false);
    expect(targetsThisSite("*", "OPTIONS")).toBe(true);
  });
});

describe("inNormalForm", () => {
  it("holds for a path as a URL parser leaves it, with no escaped unreserved character and no empty segment", () => {
    for (const target of ["/", "/index", "/index/", "/classify/%2F", "/classify/%C3%A9", "/classify/a%2fb", "/search?keyword=%61/../.", "*"]) expect(inNormalForm(target), target).toBe(true);
    for (const target of ["/.", "/..", "/a/./b", "/a/%2E%2E/b", "/a\\b", "/%41", "/a%7e", "//", "/a//b", "/a#b", "/a b", "/é", "/\\evil.example"]) expect(inNormalForm(target), target).toBe(false);
  });
});

describe("isLegacyDataRequest", () => {
  it("is any target whose query has _data, as Remix reads it", () => {
    expect(isLegacyDataRequest("/index?_data=root")).toBe(true);
    expect(isLegacyDataRequest("/index?%5fdata")).toBe(true);
    expect(isLegacyDataRequest("/index?data=root&x=_data")).toBe(false);
    expect(isLegacyDataRequest("/_data")).toBe(false);
    expect(isLegacyDataRequest("*")).toBe(false);
  });
});
