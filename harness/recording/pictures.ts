/**
 * The pictures a recording keeps, declared once: `mcoin record` fetches the pictures its recorded
 * replies point at and keeps each in the recording's folder under `pictures/`, named by the SHA-256 of
 * its bytes (the same picture at two addresses is kept once), with an index from each address as the
 * replies hold it to its file (`pictures/index.json`, PictureIndexSchema); `mcoin sandbox --recordings`
 * serves them and points the replies at them. The index sits in a folder of its own so that a reader of
 * the recording's `.json` files (./files.ts) never takes it for a recording. Published as
 * docs/contract/pictures.schema.json (`mcoin contract json-schema`).
 */
import { z } from "zod";

/** The folder of a recording's pictures, and its index there. */
export const PICTURES_FOLDER = "pictures";
export const PICTURE_INDEX_FILE = "index.json";

/** The most bytes of one picture kept, as the mall's picture route brings (app/server/pictures.server.ts). */
export const MAX_PICTURE_BYTES = 2 * 1024 * 1024;
/** The most bytes of all of a recording's pictures together. */
export const MAX_PICTURES_BYTES = 64 * 1024 * 1024;
/** The most pictures one recording keeps, whatever their size. */
export const MAX_PICTURES = 4096;
/** The longest address kept, as the mall's picture route brings. */
export const MAX_PICTURE_URL_CHARS = 2048;

/** The picture types kept (those a browser shows in an `<img>`), by the extension of their file. */
export const PICTURE_TYPES = {
  png: "image/png",
  jpg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  svg: "image/svg+xml",
} as const;
export type PictureExtension = keyof typeof PICTURE_TYPES;

/** An absolute http(s) address in a text: it ends where JSON, HTML or CSS would end it, and before a sentence's last stop. */
export const ABSOLUTE_URL = /https?:\/\/[^\s"'<>()\\`]*[^\s"'<>()\\`.,;:!?]/g;

export const PictureFileSchema = z
  .string()
  .regex(/^[0-9a-f]{64}\.(png|jpg|gif|webp|avif|svg)$/, "a picture's file: the SHA-256 of its bytes in hex and its type's extension")
  .describe("The picture's file in the pictures folder: the SHA-256 of its bytes (lower-case hex) and the extension of its type (png, jpg, gif, webp, avif, svg).");

export const PictureUrlSchema = z
  .string()
  .max(MAX_PICTURE_URL_CHARS)
  .regex(/^https?:\/\/[^\s"'<>()\\`]+$/, "an absolute http(s) address")
  .describe("A picture's address as the recorded replies hold it.");

export const PictureIndexSchema = z
  .object({
    pictures: z.record(PictureUrlSchema, PictureFileSchema).describe("Each picture's address as the recorded replies hold it, and the file it is kept in; several addresses may share a file."),
  })
  .strict()
  .describe("The pictures a recording keeps (pictures/index.json in the recording's folder): what `mcoin record` wrote and `mcoin sandbox --recordings` serves.");
export type PictureIndex = z.infer<typeof PictureIndexSchema>;

/** The index as a JSON Schema (draft 2020-12), written to docs/contract/pictures.schema.json. */
export function pictureIndexJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(PictureIndexSchema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => signature.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** An SVG document's start: an XML declaration, comments and a doctype may come before `<svg`. */
const SVG_START = /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE\s+svg[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i;

/**
 * What type of picture the bytes are, by their own signature rather than by what a server says, or
 * undefined when they are none of the kept types.
 */
export function pictureTypeOf(bytes: Uint8Array): PictureExtension | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpg";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  if (startsWith(bytes, ascii("ftyp"), 4) && (startsWith(bytes, ascii("avif"), 8) || startsWith(bytes, ascii("avis"), 8))) return "avif";
  if (SVG_START.test(Buffer.from(bytes.subarray(0, 4096)).toString("utf8"))) return "svg";
  return undefined;
}
