import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { createMallApp } from "./app";
import { remixHandler, requestOrigin } from "./remix-handler";
import { rawRequest } from "./test-http";

/** The origin a server with this `trust proxy` reads from these headers. */
async function originFor(trustProxy: boolean | string, headers: Record<string, string>): Promise<string> {
  const app = express();
  app.set("trust proxy", trustProxy);
  app.get("*", (req, res) => {
    res.send(requestOrigin(req));
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise((resolve, reject) => {
      const request = httpRequest({ host: "127.0.0.1", port, path: "/index", headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve(Buffer.concat(chunks).toString()));
      });
      request.on("error", reject);
      request.end();
    });
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe("requestOrigin", () => {
  it("is the Host's, whatever X-Forwarded-Host a client sends", async () => {
    expect(await originFor(false, { host: "localhost:3000", "x-forwarded-host": "evil.example:9999" })).toBe("http://localhost:3000");
    expect(await originFor(false, { host: "localhost", "x-forwarded-host": "localhost:9999" })).toBe("http://localhost");
    expect(await originFor(false, { host: "[::1]:3000" })).toBe("http://[::1]:3000");
  });

  it("is the forwarded host's, port and all, behind a proxy the server trusts", async () => {
    const proxy = { host: "mall-internal:3000", "x-forwarded-proto": "https" };
    expect(await originFor("loopback", { ...proxy, "x-forwarded-host": "mall.example" })).toBe("https://mall.example");
    expect(await originFor("loopback", { ...proxy, "x-forwarded-host": "mall.example:8443, other.example" })).toBe("https://mall.example:8443");
    expect(await originFor("loopback", { host: "mall-internal:3000" })).toBe("http://mall-internal:3000");
  });
});

/** A Remix build of one resource route, `/time`, with single fetch on, as the mall's is. */
const TIME_BUILD = {
  mode: "production",
  entry: { module: { default: () => new Response("a page") } },
  routes: {
    root: { id: "root", path: "", module: {} },
    time: { id: "time", parentId: "root", path: "time", module: { loader: () => Response.json({ ok: true }) } },
  },
  assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "1" },
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: { v3_singleFetch: true },
  isSpaMode: false,
} as unknown as ServerBuild;

describe("the Remix app behind the server", () => {
  it("answers a data request of before single fetch (?_data=) with a quiet 400: nothing logged", async () => {
    const app = createMallApp({
      environmentForHost: (hostname) => (hostname === "localhost" ? "sandbox" : null),
      trustProxy: false,
      csp: { enforce: true, frameAncestors: [], originsOf: () => ({ images: [], signIn: "http://signin.example", connect: [] }) },
      widgetOrigins: [],
      rateLimits: { login: 1000, task: 1000, picture: 1000, action: 1000 },
      assets: [],
      remix: remixHandler(TIME_BUILD, "production"),
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const served = await rawRequest(port, "GET", "/time");
      expect(served.status).toBe(200);
      expect(JSON.parse(served.body)).toEqual({ ok: true });
      // Remix would answer these, after handing a warning with its stack to the error handler
      // (console.error, which fails the test: vitest.setup.ts).
      for (const target of ["/time?_data=time", "/time?_data=root", "/time?%5Fdata=x"]) {
        const reply = await rawRequest(port, "GET", target);
        expect(reply.status, target).toBe(400);
        expect(reply.body).toBe("Bad Request");
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("the load context", () => {
  /** A build whose entry makes a context with a session; `/touch` changes it, `/time` does not. */
  function buildWithSession(commits: string[]) {
    const getLoadContext = async (_request: Request, { cspNonce }: { cspNonce: string }) => {
      let pending = false;
      const session = {
        get isPending() {
          return pending;
        },
        touch: () => void (pending = true),
        commit: async () => (commits.push(cspNonce), "session=sealed; Path=/; HttpOnly"),
      };
      return { cspNonce, session };
    };
    return {
      ...TIME_BUILD,
      entry: { module: { ...TIME_BUILD.entry.module, getLoadContext } },
      routes: {
        ...TIME_BUILD.routes,
        touch: {
          id: "touch",
          parentId: "root",
          path: "touch",
          module: {
            loader: ({ context }: { context: { session: { touch(): void } } }) => {
              context.session.touch();
              return new Response(JSON.stringify({ ok: true }), { headers: { "Cache-Control": "public, max-age=60" } });
            },
          },
        },
      },
    } as unknown as ServerBuild;
  }

  it("comes from the build's entry, and its session is committed once, after Remix, only when it changed", async () => {
    const commits: string[] = [];
    const app = express();
    app.use((_req, res, next) => ((res.locals.cspNonce = "nonce-1"), next()));
    app.all("*", remixHandler(buildWithSession(commits), "production"));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const untouched = await rawRequest(port, "GET", "/time");
      expect(untouched.headers["set-cookie"]).toBeUndefined();
      expect(commits).toEqual([]);
      const touched = await rawRequest(port, "GET", "/touch");
      expect(touched.status).toBe(200);
      expect(touched.headers["set-cookie"]).toEqual(["session=sealed; Path=/; HttpOnly"]);
      // A reply that sets the member's session is no cache's, whatever the route said.
      expect(touched.headers["cache-control"]).toBe("private, no-store");
      expect(commits).toEqual(["nonce-1"]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
