/**
 * The recording proxy behind `mcoin record` (cli/commands/record.ts): it forwards each call to the
 * environment's gateway and writes the exchange as a replayable recording, redacted by the rules of
 * cli/redaction.ts, and refuses (does not write) one in which the secret scan still finds something.
 * Secure gateway calls are opened with the private key when there is one; without it they are kept
 * sealed and marked not replayable. With a HAR file it also rewrites the session there after each
 * exchange, redacted and scanned the same way.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { HEADER, headerValue, openReply } from "#core/node/gateway/envelope";
import { recoverKeyAndIv } from "#core/node/gateway/private-key";
import { sandboxKeys } from "./context";
import { CliError } from "./errors";
import { harDocument, harEntry, writeHar, type HarEntry, type HarExchange } from "./har-write";
import { writeLines } from "./terminal-text";
import { describeFindings, findSecrets, jsonPath, KnownSecrets, redactHeaders, redactKnown, redactValue, type Finding, type Redacted, type RedactionRule } from "./redaction";
import { IDEMPOTENCY_KEY_HEADER, RecordingRoles } from "./recording-roles";
import type { Needs } from "./recordings";
import { controlRefusal } from "../sandbox/control-guard";
import { inspectorAnswer, isInspectorPath, type InspectorActions } from "../sandbox/inspector/http";
import { answerOnNode } from "../sandbox/inspector/node-http";
import { ExchangeRing } from "../sandbox/inspector/ring";
import type { InspectKeys } from "../sandbox/inspector/analysis";
import { FAULT_KINDS, type FaultKind } from "#core/controls/faults";
import { NearMissSchema } from "#core/controls/declarations";

/** Reply fields (JSONPath on the reply body) that change on every call. */
const KNOWN_IGNORE: Record<string, string[]> = {
  "/api/system/time": ["$.data.sysTime"],
  "/macaupassconfig": ["$.data.timestamp", "$.data.nonceStr", "$.data.signature"],
};

/** Headers of one connection only, never forwarded nor kept (the inspector's actions drop them too). */
export const HOP_BY_HOP: ReadonlySet<string> = new Set(["host", "connection", "keep-alive", "transfer-encoding", "content-length", "accept-encoding"]);

/** The placeholders a replay fills in; a reply value that is exactly one of them is still compared. */
const FILLED_IN = new Set(["<token>", "<cust>", "<code>"]);

/** A recording file as written (the format cli/recordings.ts reads). */
export interface RecordedFile {
  name: string;
  kind: "api" | "secure";
  replayable: boolean;
  /** When the request arrived, to the millisecond: replay paces elapsed-time calls by it. */
  recordedAt: string;
  needs?: Needs;
  request: { method: string; path: string; query: Record<string, string>; headers: Record<string, string>; body?: unknown; auth: boolean };
  response: { status: number; body: unknown };
  ignore: string[];
}

/** Paths forwarded but never recorded (see the recording server below). */
const NOT_RECORDED = /^\/(__sandbox|oauth)\//;
/** Paths forwarded but not shown in the inspector: the sandbox's controls and pictures. */
const NOT_INSPECTED = /^\/(__sandbox|static)\//;

export interface RecorderOptions {
  /** The mCoin API's base URL, and the secure gateway's (the calls under /bservice/ go there). */
  apiBase: string;
  gatewayBase: string;
  /** Opens secure calls so that they replay; without it they are recorded sealed. */
  privateKey: string | undefined;
  rules: readonly RedactionRule[];
  /** The folder of the recordings, and the HAR file when one is kept. */
  out: string;
  harFile: string | undefined;
  port: number;
  host: string;
  /** No line per exchange (--json). */
  quiet: boolean;
  /**
   * The traffic inspector at /__sandbox/inspect: its ring's size, the keys that open and check the
   * envelope, the control token its API asks for (null: loopback names only), what only the CLI
   * does (save, replay, HAR), and how to add a fault (only when the target is a sandbox).
   */
  inspect?: {
    capacity?: number;
    bodyLimit?: number;
    keys: InspectKeys;
    controlToken: string | null;
    actions?: InspectorActions;
    addFault?: (fault: { path: string; kind: FaultKind; times: number }) => Promise<Response | null>;
  };
}

