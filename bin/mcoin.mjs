#!/usr/bin/env node
// The mcoin CLI. It runs from a bundle (.cache/mcoin-cli.mjs) that esbuild makes from cli/index.ts:
// compiling the TypeScript at every start costs about a second, the bundle a fraction of that. The
// bundle is rebuilt whenever a source it was made from changed (their modification times are kept
// beside it), so `npx mcoin` works in a fresh clone and after any edit; without esbuild (a
// production install) the sources run through tsx as before.
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { join } from "node:path";
import { cliBuildOptions } from "./cli-build.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
// One level below the root, as the sources are: their `new URL("..", import.meta.url)` is the root.
const bundle = join(root, ".cache", "mcoin-cli.mjs");
const inputsFile = join(root, ".cache", "mcoin-cli.inputs.json");

/** Whether the bundle was made from the sources as they are now. */
function fresh() {
  try {
    const { builtAt, inputs } = JSON.parse(readFileSync(inputsFile, "utf8"));
    if (!existsSync(bundle)) return false;
    for (const input of inputs) if (statSync(join(root, input)).mtimeMs > builtAt) return false;
    return true;
  } catch {
    return false;
  }
}

async function rebuild() {
  let esbuild;
  try {
    esbuild = await import("esbuild");
  } catch {
    return false;
  }
  const builtAt = Date.now();
  // Built aside, then each file renamed into .cache/ (the entry last): a command starting meanwhile
  // reads the old bundle or the new one, never half of one. Chunks sit beside the entry, one level
  // below the root like the sources, and load only when a command needs them (the sandbox's msw).
  const aside = join(root, ".cache", `.mcoin-cli-${process.pid}`);
  const result = await esbuild.build(cliBuildOptions({ root, outdir: aside }));
  for (const file of readdirSync(aside).sort((a, b) => Number(a === "mcoin-cli.mjs") - Number(b === "mcoin-cli.mjs"))) {
    renameSync(join(aside, file), join(root, ".cache", file));
  }
  rmSync(aside, { recursive: true, force: true });
  const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.startsWith("node_modules/"));
  writeFileSync(`${inputsFile}.${process.pid}.tmp`, JSON.stringify({ builtAt, inputs }));
  renameSync(`${inputsFile}.${process.pid}.tmp`, inputsFile);
  return true;
}

if (process.env.MCOIN_CLI_FROM_SOURCE !== "1" && (fresh() || (await rebuild().catch(() => false)))) {
  await import(pathToFileURL(bundle).href);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import("../cli/index.ts");
}
