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
import {
  exchangeFields,
  findSecrets,
  mask,
  personalFindings,
  pseudonymise,
  redactHeaders,
  redactValue,
  replaceKnownPersonal,
  type Finding,
  type KnownSecrets,
  type Pseudonyms,
  type Redacted,
  type RedactionRule,
} from "#harness/redaction";
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

/** What the recorder hides and replaces, for one session: the rules, the secrets and the personal data seen so far. */
export interface Hiding {
  rules: readonly RedactionRule[];
  known: KnownSecrets;
  pseudonyms: Pseudonyms;
}

/**
 * The exchange as a recording file and as a HAR entry, both redacted by the same rules after its
 * personal fields were given their stand-ins (harness/redaction/personal.ts), and with every real
 * value known replaced wherever else it shows.
 */
export function record(exchange: Exchange, privateKey: string | undefined, hiding: Hiding, roles: RecordingRoles): { recording: RecordedFile; har: HarExchange } {
  const { rules, known, pseudonyms } = hiding;
  const encrypt = headerValue(exchange.requestHeaders, HEADER.encrypt);
  const secure = Boolean(encrypt) || exchange.path.startsWith("/bservice/");
  const opened = secure ? openSecure(exchange, encrypt, privateKey) : null;
  // Every secret of the exchange is learnt before anything is redacted, so that it is hidden wherever it is.
  learnSecrets(exchange, secure, opened, rules, known);
  const built = secure ? recordSecure(exchange, opened, hiding, roles) : recordApi(exchange, hiding, roles);
  // A real value learnt from this exchange's fields is replaced wherever else it shows in it too.
  return { recording: replaceKnownPersonal(built.recording, pseudonyms), har: replaceKnownPersonal(built.har, pseudonyms) };
}

/** The parts common to both kinds: the path, the headers, the sizes and times, the member. */
function recordCommon(exchange: Exchange, hiding: Hiding, roles: RecordingRoles, cust?: string) {
  const { rules, known, pseudonyms } = hiding;
  const path = pseudonyms.replaceIn(known.replaceIn(exchange.path).text);
  const allHeaders = redactHeaders(exchange.requestHeaders, rules, known).value;
  // The key itself means nothing at replay, which mints one per role: the role is what is kept.
  const keyRole = roles.keyRoleOf(exchange.requestHeaders);
  for (const header of Object.keys(allHeaders)) if (keyRole && header.toLowerCase() === IDEMPOTENCY_KEY_HEADER.toLowerCase()) allHeaders[header] = keyRole;
  const needs = roles.needsOf(exchange, cust);
  // Whom the recording acts as is personal data too: its stand-in, the same as in the replies.
  if (needs?.member) needs.member = String(pseudonyms.standIn("member-id", needs.member));
  return {
    path,
    name: `${exchange.method} ${path}`,
    recordedAt: exchange.startedAt.toISOString(),
    allHeaders,
    keyRole,
    needs,
    har: {
      startedAt: exchange.startedAt,
      time: exchange.time,
      method: exchange.method,
      status: exchange.status,
      statusText: exchange.statusText,
      responseHeaders: redactHeaders(exchange.responseHeaders, rules, known).value,
      requestSize: Buffer.byteLength(exchange.requestBody),
      responseSize: Buffer.byteLength(exchange.responseBody),
    },
  };
}

/** A value's personal fields given their stand-ins, then redacted; stand-ins stay whatever the rules say. */
function hide(value: unknown, paths: Parameters<typeof pseudonymise>[1], scope: "query" | "request" | "response", hiding: Hiding, names?: Parameters<typeof pseudonymise>[3]): Redacted {
  const { rules, known, pseudonyms } = hiding;
  return redactValue(pseudonymise(value, paths, pseudonyms, names).value, rules, scope, known, (text) => pseudonyms.isStandIn(text));
}

