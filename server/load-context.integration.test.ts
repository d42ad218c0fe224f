/**
 * The server's side of Remix (@remix-run/express): the request Remix is handed (its origin is the one
 * the server's own checks read), and the load context every loader gets.
 */
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { createMallServices } from "../app/server/services.server";
import { createMallApp } from "./app";
import { testAppOptions } from "./app-testing";
import { loadContextFor } from "./load-context";
import { allowedHosts, requestOrigin } from "./request-gate";
import { rawRequest, testLog } from "./test-http";

/** A build of one resource route at every path that answers with the origin of the request Remix was handed. */
const ORIGIN_BUILD = {
  mode: "production",
  entry: { module: { default: () => new Response("a page") } },
  routes: {
    root: { id: "root", path: "", module: {} },
    any: {
      id: "any",
      parentId: "root",
      path: "*",
      module: {
        loader: ({ request, context }: { request: Request; context: { server: string } }) => {
          const remix = new URL(request.url).origin;
          return new Response(remix === context.server ? remix : `Remix ${remix}, the server ${context.server}`);
        },
      },
    },
  },
  assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "1" },
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: { v3_singleFetch: true },
  isSpaMode: false,
} as unknown as ServerBuild;

/**
 * The origin a server with this `trust proxy` reads from these headers, after the request gate; it
 * must be the origin of the request Remix is handed (where the mall sends a member back to).
 */
async function originFor(trustProxy: boolean | string, headers: Record<string, string>): Promise<string> {
  const app = express();
  app.set("trust proxy", trustProxy);
  app.use(allowedHosts(() => "sandbox"));
  app.get("*", createRequestHandler({ build: ORIGIN_BUILD, mode: "production", getLoadContext: (req) => ({ server: requestOrigin(req) }) as never }));
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
    expect(await originFor(false, { host: "127.0.0.1:3000" })).toBe("http://127.0.0.1:3000");
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
    const app = createMallApp(
      testAppOptions({
        log: testLog(),
        remix: createRequestHandler({ build: TIME_BUILD, mode: "production", getLoadContext: loadContextFor(createMallServices()) }),
      }),
    );
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
  it("hands every loader the request's CSP nonce, the client's address and the server's one set of services", async () => {
    const services = createMallServices();
    const seen: unknown[] = [];
    const build = {
      ...TIME_BUILD,
      routes: {
        ...TIME_BUILD.routes,
        time: { ...TIME_BUILD.routes.time, module: { loader: ({ context }: { context: unknown }) => (seen.push(context), Response.json({ ok: true })) } },
      },
    } as unknown as ServerBuild;
    const app = express();
    app.use((_req, res, next) => ((res.locals.cspNonce = "nonce-1"), next()));
    app.all("*", createRequestHandler({ build, mode: "production", getLoadContext: loadContextFor(services) }));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      expect((await rawRequest(port, "GET", "/time")).status).toBe(200);
      expect((await rawRequest(port, "GET", "/time")).status).toBe(200);
      expect(seen).toHaveLength(2);
      expect(seen[0]).toMatchObject({ cspNonce: "nonce-1", clientAddress: "127.0.0.1" });
      expect((seen[0] as { services: unknown }).services).toBe(services);
      expect((seen[1] as { services: unknown }).services).toBe(services);
      // A context of its own per request: the mall context made for one is never another's.
      expect(seen[0]).not.toBe(seen[1]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
