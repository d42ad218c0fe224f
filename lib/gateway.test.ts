/**
 * `@mcoin/harness/gateway` (lib/gateway.ts) explains itself: every export carries a TSDoc example, and
 * every example runs (against an in-process sandbox reached through `fetch`); a wrong call fails
 * saying what was expected and how to call it; the registry is there by name, each endpoint and
 * function once.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IN_PROCESS_BASE } from "../sandbox/testing";
import { createSandbox } from "../sandbox/index";
import * as gateway from "./gateway";

const SOURCE = readFileSync(fileURLToPath(new URL("./gateway.ts", import.meta.url)), "utf8");

/** Each exported name of the module with the `@example` code of the TSDoc comment right above it. */
function examples(): { name: string; code: string | undefined }[] {
  const file = ts.createSourceFile("gateway.ts", SOURCE, ts.ScriptTarget.ES2022, true);
  const found: { name: string; code: string | undefined }[] = [];
  for (const statement of file.statements) {
    const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
    const names = ts.isExportDeclaration(statement)
      ? statement.exportClause && ts.isNamedExports(statement.exportClause)
        ? statement.exportClause.elements.map((element) => element.name.text)
        : []
      : exported && (ts.isFunctionDeclaration(statement) || ts.isTypeAliasDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name
        ? [statement.name.text]
        : exported && ts.isVariableStatement(statement)
          ? statement.declarationList.declarations.map((declaration) => declaration.name.getText())
          : [];
    const doc = ts.getJSDocCommentsAndTags(statement).find(ts.isJSDoc) ?? (statement as { jsDoc?: ts.JSDoc[] }).jsDoc?.at(-1);
    const comment = doc ? SOURCE.slice(doc.pos, doc.end) : "";
    const code = /@example\s*\n\s*\*\s*```ts\n([\s\S]*?)\n\s*\*\s*```/.exec(comment)?.[1]?.replace(/^\s*\* ?/gm, "");
    for (const name of names) found.push({ name, code: comment ? (code ?? "") : undefined });
  }
  return found;
}

describe("every export explains itself", () => {
  const sandbox = createSandbox();
  const log = vi.spyOn(console, "log");
  afterAll(() => log.mockRestore());
  beforeEach(() => {
    sandbox.reset();
    // The examples call `fetch` (themselves or through createFetchTransport): the sandbox answers in-process.
    vi.stubGlobal("fetch", (input: string | URL | Request, init?: RequestInit) => sandbox.handle(new Request(input, init)));
    log.mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    log.mockReset();
  });

  it("each export of the module has a TSDoc comment", () => {
    const undocumented = examples().filter((example) => example.code === undefined);
    expect(undocumented.map((example) => example.name)).toEqual([]);
    // Every value (a function, a constant, a class) has an example too; a type may have prose alone.
    const withExample = new Set(
      examples()
        .filter((example) => example.code)
        .map((example) => example.name),
    );
    expect(Object.keys(gateway).filter((name) => !withExample.has(name))).toEqual([]);
  });

  for (const { name, code } of examples().filter((example) => example.code)) {
    it(`${name}'s example runs`, async () => {
      const body = code!.replace(/^import [\s\S]*? from "@mcoin\/harness\/gateway";$/gm, "");
      const imported = [...code!.matchAll(/^import \{([^}]*)\} from "@mcoin\/harness\/gateway";$/gm)].flatMap((match) => match[1]!.split(",").map((item) => item.trim()));
      const js = ts.transpileModule(`const { ${imported.join(", ")} } = library;\n${body}`, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText;
      const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (...args: string[]) => (...values: unknown[]) => Promise<void>;
      await new AsyncFunction("library", "sandbox", js)(gateway, { url: IN_PROCESS_BASE });
    });
  }
});

describe("a wrong call says what was expected", () => {
  const thrown = (call: () => unknown): Error => {
    try {
      call();
    } catch (error) {
      return error as Error;
    }
    throw new Error("the call did not throw");
  };

  it("names the argument, what it wanted, and a call that works", () => {
    const error = thrown(() => gateway.createApiClient({} as never));
    expect(error).toBeInstanceOf(gateway.UsageError);
    expect(error.message).toContain("createApiClient(options): options.baseUrl: Invalid input: expected string, received undefined");
    expect(error.message).toContain('call it as: createApiClient({ baseUrl: sandbox.url, transport: createFetchTransport(), locale: "en" })');
  });

  it("catches what used to crash inside (reading 'replace'): a sandbox's settings without its URL", () => {
    const error = thrown(() => gateway.gatewaySettings({ environment: "sandbox", vars: {}, sandboxKeys: () => gateway.readSandboxGatewayKeys() } as never));
    expect(error.message).not.toContain("reading");
    expect(error.message).toContain("input.sandboxUrl: Invalid input: expected string, received undefined");
    expect(thrown(() => gateway.sandboxGatewaySettings(undefined as never)).message).toContain("sandboxGatewaySettings(sandboxUrl): sandboxUrl: Invalid input: expected string, received undefined");
  });

  it("names a missing argument and a wrong function argument", () => {
    expect(thrown(() => (gateway.createGatewayClient as (...args: unknown[]) => unknown)(gateway.sandboxGatewaySettings(IN_PROCESS_BASE))).message).toContain(
      "createGatewayClient(settings, options): options: Invalid input: expected object, received undefined",
    );
    expect(thrown(() => gateway.createApiClient({ baseUrl: IN_PROCESS_BASE, transport: "fetch" as never, locale: "en" })).message).toContain("options.transport: expected a function");
    expect(thrown(() => gateway.sealRequest(gateway.sandboxGatewaySettings(IN_PROCESS_BASE), { body: {} } as never)).message).toContain("sealRequest(settings, options): options.functionUrl");
    expect(thrown(() => (gateway.endpointFor as (...args: unknown[]) => unknown)()).message).toContain(
      "endpointFor(method, path): method: Invalid input: expected string, received undefined; path: Invalid input",
    );
  });

  it("a declared function's body that does not match is refused before anything is sent", async () => {
    const transport = vi.fn();
    const client = gateway.createGatewayClient(gateway.sandboxGatewaySettings(IN_PROCESS_BASE), { transport });
    const error = await client.callFunction(gateway.FUNCTIONS.getTaskDetail, { task_no: "T1" } as never).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: "GatewayError", code: "BAD_REQUEST", message: 'invalid request for getTaskDetail: system_name: Invalid input: expected "taskCenter"' });
    expect(transport).not.toHaveBeenCalled();
  });
});

describe("the registry by name", () => {
  it("ENDPOINTS holds every endpoint of API_ENDPOINTS once, under its own name", () => {
    expect(Object.entries(gateway.ENDPOINTS).map(([name, endpoint]) => [name, endpoint.name])).toEqual(gateway.API_ENDPOINTS.map((endpoint) => [endpoint.name, endpoint.name]));
  });

  it("FUNCTIONS holds every function of SECURE_FUNCTIONS once, under its own name", () => {
    expect(Object.entries(gateway.FUNCTIONS).map(([name, declared]) => [name, declared.name])).toEqual(gateway.SECURE_FUNCTIONS.map((declared) => [declared.name, declared.name]));
  });
});
