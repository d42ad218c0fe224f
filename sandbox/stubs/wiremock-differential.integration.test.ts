/**
 * The sandbox held to WireMock's own answers (issue 46, acceptance): WireMock's standalone server and
 * the sandbox load the same folder of WireMock's documented examples (fixtures/wiremock) and answer
 * the same requests (./wiremock-differential.cases.json); status, status message, the headers that
 * matter and the bodies must agree, templated values by shape, faults by what the client sees, delays
 * by a bound, scenarios call by call (docs/decisions/038-held-to-wiremock.md). One test per case, so
 * every difference shows at once, naming the mapping file, the request and both answers.
 */
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandboxServer, type RunningSandbox } from "../server";
import { differences, exchange, faultSeen, javaProblem, shown, startWireMock, type Answer, type Case, type CaseRequest, type WireMock } from "./differential-testing";
import CASES from "./wiremock-differential.cases.json";

const FIXTURES = join(import.meta.dirname, "..", "..", "fixtures", "wiremock");
/** The proxying examples' upstream, which the test's own server stands for (the CI machine has no internet). */
const DOCS_UPSTREAM = "http://otherhost.com";
/** The documented catch-all (priority 10, a JSON 404) that answers every request no other stub does. */
const CATCH_ALL = "stubbing/default-unmapped.json";
/** The mappings the sandbox refuses, naming the feature (WireMock's XML matchers). */
const XML = "xml/";

let root: string;
let upstream: Server;
let upstreamUrl: string;
let wiremock: WireMock;
let sandbox: RunningSandbox;
/** Why the sandbox did not take a mapping file, by file (empty when it loaded the root whole). */
const refused = new Map<string, string>();

const mappingFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".json"))
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();

/** The examples as both servers load them: a copy whose proxy examples point at the test's upstream. */
function copyRoot(): string {
  const dir = mkdtempSync(join(tmpdir(), "wiremock-differential-"));
  cpSync(FIXTURES, dir, { recursive: true });
  for (const file of mappingFiles(join(dir, "mappings"))) {
    const path = join(dir, "mappings", file);
    writeFileSync(path, readFileSync(path, "utf8").replaceAll(DOCS_UPSTREAM, upstreamUrl));
  }
  return dir;
}

/** The sandbox over the root; when it refuses the root, each mapping file posted on its own, so every case still runs. */
async function startSandbox(): Promise<RunningSandbox> {
  try {
    return await startSandboxServer({ port: 0, host: "127.0.0.1", stubsDir: root });
  } catch (error) {
    refused.set("(the root)", (error as Error).message);
  }
  const running = await startSandboxServer({ port: 0, host: "127.0.0.1" });
  for (const file of mappingFiles(join(root, "mappings")).filter((name) => !name.startsWith(XML))) {
    const response = await fetch(`${running.url}/__sandbox/stubs`, { method: "POST", headers: { "content-type": "application/json" }, body: readFileSync(join(root, "mappings", file)) });
    if (!response.ok) refused.set(file, `${response.status} ${await response.text()}`);
  }
  return running;
}