export interface RunningRecorder {
  port: number;
  /** What the inspector at /__sandbox/inspect keeps. */
  inspected: ExchangeRing;
  /** What was written and what refused, in one line. */
  summary(): string;
  /** Each file (or HAR entry) refused, and where its secret is: printed again when the session ends. */
  refusals(): string[];
  /** Stops listening; resolves with whether everything was written (a refusal is worth an exit code). */
  close(): Promise<boolean>;
}

export async function startRecorder(options: RecorderOptions): Promise<RunningRecorder> {
  const { out, harFile, privateKey, rules } = options;
  mkdirSync(out, { recursive: true });
  if (harFile) mkdirSync(dirname(harFile), { recursive: true });
  const bases = { apiBase: options.apiBase, gatewayBase: options.gatewayBase };
  const session = { seq: 0, written: 0, refused: 0, harEntries: [] as HarEntry[], harRefused: 0, files: [] as string[], refusals: [] as string[] };
  // The secrets seen so far: each is hidden wherever it turns up afterwards (cli/redaction.ts).
  const known = new KnownSecrets();
  const roles = new RecordingRoles(rules, isSandboxKey(privateKey));
  const inspect = options.inspect;
  const ring = new ExchangeRing({ capacity: inspect?.capacity, bodyLimit: inspect?.bodyLimit, keys: inspect?.keys ?? { privateKey } });
  const inspector = {
    ring,
    source: "recorder" as const,
    target: options.apiBase,
    guard: (request: Request) => controlRefusal(request, inspect?.controlToken ?? null),
    ...(inspect?.addFault ? { addFault: inspect.addFault } : {}),
    ...(inspect?.actions ? { actions: inspect.actions } : {}),
  };
  const server = createServer((request, response) => {
    if (isInspectorPath(new URL(request.url ?? "/", "http://recorder").pathname)) {
      answerOnNode(request, response, (incoming) => inspectorAnswer(inspector, incoming)).catch(() => {
        if (!response.headersSent) response.writeHead(400, { "content-type": "application/json" });
        response.end(JSON.stringify({ ok: false, error: "bad request" }));
      });
      return;
    }
    forward(request, response, bases)
      .then((exchange) => {
        if (!NOT_INSPECTED.test(exchange.path)) inspectExchange(ring, exchange, roles, request.headers.host);
        // The sandbox's controls (a harness resetting it, reading its log) and its stand-in for the
        // wallet app's sign-in page are forwarded, not recorded: they are not the gateway's traffic. A
        // replay asks the sign-in page for a new code itself, and a served recording keeps the page.
        if (NOT_RECORDED.test(exchange.path)) return;
        session.seq += 1;
        roles.learn(exchange);
        const knownBefore = known.size;
        const { recording, har } = record(exchange, privateKey, rules, roles, known);
        // The path as written: a token in it is already a placeholder, in the file name too.
        const path = recording.request.path;
        if (known.size > knownBefore) redactWritten(session.files, known, options.quiet);
        const file = join(out, `${String(session.seq).padStart(3, "0")}-${slug(`${exchange.method} ${path}`)}.json`);
        const findings = findSecrets(recording, { rules, known });
        if (findings.length > 0) {
          session.refused += 1;
          session.refusals.push(...refuse(`${exchange.status} ${exchange.method} ${path}: ${basename(file)} not written`, findings));
        } else {
          writeFileSync(file, `${JSON.stringify(recording, null, 2)}\n`);
          session.written += 1;
          session.files.push(file);
          if (!options.quiet) writeLines(process.stdout, [`${exchange.status} ${exchange.method} ${path} → ${file}${recording.replayable ? "" : " (not replayable)"}`]);
        }
        if (harFile) addToHar(harFile, har, session, rules, known);
      })
      .catch((error: unknown) => {
        // The reply may already be on its way (writing the recording failed after it was forwarded):
        // then only the engineer is told; the client got its answer.
        if (response.writableEnded) {
          // Not its URL: it may carry a secret the redaction has not hidden yet.
          writeLines(process.stderr, [`recorder: a ${request.method} call was forwarded but not recorded: ${(error as Error).message}`]);
          return;
        }
        if (!response.headersSent) response.writeHead(502, { "content-type": "application/json" });
        response.end(JSON.stringify({ code: 502, msg: `recorder: ${(error as Error).message}` }));
      });
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(new CliError(error.code ?? "START_FAILED", `the recorder could not start: ${error.message}`, { suggestion: error.code === "EADDRINUSE" ? `try --port ${options.port + 1}` : undefined })),
    );
    server.listen(options.port, options.host, () => resolveListen());
  });
  return {
    port: (server.address() as { port: number }).port,
    inspected: ring,
    summary: () => summary(session, harFile),
    refusals: () => [...session.refusals],
    close: () =>
      new Promise((resolveClose) => {
        server.closeIdleConnections();
        server.close(() => resolveClose(session.refused + session.harRefused === 0));
      }),
  };
}

