#!/usr/bin/env node
// The mcoin CLI. It runs from the bundle that `npm run build` and an install make (.cache/, by
// scripts/cli-bundle.mjs): compiling the TypeScript at every start costs about a second, the bundle
// a fraction of that. When the bundle is missing, or older than a source it was made from (a fresh
// clone installed without scripts, an edit since the last build), the sources run through tsx
// instead: slower to start, never out of date. MCOIN_CLI_FROM_SOURCE=1 asks for the sources.
import { fileURLToPath, pathToFileURL } from "node:url";
import { freshCliBundle } from "../scripts/cli-bundle.mjs";

const bundle = process.env.MCOIN_CLI_FROM_SOURCE === "1" ? undefined : freshCliBundle(fileURLToPath(new URL("..", import.meta.url)));
if (bundle) {
  await import(pathToFileURL(bundle).href);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import("../cli/index.ts");
}
