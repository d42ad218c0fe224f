/**
 * Graceful shutdown on SIGTERM or SIGINT: the server stops accepting connections, /readyz answers 503
 * (server/health.ts), the requests in flight finish, each keep-alive connection is closed as soon as
 * it is idle (and a request that still arrives on one is answered with `Connection: close`), and
 * the process exits once every connection is gone, or after MCOIN_SHUTDOWN_MS whatever remains.
 */
import type { RequestHandler } from "express";
import type { Server } from "node:http";
import type { Logger } from "./logger";

/** How often idle keep-alive connections are closed while draining. */
const SWEEP_MS = 100;

export interface Shutdown {
  /** Runs first on every request (server/app.ts `first`). */
  readonly closeWhileDraining: RequestHandler;
  stopping(): boolean;
  /** Begins the shutdown (the signal handlers call it). */
  stop(reason: string): void;
}

export function gracefulShutdown(server: Server, { boundMs, log, exit }: { boundMs: number; log: Logger; exit: (code: number) => void }): Shutdown {
  let stopping = false;
  return {
    closeWhileDraining(_req, res, next) {
      if (stopping) res.set("Connection", "close");
      next();
    },
    stopping: () => stopping,
    stop(reason) {
      if (stopping) return;
      stopping = true;
      log.info({ reason, boundMs }, "shutting down: no new connections; finishing the requests in flight");
      const sweep = setInterval(() => server.closeIdleConnections(), SWEEP_MS);
      const bound = setTimeout(() => {
        log.warn({ boundMs }, "shutting down: requests still in flight after the bound; closing them");
        server.closeAllConnections();
      }, boundMs);
      server.close(() => {
        clearInterval(sweep);
        clearTimeout(bound);
        log.info("shut down");
        exit(0);
      });
      server.closeIdleConnections();
    },
  };
}
