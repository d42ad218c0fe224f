/**
 * The code-ahead list (server/code-ahead.ts) through the mall's server: a route's module, its imports
 * and its styles (imported and named by `links`) from the build; unknown routes left out; bad input a
 * 400, never a 500; a cacheable answer.
 */
import type { ServerBuild } from "@remix-run/node";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMallApp } from "./app";
import { testAppOptions } from "./app-testing";
import { CODE_AHEAD_MAX_ROUTES, codeAheadRoute, routeCode } from "./code-ahead";
import { createLogger } from "./logger";
import { rawRequest } from "./test-http";

const build = {
  assets: {
    routes: {
      root: { id: "root", module: "/assets/root.js", imports: ["/assets/vendor.js"], css: [] },
      couponDetails: { id: "couponDetails", module: "/assets/coupon-details.js", imports: ["/assets/vendor.js", "/assets/frame.js"], css: ["/assets/frame.css"] },
      classify: { id: "classify", module: "/assets/classify.js" },
    },
  },
  routes: {
    couponDetails: {
      module: {
        links: () => [
          { rel: "stylesheet", href: "/assets/coupon-details.css" },
          { rel: "icon", href: "/favicon.png" },
          { rel: "stylesheet", href: "/assets/frame.css" },
        ],
      },
    },
    classify: { module: {} },
  },
} as unknown as ServerBuild;

let server: Server;
let port: number;

beforeAll(async () => {
  const app = createMallApp(
    testAppOptions({
      log: createLogger("silent"),
      codeAhead: codeAheadRoute(async () => build),
      remix: (_req, res) => void res.status(404).send("remix"),
    }),
  );
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("the code ahead of a tap", () => {
  it("lists a route's module first, its imports, and its styles once each", async () => {
    const reply = await rawRequest(port, "GET", "/resources/code-ahead?route=couponDetails&route=classify");
    expect(reply.status).toBe(200);
    expect(reply.headers["cache-control"]).toBe("private, max-age=600");
    expect(JSON.parse(reply.body)).toEqual({
      routes: {
        couponDetails: { modules: ["/assets/coupon-details.js", "/assets/vendor.js", "/assets/frame.js"], styles: ["/assets/frame.css", "/assets/coupon-details.css"] },
        classify: { modules: ["/assets/classify.js"], styles: [] },
      },
    });
  });

  it("leaves out routes the build does not have, including the names every object inherits", async () => {
    const reply = await rawRequest(port, "GET", "/resources/code-ahead?route=nope&route=toString&route=constructor&route=classify");
    expect(reply.status).toBe(200);
    expect(Object.keys(JSON.parse(reply.body).routes)).toEqual(["classify"]);
    expect(routeCode(build, "hasOwnProperty")).toBeNull();
  });

  it.each([
    ["no route", "/resources/code-ahead"],
    ["an empty route", "/resources/code-ahead?route="],
    ["a path", "/resources/code-ahead?route=..%2Fsecret"],
    ["an object", "/resources/code-ahead?route[a]=b"],
    ["too many", `/resources/code-ahead?${Array.from({ length: CODE_AHEAD_MAX_ROUTES + 1 }, () => "route=classify").join("&")}`],
  ])("answers %s with 400", async (_name, path) => {
    const reply = await rawRequest(port, "GET", path);
    expect(reply.status).toBe(400);
    expect(reply.headers["cache-control"]).toBe("no-store");
  });

  it("is not a way to post: other methods go on to the app", async () => {
    expect((await rawRequest(port, "POST", "/resources/code-ahead?route=classify", { "content-type": "application/json", origin: `http://localhost:${port}` }, "{}")).body).not.toContain("modules");
  });
});