/**
 * Says at once what was not written and where the secret is, masked: the engineer adds a rule for
 * it. The lines are kept, so the end of the session repeats them.
 */
function refuse(what: string, findings: Finding[]): string[] {
  const lines = [`refused ${what}: a secret survived redaction`, ...describeFindings(findings).map((line) => `  ${line}`)];
  writeLines(process.stderr, [...lines, "hint: add a rule for it (--redact-field NAME or --redact-rules FILE)"]);
  return lines;
}

/**
 * Rewrites the HAR with the new entry, unless the entry leaks: then the file stays as it was. Every
 * entry goes through the secrets known now, so one learnt from a later exchange (a token first seen
 * in a query, then in a sign-in's reply) leaves the earlier entries too.
 */
function addToHar(file: string, entry: HarExchange, session: { harEntries: HarEntry[]; harRefused: number; refusals: string[] }, rules: readonly RedactionRule[], known: KnownSecrets): void {
  const entries = [...session.harEntries, harEntry(entry)].map((harred) => redactKnown(harred, known).value);
  const har = harDocument(entries);
  const findings = findSecrets(har, { rules, known });
  if (findings.length > 0) {
    session.harRefused += 1;
    session.refusals.push(...refuse(`${entry.status} ${entry.method} ${new URL(entry.url).pathname}: ${basename(file)} not rewritten (the exchange is left out of it)`, findings));
    return;
  }
  writeHar(file, har);
  session.harEntries = entries;
}

/**
 * Recordings written before a secret was learnt may hold it (the token of a sign-in the recorder did
 * not see, first sent in a query): they are redacted again, in place. Their `needs` stays as it is:
 * it says whom the recording acts as (a sandbox's demo ciphertext), as the scan lets it.
 */
function redactWritten(files: readonly string[], known: KnownSecrets, quiet: boolean): void {
  for (const file of files) {
    const recording = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    const parts = Object.entries(recording);
    if (!parts.some(([key, part]) => key !== "needs" && known.occursIn(JSON.stringify(part)) !== undefined)) continue;
    const redacted = Object.fromEntries(parts.map(([key, part]) => [key, key === "needs" ? part : redactKnown(part, known).value]));
    writeFileSync(file, `${JSON.stringify(redacted, null, 2)}\n`);
    if (!quiet) writeLines(process.stdout, [`redacted again: ${basename(file)} (it held a secret seen since)`]);
  }
}

