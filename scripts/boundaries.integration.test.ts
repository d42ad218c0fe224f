/**
 * The layers' boundaries (.dependency-cruiser.cjs, docs/architecture.md "Layers") as `npm run lint`
 * enforces them: dependency-cruiser with the project's own configuration, run on a small tree of
 * probe files that breaks every rule, and on one that keeps them all.
 */
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const run = promisify(execFile);
const trees: string[] = [];
afterEach(() => {
  for (const tree of trees.splice(0)) rmSync(tree, { recursive: true, force: true });
});

/** A project tree with the repository's lint configuration and the given files. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "mcoin-boundaries-"));
  trees.push(root);
  for (const name of [".dependency-cruiser.cjs", "tsconfig.json"]) copyFileSync(join(ROOT, name), join(root, name));
  writeFileSync(join(root, "package.json"), JSON.stringify({ type: "module", imports: { "#core/*": "./core/*.ts", "#harness/*": "./harness/*/index.ts" } }));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

/** dependency-cruiser as `npm run lint` runs it; its exit code and report. */
async function cruise(root: string): Promise<{ code: number; report: string }> {
  try {
    const { stdout } = await run(join(ROOT, "node_modules/.bin/depcruise"), ["core", "app", "sandbox", "cli", "inspector", "harness", "--config", ".dependency-cruiser.cjs", "--no-progress"], {
      cwd: root,
    });
    return { code: 0, report: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, report: failed.stdout };
  }
}

const SHARED = {
  "core/money.ts": "export const cents = 100;\n",
  "core/node/crypto.ts": 'import { createHash } from "node:crypto";\nexport const hash = (text: string) => createHash("sha256").update(text).digest("hex");\n',
  "app/lib/price.ts": 'import { cents } from "#core/money";\nexport const price = cents;\n',
  "sandbox/state.ts": 'import { cents } from "#core/money";\nimport { hash } from "#core/node/crypto";\nexport const state = [cents, hash("x")];\n',
  "sandbox/domain/clock.ts": "export interface Clock {\n  now(): number;\n}\n",
  "sandbox/domain/books.ts": 'import { cents } from "#core/money";\nimport type { Clock } from "./clock";\nexport const balance = (clock: Clock) => cents * clock.now();\n',
  "sandbox/instruments/clock.ts": 'import type { Clock } from "../domain/clock";\nexport const clock: Clock = { now: () => Date.now() };\n',
  "sandbox/handlers/shop.ts":
    'import { http } from "msw";\nimport { balance } from "../domain/books";\nimport { clock } from "../instruments/clock";\nexport const shop = http.get("/balance", () => Response.json(balance(clock)));\n',
  "cli/api.ts": 'import { hash } from "#core/node/crypto";\nimport { state } from "../sandbox/state";\nexport const api = [hash, state];\n',
  "inspector/total.ts": 'import type { cents } from "../core/money";\nexport const total = (amount: typeof cents) => amount;\n',
  "sandbox/testing.ts": 'import { state } from "./state";\nexport const inProcess = () => state;\n',
  "app/routes/home.test.ts": 'import { inProcess } from "../../sandbox/testing";\nexport const gateway = inProcess;\n',
  "harness/recording/format.ts": 'import { cents } from "#core/money";\nexport const format = { cents };\n',
  "harness/recording/testing.ts": 'import { format } from "./format";\nexport const valid = (value: unknown) => value === format;\n',
  "harness/recording/index.ts": 'export { format } from "./format";\n',
  "harness/record/recorder.ts": 'import { format } from "#harness/recording";\nexport const recorder = format;\n',
  "harness/record/index.ts": 'export { recorder } from "./recorder";\n',
  "harness/record/recorder.test.ts": 'import { valid } from "../recording/testing";\nimport { recorder } from "./recorder";\nexport const checked = valid(recorder);\n',
  "cli/record.ts": 'import { recorder } from "#harness/record";\nexport const record = recorder;\n',
  "cli/record.test.ts": 'import { valid } from "../harness/recording/testing";\nimport { record } from "./record";\nexport const checked = valid(record);\n',
  "sandbox/served.ts": 'import { format } from "../harness/recording/index";\nexport const served = format;\n',
};

