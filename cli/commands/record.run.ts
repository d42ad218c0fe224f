/** What `mcoin record` runs (its definition, cli/commands/record.ts, loads this only when it runs). */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { z } from "zod";
import { HEADER, headerValue, openReply } from "#core/node/gateway/envelope";
import { recoverKeyAndIv } from "#core/node/gateway/private-key";
import { EnvSchema, apiBaseUrl, gatewaySettingsFor, sandboxKeys } from "../context";
import { CliError, usageError } from "../errors";
import { harDocument, harEntry, writeHar, type HarEntry, type HarExchange } from "../har-write";
import { output, parseOptions } from "../options";
import { writeLines } from "../terminal-text";
import {
  describeFindings,
  fieldRule,
  findSecrets,
  jsonPath,
  loadRulesFile,
  redactHeaders,
  redactValue,
  rulesWith,
  type Finding,
  type Redacted,
  type RedactionRule,
} from "../redaction";

const RecordOptions = z.object({
  env: EnvSchema,
  out: z.string().min(1),
  port: z.coerce.number().int().min(0).max(65_535).default(4020),
  host: z.string().default("127.0.0.1"),
  privateKey: z.string().optional(),
  redactRules: z.string().min(1).optional(),
  redactField: z.array(z.string().regex(/^[^\s<>]+$/, "a field name has no spaces or angle brackets")).default([]),
  har: z.string().min(1).optional(),
  json: z.boolean().default(false),
});

/** Reply fields (JSONPath on the reply body) that change on every call. */
const KNOWN_IGNORE: Record<string, string[]> = {
  "/api/system/time": ["$.data.sysTime"],
  "/macaupassconfig": ["$.data.timestamp", "$.data.nonceStr", "$.data.signature"],
};

const HOP_BY_HOP = new Set(["host", "connection", "keep-alive", "transfer-encoding", "content-length", "accept-encoding"]);

/** The placeholders a replay fills in; a reply value that is exactly one of them is still compared. */
const FILLED_IN = new Set(["<token>", "<cust>", "<code>"]);

/** A recording file as written (the format cli/recordings.ts reads; `needs` is for people to add). */
interface RecordedFile {
  name: string;
  kind: "api" | "secure";
  replayable: boolean;
  recordedAt: string;
  request: { method: string; path: string; query: Record<string, string>; headers: Record<string, string>; body?: unknown; auth: boolean };
  response: { status: number; body: unknown };
  ignore: string[];
}

