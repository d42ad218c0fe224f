import type { RequestHandler } from "express";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { environmentForHost, parseHosts } from "../app/server/config.server";
import { createMallApp } from "./app";
import { targetsThisSite } from "./request-gate";
import { rawRequest } from "./test-http";

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
      environmentForHost: (hostname) => environmentForHost(hostname, HOSTS),
      trustProxy: false,
      csp: { enforce: true, frameAncestors: [], originsOf: () => ({ images: [], signIn: "http://signin.example", connect: [] }) },
      widgetOrigins: [],
      rateLimits: { login: 1000, task: 1000, picture: 1000, action: 1000 },
      assets: [],
      remix: echo,
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
    close = () => new Promise((resolve) => server.close(resolve));
  });
  afterAll(() => close());

  it("is a configured host with at most a port", async () => {
    for (const host of ["localhost", `localhost:${port}`, "LOCALHOST:1", "127.0.0.1:80", "[::1]:8080", "localhost:"]) {
      expect((await send(port, "GET", "/index", host)).status, host).toBe(200);
    }
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
    for (const target of ["/%2F%2Fevil.example", "/index/../search", "/classify/a%5Cb", "/index?next=//evil.example"]) {
      expect((await send(port, "GET", target, `localhost:${port}`)).status, target).toBe(200);
    }
    expect((await send(port, "OPTIONS", "*", `localhost:${port}`)).status).toBe(204);
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
