/**
 * Rate limits per client address (rate-limiter-flexible), in three buckets: login entries (home with
 * the wallet's login code, the token entry), the task widget's route, and every action (any request
 * that can change state). In memory by default; with REDIS_URL every mall instance counts in one
 * Redis, and falls back to its own memory while Redis is away. A page over its limit is the spec's
 * error route ('Overwhelming Response') with 429; anything else gets a short 429.
 */
import type { Request, RequestHandler } from "express";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { ErrorRouteRewrite } from "./remix-handler";
import { WIDGET_PATH } from "./cross-origin";

export type Bucket = "login" | "task" | "action";
export type RateLimits = Record<Bucket, number>;

/**
 * Per client and minute. A wallet launch is one login entry; a task page posts twice (detail, notice);
 * a member's busiest minute (filters, favourites, a checkout) is a few dozen actions.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = { login: 20, task: 30, action: 60 };

/** `login=20,task=30,action=60` (any subset) over the defaults. */
export function parseRateLimits(raw: string | undefined): RateLimits {
  const limits = { ...DEFAULT_RATE_LIMITS };
  for (const entry of (raw ?? "").split(",").map((part) => part.trim()).filter(Boolean)) {
    const match = /^(login|task|action)=(\d{1,7})$/.exec(entry);
    if (!match || Number(match[2]) < 1) throw new Error(`MCOIN_RATE_LIMITS: "${entry}" is not bucket=requests-per-minute (buckets: login, task, action)`);
    limits[match[1] as Bucket] = Number(match[2]);
  }
  return limits;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The buckets a request counts against. */
export function bucketsOf(req: Pick<Request, "method" | "path" | "query">): Bucket[] {
  const buckets: Bucket[] = [];
  const entry = (req.path === "/" || req.path === "/index") && req.query.code !== undefined;
  if (entry || req.path.startsWith("/mycoupons/")) buckets.push("login");
  if (req.path === WIDGET_PATH) buckets.push("task");
  if (!SAFE_METHODS.has(req.method)) buckets.push("action");
  return buckets;
}

export interface RateLimitOptions {
  limits: RateLimits;
  /** A Redis client (ioredis) shared by every mall instance; memory when absent. */
  redis?: unknown;
}

function limiterFor(bucket: Bucket, points: number, redis: unknown): RateLimiterAbstract {
  const options = { keyPrefix: `mcoin-rl-${bucket}`, points, duration: 60 };
  if (!redis) return new RateLimiterMemory(options);
  return new RateLimiterRedis({ ...options, storeClient: redis, rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(options) });
}

/** A page (a document the browser navigates to) rather than data, a fetcher or a resource. */
function wantsPage(req: Request): boolean {
  if (req.get("sec-fetch-dest")) return req.get("sec-fetch-dest") === "document";
  return !req.path.endsWith(".data") && !req.path.startsWith("/resources/") && (req.get("accept") ?? "").includes("text/html");
}

export function rateLimits({ limits, redis }: RateLimitOptions): RequestHandler {
  const limiters = Object.fromEntries((Object.keys(limits) as Bucket[]).map((bucket) => [bucket, limiterFor(bucket, limits[bucket], redis)])) as Record<Bucket, RateLimiterAbstract>;
  return async (req, res, next) => {
    const buckets = bucketsOf(req);
    if (buckets.length === 0) return next();
    const key = req.ip ?? req.socket.remoteAddress ?? "unknown";
    try {
      for (const bucket of buckets) await limiters[bucket].consume(key);
      return next();
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) return next(refusal);
      const retryAfter = String(Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)));
      res.set("Retry-After", retryAfter);
      if (wantsPage(req)) {
        const rewrite: ErrorRouteRewrite = { status: 429, search: new URLSearchParams({ code: "RATE_LIMITED", from: req.path.slice(0, 512) }) };
        res.locals.errorRoute = rewrite;
        return next();
      }
      res.status(429).json({ ok: false, code: "RATE_LIMITED" });
    }
  };
}
