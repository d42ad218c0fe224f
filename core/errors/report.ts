/**
 * An error report (spec section 8: "errors are sent to an error-reporting service"): what went wrong,
 * where, and in which part of the mall. The page sends its own to /resources/errors; the mall's server
 * adds its own and forwards every report to the configured collector (MCOIN_ERROR_REPORT_URL; on the
 * sandbox, the sandbox's /__sandbox/errors, which `mcoin sandbox errors` and the tests read).
 *
 * Reports are outside input: bounded, free of control and bidi characters (report-text.ts says why;
 * a report carrying one is refused, a 400), and a page address keeps its path only (a query may carry
 * a login code or a token).
 */
import { z } from "zod";
import { MESSAGE_MAX, REFUSED_IN_STACK, REFUSED_IN_TEXT, STACK_MAX, USER_AGENT_MAX } from "./report-text";

export const ERROR_KINDS = ["page", "unhandled-rejection", "render", "server"] as const;

const CONTROL_CHARACTERS = { error: "control and bidi characters are not allowed" };
const withoutControls = (value: string) => !REFUSED_IN_TEXT.test(value);
/** A string of at most `max` characters with no control or bidi character. */
const plain = (max: number) => z.string().max(max).refine(withoutControls, CONTROL_CHARACTERS);

export const ErrorReportSchema = z.object({
  kind: z.enum(ERROR_KINDS),
  message: z.string().trim().min(1).max(MESSAGE_MAX).refine(withoutControls, CONTROL_CHARACTERS),
  /** The first lines of the stack, when there is one: lines, so newlines and tabs are allowed. */
  stack: z
    .string()
    .max(STACK_MAX)
    .refine((value) => !REFUSED_IN_STACK.test(value), CONTROL_CHARACTERS)
    .optional(),
  /** The page's path (no query, no hash). */
  path: plain(300).transform((value) => value.split(/[?#]/)[0]),
  /** The route's name in the spec's table, when known. */
  screen: plain(40).optional(),
});
export type ErrorReport = z.output<typeof ErrorReportSchema>;

/** What the collector keeps: the report, when, and the mall's environment and release. */
export const CollectedErrorSchema = ErrorReportSchema.extend({
  at: z.number(),
  environment: plain(20),
  userAgent: plain(USER_AGENT_MAX).optional(),
});
export type CollectedError = z.output<typeof CollectedErrorSchema>;
