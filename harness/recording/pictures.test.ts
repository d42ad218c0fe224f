/**
 * The pictures a recording keeps, as declared (./pictures.ts): the index's schema, as zod and as the
 * published JSON Schema read it, and a picture's type told by its bytes.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { PictureIndexSchema, pictureIndexJsonSchema, pictureTypeOf } from "./pictures";

const NAME = `${"ab".repeat(32)}.png`;

describe("the pictures index", () => {
  const valid = new Ajv2020({ strict: true }).compile(pictureIndexJsonSchema());

  it("reads what the recorder writes, and refuses names that are not a hash and a type, and addresses that are not http(s)", () => {
    const written = { pictures: { "https://cdn.example/a.png": NAME, "http://127.0.0.1:4010/static/offers/b.svg": `${"cd".repeat(32)}.svg` } };
    expect(PictureIndexSchema.safeParse(written).success).toBe(true);
    expect(valid(written)).toBe(true);
    for (const bad of [
      { pictures: { "https://cdn.example/a.png": "../a.png" } },
      { pictures: { "https://cdn.example/a.png": `${"AB".repeat(32)}.png` } },
      { pictures: { "https://cdn.example/a.png": `${"ab".repeat(32)}.html` } },
      { pictures: { "file:///etc/passwd": NAME } },
      { pictures: {}, extra: 1 },
      {},
    ]) {
      expect(PictureIndexSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
      expect(valid(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});

describe("a picture's type, by its bytes", () => {
  const bytes = (...parts: (number[] | string)[]) => Buffer.concat(parts.map((part) => (typeof part === "string" ? Buffer.from(part) : Buffer.from(part))));

  it("knows the kept types by their signatures", () => {
    expect(pictureTypeOf(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "rest"))).toBe("png");
    expect(pictureTypeOf(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpg");
    expect(pictureTypeOf(bytes("GIF89a..."))).toBe("gif");
    expect(pictureTypeOf(bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 "))).toBe("webp");
    expect(pictureTypeOf(bytes([0, 0, 0, 0x1c], "ftypavif"))).toBe("avif");
    expect(pictureTypeOf(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe("svg");
    expect(pictureTypeOf(bytes('\uFEFF<?xml version="1.0"?>\n<!-- drawn -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg>'))).toBe("svg");
  });

  it("knows nothing else as a picture", () => {
    for (const text of ["<html><body><svg></svg></body></html>", "<!DOCTYPE html><svg>", '{"code":200}', "", "GIF", "RIFF0000WAVE"]) expect(pictureTypeOf(bytes(text)), text).toBeUndefined();
    expect(pictureTypeOf(bytes([0, 0, 0, 0x1c], "ftypmp42"))).toBeUndefined();
  });
});
