/**
 * Starts the mall: `node build/mall-server.js` (production, after `npm run build`) or
 * `tsx server/index.ts` (development, with Vite's dev server inside). Configuration is read and
 * checked before the port opens: a server that cannot serve every host it is configured for refuses
 * to start.
 */
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ConfigError, assertServable, env, environmentForHost, gatewayEnvironment, imageOrigins } from "../app/server/config.server";
import { createMallServices } from "../app/server/services.server";
import { createMallApp, staticAssets } from "./app";
import { listenAddress } from "./listen-address";
import { loadContextFor } from "./load-context";
import { createRateLimits, parseRateLimits } from "./rate-limit";

const production = process.env.NODE_ENV === "production";
const mode = production ? "production" : "development";

function trustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === "" || raw === "false") return false;
  if (raw === "true") return true;
  return /^\d+$/.test(raw) ? Number(raw) : raw;
}

const origin = (url: string) => new URL(url).origin;

async function main() {
  assertServable();
  const limits = parseRateLimits(env.MCOIN_RATE_LIMITS);
  const redis = env.REDIS_URL ? new (await import("ioredis")).Redis(env.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }) : undefined;
  redis?.on("error", (error: Error) => console.warn(`mall: Redis unavailable (${error.message}); rate limits count in memory meanwhile`));
  const rateLimits = createRateLimits({ limits, redis });
  // Made once: every request's loaders share them, whichever build answers (Vite's, in development).
  const services = createMallServices({ rateLimit: rateLimits.route });

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

  const app = createMallApp({
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
    remix: createRequestHandler({ build, mode, getLoadContext: loadContextFor(services) }),
  });

  const { port, host } = listenAddress(process.env);
  const listening = () => console.log(`mCoin Mall (${mode}) on http://localhost:${port}`);
  const server = host ? app.listen(port, host, listening) : app.listen(port, listening);
  // A slow client cannot hold a connection open forever sending its headers or body.
  server.headersTimeout = 20_000;
  server.requestTimeout = 30_000;
  const stop = () => {
    server.close(() => process.exit(0));
    redis?.disconnect();
    setTimeout(() => process.exit(0), 2_000).unref();
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `mall: ${error.message}` : error);
  process.exit(1);
});
