/**
 * `mcoin --help` starts fast because the bundle's entry chunk holds only what commander needs to
 * describe the commands: each command's file (cli/commands/**) imports commander and a few light
 * modules statically, and loads what its action runs (zod, undici, the app's clients, the sandbox)
 * with `await import(...)` inside the action. Checked on the build itself, as `npm run build` makes it,
 * not by timing it: a heavy import that creeps into a command's file (or a light module it uses)
 * fails here.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Metafile } from "esbuild";
import { cliBuildOptions } from "../scripts/cli-bundle.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** What the command files may share statically: commander's descriptions, the printer, the error type. */
const LIGHT = [
  "cli/errors.ts",
  "cli/flags.ts",
  "cli/member.ts",
  "cli/options.ts",
  "cli/program.ts",
  "cli/terminal-text.ts",
  "core/api/vocabulary.ts",
  "core/environments.ts",
  "harness/errors/harness-error.ts",
  "harness/errors/index.ts",
];

/** Some of what the commands load when they run: the shared context, the engines of record and replay, the bridge's runner, the registry, the sandbox. */
const HEAVY = [
  "cli/context.ts",
  "cli/run-as-member.ts",
  "cli/sandbox-control.ts",
  "harness/record/recorder.ts",
  "harness/replay/replayer.ts",
  "cli/bridge/runner.ts",
  "core/api/registry.ts",
  "sandbox/server.ts",
];

/** Every command's file, as cli/commands/ holds them. */
const COMMAND_FILES = readdirSync(join(ROOT, "cli/commands"), { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".ts"))
  .map((file) => `cli/commands/${file.split("\\").join("/")}`)
  .sort();

/** What the entry chunk loads before any command runs: itself and the chunks it imports statically. */
interface StaticClosure {
  chunks: string[];
  /** Packages and built-ins imported by those chunks. */
  externals: string[];
  /** Source files bundled into those chunks. */
  inputs: string[];
}

function staticClosure(metafile: Metafile, entry: string): StaticClosure {
  const chunks = new Set([entry]);
  const externals = new Set<string>();
  const inputs = new Set<string>();
  const queue = [entry];
  for (let chunk = queue.shift(); chunk !== undefined; chunk = queue.shift()) {
    const output = metafile.outputs[chunk];
    for (const input of Object.keys(output.inputs)) inputs.add(input);
    for (const imported of output.imports) {
      if (imported.kind !== "import-statement") continue;
      if (imported.external) externals.add(imported.path);
      else if (!chunks.has(imported.path)) {
        chunks.add(imported.path);
        queue.push(imported.path);
      }
    }
  }
  return { chunks: [...chunks], externals: [...externals].sort(), inputs: [...inputs].sort() };
}

let outdir: string;
let metafile: Metafile;
let entry: string;

beforeAll(async () => {
  outdir = mkdtempSync(join(tmpdir(), "mcoin-start-"));
  // The bundle's build (scripts/cli-bundle.mjs), into a temporary folder.
  const result = await build({ ...cliBuildOptions({ root: ROOT, outdir }), logLevel: "silent" });
  metafile = result.metafile;
  const found = Object.entries(metafile.outputs).find(([, output]) => output.entryPoint === "cli/index.ts");
  if (!found) throw new Error("the build has no entry chunk for cli/index.ts");
  entry = found[0];
}, 60_000);

afterAll(() => {
  if (outdir) rmSync(outdir, { recursive: true, force: true });
});

describe("mcoin's start", () => {
  it("the entry chunk statically imports no package but commander (and node: built-ins)", () => {
    const { externals } = staticClosure(metafile, entry);
    expect(externals).toContain("commander");
    expect(externals.filter((name) => name !== "commander" && !name.startsWith("node:"))).toEqual([]);
  });

  it("the entry chunk bundles every command's file and, besides them, only the light modules they share", () => {
    const { inputs } = staticClosure(metafile, entry);
    expect(inputs.filter((input) => input.startsWith("cli/commands/"))).toEqual(COMMAND_FILES);
    expect(inputs.filter((input) => input !== "cli/index.ts" && !input.startsWith("cli/commands/") && !LIGHT.includes(input))).toEqual([]);
  });

  it("what the commands run is in the build, in chunks loaded by dynamic imports only", () => {
    const { chunks } = staticClosure(metafile, entry);
    const lazy = new Set(Object.entries(metafile.outputs).flatMap(([file, output]) => (chunks.includes(file) ? [] : Object.keys(output.inputs))));
    for (const module of HEAVY) expect(lazy, module).toContain(module);
    // Not vacuous: the heavy packages are in the build, only not on the way to --help.
    const all = new Set(Object.values(metafile.outputs).flatMap((output) => output.imports.filter((imported) => imported.external).map((imported) => imported.path)));
    for (const name of ["zod", "undici", "microdiff", "jsonpath-plus"]) expect([...all], name).toContain(name);
  });
});
