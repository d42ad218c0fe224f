/**
 * A gzip-compressed control body (a control declared `gzipBody`, core/controls/declarations.ts: the
 * state import): a whole export of a busy sandbox is well over the 1 MiB every other request may
 * send, and compresses about tenfold. sandbox/server.ts reads up to MAX_GZIP_BODY_BYTES of it from
 * the process's body budget; it is inflated here up to MAX_INFLATED_BODY_BYTES, so a small body that
 * inflates without end (a zip bomb) is refused with 413 rather than filling the memory.
 */
import { promisify } from "node:util";
import { gunzip } from "node:zlib";

/** The compressed bytes one such body may send: half the process's body budget (sandbox/server.ts BODY_BUDGET_BYTES). */
export const MAX_GZIP_BODY_BYTES = 32 * 1024 * 1024;
/** What it may inflate to: an export of about 150k orders, under the longest string V8 makes (about 512 MiB). */
export const MAX_INFLATED_BODY_BYTES = 256 * 1024 * 1024;

const inflate = promisify(gunzip);

/** Whether a request's body says it is gzip-compressed (Content-Encoding: gzip, and nothing else). */
export function isGzipped(contentEncoding: string | null | undefined): boolean {
  return (contentEncoding ?? "").trim().toLowerCase() === "gzip";
}

export type Inflated = { ok: true; text: string } | { ok: false; status: 400 | 413 | 503; reason: string };

/** One body inflated at a time: each may take MAX_INFLATED_BODY_BYTES, and a second waits its turn (503). */
let inflating = false;

/** The body's text, or why it is refused: 413 past MAX_INFLATED_BODY_BYTES, 400 when it is not gzip, 503 while another inflates. */
export async function inflateBounded(compressed: Uint8Array): Promise<Inflated> {
  if (inflating) return { ok: false, status: 503, reason: "another compressed body is being inflated; try again shortly" };
  inflating = true;
  try {
    const inflated = await inflate(compressed, { maxOutputLength: MAX_INFLATED_BODY_BYTES });
    return { ok: true, text: inflated.toString("utf8") };
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") return { ok: false, status: 413, reason: `the body inflates past ${MAX_INFLATED_BODY_BYTES} bytes` };
    return { ok: false, status: 400, reason: "the body is not gzip (Content-Encoding: gzip)" };
  } finally {
    inflating = false;
  }
}
