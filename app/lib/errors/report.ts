/**
 * An error report (spec section 8: "errors are sent to an error-reporting service"): what went wrong,
 * where, and in which part of the mall. The page sends its own to /resources/errors; the mall's server
 * adds its own and forwards every report to the configured collector (MCOIN_ERROR_REPORT_URL; on the
 * sandbox, the sandbox's /__sandbox/errors, which `mcoin sandbox errors` and the tests read).
 *
 * Reports are outside input: bounded, and a page address keeps its path only (a query may carry a
 * login code or a token).
 */
import { z } from "zod";

export const ERROR_KINDS = ["page", "unhandled-rejection", "render", "server"] as const;

export const ErrorReportSchema = z.object({
  kind: z.enum(ERROR_KINDS),
  message: z.string().trim().min(1).max(500),
  /** The first lines of the stack, when there is one. */
  stack: z.string().max(4_000).optional(),
  /** The page's path (no query, no hash). */
  path: z
    .string()
    .max(300)
    .transform((value) => value.split(/[?#]/)[0]),
  /** The route's name in the spec's table, when known. */
  screen: z.string().max(40).optional(),
});
export type ErrorReport = z.output<typeof ErrorReportSchema>;

/** What the collector keeps: the report, when, and the mall's environment and release. */
export const CollectedErrorSchema = ErrorReportSchema.extend({
  at: z.number(),
  environment: z.string().max(20),
  userAgent: z.string().max(300).optional(),
});
export type CollectedError = z.output<typeof CollectedErrorSchema>;
