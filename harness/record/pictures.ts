/**
 * The pictures a recording keeps (harness/recording/pictures.ts): the recorder hands each recorded
 * reply here once it is written, and each picture address in it is fetched once, in the background
 * (the member's reply went out before), a few at a time. What is kept is what a browser would show:
 * a 200 that says it is a picture and whose bytes are one of the kept types, within the caps of one
 * picture and of all; it goes into the recording's folder named by the SHA-256 of its bytes, and the
 * index says which address it was at. Anything else is said once in the recorder's log and its
 * address left as recorded.
 *
 * Which addresses are pictures: those under a field whose name says picture (image, logo, icon,
 * banner, ...), those whose path ends as a picture's file does, and an `<img src>` in a text. An
 * avatar is the member's own picture (personal data by contract, core/api/personal.ts): never
 * fetched, whatever the replies hold (docs/decisions/).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
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
} from "#harness/recording";

/** A field that names a picture; an avatar's is left out before this is asked. */
const PICTURE_FIELD = /image|img|pic|icon|logo|banner|cover|thumb|photo|poster|background/i;
/** The member's own picture: never fetched. */
const AVATAR_FIELD = /avatar|headimg|head_img|portrait/i;
/** A path that ends as a picture's file does. */
const PICTURE_PATH = /\.(png|jpe?g|gif|webp|avif|svg)$/i;
/** Just before an address: an `<img src=` of a text that holds HTML. */
const IMG_SRC_BEFORE = /src\s*=\s*["']?$/i;

const FETCH_TIMEOUT_MS = 10_000;
const AT_ONCE = 4;

/**
 * The picture addresses a reply body holds, as written: each at most once, none of an avatar's
 * field, none with a placeholder in it (the recorder's `<redacted:…>`: not an address any more).
 */
export function pictureUrls(body: unknown): string[] {
  const found = new Set<string>();
  const visit = (value: unknown, field: string) => {
    if (typeof value === "string") {
      if (AVATAR_FIELD.test(field)) return;
      for (const match of value.matchAll(ABSOLUTE_URL)) {
        const url = match[0];
        const end = match.index + url.length;
        if (value[end] === "<" || url.length > MAX_PICTURE_URL_CHARS) continue;
        let path: string;
        try {
          path = new URL(url).pathname;
        } catch {
          continue;
        }
        if (PICTURE_FIELD.test(field) || PICTURE_PATH.test(path) || IMG_SRC_BEFORE.test(value.slice(Math.max(0, match.index - 16), match.index))) found.add(url);
      }
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, field);
    } else if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) visit(item, key);
    }
  };
  visit(body, "");
  return [...found];
}

export interface PictureKeepOptions {
  /** The recording's folder: the pictures go to its `pictures/`. */
  dir: string;
  /** Where a picture not kept is said (the recorder's log). */
  problem(line: string): void;
  fetch?: typeof fetch;
  /** The caps (harness/recording/pictures.ts); smaller in tests. */
  maxBytes?: number;
  maxTotalBytes?: number;
  maxPictures?: number;
}

/** Why a picture was not kept, said in the log. */
class NotKept extends Error {}

export class PictureKeep {
  private readonly folder: string;
  private readonly index = new Map<string, string>();
  /** Every address handed in, kept or not: each is fetched once. */
  private readonly seen = new Set<string>();
  private readonly waiting: string[] = [];
  private readonly running = new Set<Promise<void>>();
  private totalBytes = 0;
  private notKept = 0;
  private fullSaid = false;
  private readonly fetch: typeof fetch;
  private readonly maxBytes: number;
  private readonly maxTotalBytes: number;
  private readonly maxPictures: number;

  constructor(private readonly options: PictureKeepOptions) {
    this.folder = join(options.dir, PICTURES_FOLDER);
    this.fetch = options.fetch ?? fetch;
    this.maxBytes = options.maxBytes ?? MAX_PICTURE_BYTES;
    this.maxTotalBytes = options.maxTotalBytes ?? MAX_PICTURES_BYTES;
    this.maxPictures = options.maxPictures ?? MAX_PICTURES;
    this.readIndex();
  }

  /** How many pictures the index holds, and their bytes (each file once). */
  get size(): { pictures: number; bytes: number } {
    return { pictures: this.index.size, bytes: this.totalBytes };
  }

  /** The index as written: each address and its file. */
  entries(): Record<string, string> {
    return Object.fromEntries([...this.index].sort(([a], [b]) => a.localeCompare(b)));
  }

  /** Starts keeping the pictures a written reply points at; never waits for them. */
  keepFrom(body: unknown): void {
    for (const url of pictureUrls(body)) {
      if (this.seen.has(url)) continue;
      this.seen.add(url);
      this.waiting.push(url);
    }
    this.next();
  }

