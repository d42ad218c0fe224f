/**
 * The pictures a recording kept (harness/recording/pictures.ts) as a served recording shows them: the
 * sandbox serves each under a path of its own (RECORDED_PICTURES_PATH), and a recorded reply on its
 * way out has each kept address rewritten to that path on the origin the request came to, so the
 * mall, whose gateway the sandbox is, brings them from its gateway's origin with no setting.
 *
 * The index is outside input (a recording folder someone shared): read whole and checked before
 * anything is served, and refused, naming the entry, when it is not the recorder's own: a name that
 * is not a hash and a type, a file that is missing, not a plain file, too large, or whose bytes are
 * not its name's hash or its type; more pictures or bytes than the recorder keeps.
 */
import { createHash } from "node:crypto";
import { existsSync, lstatSync, readFileSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parseBoundedJson } from "#core/http/bounded-json";
import { usageError } from "#harness/errors";
import {
  ABSOLUTE_URL,
  MAX_PICTURES,
  MAX_PICTURES_BYTES,
  MAX_PICTURE_BYTES,
  MAX_PICTURE_URL_CHARS,
  PICTURES_FOLDER,
  PICTURE_INDEX_FILE,
  PICTURE_TYPES,
  PictureIndexSchema,
  pictureTypeOf,
  type PictureExtension,
} from "#harness/recording";

/** Where the sandbox serves a served recording's pictures: `/static/recorded/<sha256>.<ext>`. */
export const RECORDED_PICTURES_PATH = "/static/recorded/";

/** A kept picture as served. */
export interface ServedPicture {
  bytes: Buffer;
  type: string;
}

export class RecordedPictures {
  private constructor(
    private readonly folder: string,
    private readonly byUrl: ReadonlyMap<string, string>,
    private readonly files: ReadonlySet<string>,
  ) {}

  /**
   * The pictures kept in a recording folder (`DIR/pictures/index.json`), undefined when it kept none;
   * a usage error naming the index and the entry when the index is not one the recorder wrote.
   */
  static read(dir: string): RecordedPictures | undefined {
    const folder = join(dir, PICTURES_FOLDER);
    const indexFile = join(folder, PICTURE_INDEX_FILE);
    if (!existsSync(indexFile)) return undefined;
    const refuse = (why: string) => usageError(`${indexFile} is refused: ${why}`, "delete the entry, or the pictures folder: the recording serves without its pictures");
    // The longest index the recorder writes: its most pictures at their longest addresses.
    if (statSync(indexFile).size > MAX_PICTURES * (MAX_PICTURE_URL_CHARS + 100)) throw refuse("it is larger than any index the recorder writes");
    const parsedJson = parseBoundedJson(readFileSync(indexFile, "utf8"));
    if (!parsedJson.ok) throw refuse(parsedJson.reason === "too-deep" ? "it nests too deep" : "it is not JSON");
    const parsed = PictureIndexSchema.safeParse(parsedJson.value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      // A key that is not an address says why in its own issue.
      const why = issue && "issues" in issue && Array.isArray(issue.issues) ? (issue.issues as { message: string }[])[0]?.message : undefined;
      throw refuse(`${issue?.path.map(String).join(".") || "(file)"}: ${why ?? issue?.message}`);
    }
    const entries = Object.entries(parsed.data.pictures);
    if (entries.length > MAX_PICTURES) throw refuse(`it lists ${entries.length} pictures, more than ${MAX_PICTURES}`);
    const files = new Set(entries.map(([, file]) => file));
    let bytes = 0;
    for (const file of files) {
      bytes += checkPicture(folder, file, refuse);
      if (bytes > MAX_PICTURES_BYTES) throw refuse(`its pictures are larger than ${MAX_PICTURES_BYTES / 1024 / 1024} MiB in all`);
    }
    return new RecordedPictures(folder, new Map(entries), files);
  }

  get size(): number {
    return this.files.size;
  }

  /** A value with every kept address in its texts rewritten to where the sandbox at `origin` serves it. */
  rewrite(value: unknown, origin: string): unknown {
    if (typeof value === "string") return value.replace(ABSOLUTE_URL, (url) => (this.byUrl.has(url) ? `${origin}${RECORDED_PICTURES_PATH}${this.byUrl.get(url)}` : url));
    if (Array.isArray(value)) return value.map((item) => this.rewrite(item, origin));
    if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, this.rewrite(item, origin)]));
    return value;
  }

  /** A kept picture by its file's name, undefined for any other name. */
  async picture(file: string): Promise<ServedPicture | undefined> {
    if (!this.files.has(file)) return undefined;
    const bytes = await readFile(join(this.folder, file));
    return { bytes, type: PICTURE_TYPES[file.slice(file.lastIndexOf(".") + 1) as PictureExtension] };
  }
}

/** A listed file as the recorder wrote it: a plain file of at most the cap, its bytes its name's hash and type. */
function checkPicture(folder: string, file: string, refuse: (why: string) => Error): number {
  const path = join(folder, file);
  let stat;
  try {
    stat = lstatSync(path);
  } catch {
    throw refuse(`${file} is listed but not there`);
  }
  if (!stat.isFile()) throw refuse(`${file} is not a plain file`);
  if (stat.size > MAX_PICTURE_BYTES) throw refuse(`${file} is larger than ${MAX_PICTURE_BYTES / 1024 / 1024} MiB`);
  const bytes = readFileSync(path);
  const [hash, extension] = file.split(".");
  if (createHash("sha256").update(bytes).digest("hex") !== hash) throw refuse(`${file}'s bytes are not the picture its name says (another SHA-256)`);
  if (pictureTypeOf(bytes) !== extension) throw refuse(`${file}'s bytes are not a ${extension} picture`);
  return bytes.length;
}
