/** A catalog picture drawn at a narrower width (picture-widths.server.ts), or served as it is. */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { MAX_INPUT_PIXELS, atWidth, pictureWidth } from "./picture-widths.server";
import type { Picture } from "./pictures.server";

/** A photograph-like picture of `width` × `height` in `format`: noise, which compresses as a photograph does. */
async function photograph(width: number, height: number, format: "webp" | "jpeg" | "png", orientation?: number): Promise<Picture> {
  const noise = Buffer.alloc(width * height * 3);
  for (let at = 0; at < noise.length; at++) noise[at] = (at * 7919 + ((at / 3) | 0) * 104729) % 251;
  let image = sharp(noise, { raw: { width, height, channels: 3 } }).toFormat(format, { quality: 80 });
  if (orientation) image = image.withMetadata({ orientation });
  const bytes = (await image.toBuffer()) as Buffer<ArrayBuffer>;
  return { type: `image/${format}`, bytes, maxAge: 600 };
}

const sizeOf = async (picture: Picture) => {
  const { width, height, format } = await sharp(picture.bytes).metadata();
  return { width, height, format };
};

describe("pictureWidth", () => {
  it("reads only the ladder's widths, as written", () => {
    expect(pictureWidth("240")).toBe(240);
    for (const text of ["241", "0240", "240.0", " 240", "-96", "1e3", "", "96px"]) expect(pictureWidth(text), text).toBeUndefined();
  });
});

describe("atWidth", () => {
  it("draws a photograph at the width asked, its height in proportion, in its own type and max-age, and smaller", async () => {
    for (const format of ["webp", "jpeg", "png"] as const) {
      const picture = await photograph(768, 480, format);
      const narrow = await atWidth(picture, 240);
      expect(await sizeOf(narrow), format).toEqual({ width: 240, height: 150, format });
      expect(narrow.type).toBe(picture.type);
      expect(narrow.maxAge).toBe(600);
      expect(narrow.bytes.length).toBeLessThan(picture.bytes.length);
    }
  });

  it("turns a photograph as its EXIF orientation says before drawing it, since the narrower form has none", async () => {
    // Stored 480 wide and 768 high, shown turned a quarter: 768 wide.
    const picture = await photograph(480, 768, "jpeg", 6);
    expect(await sizeOf(await atWidth(picture, 240))).toEqual({ width: 240, height: 150, format: "jpeg" });
    // Shown 480 wide when not turned: already narrower than 640.
    const upright = await photograph(480, 768, "jpeg");
    expect(await atWidth(upright, 640)).toBe(upright);
  });

  it("serves as it is a picture no wider than asked, a drawing, an animation, and what cannot be read", async () => {
    const small = await photograph(200, 125, "webp");
    expect(await atWidth(small, 240)).toBe(small);
    const drawing: Picture = { type: "image/svg+xml", bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500"/>'), maxAge: 60 };
    expect(await atWidth(drawing, 96)).toBe(drawing);
    const animation: Picture = { type: "image/gif", bytes: Buffer.from("GIF89a"), maxAge: 60 };
    expect(await atWidth(animation, 96)).toBe(animation);
    const broken: Picture = { type: "image/png", bytes: Buffer.from("not a picture at all"), maxAge: 60 };
    expect(await atWidth(broken, 96)).toBe(broken);
    // A picture that says it is a PNG and is a WebP is read for what it is, and drawn as the type it said.
    const mislabelled = { ...(await photograph(768, 480, "webp")), type: "image/png" };
    expect((await sizeOf(await atWidth(mislabelled, 96))).format).toBe("png");
  });

  it("never draws a picture of more pixels than its bound, however few bytes it takes", async () => {
    // One colour compresses to almost nothing at any size.
    const side = Math.ceil(Math.sqrt(MAX_INPUT_PIXELS)) + 1;
    const bytes = (await sharp({ create: { width: side, height: side, channels: 3, background: "#c84f12" } })
      .png({ compressionLevel: 9 })
      .toBuffer()) as Buffer<ArrayBuffer>;
    expect(bytes.length).toBeLessThan(200_000);
    const huge: Picture = { type: "image/png", bytes, maxAge: 60 };
    expect(await atWidth(huge, 96)).toBe(huge);
  });
});