  /** Resolves once every picture handed in so far is kept or said not to be. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }

  /** What was kept, in one phrase; empty when no reply pointed at a picture. */
  summary(): string {
    if (this.seen.size === 0) return "";
    return `${this.index.size} picture${this.index.size === 1 ? "" : "s"} kept (${Math.ceil(this.totalBytes / 1024)} KB)${this.notKept > 0 ? `, ${this.notKept} not` : ""}`;
  }

  private next(): void {
    while (this.running.size < AT_ONCE && this.waiting.length > 0) {
      const url = this.waiting.shift()!;
      const run: Promise<void> = this.keep(url)
        .catch((error: unknown) => {
          this.notKept += 1;
          if (error instanceof NotKept && error.message === "") return;
          this.options.problem(`picture not kept: ${url}: ${error instanceof Error ? error.message : String(error)}; the replies keep its address`);
        })
        .finally(() => {
          this.running.delete(run);
          this.next();
        });
      this.running.add(run);
    }
  }

  private async keep(url: string): Promise<void> {
    if (this.index.has(url)) return;
    this.roomFor(0);
    let reply: Response;
    try {
      // No redirect followed, as the mall's picture route follows none: what it would not show is not kept.
      reply = await this.fetch(url, { redirect: "manual", headers: { accept: "image/*" }, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    } catch (error) {
      throw new NotKept(`could not be fetched (${(error as Error).message})`);
    }
    if (reply.status !== 200) {
      await reply.body?.cancel();
      throw new NotKept(`the host answered ${reply.status}`);
    }
    const declared = (reply.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
    if (!Object.values(PICTURE_TYPES).some((type) => type === declared)) {
      await reply.body?.cancel();
      throw new NotKept(`not a picture (${declared || "no Content-Type"})`);
    }
    const bytes = await this.read(reply);
    const type = pictureTypeOf(bytes);
    if (!type) throw new NotKept(`its bytes are not a picture (it says ${declared})`);
    const file = `${createHash("sha256").update(bytes).digest("hex")}.${type}`;
    const path = join(this.folder, file);
    if (!existsSync(path)) {
      this.roomFor(bytes.length);
      mkdirSync(this.folder, { recursive: true });
      writeFileSync(`${path}.part`, bytes);
      renameSync(`${path}.part`, path);
      this.totalBytes += bytes.length;
    }
    this.index.set(url, file);
    this.writeIndex();
  }

  /** Refuses a picture of `bytes` more when the recording's pictures are at their cap; said once. */
  private roomFor(bytes: number): void {
    if (this.index.size < this.maxPictures && this.totalBytes + bytes <= this.maxTotalBytes) return;
    if (this.fullSaid) throw new NotKept("");
    this.fullSaid = true;
    throw new NotKept(`the recording's pictures are at their cap (${this.maxPictures} pictures, ${Math.floor(this.maxTotalBytes / 1024 / 1024)} MiB in all): no further picture is kept this session`);
  }

  /** The reply's bytes, refused past the cap of one picture without reading further. */
  private async read(reply: Response): Promise<Uint8Array> {
    const tooLarge = () => new NotKept(`larger than ${Math.floor(this.maxBytes / 1024)} KB`);
    if (Number(reply.headers.get("content-length") ?? 0) > this.maxBytes) {
      await reply.body?.cancel();
      throw tooLarge();
    }
    const chunks: Uint8Array[] = [];
    let length = 0;
    const reader = reply.body?.getReader();
    if (!reader) return new Uint8Array();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      length += value.length;
      if (length > this.maxBytes) {
        await reader.cancel();
        throw tooLarge();
      }
      chunks.push(value);
    }
    return Buffer.concat(chunks);
  }

  /** A folder recorded into before keeps its pictures: its index is read, and added to. */
  private readIndex(): void {
    const path = join(this.folder, PICTURE_INDEX_FILE);
    if (!existsSync(path)) return;
    let parsed;
    try {
      parsed = PictureIndexSchema.safeParse(JSON.parse(readFileSync(path, "utf8")));
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success) {
      this.options.problem(`${PICTURES_FOLDER}/${PICTURE_INDEX_FILE} is not a pictures index: a new one replaces it`);
      return;
    }
    const files = new Set<string>();
    for (const [url, file] of Object.entries(parsed.data.pictures)) {
      if (!existsSync(join(this.folder, file))) continue;
      this.index.set(url, file);
      files.add(file);
    }
    for (const file of files) this.totalBytes += statSync(join(this.folder, file)).size;
  }

  private writeIndex(): void {
    const path = join(this.folder, PICTURE_INDEX_FILE);
    writeFileSync(`${path}.part`, `${JSON.stringify({ pictures: this.entries() }, null, 2)}\n`);
    renameSync(`${path}.part`, path);
  }
}
