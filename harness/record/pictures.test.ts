/**
 * The recorder's picture keep (./pictures.ts): which addresses are pictures, and what is kept of them:
 * content-addressed files, each once, within the caps, images only, the rest said once and left.
 * The hosts are a fetch handed in; the files go to a temporary folder.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PictureIndexSchema } from "#harness/recording";
import { PictureKeep, pictureUrls } from "./pictures";

const png = (text: string) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(text)]);
const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

type Host = Record<string, { status?: number; type?: string; body: Buffer | string; length?: number }>;

/** A fetch answering from `host` by address, counting what it was asked. */
function hostFetch(host: Host): { fetch: typeof fetch; asked: string[] } {
  const asked: string[] = [];
  const fetchFrom = (async (input: string | URL | Request) => {
    const url = String(input);
    asked.push(url);
    const page = host[url];
    if (!page) throw new TypeError("fetch failed");
    const headers: Record<string, string> = {};
    if (page.type !== undefined) headers["content-type"] = page.type;
    if (page.length !== undefined) headers["content-length"] = String(page.length);
    return new Response(typeof page.body === "string" ? page.body : new Uint8Array(page.body), { status: page.status ?? 200, headers });
  }) as typeof fetch;
  return { fetch: fetchFrom, asked };
}

let dir: string;
let problems: string[];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "mcoin-pictures-"));
  problems = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const keep = (host: Host, caps: { maxBytes?: number; maxTotalBytes?: number; maxPictures?: number } = {}) => {
  const { fetch, asked } = hostFetch(host);
  return { keeper: new PictureKeep({ dir, problem: (line) => problems.push(line), fetch, ...caps }), asked };
};
const index = () => PictureIndexSchema.parse(JSON.parse(readFileSync(join(dir, "pictures", "index.json"), "utf8"))).pictures;

describe("which addresses are pictures", () => {
  it("takes a picture field's addresses, a picture file's path and an <img src> in a text; not an avatar's, a link's or a placeholder's", () => {
    expect(
      pictureUrls({
        data: {
          image: "https://cdn.example/a",
          images: ["https://cdn.example/b", "https://cdn.example/b"],
          store: { logo: "http://127.0.0.1:4010/static/stores/s.svg" },
          banner: "https://cdn.example/promo?w=640",
          url: "https://partner.example/landing",
          couponUrl: "https://wallet.example/coupon/1",
          poster: "https://cdn.example/p.jpg?sig=<redacted:signature>",
          headimgurl: "https://cdn.example/u/77.jpg",
          avatar: "https://cdn.example/u/78.png",
          description: '<p>Fresh</p><img src="https://cdn.example/rich-1"> see https://cdn.example/x.webp.',
        },
      }),
    ).toEqual([
      "https://cdn.example/a",
      "https://cdn.example/b",
      "http://127.0.0.1:4010/static/stores/s.svg",
      "https://cdn.example/promo?w=640",
      "https://cdn.example/rich-1",
      "https://cdn.example/x.webp",
    ]);
    expect(pictureUrls(undefined)).toEqual([]);
    expect(pictureUrls("<sealed>")).toEqual([]);
  });
});

