/**
 * First-screen pictures brought through the mall (pictures.server.ts): only pictures, whole and not
 * too large, from a host that answers; kept for their max-age and fetched once when asked together;
 * failures never kept; what is kept bounded by what it costs, however many addresses are asked for.
 */
import { createServer, type Server } from "node:http";
import sharp from "sharp";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ENTRY_OVERHEAD_BYTES,
  KEPT_BYTES,
  MAX_ADDRESS_CHARS,
  MAX_KEPT_PICTURES,
  MAX_PICTURE_BYTES,
  PictureError,
  PictureKeep,
  bringPicture as bringInto,
  pictureAddress,
  type Picture,
} from "./pictures.server";
import type { PictureWidth } from "./picture-widths.server";

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"/>';
/** A 768 × 480 photograph, as a gateway's offer pictures are. */
let PHOTO: Buffer;
const hits = new Map<string, number>();
let server: Server;
let base = "";

beforeAll(async () => {
  PHOTO = await sharp({ create: { width: 768, height: 480, channels: 3, background: "#c84f12" } })
    .composite([{ input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="768" height="480"><circle cx="300" cy="200" r="150" fill="#fff"/></svg>') }])
    .webp({ quality: 80 })
    .toBuffer();
  server = createServer((req, res) => {
    const path = req.url ?? "/";
    hits.set(path, (hits.get(path) ?? 0) + 1);
    // Any picture under /any/, as a host that answers every path alike.
    if (path.startsWith("/any/")) return void res.writeHead(200, { "content-type": "image/svg+xml", "cache-control": "public, max-age=86400" }).end(SVG);
    if (path.startsWith("/mega/")) return void res.writeHead(200, { "content-type": "image/png", "cache-control": "public, max-age=86400" }).end(Buffer.alloc(MAX_PICTURE_BYTES));
    if (path.startsWith("/ok.svg")) return void setTimeout(() => res.writeHead(200, { "content-type": "image/svg+xml", "cache-control": "public, max-age=60" }).end(SVG), 20);
    if (path === "/fresh.png") return void res.writeHead(200, { "content-type": "image/png", "cache-control": "no-store" }).end(Buffer.from([0x89, 0x50]));
    if (path === "/photo.webp") return void res.writeHead(200, { "content-type": "image/webp", "cache-control": "public, max-age=60" }).end(PHOTO);
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

/** The server's keep, new for each test. */
let keep = new PictureKeep();
const bringPicture = (src: URL, now?: number, width?: PictureWidth): Promise<Picture> => bringInto(keep, src, now, width);
const keptPictures = () => keep.size;

beforeEach(() => {
  keep = new PictureKeep();
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

describe("bringPicture at a width", () => {
  it("draws the picture at each width asked, from one fetch of it; each width kept apart and drawn once", async () => {
    const src = new URL("/photo.webp", base);
    const [narrow, same, wider] = await Promise.all([bringPicture(src, undefined, 240), bringPicture(src, undefined, 240), bringPicture(src, undefined, 480)]);
    expect(same).toBe(narrow);
    expect((await sharp(narrow.bytes).metadata()).width).toBe(240);
    expect((await sharp(wider.bytes).metadata()).width).toBe(480);
    expect(narrow).toMatchObject({ type: "image/webp", maxAge: 60 });
    expect(await bringPicture(src, undefined, 240)).toBe(narrow);
    expect((await bringPicture(src)).bytes).toEqual(PHOTO);
    expect(hits.get("/photo.webp")).toBe(1);
    // The picture and its two widths, each counted.
    expect(keptPictures().count).toBe(3);
  });

  it("serves a picture no wider, or a drawing, as it is; a failure is the picture's own and is not kept", async () => {
    expect((await bringPicture(new URL("/photo.webp", base), undefined, 960)).bytes).toEqual(PHOTO);
    expect((await bringPicture(new URL("/any/a.svg", base), undefined, 96)).bytes.toString()).toBe(SVG);
    const error = await bringPicture(new URL("/broken", base), undefined, 96).catch((caught: unknown) => caught);
    expect((error as PictureError).status).toBe(502);
    await bringPicture(new URL("/broken", base), undefined, 96).catch(() => undefined);
    expect(hits.get("/broken")).toBe(2);
    // A width of an address the mall does not bring is refused as the address is.
    const query = await bringPicture(new URL("/photo.webp?x=1", base), undefined, 96).catch((caught: unknown) => caught);
    expect((query as PictureError).status).toBe(400);
  });
});

describe("the keep's bounds", () => {
  it("counts each picture's address (2 bytes a character) and overhead besides its bytes", async () => {
    const src = new URL(`/any/${"p".repeat(1500)}.svg`, base);
    await bringPicture(src);
    expect(keptPictures()).toEqual({ count: 1, cost: src.href.length * 2 + ENTRY_OVERHEAD_BYTES + SVG.length });
    keep = new PictureKeep();
    // Still on its way, it counts its address and overhead.
    const pending = bringPicture(src);
    expect(keptPictures()).toEqual({ count: 1, cost: src.href.length * 2 + ENTRY_OVERHEAD_BYTES });
    await pending;
  });

  // Some 4,300 requests to the local host: 2 s on a quiet machine, past the suite's 20 s beside the
  // other test files on a machine at half its speed (hence 90 s).
  it(`keeps at most ${MAX_KEPT_PICTURES} pictures however many distinct addresses are asked for, the least recently served going first`, async () => {
    const first = new URL("/any/first.svg", base);
    await bringPicture(first);
    for (let from = 0; from < MAX_KEPT_PICTURES + 200; from += 200) {
      await Promise.all(Array.from({ length: 200 }, (_, index) => bringPicture(new URL(`/any/${from + index}-${"k".repeat(500)}.svg`, base))));
      // The first is served again now and then: it stays.
      await bringPicture(first);
      expect(keptPictures().count).toBeLessThanOrEqual(MAX_KEPT_PICTURES);
    }
    expect(keptPictures().count).toBe(MAX_KEPT_PICTURES);
    expect(keptPictures().cost).toBeLessThanOrEqual(KEPT_BYTES);
    await bringPicture(first);
    expect(hits.get("/any/first.svg")).toBe(1);
    await bringPicture(new URL(`/any/0-${"k".repeat(500)}.svg`, base));
    expect(hits.get(`/any/0-${"k".repeat(500)}.svg`)).toBe(2);
  }, 90_000);

  it("keeps within its budget, counting the addresses with the bytes", async () => {
    const pictures = Math.ceil(KEPT_BYTES / MAX_PICTURE_BYTES) + 2;
    for (let index = 0; index < pictures; index++) await bringPicture(new URL(`/mega/${index}-${"m".repeat(1800)}.png`, base));
    const { count, cost } = keptPictures();
    expect(cost).toBeLessThanOrEqual(KEPT_BYTES);
    expect(count).toBe(Math.floor(KEPT_BYTES / (MAX_PICTURE_BYTES + new URL(`/mega/0-${"m".repeat(1800)}.png`, base).href.length * 2 + ENTRY_OVERHEAD_BYTES)));
  });

  it("asks for and keeps one picture under one address: no fragment, escapes normalised", async () => {
    const spellings = ["/any/one.svg", "/any/one.svg#a", "/any/one.svg#b", "/any/one.svg?", "/any/%6Fne.svg", "/any/%6fn%65.svg", "/any/x/../one.svg", "/any/./one.svg"];
    for (const spelling of spellings) expect((await bringPicture(new URL(spelling, base))).bytes.toString(), spelling).toBe(SVG);
    expect([...hits.keys()]).toEqual(["/any/one.svg"]);
    expect(hits.get("/any/one.svg")).toBe(1);
    expect(keptPictures().count).toBe(1);
    // Escapes that are needed stay, in capitals.
    await bringPicture(new URL("/any/a%2fb%20c.svg", base));
    expect(hits.has("/any/a%2Fb%20c.svg")).toBe(true);
  });

  it("brings no address with a query (400), and never asks the host", async () => {
    for (const query of ["?1", "?v=2", "?src=x", "?a=1&b=2", "?=", "?%00"]) {
      const error = await bringPicture(new URL(`/any/q.svg${query}`, base)).catch((caught: unknown) => caught);
      expect(error, query).toBeInstanceOf(PictureError);
      expect((error as PictureError).status, query).toBe(400);
    }
    expect(hits.size).toBe(0);
    expect(keptPictures().count).toBe(0);
  });
});

describe("pictureAddress", () => {
  const origins = ["http://img.example", "https://cdn.example:8443"];
  const status = (src: string) => {
    try {
      return pictureAddress(src, origins).href;
    } catch (error) {
      return (error as PictureError).status;
    }
  };

  it("takes a web address of the image hosts, normalised", () => {
    expect(status("http://img.example/a.png")).toBe("http://img.example/a.png");
    expect(status("HTTP://IMG.example:80/%61.png#top")).toBe("http://img.example/a.png");
    expect(status("https://cdn.example:8443/b.png")).toBe("https://cdn.example:8443/b.png");
  });

  it("refuses another host, scheme or credentials (404), a query or an address too long once normalised (400)", () => {
    for (const src of ["http://evil.example/a.png", "https://img.example/a.png", "ftp://img.example/a.png", "http://u:p@img.example/a.png", "not an address", "//img.example/a.png"]) {
      expect(status(src), src).toBe(404);
    }
    expect(status("http://img.example/a.png?w=100")).toBe(400);
    // Within the route's 2,048 characters, but longer once escaped.
    const wide = `http://img.example/${"é".repeat(MAX_ADDRESS_CHARS / 2)}.png`;
    expect(wide.length).toBeLessThanOrEqual(MAX_ADDRESS_CHARS);
    expect(status(wide)).toBe(400);
  });
});