beforeAll(async () => {
  const problem = javaProblem();
  if (problem) throw new Error(problem);
  upstream = createServer((request, response) => {
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify({ method: request.method, url: request.url, echo: request.headers["x-echo"] ?? null }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  root = copyRoot();
  [wiremock, sandbox] = await Promise.all([startWireMock(root), startSandbox()]);
}, 60_000);

afterAll(async () => {
  wiremock?.stop();
  await sandbox?.close();
  await new Promise((resolve) => upstream?.close(resolve));
  if (root) rmSync(root, { recursive: true, force: true });
});

const mappingJson = (file: string): { response?: { headers?: Record<string, unknown> }; mappings?: { response?: { headers?: Record<string, unknown> } }[] } =>
  JSON.parse(readFileSync(join(FIXTURES, "mappings", file), "utf8"));

/** content-type and the stub's own headers (lower case). */
function headersThatMatter(file: string): string[] {
  const mapping = mappingJson(file);
  const responses = mapping.mappings ? mapping.mappings.map((one) => one.response) : [mapping.response];
  return [...new Set(["content-type", ...responses.flatMap((response) => Object.keys(response?.headers ?? {}).map((name) => name.toLowerCase()))])];
}

function withUpstream(request: CaseRequest): CaseRequest {
  const headers = Object.fromEntries(Object.entries(request.headers ?? {}).map(([name, value]) => [name, value.replace("{upstream}", upstreamUrl)]));
  return { ...request, headers: { "x-echo": "echoed", ...headers } };
}

/**
 * Whether WireMock answered as the table says: a request that nearly matches meets the catch-all's
 * 404, any other the stub it was written for. A table that no longer says what WireMock does would
 * let two 404s agree about nothing.
 */
function tableProblem(testCase: Case, wiremockAnswer: Answer): string[] {
  if (wiremockAnswer.kind !== "reply" || testCase.sequence || testCase.mapping === CATCH_ALL) return [];
  if (Boolean(testCase.nearly) === (wiremockAnswer.status === 404)) return [];
  return [`the table says this request ${testCase.nearly ? "nearly matches" : "matches"}, and WireMock answered ${wiremockAnswer.status}`];
}

/** Both servers' answers to one request, and how they differ, as a failure names them. */
async function compared(testCase: Case, request: CaseRequest): Promise<string | undefined> {
  const send = testCase.fault ? faultSeen : exchange;
  const sent = withUpstream(request);
  const [theirs, ours]: Answer[] = await Promise.all([send(wiremock.url, sent), send(sandbox.url, sent)]);
  const found = [...tableProblem(testCase, theirs), ...differences(theirs, ours, testCase, headersThatMatter(testCase.mapping))];
  if (found.length === 0) return undefined;
  const body = request.body ?? (request.base64Body ? `(base 64) ${request.base64Body}` : "");
  return [`${testCase.mapping} — ${request.method} ${request.path}${body ? ` ${body}` : ""}: ${found.join("; ")}`, `  WireMock: ${shown(theirs)}`, `  sandbox:  ${shown(ours)}`].join("\n");
}

const cases = (CASES as Case[]).map((testCase) => ({ title: `${testCase.mapping}: ${testCase.name}`, testCase }));
/** Each case's differences, found before the tests read them: the requests go out side by side (a scenario's in order). */
const found = new Map<string, string[]>();

async function run(testCase: Case): Promise<string[]> {
  if (!testCase.sequence) return [await compared(testCase, testCase as CaseRequest)].filter((one) => one !== undefined);
  const differing: string[] = [];
  for (const [index, request] of testCase.sequence.entries()) {
    const difference = await compared(testCase, request);
    if (difference) differing.push(`call ${index + 1} of ${testCase.sequence.length}: ${difference}`);
  }
  return differing;
}

beforeAll(async () => {
  await Promise.all(cases.map(async ({ title, testCase }) => found.set(title, await run(testCase))));
}, 60_000);

it("the sandbox loads the examples' WireMock root (mappings/ and __files/)", () => {
  expect(refused.get("(the root)")).toBeUndefined();
});

describe("the sandbox answers WireMock's documented examples as WireMock does", () => {
  it.each(cases)("$title", ({ title, testCase }) => {
    const refusal = refused.get(testCase.mapping);
    expect(found.get(title)?.join("\n"), refusal ? `the sandbox refused ${testCase.mapping}: ${refusal}` : undefined).toBe("");
  });
});

describe("WireMock's XML matchers", () => {
  const files = mappingFiles(join(FIXTURES, "mappings")).filter((name) => name.startsWith(XML));

  it.each(files)("%s: WireMock serves it, the sandbox refuses it naming the feature", async (file) => {
    const mapping = readFileSync(join(FIXTURES, "mappings", file), "utf8");
    const feature = /"(equalToXml|matchesXPath)"/.exec(mapping)?.[1];
    const response = await fetch(`${sandbox.url}/__sandbox/stubs`, { method: "POST", headers: { "content-type": "application/json" }, body: mapping });
    const message = await response.text();
    expect(response.status, message).toBe(400);
    expect(message).toContain(feature);
    const loaded = (await (await fetch(`${wiremock.url}/__admin/mappings`)).json()) as { mappings: { request: { urlPath?: string } }[] };
    const path = (JSON.parse(mapping) as { request: { urlPath: string } }).request.urlPath;
    expect(loaded.mappings.map((one) => one.request.urlPath)).toContain(path);
  });
});
