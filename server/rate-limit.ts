/**
 * Rate limits per client address (rate-limiter-flexible), in four buckets: login entries (home with
 * the wallet's login code, the token entry), the task widget's route, the picture route (each picture
 * the mall brings is a fetch of its own from the image host, and a kept one costs memory:
 * app/server/pictures.server.ts), and every action (any request that can change state). A request's
 * buckets follow from the route Remix will answer it with (route-of.ts), so every spelling of a route
 * counts in the route's bucket. In memory by default; with REDIS_URL every mall instance counts in
 * one Redis, and falls back to its own memory while Redis is away. A page over its limit is the
 * spec's error route ('Overwhelming Response') with 429; anything else gets a short 429.
 */
import type { Request, RequestHandler } from "express";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { ErrorRouteRewrite } from "./remix-handler";
import { routeOf, type RouteOfRequest } from "./route-of";

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

/** Routes (ids of app/route-table.js) whose every request counts in a bucket. */
const ROUTE_BUCKETS: Partial<Record<string, Bucket>> = { mycoupons: "login", resourceTask: "task", resourcePicture: "picture" };
/** Routes that start a session when the query carries the wallet's login code. */
const LOGIN_CODE_ROUTES = new Set(["start", "index"]);

/** The buckets a request with this method, for this route, counts against. */
export function bucketsOf(method: string, route: RouteOfRequest): Bucket[] {
  const buckets: Bucket[] = [];
  const bucket = ROUTE_BUCKETS[route.id];
  if (bucket) buckets.push(bucket);
  if (LOGIN_CODE_ROUTES.has(route.id) && route.searchParams.has("code")) buckets.push("login");
  if (!SAFE_METHODS.has(method)) buckets.push("action");
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
function wantsPage(req: Request, route: RouteOfRequest): boolean {
  if (req.get("sec-fetch-dest")) return req.get("sec-fetch-dest") === "document";
  return !route.data && !/^\/resources\//i.test(route.pathname) && (req.get("accept") ?? "").includes("text/html");
}

export function rateLimits({ limits, redis }: RateLimitOptions): RequestHandler {
  const limiters = Object.fromEntries((Object.keys(limits) as Bucket[]).map((bucket) => [bucket, limiterFor(bucket, limits[bucket], redis)])) as Record<Bucket, RateLimiterAbstract>;
  return async (req, res, next) => {
    const route = routeOf(req.originalUrl);
    const buckets = bucketsOf(req.method, route);
    if (buckets.length === 0) return next();
    const key = req.ip ?? req.socket.remoteAddress ?? "unknown";
    try {
      for (const bucket of buckets) await limiters[bucket].consume(key);
      return next();
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) return next(refusal);
      const retryAfter = String(Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)));
      res.set("Retry-After", retryAfter);
      if (wantsPage(req, route)) {
        const rewrite: ErrorRouteRewrite = { status: 429, search: new URLSearchParams({ code: "RATE_LIMITED", from: req.path.slice(0, 512) }) };
        res.locals.errorRoute = rewrite;
        return next();
      }
      res.status(429).json({ ok: false, code: "RATE_LIMITED" });
    }
  };
}