/** The exchange into the inspector's ring; its member is whom the session's sign-ins say the token is. */
function inspectExchange(ring: ExchangeRing, exchange: Exchange, roles: RecordingRoles, host: string | undefined): void {
  const member = roles.needsOf(exchange, undefined)?.member;
  const nearMiss = exchange.responseHeaders["x-sandbox-near-miss"] ? NearMissSchema.safeParse(jsonField(exchange.responseBody, "nearMiss")).data : undefined;
  ring.add({
    at: exchange.startedAt.getTime(),
    clockNow: exchange.startedAt.getTime(),
    origin: `http://${host ?? "localhost"}`,
    method: exchange.method,
    path: exchange.path,
    query: exchange.query,
    requestHeaders: exchange.requestHeaders,
    requestBody: exchange.requestBody,
    status: exchange.status,
    ms: exchange.time,
    replyHeaders: exchange.responseHeaders,
    replyBody: exchange.responseBody,
    ...(member ? { member } : {}),
    markers: faultOf(exchange.responseHeaders["x-sandbox-fault"]),
    // A sandbox behind the recorder names what a call nearly matched (sandbox/near-miss.ts).
    ...(nearMiss ? { nearMiss } : {}),
  });
}

/** The fault a sandbox behind the recorder says shaped the reply (sandbox/front-door.ts, FAULT_HEADER). */
function faultOf(header: string | undefined): { fault?: FaultKind } {
  return header !== undefined && (FAULT_KINDS as readonly string[]).includes(header) ? { fault: header as FaultKind } : {};
}

function jsonField(text: string, field: string): unknown {
  const value = parse(text);
  return value !== null && typeof value === "object" ? (value as Record<string, unknown>)[field] : undefined;
}

function summary(session: { written: number; refused: number; harEntries: HarEntry[]; harRefused: number }, harFile: string | undefined): string {
  const refused = session.refused > 0 ? `; REFUSED ${session.refused} (not written: a secret survived redaction)` : "";
  const har = harFile ? `; ${session.harEntries.length} in ${harFile}${session.harRefused > 0 ? ` (${session.harRefused} left out)` : ""}` : "";
  return `recorded ${session.written} exchange${session.written === 1 ? "" : "s"}${refused}${har}`;
}

/** One exchange as forwarded: bodies as sent, both ways. */
export interface Exchange {
  startedAt: Date;
  time: number;
  method: string;
  path: string;
  /** The real address called. */
  base: string;
  query: Record<string, string>;
  requestHeaders: Record<string, string>;
  requestBody: string;
  status: number;
  statusText: string;
  responseHeaders: Record<string, string>;
  responseBody: string;
}

async function forward(request: IncomingMessage, response: ServerResponse, bases: { apiBase: string; gatewayBase: string }): Promise<Exchange> {
  const startedAt = new Date();
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const requestBody = Buffer.concat(chunks).toString("utf8");
  const url = new URL(request.url ?? "/", "http://recorder");
  const base = url.pathname.startsWith("/bservice/") ? bases.gatewayBase : bases.apiBase;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (!HOP_BY_HOP.has(name) && typeof value === "string") headers[name] = value;
  }
  const method = request.method ?? "GET";
  const upstream = await fetch(`${base}${url.pathname}${url.search}`, {
    method,
    headers,
    body: method === "GET" || method === "HEAD" ? undefined : requestBody,
    redirect: "manual",
  });
  const responseBody = await upstream.text();
  const outgoing: Record<string, string> = {};
  upstream.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name) && name !== "content-encoding") outgoing[name] = value;
  });
  response.writeHead(upstream.status, outgoing);
  response.end(responseBody);
  return {
    startedAt,
    time: Date.now() - startedAt.getTime(),
    method,
    path: url.pathname,
    base,
    query: Object.fromEntries(url.searchParams),
    requestHeaders: headers,
    requestBody,
    status: upstream.status,
    statusText: upstream.statusText,
    responseHeaders: outgoing,
    responseBody,
  };
}

