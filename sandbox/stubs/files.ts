/**
 * Reads stub mappings from disk (`mcoin sandbox --stubs DIR`): a WireMock root (`DIR/mappings/`, with
 * the bodies of `bodyFileName` in `DIR/__files/`) or a folder of mapping files. Every `*.json` file
 * under it, in name order, holds one mapping or `{ "mappings": [...] }` as WireMock keeps them.
 *
 * Every file is read whole and every problem in it named (the file, the JSON path, what is wrong), so
 * an author fixes a folder in one pass. A file with a problem is left out whole: half a file's stubs
 * would answer what its author meant the rest to answer. Whether that stops the start
 * (`--strict-stubs`) or is a warning is the caller's choice (sandbox/index.ts).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { parseStubFile, type MappingProblem, type StubMapping } from "#core/controls/stubs";

export interface StubFile {
  /** The file, relative to the folder of mappings. */
  source: string;
  mappings: StubMapping[];
}

/** A problem of one file: the file (relative to the folder), where in it, what is wrong. */
export interface StubFileProblem extends MappingProblem {
  file: string;
}

export interface StubFolder {
  /** The files that loaded, every mapping in each. */
  files: StubFile[];
  /** Every problem of every file left out. */
  problems: StubFileProblem[];
  /** WireMock's `__files/` beside `mappings/`, when the folder is a root that has one. */
  filesDir?: string;
}

/** One problem as a line: `file: path: message`. */
export function problemLine(problem: StubFileProblem): string {
  return `${problem.file}: ${problem.path ? `${problem.path}: ` : ""}${problem.message}`;
}

export class StubFileError extends Error {
  constructor(readonly problems: readonly StubFileProblem[]) {
    super(problems.map(problemLine).join("\n"));
    this.name = "StubFileError";
  }
}

/** A WireMock root or a folder of mappings, each file's problems named; throws only when `dir` is no folder. */
export function loadStubFolder(dir: string): StubFolder {
  if (!isFolder(dir)) throw new StubFileError([{ file: dir, path: "", message: existsSync(dir) ? "not a folder of mapping files" : "no such folder" }]);
  const root = isFolder(join(dir, "mappings"));
  const mappingsDir = root ? join(dir, "mappings") : dir;
  const filesDir = root && isFolder(join(dir, "__files")) ? join(dir, "__files") : undefined;
  const paths = readdirSync(mappingsDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".json"))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  const files: StubFile[] = [];
  const problems: StubFileProblem[] = [];
  for (const path of paths) {
    const read = readStubFile(path, relative(mappingsDir, path));
    if ("problems" in read) problems.push(...read.problems);
    else files.push(read);
  }
  return { files, problems, ...(filesDir ? { filesDir } : {}) };
}

/** A folder's files, or a StubFileError naming every problem of every file. */
export function readStubFolder(dir: string): StubFile[] {
  const { files, problems } = loadStubFolder(dir);
  if (problems.length > 0) throw new StubFileError(problems);
  return files;
}

/** One mapping file, or every problem in it. */
export function readStubFile(path: string, source = path): StubFile | { problems: StubFileProblem[] } {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    return { problems: [{ file: source, path: "", message: `not JSON (${(error as Error).message})` }] };
  }
  const parsed = parseStubFile(raw);
  return parsed.ok ? { source, mappings: parsed.mappings } : { problems: parsed.problems.map((problem) => ({ file: source, ...problem })) };
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
