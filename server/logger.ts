/**
 * The server's log: one JSON object a line on stdout (pino), at the level of LOG_LEVEL. Each
 * request's lines carry its request id (`reqId`): pino-http gives every request a child logger
 * (server/app.ts), and Remix's loaders get the same one in their load context (server/load-context.ts).
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { pino, type DestinationStream, type Logger, type LevelWithSilent } from "pino";
import { pinoHttp, type HttpLogger } from "pino-http";
import { wellFormedRequestId } from "#core/http/request-id";

export type { Logger };

export const REQUEST_ID_HEADER = "X-Request-Id";

/** The caller's request id (a proxy's, a test's) when it is well-formed (core/http/request-id.ts), else a new one. */
export function requestIdOf(header: string | string[] | undefined): string {
  return wellFormedRequestId(header) ?? randomUUID();
}

export function createLogger(level: LevelWithSilent, destination?: DestinationStream): Logger {
  return pino({ level, base: { name: "mall" } }, destination);
}

/** Paths probed by a load balancer or an orchestrator every few seconds: answered, not logged line by line. */
const PROBES = new Set(["/healthz", "/readyz"]);

/**
 * The request log (one line when a reply is finished, with its status and time) and each request's
 * id: taken from X-Request-Id when well-formed, else made, and sent back in the reply's X-Request-Id.
 */
export function requestLog(logger: Logger): HttpLogger<IncomingMessage, ServerResponse> {
  return pinoHttp({
    logger,
    quietReqLogger: true,
    genReqId(req, res) {
      const id = requestIdOf(req.headers["x-request-id"]);
      res.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    autoLogging: { ignore: (req) => PROBES.has((req.url ?? "").split("?")[0] ?? "") },
    customLogLevel(_req, res, error) {
      if (error || res.statusCode >= 500) return "error";
      return "info";
    },
    serializers: {
      // The path and method, never the query (a login code, a token entry) nor the cookies.
      req: (req: { method?: string; url?: string }) => ({ method: req.method, path: (req.url ?? "").split("?")[0] }),
      res: (res: { statusCode?: number }) => ({ status: res.statusCode }),
    },
  });
}
