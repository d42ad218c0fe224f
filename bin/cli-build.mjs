// How the mcoin CLI is bundled (esbuild): one entry, split into chunks so a command's code loads only
// when it runs, the packages left to node_modules. bin/mcoin.mjs builds with it; cli/start.test.ts
// builds the same way to check what `--help` loads.

/**
 * esbuild's options for the CLI bundle, written to `outdir` (the entry: mcoin-cli.mjs).
 * @param {{ root: string, outdir: string }} where
 * @returns {import("esbuild").BuildOptions & { metafile: true }}
 */
export function cliBuildOptions({ root, outdir }) {
  return {
    absWorkingDir: root,
    entryPoints: { "mcoin-cli": "cli/index.ts" },
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    outdir,
    chunkNames: "mcoin-cli-[name]-[hash]",
    outExtension: { ".js": ".mjs" },
    metafile: true,
    logLevel: "warning",
  };
}
