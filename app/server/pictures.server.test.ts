/**
 * First-screen pictures brought through the mall (pictures.server.ts): only pictures, whole and not
 * too large, from a host that answers; kept for their max-age and fetched once when asked together;
 * failures never kept.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_PICTURE_BYTES, PictureError, bringPicture, forgetPictures } from "./pictures.server";

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"/>';
const hits = new Map<string, number>();
let server: Server;
let base = "";

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? "/";
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path.startsWith("/ok.svg")) return void setTimeout(() => res.writeHead(200, { "content-type": "image/svg+xml", "cache-control": "public, max-age=60" }).end(SVG), 20);
    if (path === "/fresh.png") return void res.writeHead(200, { "content-type": "image/png", "cache-control": "no-store" }).end(Buffer.from([0x89, 0x50]));
    if (path === "/page") return void res.writeHead(200, { "content-type": "text/html" }).end("<h1>not a picture</h1>");
    if (path === "/broken") return void res.writeHead(503).end();
    if (path === "/moved") return void res.writeHead(302, { location: "http://elsewhere.example/x.png" }).end();
    if (path === "/declared-large.png") return void res.writeHead(200, { "content-type": "image/png", "content-length": String(MAX_PICTURE_BYTES + 1) }).end();
    if (path === "/large.png") {
      res.writeHead(200, { "content-type": "image/png" });
      return void res.end(Buffer.alloc(MAX_PICTURE_BYTES + 1024));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  forgetPictures();
  hits.clear();
});

const failure = async (path: string) => {
  const error = await bringPicture(new URL(path, base)).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(PictureError);
  return (error as PictureError).status;
};

describe("bringPicture", () => {
  it("brings a picture with its type and max-age, and keeps it: asked together or again, the host is asked once", async () => {
    const src = new URL("/ok.svg", base);
    const [first, second] = await Promise.all([bringPicture(src), bringPicture(src)]);
    expect(first.type).toBe("image/svg+xml");
    expect(first.bytes.toString()).toBe(SVG);
    expect(first.maxAge).toBe(60);
    expect(second).toBe(first);
    expect((await bringPicture(src)).bytes.toString()).toBe(SVG);
    expect(hits.get("/ok.svg")).toBe(1);
  });

  it("asks again once the max-age is over, and never keeps what may not be kept", async () => {
    const src = new URL("/ok.svg", base);
    await bringPicture(src);
    await bringPicture(src, Date.now() + 61_000);
    expect(hits.get("/ok.svg")).toBe(2);
    const fresh = new URL("/fresh.png", base);
    expect((await bringPicture(fresh)).maxAge).toBe(0);
    await bringPicture(fresh);
    expect(hits.get("/fresh.png")).toBe(2);
  });

  it("finds no picture where the host has none, or has something else, or too much, or a redirect", async () => {
    expect(await failure("/nothing.png")).toBe(404);
    expect(await failure("/page")).toBe(404);
    expect(await failure("/moved")).toBe(404);
    expect(await failure("/declared-large.png")).toBe(404);
    expect(await failure("/large.png")).toBe(404);
  });

  it("says the host failed (502) when it errs or cannot be reached, and asks again next time", async () => {
    expect(await failure("/broken")).toBe(502);
    expect(await failure("/broken")).toBe(502);
    expect(hits.get("/broken")).toBe(2);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await bringPicture(new URL(`http://127.0.0.1:${port}/x.png`)).catch((caught: unknown) => caught);
    expect((error as PictureError).status).toBe(502);
  });
});
