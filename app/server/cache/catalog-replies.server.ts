/**
 * Catalog replies the gateway declares the same for every member (`Cache-Control: public,
 * max-age=60`: home's list and rails, the categories, the ads), kept by the whole server for as long
 * as the reply allows, at most MCOIN_CATALOG_KEEP_S (a minute by default; the browser already kept
 * the list's further pages that long: routes/resources.offers.ts). Keyed by gateway, endpoint,
 * language and input (a list's input includes the member's location); a miss asked by several
 * requests at once goes to the gateway once; a failure is never kept. Home asked the gateway six
 * questions per page; four were the same for every member nearby. A kept list may be up to a minute
 * behind on sales and stock: an offer's own screen, where it is bought, always asks the gateway.
 *
 * One keep per process, made by the server and handed to every request (services.server.ts).
 */
import type { ApiReply } from "#core/api/client";

const CATALOG_REPLIES_KEPT = 500;

/**
 * How long a reply may be reused for every member: its `public, max-age`, capped at `maxMs`; 0 when
 * not at all.
 */
export function reusableForMs(headers: Headers, maxMs: number): number {
  const directives = (headers.get("cache-control") ?? "")
    .toLowerCase()
    .split(",")
    .map((part) => part.trim());
  if (!directives.includes("public") || directives.some((part) => part === "no-store" || part === "no-cache" || part === "private")) return 0;
  const maxAge = directives.map((part) => /^max-age=(\d+)$/.exec(part)).find(Boolean);
  return maxAge ? Math.min(Number(maxAge[1]) * 1000, maxMs) : 0;
}

export class CatalogReplies {
  readonly #replies = new Map<string, { until: number; reply: Promise<ApiReply<unknown>> }>();

  /** @param keepMs the longest a reply is kept (MCOIN_CATALOG_KEEP_S); 0 keeps nothing. */
  constructor(readonly keepMs: number) {}

  /**
   * The data of the reply kept under `key`, else of `ask()`, kept for the reply's max-age. A failure
   * rejects as `ask()` did, and is not kept.
   */
  async kept<T>(key: string, ask: () => Promise<ApiReply<T>>): Promise<T> {
    if (this.keepMs === 0) return (await ask()).data;
    const now = Date.now();
    const kept = this.#replies.get(key);
    if (kept && kept.until > now) {
      try {
        return (await kept.reply).data as T;
      } catch {
        // The shared miss failed: this request asks again below.
      }
    }
    const reply = ask();
    if (this.#replies.size >= CATALOG_REPLIES_KEPT) this.#replies.clear();
    // Kept while in flight, so requests arriving meanwhile share it; then for the reply's max-age.
    const entry = { until: now + this.keepMs, reply: reply as Promise<ApiReply<unknown>> };
    this.#replies.set(key, entry);
    try {
      const answered = await reply;
      const reusable = reusableForMs(answered.headers, this.keepMs);
      if (reusable > 0) entry.until = Date.now() + reusable;
      else if (this.#replies.get(key) === entry) this.#replies.delete(key);
      return answered.data;
    } catch (error) {
      if (this.#replies.get(key) === entry) this.#replies.delete(key);
      throw error;
    }
  }
}
