/**
 * Loading stub mappings (sandbox/stubs/files.ts, `mcoin sandbox --stubs DIR [--strict-stubs]`): a
 * WireMock root or a folder of mappings; every problem of a file named at once, with its JSON path;
 * a bad file left out with a warning, or the start stopped when strict; the control that adds stubs
 * names every problem too.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { problemsOf } from "#core/controls/stubs";
import { createSandbox } from "../index";
import { StubFileError, loadStubFolder, problemLine } from "./files";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "mcoin-stub-files-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function write(path: string, content: unknown): void {
  mkdirSync(join(dir, path, ".."), { recursive: true });
  writeFileSync(join(dir, path), typeof content === "string" ? content : JSON.stringify(content));
}

const HELLO = { request: { method: "GET", url: "/hello" }, response: { status: 200, body: "hi" } };
/** Three problems in one mapping: a method, a key outside the format, a status. */
const THREE_PROBLEMS = { request: { method: "GET T", urlx: "/a", url: "/a" }, response: { status: 9 } };

describe("a folder of stub mappings", () => {
  it("is a WireMock root: mappings/ read, __files/ handed on, files outside mappings/ not read", () => {
    write("mappings/hello.json", HELLO);
    write("mappings/more/two.json", { mappings: [HELLO, { ...HELLO, request: { url: "/two" } }] });
    write("__files/hi.txt", "hi");
    write("not-a-mapping.json", { anything: true });
    const folder = loadStubFolder(dir);
    expect(folder.problems).toEqual([]);
    expect(folder.filesDir).toBe(join(dir, "__files"));
    expect(folder.files.map((file) => [file.source, file.mappings.length])).toEqual([
      ["hello.json", 1],
      [join("more", "two.json"), 2],
    ]);
  });

  it("or a folder of mapping files, without __files", () => {
    write("hello.json", HELLO);
    const folder = loadStubFolder(dir);
    expect(folder.files.map((file) => file.source)).toEqual(["hello.json"]);
    expect(folder.filesDir).toBeUndefined();
  });

  it("names every problem of a file, each with its JSON path, not the first alone", () => {
    write("bad.json", { mappings: [HELLO, THREE_PROBLEMS] });
    const { files, problems } = loadStubFolder(dir);
    expect(files).toEqual([]);
    expect(problems.map(problemLine)).toEqual([
      expect.stringMatching(/^bad\.json: mappings\.1\.request\.method: an HTTP method, or ANY/),
      "bad.json: mappings.1.request: urlx is outside the mapping format the sandbox serves (docs/stubs.md)",
      expect.stringMatching(/^bad\.json: mappings\.1\.response\.status: Too small/),
    ]);
  });

  it("resolves a union to the branch its author meant: its own keys' problems, not another kind's complaints", () => {
    const Pattern = z.union([z.strictObject({ equalTo: z.string(), caseInsensitive: z.boolean().optional() }), z.strictObject({ matches: z.string(), caseInsensitive: z.boolean().optional() })]);
    const raw = { patterns: [{ matches: "a.*", caseInsensitive: "yes" }, { equalTo: 1 }] };
    const parsed = z.object({ patterns: z.array(Pattern) }).safeParse(raw);
    expect(problemsOf(parsed.error?.issues ?? [], raw)).toEqual([
      { path: "patterns.0.caseInsensitive", message: expect.stringContaining("boolean") },
      { path: "patterns.1.equalTo", message: expect.stringContaining("string") },
    ]);
  });

  it("names a file that is not JSON, and a folder that is not there", () => {
    write("broken.json", "{ not json");
    expect(loadStubFolder(dir).problems).toEqual([{ file: "broken.json", path: "", message: expect.stringMatching(/^not JSON/) }]);
    expect(() => loadStubFolder(join(dir, "nowhere"))).toThrow(/no such folder/);
  });
});

describe("mcoin sandbox --stubs", () => {
  it("leaves a bad file out with a warning naming its file, paths and problems; the good files load", async () => {
    write("mappings/good.json", HELLO);
    write("mappings/bad.json", THREE_PROBLEMS);
    const warned: string[] = [];
    const sandbox = createSandbox({ stubsDir: dir, warn: (lines) => warned.push(...lines) });
    expect(sandbox.instruments.stubs.list().map((stub) => stub.source)).toEqual(["good.json"]);
    expect(warned[0]).toMatch(/1 mapping file\(s\) left out/);
    expect(warned.slice(1)).toEqual([
      expect.stringMatching(/^ {2}bad\.json: request\.method: /),
      expect.stringMatching(/^ {2}bad\.json: request: urlx is outside/),
      expect.stringMatching(/^ {2}bad\.json: response\.status: /),
    ]);
    expect((await sandbox.handle(new Request("http://gateway.test/hello"))).status).toBe(200);
  });

  it("with --strict-stubs, stops the start listing every problem of every file", () => {
    write("mappings/bad.json", THREE_PROBLEMS);
    write("mappings/worse.json", "[");
    const start = () => createSandbox({ stubsDir: dir, strictStubs: true, warn: () => expect.fail("strict does not warn") });
    expect(start).toThrow(StubFileError);
    try {
      start();
    } catch (error) {
      expect((error as StubFileError).problems.map((problem) => `${problem.file} ${problem.path}`)).toEqual(["bad.json request.method", "bad.json request", "bad.json response.status", "worse.json "]);
    }
  });

  it("POST /__sandbox/stubs names every problem of the body, and adds nothing", async () => {
    const sandbox = createSandbox();
    const post = (body: string) => sandbox.handle(new Request("http://127.0.0.1/__sandbox/stubs", { method: "POST", body, headers: { "content-type": "application/json" } }));
    const refused = await post(JSON.stringify({ mappings: [HELLO, THREE_PROBLEMS] }));
    expect(refused.status).toBe(400);
    const reply = (await refused.json()) as { ok: boolean; error: string; problems: { path: string }[] };
    expect(reply.ok).toBe(false);
    expect(reply.problems.map((problem) => problem.path)).toEqual(["mappings.1.request.method", "mappings.1.request", "mappings.1.response.status"]);
    expect(reply.error).toContain("urlx is outside");
    expect((await post("{ nope")).status).toBe(400);
    expect(sandbox.instruments.stubs.size).toBe(0);
    expect((await post(JSON.stringify(HELLO))).status).toBe(200);
    expect(sandbox.instruments.stubs.size).toBe(1);
  });
});
