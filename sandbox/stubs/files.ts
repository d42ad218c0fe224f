/**
 * Reads a folder of stub mappings (`mcoin sandbox --stubs DIR`): every `*.json` file under it, in
 * name order, each one mapping or `{ "mappings": [...] }` as WireMock keeps them in its `mappings/`
 * folder. A file that is not JSON, or a mapping outside the subset the sandbox serves
 * (core/controls/stubs.ts), stops the start with the file and the field named: a stub skipped in
 * silence would leave the sandbox answering what its author meant to stub.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { StubFileSchema, mappingsOf, type StubMapping } from "#core/controls/stubs";

export interface StubFile {
  /** The file, relative to the folder. */
  source: string;
  mappings: StubMapping[];
}

export class StubFileError extends Error {
  constructor(
    readonly file: string,
    readonly field: string,
    message: string,
  ) {
    super(`${file}: ${field ? `${field}: ` : ""}${message}`);
    this.name = "StubFileError";
  }
}

export function readStubFolder(dir: string): StubFile[] {
  let stat;
  try {
    stat = statSync(dir);
  } catch {
    throw new StubFileError(dir, "", "no such folder");
  }
  if (!stat.isDirectory()) throw new StubFileError(dir, "", "not a folder of mapping files");
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".json"))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  return files.map((file) => readStubFile(file, relative(dir, file)));
}

export function readStubFile(file: string, source = file): StubFile {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new StubFileError(source, "", `not JSON (${(error as Error).message})`);
  }
  const parsed = StubFileSchema.safeParse(raw);
  if (!parsed.success) {
    // The union reports its first branch's issues for a file with `mappings`, its second's otherwise.
    const issue = parsed.error.issues[0];
    const nested = issue?.code === "invalid_union" ? (issue.errors.find((branch) => branch.length > 0)?.[0] ?? issue) : issue;
    throw new StubFileError(source, nested?.path.join(".") ?? "", describe(nested));
  }
  return { source, mappings: mappingsOf(parsed.data) };
}

function describe(issue: { code?: string; message?: string; keys?: string[] } | undefined): string {
  if (!issue) return "not a stub mapping";
  if (issue.code === "unrecognized_keys" && issue.keys) return `${issue.keys.join(", ")} ${issue.keys.length === 1 ? "is" : "are"} outside the mapping format the sandbox serves (docs/stubs.md)`;
  return issue.message ?? "not a stub mapping";
}
