/**
 * One exchange the recorder forwarded, as a recording file and as a HAR entry, both redacted by the
 * same rules (harness/redaction) after every secret of the exchange was learnt, so that each is hidden
 * wherever it is. Secure gateway calls are opened with the private key when there is one; without it
 * they are kept sealed and marked not replayable. The inspector's save writes through it too
 * (harness/inspector/actions.ts).
 */
import type { z } from "zod";
import { HEADER, headerValue, openReply } from "#core/node/gateway/envelope";
import { recoverKeyAndIv } from "#core/node/gateway/private-key";
import { FILLED_IN, FILLED_IN_PLACEHOLDERS, IDEMPOTENCY_KEY_HEADER, SEALED_TEXT, VOLATILE_REPLY_FIELDS, jsonPath, type HarExchange, type RecordingFormatSchema } from "#harness/recording";
import { redactHeaders, redactValue, type KnownSecrets, type Redacted, type RedactionRule } from "#harness/redaction";
import type { RecordingRoles } from "./roles";

/** A recording file as written (harness/recording/format.ts). */
export type RecordedFile = z.output<typeof RecordingFormatSchema>;

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
  const redacted = reply.redactions.filter((redaction) => !(redaction.whole && FILLED_IN_PLACEHOLDERS.has(redaction.placeholder))).map((redaction) => jsonPath(redaction.path));
  return [...new Set([...(VOLATILE_REPLY_FIELDS[path] ?? []), ...redacted])];
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
  return value === undefined || typeof value === "object" ? value : SEALED_TEXT;
}

/**
 * The Token header of a secure call: the task client sends the member's ciphertext there (`<cust>`);
 * anything else is a session token (`<token>`).
 */
function secureTokenPlaceholder(token: string, opened: { request: unknown } | null): string {
  const cust = (opened?.request as { cust_id_ciphertext?: unknown } | undefined)?.cust_id_ciphertext;
  return token === cust ? FILLED_IN.cust : FILLED_IN.token;
}

/**
 * Learns the exchange's secrets (harness/redaction, KnownSecrets): what the rules name in the headers
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
        requestText: SEALED_TEXT,
        ...(opened ? { requestComment: JSON.stringify(request.value), responseComment: JSON.stringify(reply.value) } : {}),
        responseText: SEALED_TEXT,
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
