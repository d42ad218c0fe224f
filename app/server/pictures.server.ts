/**
 * The catalog's pictures from the mall's own origin (routes/resources.picture.ts, lib/images/picture.ts).
 *
 * The largest thing on a screen's first view is usually a picture (home's banner, an offer's photo,
 * a coupon's or an order's image), and the gateway serves pictures from its own host: on a cold
 * webview the browser had to look that host up and open a connection to it before the picture could
 * start, while the page's own connection stood open. Brought through the mall, pictures come on the
 * page's connection (the same one, over HTTP/2), and from the server's memory once kept.
 *
 * Only pictures of the request's environment's image hosts (the same list the CSP's img-src allows:
 * config.server.ts `imageOrigins`) are brought, at addresses without a query, with no redirect
 * followed, and only what says it is a picture, up to MAX_PICTURE_BYTES. They are kept in memory for
 * as long as the gateway's `Cache-Control: public, max-age` allows (read as the catalog's replies are;
 * at most a day); a miss asked by several requests at once is fetched once; a failure is never kept.
 *
 * Anyone may ask for any address on those hosts, so what is kept is bounded by what it costs, not by
 * what the catalog holds: each picture counts its bytes, its address and the objects that keep it
 * against KEPT_BYTES, there are at most MAX_KEPT_PICTURES, and the least recently served go first
 * (docs/decisions/001-picture-keep-bounds.md).
 */
import { Agent, request } from "undici";
import { reusableForMs } from "./cache/catalog-replies.server";
import { atWidth, type PictureWidth } from "./picture-widths.server";

export const MAX_PICTURE_BYTES = 2 * 1024 * 1024;
/** What all kept pictures may cost: their bytes, addresses and overhead (`PictureKeep.size`). */
export const KEPT_BYTES = 32 * 1024 * 1024;
/** The most pictures kept at once, whatever they cost: the sandbox's catalog has about 130. */
export const MAX_KEPT_PICTURES = 4096;
/**
 * What keeping one picture costs besides its bytes and address: about 400 bytes of objects on the
 * heap (the map's entry, the record, the promise, the picture and its Buffer) and about 1 KB outside
 * it for the bytes' own allocation, measured with Node 20.
 */
export const ENTRY_OVERHEAD_BYTES = 1536;
/** The longest picture address brought, once normalised (the route's `src` is at most as long). */
export const MAX_ADDRESS_CHARS = 2048;
const MAX_KEEP_MS = 24 * 60 * 60 * 1000;
const FETCH_TIMEOUT_MS = 5_000;

/** Picture types a browser shows in an `<img>`. */
const PICTURE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "image/svg+xml"]);

export interface Picture {
  type: string;
  bytes: Buffer<ArrayBuffer>;
  /** Seconds any cache may keep it (the gateway's public max-age, at most a day); 0: ask again each time. */
  maxAge: number;
}

/**
 * Why a picture could not be brought: its address is not one the mall brings (400: a query, too long),
 * the gateway has none there (404), or could not be reached (502).
 */
export class PictureError extends Error {
  constructor(
    readonly status: 400 | 404 | 502,
    message: string,
  ) {
    super(message);
    this.name = "PictureError";
  }
}

const dispatcher = new Agent({ keepAliveTimeout: 10_000, connections: 16 });

/** Fetches one picture from the gateway's host. */
async function fetchPicture(src: URL): Promise<Picture> {
  let reply;
  try {
    // undici's request follows no redirect: a picture host cannot send the mall anywhere else.
    reply = await request(src, { method: "GET", dispatcher, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: "image/*" } });
  } catch (error) {
    throw new PictureError(502, `picture host unreachable: ${error instanceof Error ? error.message : String(error)}`);
  }
  const type = String(reply.headers["content-type"] ?? "")
    .split(";")[0]
    .trim()
    .toLowerCase();
  const declared = Number(reply.headers["content-length"] ?? 0);
  if (reply.statusCode >= 500) {
    await reply.body.dump();
    throw new PictureError(502, `picture host answered ${reply.statusCode}`);
  }
  if (reply.statusCode !== 200 || !PICTURE_TYPES.has(type) || declared > MAX_PICTURE_BYTES) {
    await reply.body.dump();
    throw new PictureError(404, `not a picture (${reply.statusCode}, ${type || "no type"}, ${declared} bytes)`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of reply.body) {
      size += (chunk as Buffer).length;
      if (size > MAX_PICTURE_BYTES) {
        reply.body.destroy();
        throw new PictureError(404, "picture larger than the mall brings");
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof PictureError) throw error;
    throw new PictureError(502, `picture cut short: ${error instanceof Error ? error.message : String(error)}`);
  }
  const cacheControl = new Headers({ "cache-control": String(reply.headers["cache-control"] ?? "") });
  // A memory of its own: Buffer.concat puts a small picture in a slice of a shared 8 KB pool, and a
  // kept slice would keep the whole pool.
  const bytes = Buffer.alloc(size);
  let at = 0;
  for (const chunk of chunks) at += chunk.copy(bytes, at);
  return { type, bytes, maxAge: reusableForMs(cacheControl, MAX_KEEP_MS) / 1000 };
}

/** Percent-escapes of characters that need none (RFC 3986 section 2.3's unreserved). */
const NEEDLESS_ESCAPE = /%(4[1-9A-F]|5[0-9A]|6[1-9A-F]|7[0-9A]|3[0-9]|2D|2E|5F|7E)/gi;

