/** Reading a saved transcript (`mcoin bridge --out`) or an expectations file, as usage errors when they are not. */
import { existsSync, readFileSync } from "node:fs";
import { z } from "zod";
import { usageError } from "../errors";
import type { Transcript } from "./transcript";

export function readJson(file: string): unknown {
  if (!existsSync(file)) throw usageError(`${file} does not exist`);
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw usageError(`${file} is not JSON: ${(error as Error).message}`);
  }
}

const TranscriptFileSchema = z.object({ entries: z.array(z.record(z.string(), z.unknown())), final: z.object({ path: z.string(), text: z.string() }) }).passthrough();

export function readTranscript(file: string): Transcript {
  const parsed = TranscriptFileSchema.safeParse(readJson(file));
  if (!parsed.success) throw usageError(`${file} is not a bridge transcript (written by mcoin bridge --out)`);
  return parsed.data as unknown as Transcript;
}