describe("npm run lint's boundaries", () => {
  it("pass a tree that keeps them: app, sandbox and cli through #core, the CLI starting the sandbox, the sandbox's handlers over its domain and instruments, the CLI and the sandbox using the harness through its folders' entries, a test of the mall with the sandbox as its gateway", async () => {
    const { code, report } = await cruise(tree(SHARED));
    expect(report).toContain("no dependency violations found");
    expect(code).toBe(0);
  });

  it("fail, each by name, when core imports the app, the sandbox or the harness, the app the sandbox or the harness, the CLI the app, the browser core/node, the inspector's page the sandbox, the harness the CLI or the sandbox, anyone a harness folder past its index.ts, or imports go round", async () => {
    const { code, report } = await cruise(
      tree({
        ...SHARED,
        "core/uses-app.ts": 'import { price } from "../app/lib/price";\nexport const p = price;\n',
        "core/uses-sandbox.ts": 'import { state } from "../sandbox/state";\nexport const s = state;\n',
        "app/routes/home.tsx": 'import { state } from "../../sandbox/state";\nexport const h = state;\n',
        "cli/screen.ts": 'import { price } from "../app/lib/price";\nexport const c = price;\n',
        "app/hooks/use-hash.ts": 'import { hash } from "#core/node/crypto";\nexport const useHash = hash;\n',
        "core/ping.ts": 'import { pong } from "./pong";\nexport const ping = () => pong;\n',
        "core/pong.ts": 'import { ping } from "./ping";\nexport const pong = () => ping;\n',
        "inspector/state.ts": 'import { state } from "../sandbox/state";\nexport const shown = state;\n',
        "app/routes/offer.test.ts": 'import { state } from "../../sandbox/state";\nexport const reached = state;\n',
        "core/uses-harness.ts": 'import { format } from "#harness/recording";\nexport const c = format;\n',
        "app/routes/record.tsx": 'import { recorder } from "#harness/record";\nexport const r = recorder;\n',
        "harness/record/uses-cli.ts": 'import { api } from "../../cli/api";\nexport const u = api;\n',
        "harness/serve/uses-sandbox.ts": 'import { state } from "../../sandbox/state";\nexport const u = state;\n',
        "harness/serve/deep.ts": 'import { format } from "../recording/format";\nexport const d = format;\n',
        "cli/deep.ts": 'import { format } from "../harness/recording/format";\nexport const d = format;\n',
        "sandbox/deep.ts": 'import { recorder } from "../harness/record/recorder";\nexport const d = recorder;\n',
        "cli/deep.test.ts": 'import { recorder } from "../harness/record/recorder";\nexport const d = recorder;\n',
      }),
    );
    expect(code).not.toBe(0);
    expect(report).toMatch(/core-imports-only-core: core\/uses-app\.ts → app\/lib\/price\.ts/);
    expect(report).toMatch(/core-imports-only-core: core\/uses-sandbox\.ts → sandbox\/state\.ts/);
    expect(report).toMatch(/app-never-imports-sandbox: app\/routes\/home\.tsx → sandbox\/state\.ts/);
    expect(report).toMatch(/cli-never-imports-app: cli\/screen\.ts → app\/lib\/price\.ts/);
    expect(report).toMatch(/browser-never-imports-node-core: app\/hooks\/use-hash\.ts → core\/node\/crypto\.ts/);
    expect(report).toMatch(/no-cycles: core\/p[io]ng\.ts/);
    expect(report).toMatch(/inspector-page-stays-in-the-browser: inspector\/state\.ts → sandbox\/state\.ts/);
    expect(report).toMatch(/app-tests-use-the-sandbox-as-a-gateway: app\/routes\/offer\.test\.ts → sandbox\/state\.ts/);
    expect(report).toMatch(/core-imports-only-core: core\/uses-harness\.ts → harness\/recording\/index\.ts/);
    expect(report).toMatch(/app-never-imports-sandbox: app\/routes\/record\.tsx → harness\/record\/index\.ts/);
    expect(report).toMatch(/harness-imports-only-core: harness\/record\/uses-cli\.ts → cli\/api\.ts/);
    expect(report).toMatch(/harness-imports-only-core: harness\/serve\/uses-sandbox\.ts → sandbox\/state\.ts/);
    expect(report).toMatch(/harness-through-its-entry: harness\/serve\/deep\.ts → harness\/recording\/format\.ts/);
    expect(report).toMatch(/harness-through-its-entry: cli\/deep\.ts → harness\/recording\/format\.ts/);
    expect(report).toMatch(/harness-through-its-entry: sandbox\/deep\.ts → harness\/record\/recorder\.ts/);
    expect(report).toMatch(/harness-tests-through-its-entry: cli\/deep\.test\.ts → harness\/record\/recorder\.ts/);
  }, 30_000);

  it("fail, each by name, when the sandbox's domain imports msw, an HTTP server or client, the sandbox's handlers or its instruments", async () => {
    const { code, report } = await cruise(
      tree({
        ...SHARED,
        "sandbox/domain/uses-msw.ts": 'import { http } from "msw";\nexport const handler = http;\n',
        "sandbox/domain/uses-http.ts": 'import { createServer } from "node:http";\nexport const server = createServer;\n',
        "sandbox/domain/uses-undici.ts": 'import { request } from "undici";\nexport const send = request;\n',
        "sandbox/domain/uses-handlers.ts": 'import { shop } from "../handlers/shop";\nexport const s = shop;\n',
        "sandbox/domain/uses-instruments.ts": 'import { clock } from "../instruments/clock";\nexport const c = clock;\n',
      }),
    );
    expect(code).not.toBe(0);
    expect(report).toMatch(/sandbox-domain-without-msw-or-http: sandbox\/domain\/uses-msw\.ts → msw/);
    expect(report).toMatch(/sandbox-domain-without-msw-or-http: sandbox\/domain\/uses-http\.ts → http/);
    expect(report).toMatch(/sandbox-domain-without-msw-or-http: sandbox\/domain\/uses-undici\.ts → undici/);
    expect(report).toMatch(/sandbox-domain-without-handlers-or-instruments: sandbox\/domain\/uses-handlers\.ts → sandbox\/handlers\/shop\.ts/);
    expect(report).toMatch(/sandbox-domain-without-handlers-or-instruments: sandbox\/domain\/uses-instruments\.ts → sandbox\/instruments\/clock\.ts/);
  }, 30_000);
});
