/**
 * What the inspector says about one exchange (core/controls/inspect.ts): its registry name, the
 * secure envelope opened (the symmetric key recovered with the private key, both bodies decrypted,
 * both signatures checked, Request-Time's skew from the server's clock), the bodies checked against
 * the registry's declaration, and the exchange as a curl and an mcoin command. Free of msw and of
 * the sandbox's state, so `mcoin record` (harness/record) analyses its traffic the same way.
 */
import type { z } from "zod";
import { SUCCESS_CODE } from "#core/api/define";
import { endpointFor, functionFor } from "#core/api/registry";
import type { EnvelopeView, Issue, ValidationView } from "#core/controls/inspect";
import { HEADER, headerValue, signatureOf } from "#core/node/gateway/envelope";
import { aesDecrypt, parseRequestTime } from "#core/node/gateway/primitives";
import { recoverKeyAndIv } from "#core/node/gateway/private-key";
import { HOP_BY_HOP_HEADERS } from "#harness/recording";

/** The keys the server holds: the private key opens secure calls; the secrets check signatures. */
export interface InspectKeys {
  privateKey?: string;
  signSecret?: string;
  md5Key?: string;
}

export const SECURE_PATH = /^\/bservice\//;

export type ExchangeKind = "api" | "secure" | "other";

/** The registry's name of what was called, and which kind of call it is. */
export function nameOf(method: string, path: string): { kind: ExchangeKind; name?: string } {
  if (SECURE_PATH.test(path)) return { kind: "secure", name: functionFor(path)?.name };
  const endpoint = endpointFor(method, path);
  return endpoint ? { kind: "api", name: endpoint.name } : { kind: path.startsWith("/api/") || path.startsWith("/member/") ? "api" : "other" };
}

/** A text as JSON, or undefined when it is not JSON (or empty). */
export function jsonOf(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const issuesOf = (error: z.ZodError | undefined): Issue[] =>
  (error?.issues ?? []).slice(0, 20).map((issue) => ({ path: issue.path.map((part) => (typeof part === "number" ? part : String(part))), message: issue.message }));

/**
 * The request and the reply checked against the registry's declaration. An API reply's `data` is
 * checked only on success (a refusal carries none); a secure reply only when it was decrypted.
 */
export function validate(input: {
  method: string;
  path: string;
  query: Record<string, string>;
  requestBody: unknown;
  replyBody: unknown;
  secure?: { request: unknown; reply: unknown; replyOpened: boolean };
}): ValidationView | undefined {
  if (SECURE_PATH.test(input.path)) {
    const declared = functionFor(input.path);
    if (!declared || !input.secure) return undefined;
    return {
      against: `${declared.name} (POST ${declared.url})`,
      request: issuesOf(declared.request.safeParse(input.secure.request).error),
      reply: input.secure.replyOpened ? issuesOf(declared.reply.safeParse(input.secure.reply).error) : [],
    };
  }
  const endpoint = endpointFor(input.method, input.path);
  if (!endpoint) return undefined;
  const request = endpoint.method === "GET" ? input.query : (input.requestBody ?? {});
  const reply = input.replyBody as { code?: unknown; data?: unknown } | undefined;
  const succeeded = reply !== null && typeof reply === "object" && Number(reply.code) === SUCCESS_CODE && "data" in reply;
  return {
    against: `${endpoint.name} (${endpoint.method} ${endpoint.path})`,
    request: issuesOf(endpoint.request.safeParse(request).error),
    reply: succeeded ? issuesOf(endpoint.data.safeParse(reply.data).error).map((issue) => ({ ...issue, path: ["data", ...issue.path] })) : [],
  };
}

type SignatureState = EnvelopeView["signature"]["request"];

function signatureState(header: string | undefined, body: string, input: { requestTime: string; nonce: string }, keys: InspectKeys): SignatureState {
  if (!header) return "absent";
  if (keys.signSecret === undefined || keys.md5Key === undefined) return "unknown";
  let given: string | undefined;
  try {
    given = (JSON.parse(header) as { signature?: string }).signature;
  } catch {
    return "failed";
  }
  return given === signatureOf({ secret: keys.signSecret, requestTime: input.requestTime, nonce: input.nonce, body, md5Key: keys.md5Key }) ? "verified" : "failed";
}

/** The secure envelope opened: what the page shows beside the raw base64 of each body. */
export function openEnvelope(input: {
  requestHeaders: Record<string, string>;
  requestBody: string;
  replyHeaders: Record<string, string>;
  replyBody: string;
  /** The server's clock when the request arrived (the sandbox's own clock, which may be moved). */
  clockNow: number;
  keys: InspectKeys;
  /** The sequence number of an earlier exchange that sent the same nonce, if any. */
  reusedFrom?: number;
}): { view: EnvelopeView; request?: unknown; reply?: unknown; replyOpened: boolean } {
  const get = (name: string) => headerValue(input.requestHeaders, name);
  const requestTime = get(HEADER.requestTime) ?? "";
  const nonce = get(HEADER.nonce) ?? "";
  let key: { key: string; iv: string } | undefined;
  let keyDetail: string;
  const encrypt = get(HEADER.encrypt);
  if (!encrypt) keyDetail = "no Encrypt header";
  else if (!input.keys.privateKey) keyDetail = "no private key here to recover it (mcoin record --private-key)";
  else {
    try {
      const symmetricKey = (JSON.parse(encrypt) as { symmetricKey?: string }).symmetricKey;
      if (!symmetricKey) throw new Error("the Encrypt header has no symmetricKey");
      key = recoverKeyAndIv(input.keys.privateKey, symmetricKey);
      keyDetail = "recovered from the Encrypt header with the gateway's private key (RSA), 16-character key and IV";
    } catch (error) {
      keyDetail = `cannot be recovered: ${(error as Error).message.split("\n")[0]}`;
    }
  }
  const open = (text: string): { opened?: unknown; error?: string } => {
    if (!key) return { error: "not opened: no key" };
    if (text.trim() === "") return { error: "empty body" };
    try {
      return { opened: JSON.parse(aesDecrypt(text.trim(), key.key, key.iv)) as unknown };
    } catch {
      const plain = jsonOf(text);
      return plain === undefined ? { error: "does not decrypt with the request's key and IV" } : { error: "not encrypted: the gateway answered in plain JSON", opened: plain };
    }
  };
  const request = open(input.requestBody);
  const reply = open(input.replyBody);
  const replyOpened = reply.opened !== undefined && reply.error === undefined;
  const signed = { requestTime, nonce };
  const requestSignature = signatureState(get(HEADER.signature), input.requestBody, signed, input.keys);
  const replySignature = signatureState(headerValue(input.replyHeaders, HEADER.signature), input.replyBody, signed, input.keys);
  const sentAt = requestTime === "" ? Number.NaN : parseRequestTime(requestTime);
  const skewMs = Number.isFinite(sentAt) ? Math.round(input.clockNow - sentAt) : undefined;
  return {
    view: {
      key: { recovered: key !== undefined, detail: keyDetail },
      request,
      reply,
      signature: {
        request: requestSignature,
        reply: replySignature,
        detail:
          requestSignature === "verified" && (replySignature === "verified" || replySignature === "absent")
            ? "signature verified"
            : requestSignature === "unknown"
              ? "not checked: the signing secret and MD5 key are not known here"
              : `request ${requestSignature}, reply ${replySignature}`,
      },
      requestTime: {
        ...(requestTime ? { value: requestTime } : {}),
        ...(skewMs !== undefined ? { skewMs } : {}),
        detail:
          skewMs === undefined
            ? "no Request-Time header, or not YYYY-MM-DD HH:mm:ss"
            : `${Math.abs(Math.round(skewMs / 1000))} s ${skewMs >= 0 ? "behind" : "ahead of"} the server's clock (the gateway refuses more than 300 s)`,
      },
      nonce: {
        ...(nonce ? { value: nonce } : {}),
        ...(input.reusedFrom !== undefined ? { reusedFrom: input.reusedFrom } : {}),
        detail: !nonce ? "no Nonce header" : input.reusedFrom !== undefined ? `reused: exchange #${input.reusedFrom} sent it first` : "not seen before in this view",
      },
    },
    request: request.opened,
    reply: reply.opened,
    replyOpened,
  };
}

/** A text in single quotes for a POSIX shell. */
export function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'"'"'`)}'`;
}

