/**
 * A recording folder written as a WireMock root (`mcoin stubs from-recording DIR --out ROOT`):
 * `ROOT/mappings/*.json` and `ROOT/__files/` (./mappings.ts says what goes in them). The recording is
 * outside input (a folder someone shared): it is read within the recording limits, its pictures are
 * checked as a served recording checks them, and no name from it reaches the file system but through
 * a check that it is a plain file name in the folder it is written to.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import { HarnessError, usageError } from "#harness/errors";
import { PICTURES_FOLDER, PICTURE_INDEX_FILE, PictureIndexSchema, loadRecordings } from "#harness/recording";
import { readRedaction } from "#harness/redaction";
import { RecordedPictures } from "#harness/serve";
import { wireMockRoot, type KeptPicture } from "./mappings";

export const MAPPINGS_FOLDER = "mappings";
export const FILES_FOLDER = "__files";

export interface WrittenRoot {
  /** The root written. */
  out: string;
  /** Paths written, relative to the root (`mappings/…`, `__files/…`). */
  mappings: string[];
  files: string[];
  /** What was left out and why (a HAR's copies, the sandbox's control calls, sealed secure calls). */
  notes: string[];
}

/** A file's name as it may be written: no folder, no `..`, nothing but letters, digits, `.`, `_` and `-`. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/**
 * Writes the mappings of the recordings in `from` (a folder or one file) into `out`. An `out` that
 * holds anything is refused unless `force`, which empties its `mappings/` and `__files/` (only those).
 */
export async function writeWireMockRoot(from: string, out: string, options: { force?: boolean } = {}): Promise<WrittenRoot> {
  const loaded = loadRecordings(from, readRedaction);
  const pictures = await keptPictures(statSync(from).isDirectory() ? from : resolve(from, ".."));
  const root = wireMockRoot(loaded.recordings, pictures);
  prepare(out, options.force === true);
  const written: WrittenRoot = { out, mappings: [], files: [], notes: [...loaded.notes, ...root.leftOut.map((why) => `left out ${why}`)] };
  for (const { file, mapping } of root.mappings) written.mappings.push(writeInto(out, MAPPINGS_FOLDER, file, `${JSON.stringify(mapping, null, 2)}\n`));
  for (const { file, bytes } of root.files) written.files.push(writeInto(out, FILES_FOLDER, file, bytes));
  return written;
}

/** The pictures a recording folder kept, each checked against its name (harness/serve/pictures.ts); none when it kept none. */
async function keptPictures(dir: string): Promise<KeptPicture[]> {
  const checked = RecordedPictures.read(dir);
  if (!checked) return [];
  // Read whole and checked above; the index is read again only for its entries.
  const index = PictureIndexSchema.parse(JSON.parse(readFileSync(join(dir, PICTURES_FOLDER, PICTURE_INDEX_FILE), "utf8")));
  const kept: KeptPicture[] = [];
  for (const [url, file] of Object.entries(index.pictures)) {
    const picture = await checked.picture(file);
    if (picture) kept.push({ url, file, bytes: picture.bytes });
  }
  return kept;
}

function prepare(out: string, force: boolean): void {
  let entries: string[] = [];
  if (existsSync(out)) {
    if (!statSync(out).isDirectory()) throw usageError(`--out ${out} is a file, not a folder`);
    entries = readdirSync(out);
  }
  if (entries.length > 0 && !force)
    throw usageError(`--out ${out} is not empty: refused, so nothing in it is overwritten`, "give an empty or new folder, or --force to replace its mappings/ and __files/");
  try {
    for (const folder of [MAPPINGS_FOLDER, FILES_FOLDER]) {
      rmSync(join(out, folder), { recursive: true, force: true });
      mkdirSync(join(out, folder), { recursive: true });
    }
  } catch (error) {
    throw new HarnessError("WRITE_FAILED", `could not write into ${out}: ${(error as Error).message}`, { exitCode: 2 });
  }
}

/** Writes one file into `out/folder`, its name checked; the path written, relative to `out`. */
function writeInto(out: string, folder: string, name: string, data: string | Uint8Array): string {
  const dir = resolve(out, folder);
  const path = resolve(dir, name);
  if (!SAFE_NAME.test(name) || name.includes("..") || !path.startsWith(`${dir}${sep}`))
    throw new HarnessError("UNSAFE_NAME", `refused to write ${JSON.stringify(name)}: not a plain file name`, { exitCode: 1 });
  try {
    // `wx`: never over a file already there (two mappings of one name, or a link planted in the folder).
    writeFileSync(path, data, { flag: "wx" });
  } catch (error) {
    throw new HarnessError("WRITE_FAILED", `could not write ${join(folder, name)} into ${out}: ${(error as Error).message}`, { exitCode: 2 });
  }
  return `${folder}/${name}`;
}
