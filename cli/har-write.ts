/**
 * The HAR 1.2 file `mcoin record --har` writes: one entry per exchange, already redacted, in the
 * shape cli/har-read.ts reads back. Secure gateway calls keep the text `<sealed>` where the wire
 * had ciphertext, and carry their decrypted (redacted) JSON in the postData and content comments;
 * each entry's comment is `{"mcoin":{"kind":...,"ignore":[...]}}`.
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PROJECT_ROOT } from "./context";

/** What stands in a sealed body's text; the decrypted JSON goes in the comment. */
export const SEALED_TEXT = "<sealed>";

export interface NameValue {
  name: string;
  value: string;
}

export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: [];
    headers: NameValue[];
    queryString: NameValue[];
    postData?: { mimeType: string; text: string; comment?: string };
    headersSize: -1;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: [];
    headers: NameValue[];
    content: { size: number; mimeType: string; text: string; comment?: string };
    redirectURL: string;
    headersSize: -1;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  comment: string;
}

export interface Har {
  log: { version: "1.2"; creator: { name: "mcoin"; version: string }; entries: HarEntry[] };
}

/** One exchange, redacted, as the recorder hands it over. */
export interface HarExchange {
  startedAt: Date;
  /** The member the exchange acts as (cli/recording-roles.ts), so that a HAR read alone replays as them. */
  needs?: { member: string };
  /** Milliseconds from the request's arrival to the whole reply. */
  time: number;
  kind: "api" | "secure";
  method: string;
  /** The real address called (the environment's), its query already redacted. */
  url: string;
  query: Record<string, string>;
  requestHeaders: Record<string, string>;
  /** The request body as text (redacted JSON text for plain calls), or undefined when there was none. */
  requestText: string | undefined;
  /** For secure calls: the decrypted, redacted request body as JSON text, when it could be opened. */
  requestComment?: string;
  /** The size of the request body on the wire. */
  requestSize: number;
  status: number;
  statusText: string;
  responseHeaders: Record<string, string>;
  responseText: string;
  responseComment?: string;
  responseSize: number;
  ignore: string[];
}

/** The version in package.json, for log.creator. */
export function mcoinVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")) as { version?: string }).version ?? "0.0.0";
  } catch {
    return "0.0.0";
  }
}

function pairs(record: Record<string, string>): NameValue[] {
  return Object.entries(record).map(([name, value]) => ({ name, value }));
}

function mimeOf(headers: Record<string, string>, fallback: string): string {
  const found = Object.entries(headers).find(([name]) => name.toLowerCase() === "content-type");
  return found?.[1] ?? fallback;
}

/** One HAR entry; sealed texts and comments follow the kind. */
export function harEntry(exchange: HarExchange): HarEntry {
  const secure = exchange.kind === "secure";
  const requestText = secure ? SEALED_TEXT : exchange.requestText;
  const postData =
    requestText === undefined || (requestText === "" && !secure)
      ? undefined
      : {
          mimeType: mimeOf(exchange.requestHeaders, "application/json"),
          text: requestText,
          ...(secure && exchange.requestComment !== undefined ? { comment: exchange.requestComment } : {}),
        };
  return {
    startedDateTime: exchange.startedAt.toISOString(),
    time: exchange.time,
    request: {
      method: exchange.method,
      url: exchange.url,
      httpVersion: "HTTP/1.1",
      cookies: [],
      headers: pairs(exchange.requestHeaders),
      queryString: pairs(exchange.query),
      ...(postData ? { postData } : {}),
      headersSize: -1,
      bodySize: exchange.requestSize,
    },
    response: {
      status: exchange.status,
      statusText: exchange.statusText,
      httpVersion: "HTTP/1.1",
      cookies: [],
      headers: pairs(exchange.responseHeaders),
      content: {
        size: exchange.responseSize,
        mimeType: mimeOf(exchange.responseHeaders, "application/json"),
        text: secure ? SEALED_TEXT : exchange.responseText,
        ...(secure && exchange.responseComment !== undefined ? { comment: exchange.responseComment } : {}),
      },
      redirectURL: "",
      headersSize: -1,
      bodySize: exchange.responseSize,
    },
    cache: {},
    timings: { send: 0, wait: exchange.time, receive: 0 },
    comment: JSON.stringify({ mcoin: { kind: exchange.kind, ignore: exchange.ignore, ...(exchange.needs ? { needs: exchange.needs } : {}) } }),
  };
}

export function harDocument(entries: HarEntry[], version = mcoinVersion()): Har {
  return { log: { version: "1.2", creator: { name: "mcoin", version }, entries } };
}

/** Writes the whole file under a temporary name first, so a reader never sees half of it. */
export function writeHar(file: string, har: Har): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(har, null, 2)}\n`);
  renameSync(temporary, file);
}
