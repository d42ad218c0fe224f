import express from "express";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { requestOrigin } from "./remix-handler";

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
