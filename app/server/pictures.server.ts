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
 * config.server.ts `imageOrigins`) are brought, with no redirect followed, and only what says it is a
 * picture, up to MAX_PICTURE_BYTES. They are kept in memory for as long as the gateway's
 * `Cache-Control: public, max-age` allows (read as the catalog's replies are; at most a day), up to KEPT_BYTES in all, the least recently
 * served going first; a miss asked by several requests at once is fetched once; a failure is never
 * kept.
 */
import { Agent, request } from "undici";
import { reusableForMs } from "./gateway.server";

export const MAX_PICTURE_BYTES = 2 * 1024 * 1024;
const KEPT_BYTES = 32 * 1024 * 1024;
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

/** Why a picture could not be brought: the gateway has none there (404), or could not be reached (502). */
export class PictureError extends Error {
  constructor(
    readonly status: 404 | 502,
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
  const type = String(reply.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
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
  return { type, bytes: Buffer.concat(chunks), maxAge: reusableForMs(cacheControl, MAX_KEEP_MS) / 1000 };
}

interface Kept {
  until: number;
  size: number;
  picture: Promise<Picture>;
}

/** Pictures by address, least recently served first (a Map keeps insertion order). */
const kept = new Map<string, Kept>();
let keptBytes = 0;

function forget(key: string) {
  const entry = kept.get(key);
  if (!entry) return;
  kept.delete(key);
  keptBytes -= entry.size;
}

/**
 * The picture at `src`, whose origin the caller has checked is one of the environment's image
 * hosts. Throws a PictureError when there is none to show.
 */
export function bringPicture(src: URL, now = Date.now()): Promise<Picture> {
  const key = src.href;
  const entry = kept.get(key);
  if (entry && entry.until > now) {
    // Served again: it goes to the back of the line.
    kept.delete(key);
    kept.set(key, entry);
    return entry.picture;
  }
  forget(key);
  const picture = fetchPicture(src);
  // Asked again while on its way, it is fetched once; kept only once it has arrived whole.
  const pending: Kept = { until: Number.POSITIVE_INFINITY, size: 0, picture };
  kept.set(key, pending);
  picture.then(
    (arrived) => {
      if (kept.get(key) !== pending) return;
      if (arrived.maxAge === 0) return forget(key);
      pending.until = Date.now() + arrived.maxAge * 1000;
      pending.size = arrived.bytes.length;
      keptBytes += pending.size;
      for (const [oldest] of kept) {
        if (keptBytes <= KEPT_BYTES) break;
        forget(oldest);
      }
    },
    () => {
      if (kept.get(key) === pending) forget(key);
    },
  );
  return picture;
}

/** For tests: forget every kept picture. */
export function forgetPictures() {
  kept.clear();
  keptBytes = 0;
}
