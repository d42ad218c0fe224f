/**
 * What the mall's server keeps for the whole process, made once when it starts and handed to every
 * request in its load context (server/load-context.ts): the pooled transport to the gateway, the
 * keeps of catalog replies, of the gateway's clock and of pictures, the tokens rotated a moment ago,
 * and the rate limits of the routes that count their own requests. Nothing of the kind lives in a
 * module's variables: a test makes its own, and a server running several builds (Vite's, in
 * development) keeps one set across them.
 *
 * The server is bundled apart from the Remix build, so these classes exist twice in a production
 * process; that is harmless because each only keeps data and hands back what it was given (none
 * throws an error of its own, and nothing tests them with `instanceof`).
 */
import { pino, type Logger } from "pino";
import type { HttpTransport } from "#core/api/transport";
import { createUndiciTransport } from "#core/node/undici-transport";
import type { ErrorReport } from "#core/errors/report";
import { CatalogReplies } from "./cache/catalog-replies.server";
import type { ErrorReportContext } from "./error-reports.server";
import { GatewayClocks } from "./cache/gateway-clock.server";
import { catalogKeepMs, clockKeepMs } from "./config.server";
import { PictureKeep } from "./pictures.server";
import { TokenRotations, type Rotations } from "./token-rotation.server";

/** Routes that count their own requests against a limit per client (server/rate-limit.ts). */
export type RouteBucket = "login" | "task" | "picture";

export interface MallServices {
  /** The pooled transport of the mCoin API and secure-gateway clients. */
  readonly transport: HttpTransport;
  readonly catalogReplies: CatalogReplies;
  readonly gatewayClocks: GatewayClocks;
  readonly pictures: PictureKeep;
  readonly rotations: Rotations;
  /** The process's log (server/logger.ts); a request's own lines go to its load context's `log`. */
  readonly log: Logger;
  /**
   * Counts one request of `client` (its address) against a route's bucket: the seconds until it may
   * ask again when it is over the limit, else null.
   */
  rateLimit(bucket: RouteBucket, client: string): Promise<number | null>;
  /**
   * Sends a report of the server's to the error collector (app/server/error-reports.server.ts
   * `sendErrorReport`, which the server passes); a test's services log it instead.
   */
  reportError(report: ErrorReport, context: ErrorReportContext): Promise<void>;
}

/** The process's services; a test passes what it answers itself (a transport to an in-process sandbox). */
export function createMallServices(overrides: Partial<MallServices> = {}): MallServices {
  return {
    transport: overrides.transport ?? createUndiciTransport(),
    catalogReplies: overrides.catalogReplies ?? new CatalogReplies(catalogKeepMs),
    gatewayClocks: overrides.gatewayClocks ?? new GatewayClocks(clockKeepMs),
    pictures: overrides.pictures ?? new PictureKeep(),
    rotations: overrides.rotations ?? new TokenRotations(),
    rateLimit: overrides.rateLimit ?? (async () => null),
    reportError: overrides.reportError ?? (async (report, { log }) => log.warn({ errorReport: report }, "error report (a test's services send none)")),
    log: overrides.log ?? consoleLog(),
  };
}

/**
 * Outside the server (a test's services): lines at error level and above go to console.error, the
 * others to console.warn, so that a test setup that fails on console.error (vitest.setup.ts) still
 * sees the server's errors.
 */
function consoleLog(): Logger {
  return pino({ level: "warn" }, { write: (line: string) => ((JSON.parse(line) as { level: number }).level >= 50 ? console.error(line.trimEnd()) : console.warn(line.trimEnd())) });
}
