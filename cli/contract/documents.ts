/**
 * The contract's documents as docs/contract/ keeps them: each file, how it is made, and the command
 * that writes it. `mcoin contract` writes them; cli/contract/committed.test.ts fails when a committed
 * copy differs from what the code generates now, naming the command to run.
 */
import diff from "microdiff";
import { terminalJson } from "../terminal-text";
import { JSON_SCHEMAS } from "./json-schema";
import type { Json } from "./json";
import { controlsDocument } from "./controls-openapi";
import { apiDocument } from "./openapi";

export const CONTRACT_DIR = "docs/contract";

export interface ContractFile {
  /** Its name under docs/contract/. */
  readonly file: string;
  /** The command that writes it there. */
  readonly command: string;
  readonly generate: () => Json | Promise<Json>;
}

export const CONTRACT_FILES: readonly ContractFile[] = [
  { file: "openapi.json", command: `npx mcoin contract openapi --out ${CONTRACT_DIR}/openapi.json`, generate: apiDocument },
  { file: "controls.openapi.json", command: `npx mcoin contract openapi --controls --out ${CONTRACT_DIR}/controls.openapi.json`, generate: controlsDocument },
  ...Object.entries(JSON_SCHEMAS).map(([file, generate]) => ({ file, command: `npx mcoin contract json-schema --out ${CONTRACT_DIR}`, generate })),
];

/** A document as the CLI writes it, to a file or to stdout: indented JSON and a final line break. */
export function documentText(document: unknown): string {
  return `${terminalJson(document, 2)}\n`;
}

/**
 * Why a committed copy is not what the code generates now, or null when it is: compared as JSON
 * values, so formatting is free, and the first differences named by their JSON path.
 */
export async function staleness(contract: ContractFile, committed: string | undefined): Promise<string | null> {
  const where = `${CONTRACT_DIR}/${contract.file}`;
  const update = `run \`${contract.command}\` and commit it`;
  if (committed === undefined) return `${where} is missing: ${update}`;
  let kept: unknown;
  try {
    kept = JSON.parse(committed);
  } catch {
    return `${where} is not JSON: ${update}`;
  }
  const now = JSON.parse(documentText(await contract.generate())) as Json;
  const differences = diff(kept as Json, now);
  if (differences.length === 0) return null;
  const shown = differences.slice(0, 5).map((difference) => `${difference.type} ${difference.path.join(".")}`);
  return `${where} differs from what the code generates now (${differences.length} ${differences.length === 1 ? "difference" : "differences"}: ${shown.join(", ")}${differences.length > shown.length ? ", …" : ""}): ${update}`;
}
