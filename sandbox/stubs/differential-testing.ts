/**
 * What the differential test against WireMock (sandbox/stubs/wiremock-differential.integration.test.ts)
 * stands on: WireMock's own server started from its jar, one request sent on the wire and its answer
 * read as a client sees it, and the comparison of two answers (docs/decisions/038-held-to-wiremock.md).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** A request of the cases table (sandbox/stubs/wiremock-differential.cases.json). */
export interface CaseRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** A body of bytes, in base 64 (for binaryEqualTo). */
  base64Body?: string;
}

export interface Case extends Partial<CaseRequest> {
  /** The mapping file under fixtures/wiremock/mappings/. */
  mapping: string;
  name: string;
  /** Requests sent in order (a scenario), each answer compared. */
  sequence?: CaseRequest[];
  /** Both bodies match this regular expression, whole (templated values: times, random values). */
  bodyShape?: string;
  /** Both answers take at least this long (a stub's delay). */
  delay?: { atLeastMs: number };
  /** The answer is a fault: read from the socket, compared by what the client sees. */
  fault?: boolean;
  /** The request nearly matches, and meets the documented catch-all (a 404) in WireMock. */
  nearly?: boolean;
}

export type Answer =
  { kind: "reply"; status: number; statusMessage: string; headers: Record<string, string[]>; body: Buffer; ms: number } | { kind: "fault"; seen: string } | { kind: "error"; message: string };

export interface WireMock {
  url: string;
  stop(): void;
}

const JAR = join(dirname(createRequire(import.meta.url).resolve("wiremock/package.json")), "build", "wiremock-standalone-3.13.2.jar");

/** Java on PATH, or why not (npm test installs Debian's default-jre-headless: scripts/lib.mjs). */
export function javaProblem(): string | undefined {
  const probe = spawnSync("java", ["-version"], { stdio: "ignore" });
  return probe.error ? `java is not on PATH (${probe.error.message}); npm test installs Debian's default-jre-headless` : undefined;
}

/** WireMock's standalone server over `rootDir` on a free port, once it says which. */
export function startWireMock(rootDir: string): Promise<WireMock> {
  const child: ChildProcess = spawn("java", ["-jar", JAR, "--port", "0", "--root-dir", rootDir, "--disable-banner"], { stdio: ["ignore", "pipe", "pipe"] });
  const stop = () => void child.kill("SIGTERM");
  return new Promise((resolve, reject) => {
    let output = "";
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /^port:\s+(\d+)/m.exec(output)?.[1];
      if (port) resolve({ url: `http://127.0.0.1:${port}`, stop });
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`WireMock exited (${code}) before it listened:\n${output}`)));
  });
}

function bodyOf(request: CaseRequest): Buffer | undefined {
  if (request.base64Body !== undefined) return Buffer.from(request.base64Body, "base64");
  return request.body === undefined ? undefined : Buffer.from(request.body);
}

/** One request with Node's HTTP client (which reads the status message), its answer whole. */
export function exchange(base: string, request: CaseRequest): Promise<Answer> {
  const body = bodyOf(request);
  const started = performance.now();
  return new Promise((resolve) => {
    const outgoing = httpRequest(`${base}${request.path}`, {
      method: request.method,
      agent: false,
      headers: { ...request.headers, ...(body ? { "content-length": String(body.length) } : {}) },
    });
    outgoing.on("error", (error: NodeJS.ErrnoException) => resolve({ kind: "error", message: error.code ?? error.message }));
    outgoing.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", (error: NodeJS.ErrnoException) => resolve({ kind: "error", message: `the body broke off: ${error.code ?? error.message}` }));
      response.on("end", () =>
        resolve({
          kind: "reply",
          status: response.statusCode ?? 0,
          statusMessage: response.statusMessage ?? "",
          headers: response.headersDistinct as Record<string, string[]>,
          body: Buffer.concat(chunks),
          ms: performance.now() - started,
        }),
      );
    });
    outgoing.end(body);
  });
}

/**
 * What a client makes of a fault, from the bytes on a raw socket: a reset before any byte, an empty
 * close, bytes that are not HTTP; or a status line, the framing its headers promise (chunked, a
 * length, or until the close) and the bytes after the headers, which a client reads by that framing.
 */