/**
 * The one spelling of a picture's address the mall asks for and keeps it by: without a fragment
 * (never sent to the host), with percent-escapes written as RFC 3986 section 6.2.2 writes them.
 * An address with a query is refused: the sandbox's pictures have none, a host that needs one
 * (a resized or signed picture) is shown from that host directly (lib/images/picture.ts), and a query
 * the host ignores would let one picture be kept under endless addresses.
 */
export function normalisedPictureAddress(src: URL): URL {
  if (src.search !== "") throw new PictureError(400, "a picture's address with a query is not brought");
  const url = new URL(src.href);
  url.hash = "";
  url.search = "";
  url.pathname = url.pathname.replace(NEEDLESS_ESCAPE, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))).replace(/%[0-9a-f]{2}/gi, (escape) => escape.toUpperCase());
  if (url.href.length > MAX_ADDRESS_CHARS) throw new PictureError(400, "picture address too long");
  return url;
}

/**
 * The address `src` names, normalised, when it is a web address on one of `origins` with no
 * credentials; else a PictureError (404: not a picture host's; 400: not brought, see
 * `normalisedPictureAddress`).
 */
export function pictureAddress(src: string, origins: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    throw new PictureError(404, "not a web address");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new PictureError(404, "not a web address");
  if (url.username || url.password) throw new PictureError(404, "an address with credentials");
  if (!origins.includes(url.origin)) throw new PictureError(404, "not a picture host's");
  return normalisedPictureAddress(url);
}

interface Kept {
  until: number;
  /** What it counts against KEPT_BYTES: its address and overhead from the start, its bytes once arrived. */
  cost: number;
  picture: Promise<Picture>;
}

/** What keeping a picture at `key` costs before its bytes: the address (2 bytes a character, as UTF-16) and the overhead. */
const addressCost = (key: string) => key.length * 2 + ENTRY_OVERHEAD_BYTES;

/**
 * The pictures the server keeps, by normalised address, least recently served first (a Map keeps
 * insertion order). One per process, made by the server and handed to every request
 * (services.server.ts); it only keeps: `bringPicture` decides what to bring.
 */
export class PictureKeep {
  readonly #kept = new Map<string, Kept>();
  #cost = 0;

  /** The picture kept at `key` and still fresh at `now`, moved to the back of the line; else undefined. */
  take(key: string, now: number): Promise<Picture> | undefined {
    const entry = this.#kept.get(key);
    if (!entry || entry.until <= now) return undefined;
    this.#kept.delete(key);
    this.#kept.set(key, entry);
    return entry.picture;
  }

  /**
   * Keeps `picture` at `key` while it is on its way (so a request meanwhile shares it), then for its
   * max-age; its bytes count once it has arrived whole; a failure is forgotten.
   */
  keep(key: string, picture: Promise<Picture>): void {
    this.#forget(key);
    const pending: Kept = { until: Number.POSITIVE_INFINITY, cost: addressCost(key), picture };
    this.#kept.set(key, pending);
    this.#cost += pending.cost;
    this.#fit();
    picture.then(
      (arrived) => {
        if (this.#kept.get(key) !== pending) return;
        if (arrived.maxAge === 0) return this.#forget(key);
        pending.until = Date.now() + arrived.maxAge * 1000;
        pending.cost += arrived.bytes.length;
        this.#cost += arrived.bytes.length;
        this.#fit();
      },
      () => {
        if (this.#kept.get(key) === pending) this.#forget(key);
      },
    );
  }

  /** How many pictures are kept (or on their way), and what they count against KEPT_BYTES. */
  get size(): { count: number; cost: number } {
    return { count: this.#kept.size, cost: this.#cost };
  }

  #forget(key: string) {
    const entry = this.#kept.get(key);
    if (!entry) return;
    this.#kept.delete(key);
    this.#cost -= entry.cost;
  }

  /** The least recently served go until the rest fit. */
  #fit() {
    for (const [oldest] of this.#kept) {
      if (this.#cost <= KEPT_BYTES && this.#kept.size <= MAX_KEPT_PICTURES) break;
      this.#forget(oldest);
    }
  }
}

/**
 * The picture at `src`, whose origin the caller has checked is one of the environment's image
 * hosts, from `keep` or from its host; at `width` pixels wide when one is named
 * (picture-widths.server.ts), kept apart from the picture it is drawn from, which is kept too (a
 * picture served at its own width counts twice against KEPT_BYTES, which stays a bound). Throws a
 * PictureError when there is none to show, or when the address is not one the mall brings
 * (`normalisedPictureAddress`).
 */
export function bringPicture(keep: PictureKeep, src: URL, now = Date.now(), width?: PictureWidth): Promise<Picture> {
  let key: string;
  try {
    key = normalisedPictureAddress(src).href;
  } catch (error) {
    return Promise.reject(error);
  }
  if (width !== undefined) {
    // A space never appears in an address's href, so no address is kept under this key.
    const narrowKey = `${key} ${width}w`;
    const kept = keep.take(narrowKey, now);
    if (kept) return kept;
    const narrow = bringPicture(keep, new URL(key), now).then((picture) => atWidth(picture, width));
    keep.keep(narrowKey, narrow);
    return narrow;
  }
  const kept = keep.take(key, now);
  if (kept) return kept;
  const picture = fetchPicture(new URL(key));
  keep.keep(key, picture);
  return picture;
}
