/**
 * Starts the mall: `node build/mall-server.js` (production, after `npm run build`) or
 * `tsx server/index.ts` (development, with Vite's dev server inside). Configuration is read and
 * checked before the port opens: a server that cannot serve every host it is configured for refuses
 * to start. It logs one JSON object a line (logger.ts), answers /healthz and /readyz (health.ts) and
 * drains before it exits on SIGTERM or SIGINT (shutdown.ts).
 */
import { createRequestHandler } from "@remix-run/express";
import { codeAheadRoute } from "./code-ahead";
import type { ServerBuild } from "@remix-run/node";
import type { RequestHandler } from "express";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createApiClient } from "#core/api/client";
import { systemTime } from "#core/api/endpoints";
import { apiBaseOf } from "#core/environments";
import { ConfigError, HOSTS, assertServable, env, environmentForHost, gatewayEnvironment, imageOrigins } from "../app/server/config.server";
import { sendErrorReport } from "../app/server/error-reports.server";
import { createMallServices } from "../app/server/services.server";
import { createMallApp, staticAssets } from "./app";
import { healthRoutes } from "./health";
import { listenAddress } from "./listen-address";
import { loadContextFor } from "./load-context";
import { createLogger } from "./logger";
import { createRateLimits, parseRateLimits } from "./rate-limit";
import { SharedRedis } from "./redis";
import { gracefulShutdown } from "./shutdown";
import { RedisTokenRotations } from "./token-rotations";

const production = process.env.NODE_ENV === "production";
const mode = production ? "production" : "development";

function trustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === "" || raw === "false") return false;
  if (raw === "true") return true;
  return /^\d+$/.test(raw) ? Number(raw) : raw;
}

const origin = (url: string) => new URL(url).origin;

/** How long readiness waits for the gateway's clock before calling the gateway down. */
const READY_TIMEOUT_MS = 2_000;

const log = createLogger(env.LOG_LEVEL);

async function main() {
  assertServable();
  const limits = parseRateLimits(env.MCOIN_RATE_LIMITS);
  const redis = env.REDIS_URL ? new SharedRedis(env.REDIS_URL, { timeoutMs: env.MCOIN_REDIS_TIMEOUT_MS, log }) : undefined;
  const rateLimits = createRateLimits({ limits, redis });
  // Made once: every request's loaders share them, whichever build answers (Vite's, in development).
  const services = createMallServices({ rateLimit: rateLimits.route, reportError: sendErrorReport, log, ...(redis ? { rotations: new RedisTokenRotations(redis) } : {}) });

  let build: ServerBuild | (() => Promise<ServerBuild>);
  let assets;
  if (production) {
    // This file is bundled to build/mall-server.js, beside Remix's build/server and build/client.
    const here = dirname(fileURLToPath(import.meta.url));
    build = (await import(pathToFileURL(join(here, "server", "index.js")).href)) as ServerBuild;
    assets = staticAssets(join(here, "client"));
  } else {
    const vite = await (await import("vite")).createServer({ server: { middlewareMode: true } });
    build = () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
    assets = [vite.middlewares];
  }

  // Readiness asks the gateway of every environment the mall's hosts lead to for its clock.
  const gatewayBases = [...new Set(HOSTS.map((rule) => (rule.environment === "sandbox" ? env.MCOIN_SANDBOX_URL : apiBaseOf(rule.environment, env))))];
  const gateways = gatewayBases.map((baseUrl) => createApiClient({ baseUrl, transport: services.transport, locale: "en", timeoutMs: READY_TIMEOUT_MS }));
  const gatewayAnswers = async () =>
    (
      await Promise.all(
        gateways.map((client) =>
          client.call(systemTime).then(
            () => true,
            () => false,
          ),
        ),
      )
    ).every(Boolean);

  let stopping = () => false;
  let closeWhileDraining: RequestHandler = (_req, _res, next) => next();
  const app = createMallApp({
    log,
    first: (req, res, next) => closeWhileDraining(req, res, next),
    probes: healthRoutes({ dependencies: { gateway: gatewayAnswers, ...(redis ? { redis: () => redis.answers() } : {}) }, stopping: () => stopping() }),
    environmentForHost,
    trustProxy: trustProxy(env.MCOIN_TRUST_PROXY),
    csp: {
      enforce: production,
      frameAncestors: env.MCOIN_FRAME_ANCESTORS,
      originsOf(environment, requestUrl) {
        const gateway = gatewayEnvironment(requestUrl);
        return {
          images: imageOrigins(gateway),
          signIn: origin(gateway.loginUrl),
          // The simulated host's cashier pays at the sandbox's stand-in for the wallet.
          connect: environment === "sandbox" ? [origin(gateway.loginUrl)] : [],
        };
      },
    },
    widgetOrigins: env.MCOIN_WIDGET_ORIGINS,
    actionLimit: rateLimits.actions,
    assets,
    codeAhead: codeAheadRoute(build),
    remix: createRequestHandler({ build, mode, getLoadContext: loadContextFor(services) }),
  });

  const { port, host } = listenAddress(process.env);
  const listening = () => log.info({ mode, port }, `mCoin Mall (${mode}) on http://localhost:${port}`);
  const server = host ? app.listen(port, host, listening) : app.listen(port, listening);
  // A slow client cannot hold a connection open forever sending its headers or body.
  server.headersTimeout = 20_000;
  server.requestTimeout = 30_000;
  const shutdown = gracefulShutdown(server, {
    boundMs: env.MCOIN_SHUTDOWN_MS,
    log,
    exit(code) {
      redis?.disconnect();
      process.exit(code);
    },
  });
  ({ stopping, closeWhileDraining } = shutdown);
  process.once("SIGTERM", () => shutdown.stop("SIGTERM"));
  process.once("SIGINT", () => shutdown.stop("SIGINT"));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) log.fatal(`mall: ${error.message}`);
  else log.fatal({ err: error }, "mall: could not start");
  process.exit(1);
});