export function faultSeen(base: string, request: CaseRequest): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.write(`${request.method} ${request.path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`));
    const done = (ended: string) => resolve({ kind: "fault", seen: classify(Buffer.concat(chunks), ended) });
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
    socket.on("close", () => done("closed"));
  });
}

function classify(bytes: Buffer, ended: string): string {
  if (bytes.length === 0) return ended === "ECONNRESET" ? "reset before any byte" : ended === "closed" ? "closed without a byte" : `no byte, then ${ended}`;
  const text = bytes.toString("latin1");
  if (!text.startsWith("HTTP/")) return "bytes that are not HTTP, then closed";
  const headEnd = text.indexOf("\r\n\r\n");
  if (headEnd < 0) return `headers that never end: ${JSON.stringify(text)}`;
  const head = text.slice(0, headEnd);
  const rest = text.slice(headEnd + 4);
  const length = /^content-length:\s*(\d+)/im.exec(head)?.[1];
  const framing = /^transfer-encoding:\s*chunked/im.test(head)
    ? `chunked, then ${isChunked(rest) ? "chunks" : "bytes that are no chunk"}`
    : length !== undefined
      ? `content-length ${length}, then ${rest.length} bytes`
      : "no length (the body runs to the close)";
  return `${head.split("\r\n")[0]}; ${framing}: ${JSON.stringify(rest)}`;
}

/** Whether `rest` is a well-formed chunked body (up to its last chunk). */
function isChunked(rest: string): boolean {
  let at = 0;
  for (;;) {
    const lineEnd = rest.indexOf("\r\n", at);
    if (lineEnd < 0) return false;
    const size = rest.slice(at, lineEnd);
    if (!/^[0-9a-f]+$/i.test(size)) return false;
    const length = parseInt(size, 16);
    if (length === 0) return true;
    at = lineEnd + 2 + length;
    if (rest.slice(at, at + 2) !== "\r\n") return false;
    at += 2;
  }
}

/** The answer as a difference names it. */
export function shown(answer: Answer): string {
  if (answer.kind !== "reply") return answer.kind === "fault" ? `fault: ${answer.seen}` : `error: ${answer.message}`;
  const headers = Object.entries(answer.headers)
    .filter(([name]) => !/^(date|server|matched-stub-id|vary|connection|keep-alive|content-length|transfer-encoding)$/.test(name))
    .map(([name, values]) => `${name}: ${values.join(" | ")}`);
  return [`${answer.status} ${answer.statusMessage}`, ...headers, JSON.stringify(answer.body.toString("utf8"))].join("\n    ");
}

/**
 * How two answers differ, each way named; none when they agree. `headerNames` are the headers that
 * matter: content-type and the stub's own (lower case).
 */
export function differences(wiremock: Answer, sandbox: Answer, expected: Pick<Case, "bodyShape" | "delay">, headerNames: string[]): string[] {
  if (wiremock.kind !== "reply" || sandbox.kind !== "reply") return shown(wiremock) === shown(sandbox) ? [] : ["what the client sees differs"];
  const found: string[] = [];
  if (wiremock.status !== sandbox.status) found.push(`status ${wiremock.status} against ${sandbox.status}`);
  if (wiremock.statusMessage !== sandbox.statusMessage) found.push(`status message "${wiremock.statusMessage}" against "${sandbox.statusMessage}"`);
  for (const name of headerNames) {
    const [ours, theirs] = [sandbox.headers[name]?.join(" | "), wiremock.headers[name]?.join(" | ")];
    if (ours !== theirs) found.push(`${name}: ${theirs ?? "(none)"} against ${ours ?? "(none)"}`);
  }
  if (expected.bodyShape !== undefined) {
    const shape = new RegExp(`^(?:${expected.bodyShape})$`);
    for (const [who, answer] of [
      ["WireMock's", wiremock],
      ["the sandbox's", sandbox],
    ] as const)
      if (!shape.test(answer.body.toString("utf8"))) found.push(`${who} body is not of the shape /${expected.bodyShape}/`);
  } else if (!wiremock.body.equals(sandbox.body)) found.push("the bodies differ");
  if (expected.delay)
    for (const [who, answer] of [
      ["WireMock", wiremock],
      ["the sandbox", sandbox],
    ] as const)
      if (answer.ms < expected.delay.atLeastMs) found.push(`${who} answered in ${Math.round(answer.ms)} ms, under the stub's ${expected.delay.atLeastMs} ms`);
  return found;
}
