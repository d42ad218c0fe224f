/**
 * `mcoin record`: a recording proxy. Point the mall (or anything) at it; it forwards each call to the
 * environment's gateway and writes the exchange as a replayable recording, with tokens and secrets
 * replaced by placeholders. Secure gateway calls are opened with the private key (the sandbox's by
 * default); without one they are kept sealed and marked not replayable.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { Command } from "commander";
import { z } from "zod";
import { HEADER, headerValue, openReply } from "../../app/lib/gateway/envelope";
import { recoverKeyAndIv } from "../../app/lib/gateway/private-key";
import { EnvSchema, apiBaseUrl, envOption, gatewaySettingsFor, sandboxKeys } from "../context";
import { CliError, usageError } from "../errors";
import { output, parseOptions } from "../options";
import { LOGIN_QUERY_FIELDS, redact, type Recording } from "../recordings";

const RecordOptions = z.object({
  env: EnvSchema,
  out: z.string().min(1),
  port: z.coerce.number().int().min(0).max(65_535).default(4020),
  host: z.string().default("127.0.0.1"),
  privateKey: z.string().optional(),
  json: z.boolean().default(false),
});

/** Reply fields that change on every call. */
const KNOWN_VOLATILE: Record<string, string[]> = {
  "/api/system/time": ["data.sysTime"],
  "/macaupassconfig": ["data.timestamp", "data.nonceStr", "data.signature"],
};

const HOP_BY_HOP = new Set(["host", "connection", "keep-alive", "transfer-encoding", "content-length", "accept-encoding"]);

export function recordCommand(): Command {
  return new Command("record")
    .description("run a recording proxy: forward to the environment and write each exchange as a replayable file")
    .addOption(envOption())
    .requiredOption("--out <dir>", "where to write the recordings")
    .option("-p, --port <port>", "port to listen on", "4020")
    .option("--host <host>", "interface to listen on", "127.0.0.1")
    .option("--private-key <pem>", "the gateway's private key, to open secure calls (default: the sandbox's, for --env sandbox)")
    .option("--json", "print the listening address as JSON")
    .addHelpText("after", `
Example:
  $ npx mcoin record --env sandbox --out recordings --port 4020
  $ MCOIN_SANDBOX_URL=http://127.0.0.1:4020 npm run serve    # the mall, through the recorder
  $ npx mcoin replay recordings --env sandbox --login mpay-1001`)
    .action(async (raw) => {
      const options = parseOptions(RecordOptions, raw, "record");
      const out = resolve(options.out);
      mkdirSync(out, { recursive: true });
      const apiBase = apiBaseUrl(options.env);
      const gatewayBase = options.env === "sandbox" ? apiBase : safeGatewayBase(options.env);
      let privateKey: string | undefined;
      if (options.privateKey) {
        try {
          privateKey = readFileSync(options.privateKey, "utf8");
        } catch {
          throw usageError(`cannot read the private key ${options.privateKey}`);
        }
      } else if (options.env === "sandbox") privateKey = sandboxKeys().privateKey;

      let seq = 0;
      const server = createServer((request, response) => {
        forward(request, response, { apiBase, gatewayBase })
          .then((exchange) => {
            seq += 1;
            const recording = toRecording(exchange, privateKey);
            const file = join(out, `${String(seq).padStart(3, "0")}-${slug(`${exchange.method} ${exchange.path}`)}.json`);
            writeFileSync(file, `${JSON.stringify(recording, null, 2)}\n`);
            if (!options.json) process.stdout.write(`${exchange.status} ${exchange.method} ${exchange.path} → ${file}${recording.replayable ? "" : " (not replayable)"}\n`);
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
      output(options.json, { url: `http://${options.host}:${port}`, port, target: apiBase, out }, () => `recording ${apiBase} on http://${options.host}:${port} into ${out} (Ctrl-C stops)`);
      const stop = () => server.close(() => process.exit(0));
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    });
}

function safeGatewayBase(env: z.infer<typeof EnvSchema>): string {
  try {
    return gatewaySettingsFor(env).baseUrl;
  } catch {
    return apiBaseUrl(env);
  }
}

interface Exchange {
  method: string;
  path: string;
  query: Record<string, string>;
  requestHeaders: Record<string, string>;
  requestBody: string;
  status: number;
  responseBody: string;
}

async function forward(request: IncomingMessage, response: ServerResponse, bases: { apiBase: string; gatewayBase: string }): Promise<Exchange> {
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
  return { method, path: url.pathname, query: Object.fromEntries(url.searchParams), requestHeaders: headers, requestBody, status: upstream.status, responseBody };
}

function parse(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toRecording(exchange: Exchange, privateKey: string | undefined): Recording {
  const encrypt = headerValue(exchange.requestHeaders, HEADER.encrypt);
  const language = headerValue(exchange.requestHeaders, "accept-language");
  if (encrypt) {
    const token = headerValue(exchange.requestHeaders, HEADER.token);
    let opened: { request: unknown; response: unknown } | null = null;
    if (privateKey) {
      try {
        const { key, iv } = recoverKeyAndIv(privateKey, (JSON.parse(encrypt) as { symmetricKey: string }).symmetricKey);
        opened = { request: openReply(exchange.requestBody, key, iv).value, response: openReply(exchange.responseBody, key, iv).value };
      } catch {
        opened = null;
      }
    }
    const request = redact(opened?.request ?? exchange.requestBody);
    const reply = redact(opened?.response ?? exchange.responseBody);
    // The task client's Token header is the member's ciphertext; anything else is a session token.
    const cust = (opened?.request as { cust_id_ciphertext?: unknown } | undefined)?.cust_id_ciphertext;
    return {
      name: `${exchange.method} ${exchange.path}`,
      kind: "secure",
      replayable: opened !== null,
      request: { method: "POST", path: exchange.path, query: {}, headers: token ? { Token: token === cust ? "<cust>" : "<token>" } : {}, body: request.value, auth: false },
      response: { status: exchange.status, body: reply.value },
      volatile: [],
    };
  }
  const query = redact(exchange.query, LOGIN_QUERY_FIELDS);
  const body = redact(parse(exchange.requestBody));
  const reply = redact(parse(exchange.responseBody));
  const singleUse = query.redacted.some((path) => path === "code");
  return {
    name: `${exchange.method} ${exchange.path}`,
    kind: "api",
    replayable: !singleUse,
    request: {
      method: exchange.method,
      path: exchange.path,
      query: query.value as Record<string, string>,
      headers: language ? { "accept-language": language } : {},
      body: body.value,
      auth: Boolean(headerValue(exchange.requestHeaders, "authorization")),
    },
    response: { status: exchange.status, body: reply.value },
    volatile: KNOWN_VOLATILE[exchange.path] ?? [],
  };
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
}
