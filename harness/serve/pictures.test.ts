/**
 * A served recording's pictures (./pictures.ts): the index read and checked (a hostile one refused,
 * naming what is wrong), the kept addresses rewritten to the sandbox's own path on the request's
 * origin, and only listed files served.
 */
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { HarnessError } from "#harness/errors";
import { RecordedPictures } from "./pictures";

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("a picture")]);
const NAME = `${createHash("sha256").update(PNG).digest("hex")}.png`;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "mcoin-served-pictures-"));
  mkdirSync(join(dir, "pictures"));
  writeFileSync(join(dir, "pictures", NAME), PNG);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const writeIndex = (pictures: unknown) => writeFileSync(join(dir, "pictures", "index.json"), typeof pictures === "string" ? pictures : JSON.stringify({ pictures }));

/** Why reading the folder's pictures was refused. */
function refusal(): HarnessError {
  try {
    RecordedPictures.read(dir);
  } catch (error) {
    return error as HarnessError;
  }
  throw new Error("not refused");
}

describe("reading the index", () => {
  it("is nothing for a folder that kept no pictures", () => {
    rmSync(join(dir, "pictures"), { recursive: true });
    expect(RecordedPictures.read(dir)).toBeUndefined();
  });

  it("reads the recorder's index: several addresses may share a file", async () => {
    writeIndex({ "https://cdn.example/a.png": NAME, "http://127.0.0.1:4010/static/offers/b.png": NAME });
    const pictures = RecordedPictures.read(dir)!;
    expect(pictures.size).toBe(1);
    expect(await pictures.picture(NAME)).toEqual({ bytes: PNG, type: "image/png" });
  });

  it("refuses a hostile or broken index, naming the index and what is wrong", () => {
    const cases: [unknown, string][] = [
      [{ "https://cdn.example/a.png": "../../../etc/passwd" }, "a picture's file"],
      [{ "https://cdn.example/a.png": `sub/${NAME}` }, "a picture's file"],
      [{ "https://cdn.example/a.png": "picture.png" }, "a picture's file"],
      [{ "javascript:alert(1)": NAME }, "an absolute http(s) address"],
      [{ "https://cdn.example/a.png": `${"0".repeat(64)}.png` }, `${"0".repeat(64)}.png is listed but not there`],
      [Object.fromEntries(Array.from({ length: 4097 }, (_, n) => [`https://cdn.example/${n}.png`, NAME])), "it lists 4097 pictures, more than 4096"],
      ["not json", "it is not JSON"],
      [`{"pictures":${"[".repeat(100)}${"]".repeat(100)}}`, "it nests too deep"],
    ];
    for (const [pictures, why] of cases) {
      writeIndex(pictures);
      const error = refusal();
      expect(error.exitCode, why).toBe(2);
      expect(error.message).toContain(join(dir, "pictures", "index.json"));
      expect(error.message).toContain(why);
    }
  });

  it("refuses a listed file that is not the recorder's: other bytes than its name's hash, not a picture, a link", () => {
    const other = `${createHash("sha256").update("other").digest("hex")}.png`;
    writeFileSync(join(dir, "pictures", other), PNG);
    writeIndex({ "https://cdn.example/a.png": other });
    expect(refusal().message).toContain("another SHA-256");

    const text = Buffer.from("#!/bin/sh\n");
    const script = `${createHash("sha256").update(text).digest("hex")}.png`;
    writeFileSync(join(dir, "pictures", script), text);
    writeIndex({ "https://cdn.example/a.png": script });
    expect(refusal().message).toContain("not a png picture");

    const elsewhere = join(dir, "elsewhere.png");
    writeFileSync(elsewhere, PNG);
    rmSync(join(dir, "pictures", NAME));
    symlinkSync(elsewhere, join(dir, "pictures", NAME));
    writeIndex({ "https://cdn.example/a.png": NAME });
    expect(refusal().message).toContain("not a plain file");
  });
});

describe("serving", () => {
  it("rewrites each kept address, wherever a text holds it, to the sandbox's path on the request's origin; leaves the rest", () => {
    writeIndex({ "https://cdn.example/a.png": NAME, "https://cdn.example/b": NAME });
    const pictures = RecordedPictures.read(dir)!;
    const served = `http://127.0.0.1:4711/static/recorded/${NAME}`;
    expect(
      pictures.rewrite(
        {
          code: 200,
          data: {
            image: "https://cdn.example/a.png",
            images: ["https://cdn.example/b", "https://cdn.example/not-kept.png"],
            description: '<img src="https://cdn.example/a.png"> and https://cdn.example/b.',
            count: 3,
            none: null,
          },
        },
        "http://127.0.0.1:4711",
      ),
    ).toEqual({
      code: 200,
      data: { image: served, images: [served, "https://cdn.example/not-kept.png"], description: `<img src="${served}"> and ${served}.`, count: 3, none: null },
    });
  });

  it("serves only the files the index lists", async () => {
    writeFileSync(join(dir, "pictures", "index.json.part"), "{}");
    writeIndex({ "https://cdn.example/a.png": NAME });
    const pictures = RecordedPictures.read(dir)!;
    for (const name of ["index.json", "index.json.part", `../pictures/${NAME}`, `${"0".repeat(64)}.png`]) expect(await pictures.picture(name)).toBeUndefined();
  });
});
