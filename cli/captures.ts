/**
 * Captured gateway traffic, as engineers bring it: a HAR file from the browser's network panel, the
 * JSON that `mcoin gateway encrypt --json` prints, or a JSON file of a request (headers and body)
 * and optionally its response.
 */
import { readFileSync } from "node:fs";
import type { Entry, Header } from "har-format";
import { usageError } from "./errors";

export interface CapturedExchange {
  url?: string;
  request: { headers: Record<string, string>; body: string };
  /** The reply; its headers when the capture kept them (a HAR does: the reply's Signature is among them). */
  response?: { status?: number; headers?: Record<string, string>; body: string };
  /** Present when the capture itself recorded them (`mcoin gateway encrypt --json`). */
  key?: string;
  iv?: string;
}

/** A HAR entry as a capture may hold it: a browser's reply may be missing or partial. */
type HarEntry = Pick<Entry, "request"> & { response?: Partial<Entry["response"]> };

const headerObject = (headers: Header[] | Record<string, string> | undefined): Record<string, string> =>
  Array.isArray(headers) ? Object.fromEntries(headers.map((header) => [header.name, header.value])) : { ...(headers ?? {}) };

function fromHar(entry: HarEntry): CapturedExchange {
  const content = entry.response?.content;
  const responseText = content?.text === undefined ? undefined : content.encoding === "base64" ? Buffer.from(content.text, "base64").toString("utf8") : content.text;
  return {
    url: entry.request.url,
    request: { headers: headerObject(entry.request.headers), body: entry.request.postData?.text ?? "" },
    response: responseText === undefined ? undefined : { status: entry.response?.status, headers: headerObject(entry.response?.headers), body: responseText },
  };
}

function fromJson(value: Record<string, unknown>): CapturedExchange {
  const text = (body: unknown) => (typeof body === "string" ? body : body === undefined || body === null ? "" : JSON.stringify(body));
  if (value.request && typeof value.request === "object") {
    const request = value.request as { url?: string; headers?: Record<string, string>; body?: unknown };
    const response = value.response as { status?: number; headers?: Record<string, string>; body?: unknown } | undefined;
    return {
      url: request.url,
      request: { headers: headerObject(request.headers), body: text(request.body) },
      response: response ? { status: response.status, ...(response.headers ? { headers: headerObject(response.headers) } : {}), body: text(response.body) } : undefined,
      key: typeof value.key === "string" ? value.key : undefined,
      iv: typeof value.iv === "string" ? value.iv : undefined,
    };
  }
  return {
    url: typeof value.url === "string" ? value.url : undefined,
    request: { headers: headerObject(value.headers as Record<string, string>), body: text(value.body) },
    key: typeof value.key === "string" ? value.key : undefined,
    iv: typeof value.iv === "string" ? value.iv : undefined,
  };
}

/** Every exchange in a capture file. */
export function readCaptures(file: string): CapturedExchange[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw usageError(`${file} is not a readable JSON or HAR file (${(error as Error).message})`);
  }
  if (parsed && typeof parsed === "object" && "log" in parsed) {
    const entries = ((parsed as { log: { entries?: HarEntry[] } }).log.entries ?? []).filter((entry) => entry.request.postData?.text);
    return entries.map(fromHar);
  }
  if (Array.isArray(parsed)) return parsed.map((item) => fromJson(item as Record<string, unknown>));
  if (parsed && typeof parsed === "object") return [fromJson(parsed as Record<string, unknown>)];
  throw usageError(`${file} holds no captured request`);
}
