#!/usr/bin/env node
// Runs one TypeScript file of the project (scripts, benchmarks) through tsx.
import { register } from "tsx/esm/api";
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

const [file, ...rest] = process.argv.slice(2);
if (!file) {
  console.error("usage: node bin/run-ts.mjs FILE.ts [args...]");
  process.exit(2);
}
process.argv = [process.argv[0], resolve(file), ...rest];
register();
await import(pathToFileURL(resolve(file)).href);
