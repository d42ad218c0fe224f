/**
 * The HAR 1.2 file `mcoin record --har` writes: one entry per exchange, already redacted, in the
 * shape ./har-read.ts reads back. Secure gateway calls keep the text `<sealed>` where the wire had
 * ciphertext, and carry their decrypted (redacted) JSON in the postData and content comments; each
 * entry's comment is `{"mcoin":{"kind":...,"ignore":[...]}}`. HAR's own types are @types/har-format's.
 */
import { renameSync, writeFileSync } from "node:fs";
import type { Entry, Har, Header, PostData } from "har-format";
import { SEALED_TEXT } from "./placeholders";

export type { Entry as HarEntry, Har } from "har-format";

/** One exchange, redacted, as the recorder hands it over. */
export interface HarExchange {
  startedAt: Date;
  /** The member the exchange acts as (harness/record/roles.ts), so that a HAR read alone replays as them. */
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

function pairs(record: Record<string, string>): Header[] {
  return Object.entries(record).map(([name, value]) => ({ name, value }));
}

function mimeOf(headers: Record<string, string>, fallback: string): string {
  const found = Object.entries(headers).find(([name]) => name.toLowerCase() === "content-type");
  return found?.[1] ?? fallback;
}

/** One HAR entry; sealed texts and comments follow the kind. */
export function harEntry(exchange: HarExchange): Entry {
  const secure = exchange.kind === "secure";
  const requestText = secure ? SEALED_TEXT : exchange.requestText;
  const postData: PostData | undefined =
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

/** The HAR document of `entries`, its creator mcoin at `version` (the CLI's package version). */
export function harDocument(entries: Entry[], version: string): Har {
  return { log: { version: "1.2", creator: { name: "mcoin", version }, entries } };
}

/** Writes the whole file under a temporary name first, so a reader never sees half of it. */
export function writeHar(file: string, har: Har): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(har, null, 2)}\n`);
  renameSync(temporary, file);
}