/** The exchange as commands that send it again: curl (as it was, bytes and all) and mcoin. */
export function commandsFor(input: {
  origin: string;
  method: string;
  path: string;
  query: Record<string, string>;
  requestHeaders: Record<string, string>;
  requestBody: string;
  name?: string;
  /** A secure call's decrypted request. */
  opened?: unknown;
}): { curl: string; mcoin: string } {
  const search = new URLSearchParams(input.query).toString();
  const url = `${input.origin}${input.path}${search ? `?${search}` : ""}`;
  const curl = [
    "curl",
    ...(input.method === "GET" ? [] : ["-X", input.method]),
    shellQuote(url),
    ...Object.entries(input.requestHeaders)
      // Headers curl and fetch set themselves, or that describe one connection only.
      .filter(([name]) => !HOP_BY_HOP_HEADERS.has(name.toLowerCase()))
      .flatMap(([name, value]) => ["-H", shellQuote(`${name}: ${value}`)]),
    ...(input.requestBody === "" ? [] : ["--data-raw", shellQuote(input.requestBody)]),
  ].join(" ");

  const base = ["--base-url", shellQuote(input.origin)];
  if (SECURE_PATH.test(input.path)) {
    const token = headerValue(input.requestHeaders, HEADER.token);
    const mcoin = [
      "npx mcoin gateway call",
      shellQuote(input.name ?? input.path),
      "--data",
      shellQuote(JSON.stringify(input.opened ?? {})),
      ...(token ? ["--token", shellQuote(token)] : []),
      ...base,
    ].join(" ");
    return { curl, mcoin };
  }
  const bearer = /^Bearer\s+(.+)$/i.exec(headerValue(input.requestHeaders, "authorization") ?? "")?.[1];
  const data = input.method === "GET" || input.method === "DELETE" ? (search ? JSON.stringify(input.query) : undefined) : input.requestBody || undefined;
  const key = headerValue(input.requestHeaders, "idempotency-key");
  const mcoin = [
    "npx mcoin api",
    input.method,
    shellQuote(input.path),
    ...(data ? ["--data", shellQuote(data)] : []),
    ...(bearer ? ["--token", shellQuote(bearer)] : []),
    ...(key ? ["--idempotency-key", shellQuote(key)] : []),
    ...base,
  ].join(" ");
  return { curl, mcoin };
}
