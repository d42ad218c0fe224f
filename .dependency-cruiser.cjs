/**
 * The layers' boundaries (docs/architecture.md, "Layers"), checked by `npm run lint`:
 * core imports only core; the sandbox only core, the harness and itself; the harness only core and
 * itself, each of its folders another only through that folder's index.ts, and so do all others;
 * the app never the sandbox, the harness or the CLI; the CLI never the app; what runs in the browser
 * never core/node; the inspector's page only core and itself; the sandbox's domain neither msw, HTTP,
 * its handlers nor its instruments; and no import cycles.
 */
/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "core-imports-only-core",
      comment: "core/ is what every layer shares: it may import only core/ (and packages).",
      severity: "error",
      from: { path: "^core/" },
      to: { path: "^(app|sandbox|harness|cli|server|bench|e2e|scripts|bin)/" },
    },
    {
      name: "sandbox-imports-only-core",
      comment: "The sandbox plays the gateway: it may import core/, the harness (through its folders' index.ts) and its own files, never the mall, the CLI or the server.",
      severity: "error",
      from: { path: "^sandbox/" },
      to: { path: "^(app|cli|server|bench|e2e|scripts)/" },
    },
    {
      name: "sandbox-domain-without-msw-or-http",
      comment: "sandbox/domain/ is the gateway's state and rules (docs/sandbox.md): no msw, no HTTP server or client (node:http, undici). The handlers turn requests into calls of the domain.",
      severity: "error",
      from: { path: "^sandbox/domain/" },
      to: { path: "^(msw|undici)(/|$)|(^|/)node_modules/(msw|undici)/|^(node:)?(http|https|http2)$" },
    },
    {
      name: "sandbox-domain-without-handlers-or-instruments",
      comment: "sandbox/domain/ never reaches for the handlers or the runtime instruments (clock, faults, log...): it declares the Clock it needs (sandbox/domain/clock.ts) and is handed one.",
      severity: "error",
      from: { path: "^sandbox/domain/" },
      to: { path: "^sandbox/(handlers|instruments)/" },
    },
    {
      name: "app-never-imports-sandbox",
      comment:
        "The mall talks to any gateway over HTTP; the sandbox is one of them, never a module of the mall. A test of the mall may answer its gateway calls with the sandbox in-process (sandbox/testing.ts).",
      severity: "error",
      from: { path: "^app/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^(sandbox|harness|cli|bench|e2e)/" },
    },
    {
      name: "harness-imports-only-core",
      comment:
        "The harness (record, replay, serve, redaction, the inspector's server half) is what the CLI and the sandbox share: it may import core/ and itself, never the CLI, the sandbox, the mall or the server; what it needs of them is passed in.",
      severity: "error",
      from: { path: "^harness/" },
      to: { path: "^(app|sandbox|cli|server|bench|e2e|scripts|bin|inspector|lib)/" },
    },
    {
      name: "harness-through-its-entry",
      comment: "A harness folder's index.ts is its public entry (#harness/NAME): the CLI, the sandbox and every other folder, another harness folder included, import it only there.",
      severity: "error",
      from: { path: "^(harness/[^/]+/|[^/]+/)", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^harness/", pathNot: ["^$1", "^harness/[^/]+/index\\.ts$"] },
    },
    {
      name: "harness-tests-through-its-entry",
      comment: "A test imports a harness folder of another's through its index.ts too, or its testing.ts (test support: the published schemas' validators).",
      severity: "error",
      from: { path: "^(harness/[^/]+/|[^/]+/).*\\.test\\.tsx?$" },
      to: { path: "^harness/", pathNot: ["^$1", "^harness/[^/]+/(index|testing)\\.ts$"] },
    },
    {
      name: "app-tests-use-the-sandbox-as-a-gateway",
      comment: "A test of the mall reaches the sandbox only as a gateway, through its in-process entry (sandbox/testing.ts), never its internals.",
      severity: "error",
      from: { path: "^app/.*\\.test\\.tsx?$" },
      to: { path: "^(sandbox/(?!testing\\.ts$)|harness/|cli/|bench/|e2e/)" },
    },
    {
      name: "cli-never-imports-app",
      comment: "The CLI reuses core/, not the mall's own code.",
      severity: "error",
      from: { path: "^cli/" },
      to: { path: "^app/" },
    },
    {
      name: "browser-never-imports-node-core",
      comment: "core/node/ is Node-only (node:crypto, undici, node-rsa): a module the browser loads must not import it. Server-only modules (*.server.ts, app/server/, resource routes' loaders) may.",
      severity: "error",
      from: { path: "^(app/(components|hooks|lib)/|app/root\\.tsx|app/entry\\.client\\.tsx|core/(?!node/))" },
      to: { path: "^core/node/" },
    },
    {
      name: "inspector-page-stays-in-the-browser",
      comment:
        "The traffic inspector's page (inspector/) runs in a browser and is built apart from the mall: it may import core/'s declarations (as types) and its own files, never the servers, the CLI or the mall.",
      severity: "error",
      from: { path: "^inspector/" },
      to: { path: "^(app|sandbox|cli|server|bench|e2e|scripts|bin|core/node)/" },
    },
    {
      name: "lib-is-the-package-surface",
      comment: "lib/ is what other teams import (package.json exports): core, the sandbox and the CLI's harness, never the mall's own code or its tests.",
      severity: "error",
      from: { path: "^lib/" },
      to: { path: "^(app|server|bench|e2e|scripts|inspector)/" },
    },
    {
      name: "no-cycles",
      comment: "An import cycle makes load order matter and the layers meaningless.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|\\.cache|\\.stryker-tmp|reports|test-results|playwright-report)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"], extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