function parse(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** JSON values go back to JSON text; a text stays as it is. */
function asText(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * The reply paths a replay should not compare: the known volatile ones, and every value replaced by
 * something a replay cannot fill in (`<redacted:phone>`, a placeholder inside a longer text).
 */
function ignoreFor(path: string, reply: Redacted): string[] {
  const redacted = reply.redactions.filter((redaction) => !(redaction.whole && FILLED_IN.has(redaction.placeholder))).map((redaction) => jsonPath(redaction.path));
  return [...new Set([...(KNOWN_IGNORE[path] ?? []), ...redacted])];
}

/** The decrypted request and reply of a secure call, or null without a key or when they do not open. */
function openSecure(exchange: Exchange, encrypt: string | undefined, privateKey: string | undefined): { request: unknown; response: unknown } | null {
  if (!privateKey || !encrypt) return null;
  try {
    const { key, iv } = recoverKeyAndIv(privateKey, (JSON.parse(encrypt) as { symmetricKey: string }).symmetricKey);
    return { request: openReply(exchange.requestBody, key, iv).value, response: openReply(exchange.responseBody, key, iv).value };
  } catch {
    return null;
  }
}

/** A body that could not be opened: JSON stays (a refusal before encryption), ciphertext becomes `<sealed>`. */
function sealedOrPlain(text: string): unknown {
  const value = parse(text);
  return value === undefined || typeof value === "object" ? value : "<sealed>";
}

/**
 * The Token header of a secure call: the task client sends the member's ciphertext there (`<cust>`);
 * anything else is a session token (`<token>`).
 */
function secureTokenPlaceholder(token: string, opened: { request: unknown } | null): string {
  const cust = (opened?.request as { cust_id_ciphertext?: unknown } | undefined)?.cust_id_ciphertext;
  return token === cust ? "<cust>" : "<token>";
}

/**
 * Learns the exchange's secrets (cli/redaction.ts, KnownSecrets): what the rules name in the headers
 * both ways, the query and both bodies (decrypted for secure calls). A secure call's Token header is
 * learnt first, as the placeholder it is written as (`<cust>` or `<token>`).
 */
function learnSecrets(exchange: Exchange, secure: boolean, opened: { request: unknown; response: unknown } | null, rules: readonly RedactionRule[], known: KnownSecrets): void {
  const token = secure ? headerValue(exchange.requestHeaders, HEADER.token) : undefined;
  if (token) known.learn(token, secureTokenPlaceholder(token, opened));
  known.learnFromHeaders(exchange.requestHeaders, rules);
  known.learnFromHeaders(exchange.responseHeaders, rules);
  known.learnFrom(exchange.query, rules, "query");
  known.learnFrom(opened ? opened.request : parse(exchange.requestBody), rules, "request");
  known.learnFrom(opened ? opened.response : parse(exchange.responseBody), rules, "response");
}

/** Whether secure calls are opened with the sandbox's own key: a recording of the sandbox. */
function isSandboxKey(privateKey: string | undefined): boolean {
  if (!privateKey) return false;
  try {
    return privateKey.trim() === sandboxKeys().privateKey.trim();
  } catch {
    return false;
  }
}

/** The exchange as a recording file and as a HAR entry, both redacted by the same rules. */
export function record(exchange: Exchange, privateKey: string | undefined, rules: readonly RedactionRule[], roles: RecordingRoles, known: KnownSecrets): { recording: RecordedFile; har: HarExchange } {
  const encrypt = headerValue(exchange.requestHeaders, HEADER.encrypt);
  const secure = Boolean(encrypt) || exchange.path.startsWith("/bservice/");
  const opened = secure ? openSecure(exchange, encrypt, privateKey) : null;
  // Every secret of the exchange is learnt before anything is redacted, so that it is hidden wherever it is.
  learnSecrets(exchange, secure, opened, rules, known);
  const path = known.replaceIn(exchange.path).text;
  const name = `${exchange.method} ${path}`;
  const recordedAt = exchange.startedAt.toISOString();
  const allHeaders = redactHeaders(exchange.requestHeaders, rules, known).value;
  // The key itself means nothing at replay, which mints one per role: the role is what is kept.
  const keyRole = roles.keyRoleOf(exchange.requestHeaders);
  for (const header of Object.keys(allHeaders)) if (keyRole && header.toLowerCase() === IDEMPOTENCY_KEY_HEADER.toLowerCase()) allHeaders[header] = keyRole;
  const common = {
    startedAt: exchange.startedAt,
    time: exchange.time,
    method: exchange.method,
    status: exchange.status,
    statusText: exchange.statusText,
    responseHeaders: redactHeaders(exchange.responseHeaders, rules, known).value,
    requestSize: Buffer.byteLength(exchange.requestBody),
    responseSize: Buffer.byteLength(exchange.responseBody),
  };

  if (secure) {
    const request = redactValue(opened ? opened.request : sealedOrPlain(exchange.requestBody), rules, "request", known);
    const reply = redactValue(opened ? opened.response : sealedOrPlain(exchange.responseBody), rules, "response", known);
    const token = headerValue(exchange.requestHeaders, HEADER.token);
    const tokenPlaceholder = token ? secureTokenPlaceholder(token, opened) : undefined;
    for (const header of Object.keys(allHeaders)) if (header.toLowerCase() === "token" && tokenPlaceholder) allHeaders[header] = tokenPlaceholder;
    const ignore = ignoreFor(exchange.path, reply);
    const needs = roles.needsOf(exchange, (opened?.request as { cust_id_ciphertext?: string } | undefined)?.cust_id_ciphertext);
    return {
      recording: {
        name,
        kind: "secure",
        replayable: opened !== null,
        recordedAt,
        ...(needs ? { needs } : {}),
        request: { method: "POST", path, query: {}, headers: tokenPlaceholder ? { Token: tokenPlaceholder } : {}, body: request.value, auth: false },
        response: { status: exchange.status, body: reply.value },
        ignore,
      },
      har: {
        ...common,
        kind: "secure",
        url: `${exchange.base}${path}`,
        query: {},
        requestHeaders: allHeaders,
        requestText: "<sealed>",
        ...(opened ? { requestComment: JSON.stringify(request.value), responseComment: JSON.stringify(reply.value) } : {}),
        responseText: "<sealed>",
        ignore,
        // The member only: a HAR is shared as a whole, and even a sandbox's demo ciphertext stays out of it.
        ...(needs?.member ? { needs: { member: needs.member } } : {}),
      },
    };
  }

  const query = redactValue(exchange.query, rules, "query", known) as Redacted<Record<string, string>>;
  const body = redactValue(parse(exchange.requestBody), rules, "request", known);
  const reply = redactValue(parse(exchange.responseBody), rules, "response", known);
  const singleUse = query.redactions.some((redaction) => redaction.rule === "login-code");
  const language = headerValue(exchange.requestHeaders, "accept-language");
  const search = new URLSearchParams(query.value).toString();
  const ignore = ignoreFor(exchange.path, reply);
  const needs = roles.needsOf(exchange, undefined);
  return {
    recording: {
      name,
      kind: "api",
      replayable: !singleUse,
      recordedAt,
      ...(needs ? { needs } : {}),
      request: {
        method: exchange.method,
        path,
        query: query.value,
        headers: { ...(language ? redactHeaders({ "accept-language": language }, rules).value : {}), ...(keyRole ? { [IDEMPOTENCY_KEY_HEADER]: keyRole } : {}) },
        body: body.value,
        auth: Boolean(headerValue(exchange.requestHeaders, "authorization")),
      },
      response: { status: exchange.status, body: reply.value },
      ignore,
    },
    har: {
      ...common,
      kind: "api",
      url: `${exchange.base}${path}${search ? `?${search}` : ""}`,
      query: query.value,
      requestHeaders: allHeaders,
      requestText: asText(body.value),
      responseText: asText(reply.value) ?? "",
      ignore,
      ...(needs?.member ? { needs: { member: needs.member } } : {}),
    },
  };
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
}