function recordSecure(exchange: Exchange, opened: { request: unknown; response: unknown } | null, hiding: Hiding, roles: RecordingRoles): { recording: RecordedFile; har: HarExchange } {
  const fields = exchangeFields("secure", "POST", exchange.path);
  const request = hide(opened ? opened.request : sealedOrPlain(exchange.requestBody), fields.request, "request", hiding, fields.names);
  const reply = hide(opened ? opened.response : sealedOrPlain(exchange.responseBody), fields.response, "response", hiding, fields.names);
  const common = recordCommon(exchange, hiding, roles, (opened?.request as { cust_id_ciphertext?: string } | undefined)?.cust_id_ciphertext);
  const { path, needs, allHeaders } = common;
  const token = headerValue(exchange.requestHeaders, HEADER.token);
  const tokenPlaceholder = token ? secureTokenPlaceholder(token, opened) : undefined;
  for (const header of Object.keys(allHeaders)) if (header.toLowerCase() === "token" && tokenPlaceholder) allHeaders[header] = tokenPlaceholder;
  const ignore = ignoreFor(exchange.path, reply);
  return {
    recording: {
      name: common.name,
      kind: "secure",
      replayable: opened !== null,
      recordedAt: common.recordedAt,
      ...(needs ? { needs } : {}),
      request: { method: "POST", path, query: {}, headers: tokenPlaceholder ? { Token: tokenPlaceholder } : {}, body: request.value, auth: false },
      response: { status: exchange.status, body: reply.value },
      ignore,
    },
    har: {
      ...common.har,
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

function recordApi(exchange: Exchange, hiding: Hiding, roles: RecordingRoles): { recording: RecordedFile; har: HarExchange } {
  const fields = exchangeFields("api", exchange.method, exchange.path);
  const query = hide(exchange.query, fields.query, "query", hiding, fields.names) as Redacted<Record<string, string>>;
  const body = hide(parse(exchange.requestBody), fields.request, "request", hiding, fields.names);
  const reply = hide(parse(exchange.responseBody), fields.response, "response", hiding, fields.names);
  const common = recordCommon(exchange, hiding, roles);
  const { path, needs, keyRole } = common;
  const singleUse = query.redactions.some((redaction) => redaction.rule === "login-code");
  const language = headerValue(exchange.requestHeaders, "accept-language");
  const search = new URLSearchParams(query.value).toString();
  const ignore = ignoreFor(exchange.path, reply);
  return {
    recording: {
      name: common.name,
      kind: "api",
      replayable: !singleUse,
      recordedAt: common.recordedAt,
      ...(needs ? { needs } : {}),
      request: {
        method: exchange.method,
        path,
        query: query.value,
        headers: { ...(language ? redactHeaders({ "accept-language": language }, hiding.rules).value : {}), ...(keyRole ? { [IDEMPOTENCY_KEY_HEADER]: keyRole } : {}) },
        body: body.value,
        auth: Boolean(headerValue(exchange.requestHeaders, "authorization")),
      },
      response: { status: exchange.status, body: reply.value },
      ignore,
    },
    har: {
      ...common.har,
      kind: "api",
      url: `${exchange.base}${path}${search ? `?${search}` : ""}`,
      query: query.value,
      requestHeaders: common.allHeaders,
      requestText: asText(body.value),
      responseText: asText(reply.value) ?? "",
      ignore,
      ...(needs?.member ? { needs: { member: needs.member } } : {}),
    },
  };
}

/**
 * What still leaks from a finished recording or HAR: what the secret scan finds (stand-ins let pass),
 * and, in a recording, a personal field of the contract that holds a real value, or a real value
 * known anywhere. A file with any is not written.
 */
export function findLeaks(document: unknown, hiding: Hiding): Finding[] {
  const { rules, known, pseudonyms } = hiding;
  const findings = findSecrets(document, { rules, known, allow: pseudonyms.allowed });
  const recording = document as Partial<RecordedFile>;
  const personal = [];
  if (recording.request && recording.response && (recording.kind === "api" || recording.kind === "secure")) {
    const fields = exchangeFields(recording.kind, recording.request.method ?? "POST", recording.request.path ?? "");
    personal.push(
      ...personalFindings(recording.request.query, fields.query, pseudonyms, ["request", "query"]),
      ...personalFindings(recording.request.body, fields.request, pseudonyms, ["request", "body"]),
      ...personalFindings(recording.response.body, fields.response, pseudonyms, ["response", "body"]),
      ...personalFindings({ name: recording.name, path: recording.request.path, headers: recording.request.headers }, [], pseudonyms),
    );
  } else {
    personal.push(...personalFindings(document, [], pseudonyms));
  }
  return [...findings, ...personal.map((finding) => ({ pattern: `personal:${finding.kind}`, path: finding.path, excerpt: mask(valueAt(document, finding.path)) }))];
}

/** The text at a JSONPath the findings wrote (`$.a.b[0]`), for its masked excerpt. */
function valueAt(document: unknown, path: string): string {
  let node = document;
  for (const part of path.matchAll(/\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\['((?:[^'\\]|\\.)*)'\]/g)) {
    const key = part[1] ?? (part[2] !== undefined ? Number(part[2]) : part[3]?.replace(/\\(.)/g, "$1"));
    node = node && typeof node === "object" ? (node as Record<string | number, unknown>)[key as string | number] : undefined;
  }
  return typeof node === "string" || typeof node === "number" ? String(node) : "";
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
}