export async function runRecord(raw: unknown): Promise<void> {
  const options = parseOptions(RecordOptions, raw, "record");
  const rules = rulesWith([...(options.redactRules ? loadRulesFile(options.redactRules) : []), ...options.redactField.map(fieldRule)]);
  const out = resolve(options.out);
  mkdirSync(out, { recursive: true });
  const harFile = options.har ? resolve(options.har) : undefined;
  if (harFile) mkdirSync(dirname(harFile), { recursive: true });
  const apiBase = apiBaseUrl(options.env);
  const gatewayBase = options.env === "sandbox" ? apiBase : safeGatewayBase(options.env);
  const privateKey = readPrivateKey(options.privateKey, options.env);

  const session = { seq: 0, written: 0, refused: 0, harEntries: [] as HarEntry[], harRefused: 0 };
  const server = createServer((request, response) => {
    forward(request, response, { apiBase, gatewayBase })
      .then((exchange) => {
        session.seq += 1;
        const { recording, har } = record(exchange, privateKey, rules);
        const file = join(out, `${String(session.seq).padStart(3, "0")}-${slug(`${exchange.method} ${exchange.path}`)}.json`);
        const findings = findSecrets(recording, { rules });
        if (findings.length > 0) {
          session.refused += 1;
          refuse(`${exchange.status} ${exchange.method} ${exchange.path}: ${basename(file)} not written`, findings);
        } else {
          writeFileSync(file, `${JSON.stringify(recording, null, 2)}\n`);
          session.written += 1;
          if (!options.json) writeLines(process.stdout, [`${exchange.status} ${exchange.method} ${exchange.path} → ${file}${recording.replayable ? "" : " (not replayable)"}`]);
        }
        if (harFile) addToHar(harFile, har, session, rules);
      })
      .catch((error: unknown) => {
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
  const port = (server.address() as { port: number }).port;
  output(options.json, { url: `http://${options.host}:${port}`, port, target: apiBase, out, har: harFile ?? null }, () => [`recording ${apiBase} on http://${options.host}:${port} into ${out}${harFile ? ` and ${harFile}` : ""} (Ctrl-C stops)`]);
  const stop = () => {
    if (!options.json) writeLines(process.stdout, [summary(session, harFile)]);
    server.closeIdleConnections();
    // A refused recording is a failure worth an exit code: something was not written.
    server.close(() => process.exit(session.refused + session.harRefused > 0 ? 1 : 0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

/** The private key that opens secure calls: the one given, else the sandbox's for the sandbox. */
function readPrivateKey(file: string | undefined, env: z.infer<typeof EnvSchema>): string | undefined {
  if (file) {
    try {
      return readFileSync(file, "utf8");
    } catch {
      throw usageError(`cannot read the private key ${file}`);
    }
  }
  return env === "sandbox" ? sandboxKeys().privateKey : undefined;
}

function safeGatewayBase(env: z.infer<typeof EnvSchema>): string {
  try {
    return gatewaySettingsFor(env).baseUrl;
  } catch {
    return apiBaseUrl(env);
  }
}

/** Says what was not written and where the secret is, masked: the engineer adds a rule for it. */
function refuse(what: string, findings: Finding[]): void {
  writeLines(process.stderr, [
    `refused ${what}: a secret survived redaction`,
    ...describeFindings(findings).map((line) => `  ${line}`),
    "hint: add a rule for it (--redact-field NAME or --redact-rules FILE)",
  ]);
}

/** Rewrites the HAR with the new entry, unless the entry leaks: then the file stays as it was. */
function addToHar(file: string, entry: HarExchange, session: { harEntries: HarEntry[]; harRefused: number }, rules: readonly RedactionRule[]): void {
  const entries = [...session.harEntries, harEntry(entry)];
  const har = harDocument(entries);
  const findings = findSecrets(har, { rules });
  if (findings.length > 0) {
    session.harRefused += 1;
    refuse(`${entry.status} ${entry.method} ${new URL(entry.url).pathname}: ${basename(file)} not rewritten (the exchange is left out of it)`, findings);
    return;
  }
  writeHar(file, har);
  session.harEntries = entries;
}

function summary(session: { written: number; refused: number; harEntries: HarEntry[]; harRefused: number }, harFile: string | undefined): string {
  const refused = session.refused > 0 ? `; refused ${session.refused} (not written: a secret survived redaction)` : "";
  const har = harFile ? `; ${session.harEntries.length} in ${harFile}${session.harRefused > 0 ? ` (${session.harRefused} left out)` : ""}` : "";
  return `recorded ${session.written} exchange${session.written === 1 ? "" : "s"}${refused}${har}`;
}

interface Exchange {
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

/** The exchange as a recording file and as a HAR entry, both redacted by the same rules. */
function record(exchange: Exchange, privateKey: string | undefined, rules: readonly RedactionRule[]): { recording: RecordedFile; har: HarExchange } {
  const encrypt = headerValue(exchange.requestHeaders, HEADER.encrypt);
  const secure = Boolean(encrypt) || exchange.path.startsWith("/bservice/");
  const name = `${exchange.method} ${exchange.path}`;
  const recordedAt = exchange.startedAt.toISOString();
  const allHeaders = redactHeaders(exchange.requestHeaders, rules).value;
  const common = {
    startedAt: exchange.startedAt,
    time: exchange.time,
    method: exchange.method,
    status: exchange.status,
    statusText: exchange.statusText,
    responseHeaders: redactHeaders(exchange.responseHeaders, rules).value,
    requestSize: Buffer.byteLength(exchange.requestBody),
    responseSize: Buffer.byteLength(exchange.responseBody),
  };

  if (secure) {
    const opened = openSecure(exchange, encrypt, privateKey);
    const request = redactValue(opened ? opened.request : sealedOrPlain(exchange.requestBody), rules, "request");
    const reply = redactValue(opened ? opened.response : sealedOrPlain(exchange.responseBody), rules, "response");
    const token = headerValue(exchange.requestHeaders, HEADER.token);
    const tokenPlaceholder = token ? secureTokenPlaceholder(token, opened) : undefined;
    for (const header of Object.keys(allHeaders)) if (header.toLowerCase() === "token" && tokenPlaceholder) allHeaders[header] = tokenPlaceholder;
    const ignore = ignoreFor(exchange.path, reply);
    return {
      recording: {
        name,
        kind: "secure",
        replayable: opened !== null,
        recordedAt,
        request: { method: "POST", path: exchange.path, query: {}, headers: tokenPlaceholder ? { Token: tokenPlaceholder } : {}, body: request.value, auth: false },
        response: { status: exchange.status, body: reply.value },
        ignore,
      },
      har: {
        ...common,
        kind: "secure",
        url: `${exchange.base}${exchange.path}`,
        query: {},
        requestHeaders: allHeaders,
        requestText: "<sealed>",
        ...(opened ? { requestComment: JSON.stringify(request.value), responseComment: JSON.stringify(reply.value) } : {}),
        responseText: "<sealed>",
        ignore,
      },
    };
  }

  const query = redactValue(exchange.query, rules, "query") as Redacted<Record<string, string>>;
  const body = redactValue(parse(exchange.requestBody), rules, "request");
  const reply = redactValue(parse(exchange.responseBody), rules, "response");
  const singleUse = query.redactions.some((redaction) => redaction.rule === "login-code");
  const language = headerValue(exchange.requestHeaders, "accept-language");
  const search = new URLSearchParams(query.value).toString();
  const ignore = ignoreFor(exchange.path, reply);
  return {
    recording: {
      name,
      kind: "api",
      replayable: !singleUse,
      recordedAt,
      request: {
        method: exchange.method,
        path: exchange.path,
        query: query.value,
        headers: language ? redactHeaders({ "accept-language": language }, rules).value : {},
        body: body.value,
        auth: Boolean(headerValue(exchange.requestHeaders, "authorization")),
      },
      response: { status: exchange.status, body: reply.value },
      ignore,
    },
    har: {
      ...common,
      kind: "api",
      url: `${exchange.base}${exchange.path}${search ? `?${search}` : ""}`,
      query: query.value,
      requestHeaders: allHeaders,
      requestText: asText(body.value),
      responseText: asText(reply.value) ?? "",
      ignore,
    },
  };
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
}
