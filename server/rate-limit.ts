/**
 * Rate limits per client address (rate-limiter-flexible), in four buckets: login entries (home with
 * the wallet's login code, the token entry), the task widget's route, the picture route (each picture
 * the mall brings is a fetch of its own from the image host, and a kept one costs memory:
 * app/server/pictures.server.ts), and every action (any request that can change state).
 *
 * The action bucket is counted here, for every request whose method can change state, before Remix
 * sees it. The other three are a route's own: the route counts its requests itself
 * (app/server/rate-limit.server.ts, through the services the server hands every request), so every
 * spelling of the route that Remix answers with it is counted in its bucket, and no rule of Remix's
 * matching is kept here. In memory by default; with REDIS_URL every mall instance counts in one Redis,
 * and falls back to its own memory while Redis is away or hung (redis.ts).
 */
import type { Request, RequestHandler } from "express";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { RouteBucket } from "../app/server/services.server";
import type { SharedRedis } from "./redis";

export type Bucket = "login" | "task" | "picture" | "action";
export type RateLimits = Record<Bucket, number>;

/**
 * Per client and minute. A wallet launch is one login entry; a task page posts twice (detail, notice);
 * a first screen shows 20 to 40 pictures, and a member scrolling a long list for a minute a few
 * hundred at most (the browser keeps each for a day: docs/decisions/001-picture-keep-bounds.md);
 * a member's busiest minute (filters, favourites, a checkout) is a few dozen actions.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = { login: 20, task: 30, picture: 600, action: 60 };

/** `login=20,task=30,picture=600,action=60` (any subset) over the defaults. */
export function parseRateLimits(raw: string | undefined): RateLimits {
  const limits = { ...DEFAULT_RATE_LIMITS };
  for (const entry of (raw ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^(login|task|picture|action)=(\d{1,7})$/.exec(entry);
    if (!match || Number(match[2]) < 1) throw new Error(`MCOIN_RATE_LIMITS: "${entry}" is not bucket=requests-per-minute (buckets: login, task, picture, action)`);
    limits[match[1] as Bucket] = Number(match[2]);
  }
  return limits;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface RateLimitOptions {
  limits: RateLimits;
  /** The Redis shared by every mall instance; memory when absent. */
  redis?: SharedRedis;
}

interface Limiter {
  memory: RateLimiterAbstract;
  shared?: RateLimiterAbstract;
}

function limiterFor(bucket: Bucket, points: number, redis: SharedRedis | undefined): Limiter {
  const options = { keyPrefix: `mcoin-rl-${bucket}`, points, duration: 60 };
  return { memory: new RateLimiterMemory(options), shared: redis && new RateLimiterRedis({ ...options, storeClient: redis.client, rejectIfRedisNotReady: true }) };
}

/** Counts one request: null when under the limit, else the refusal. */
const counted = (pending: Promise<unknown>): Promise<RateLimiterRes | null> =>
  pending.then(
    () => null,
    (refusal: unknown) => {
      if (refusal instanceof RateLimiterRes) return refusal;
      throw refusal;
    },
  );

/** Seconds until the refused client may ask again. */
const retryAfterOf = (refusal: RateLimiterRes) => Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));

/** The client's address, as Express reads it behind the configured proxies. */
export const clientAddressOf = (req: Request) => req.ip ?? req.socket.remoteAddress ?? "unknown";

/** The limits of every bucket, counted by client address. */
export function createRateLimits({ limits, redis }: RateLimitOptions) {
  const limiters = Object.fromEntries((Object.keys(limits) as Bucket[]).map((bucket) => [bucket, limiterFor(bucket, limits[bucket], redis)])) as Record<Bucket, Limiter>;
  /** Counts one request of `client` in `bucket`: the seconds to wait when over the limit, else null. */
  async function consume(bucket: Bucket, client: string): Promise<number | null> {
    const { memory, shared } = limiters[bucket];
    const inMemory = () => counted(memory.consume(client));
    const refusal = redis && shared ? await redis.use(() => counted(shared.consume(client)), inMemory) : await inMemory();
    return refusal === null ? null : retryAfterOf(refusal);
  }
  return {
    /** The routes' own buckets (app/server/services.server.ts `rateLimit`). */
    route: (bucket: RouteBucket, client: string) => consume(bucket, client),
    /**
     * Every request that can change state, counted before Remix sees it. A page (a form posted
     * without scripts) over the limit is sent to the spec's error route ('Overwhelming Response');
     * anything else gets a short 429.
     */
    actions: ((req, res, next) => {
      if (SAFE_METHODS.has(req.method)) return next();
      consume("action", clientAddressOf(req)).then((retryAfter) => {
        if (retryAfter === null) return next();
        res.set("Retry-After", String(retryAfter));
        if (wantsPage(req)) {
          const search = new URLSearchParams({ code: "RATE_LIMITED", from: req.path.slice(0, 512) });
          return res.redirect(303, `/error?${search}`);
        }
        res.status(429).json({ ok: false, code: "RATE_LIMITED" });
      }, next);
    }) satisfies RequestHandler,
  };
}

/** A page (a document the browser navigates to) rather than data, a fetcher or a resource. */
function wantsPage(req: Request): boolean {
  const destination = req.get("sec-fetch-dest");
  if (destination) return destination === "document";
  return (req.get("accept") ?? "").includes("text/html");
}