describe("the keep", () => {
  it("keeps each picture once under the SHA-256 of its bytes and indexes every address it was at", async () => {
    const one = png("one");
    const { keeper, asked } = keep({
      "https://cdn.example/1.png": { type: "image/png", body: one },
      "https://mirror.example/same.png": { type: "image/png; charset=binary", body: one },
      "https://cdn.example/2.svg": { type: "image/svg+xml", body: '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>' },
    });
    keeper.keepFrom({ data: { image: "https://cdn.example/1.png", images: ["https://mirror.example/same.png", "https://cdn.example/2.svg"] } });
    // The same reply again, and the same address in another: fetched once.
    keeper.keepFrom({ data: { image: "https://cdn.example/1.png" } });
    await keeper.settled();
    expect(asked.sort()).toEqual(["https://cdn.example/1.png", "https://cdn.example/2.svg", "https://mirror.example/same.png"]);
    const svg = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(index()).toEqual({
      "https://cdn.example/1.png": `${sha(one)}.png`,
      "https://cdn.example/2.svg": `${sha(svg)}.svg`,
      "https://mirror.example/same.png": `${sha(one)}.png`,
    });
    expect(readdirSync(join(dir, "pictures")).sort()).toEqual([`${sha(one)}.png`, `${sha(svg)}.svg`, "index.json"].sort());
    expect(readFileSync(join(dir, "pictures", `${sha(one)}.png`))).toEqual(one);
    expect(keeper.size).toEqual({ pictures: 3, bytes: one.length + svg.length });
    expect(keeper.summary()).toBe("3 pictures kept (1 KB)");
    expect(problems).toEqual([]);
  });

  it("refuses what is not a picture, by what the host says and by the bytes, and what the host does not answer with; each said once", async () => {
    const { keeper } = keep({
      "https://cdn.example/page.png": { type: "text/html", body: "<html>sign in</html>" },
      "https://cdn.example/lies.png": { type: "image/png", body: "<html>not a picture</html>" },
      "https://cdn.example/none.png": { body: png("no type") },
      "https://cdn.example/moved.png": { status: 302, type: "image/png", body: "" },
      "https://cdn.example/gone.png": { status: 404, type: "image/png", body: "" },
    });
    const urls = ["page", "lies", "none", "moved", "gone", "down"].map((name) => `https://cdn.example/${name}.png`);
    keeper.keepFrom({ images: urls });
    keeper.keepFrom({ images: urls });
    await keeper.settled();
    expect(existsSync(join(dir, "pictures"))).toBe(false);
    expect(problems.sort()).toEqual(
      [
        "picture not kept: https://cdn.example/page.png: not a picture (text/html); the replies keep its address",
        "picture not kept: https://cdn.example/lies.png: its bytes are not a picture (it says image/png); the replies keep its address",
        "picture not kept: https://cdn.example/none.png: not a picture (no Content-Type); the replies keep its address",
        "picture not kept: https://cdn.example/moved.png: the host answered 302; the replies keep its address",
        "picture not kept: https://cdn.example/gone.png: the host answered 404; the replies keep its address",
        "picture not kept: https://cdn.example/down.png: could not be fetched (fetch failed); the replies keep its address",
      ].sort(),
    );
    expect(keeper.summary()).toBe("0 pictures kept (0 KB), 6 not");
  });

  it("refuses a picture over the cap of one, whether its length is said or not", async () => {
    const { keeper } = keep(
      {
        "https://cdn.example/said.png": { type: "image/png", body: png("x".repeat(100)), length: 108 },
        "https://cdn.example/unsaid.png": { type: "image/png", body: png("y".repeat(100)) },
        "https://cdn.example/small.png": { type: "image/png", body: png("z") },
      },
      { maxBytes: 64 },
    );
    keeper.keepFrom({ images: ["https://cdn.example/said.png", "https://cdn.example/unsaid.png", "https://cdn.example/small.png"] });
    await keeper.settled();
    expect(Object.keys(index())).toEqual(["https://cdn.example/small.png"]);
    expect(problems.sort()).toEqual([
      "picture not kept: https://cdn.example/said.png: larger than 0 KB; the replies keep its address",
      "picture not kept: https://cdn.example/unsaid.png: larger than 0 KB; the replies keep its address",
    ]);
  });

  it("stops keeping at the cap of all, and says so once", async () => {
    const host: Host = {};
    for (const n of [1, 2, 3, 4]) host[`https://cdn.example/${n}.png`] = { type: "image/png", body: png(`picture ${n}`) };
    const { keeper } = keep(host, { maxTotalBytes: 40 });
    for (const n of [1, 2, 3, 4]) {
      keeper.keepFrom({ image: `https://cdn.example/${n}.png` });
      await keeper.settled();
    }
    expect(Object.keys(index())).toEqual(["https://cdn.example/1.png", "https://cdn.example/2.png"]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain("https://cdn.example/3.png: the recording's pictures are at their cap");
    expect(keeper.summary()).toBe("2 pictures kept (1 KB), 2 not");
  });

  it("adds to the index of a folder recorded into before, and replaces one that is not an index", async () => {
    const first = keep({ "https://cdn.example/1.png": { type: "image/png", body: png("one") } });
    first.keeper.keepFrom({ image: "https://cdn.example/1.png" });
    await first.keeper.settled();
    const second = keep({ "https://cdn.example/2.png": { type: "image/png", body: png("two") } });
    expect(second.keeper.size).toEqual({ pictures: 1, bytes: png("one").length });
    second.keeper.keepFrom({ image: "https://cdn.example/2.png" });
    await second.keeper.settled();
    expect(Object.keys(index())).toEqual(["https://cdn.example/1.png", "https://cdn.example/2.png"]);

    writeFileSync(join(dir, "pictures", "index.json"), '{"pictures":{"https://cdn.example/x.png":"../../etc/passwd"}}');
    const third = keep({});
    expect(third.keeper.size.pictures).toBe(0);
    expect(problems).toEqual(["pictures/index.json is not a pictures index: a new one replaces it"]);
  });
});
