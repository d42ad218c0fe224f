/**
 * What a verification of the sandbox's call log asks (POST /__sandbox/verify) and answers, as
 * WireMock's verify with count comparators: calls to a path (or a fragment of one), with a method,
 * whose body (a GET's query) matches JSONPath = value pairs, that a fault of a kind acted on, counted against exactly N, at least N or
 * at most N. The sandbox checks it (sandbox/verify.ts).
 */
import { z } from "zod";
import { parseJsonPath } from "../text/json-path";
import { FAULT_KINDS, type FaultKind } from "./faults";

/** A JSONPath read as stubs read it (core/text/json-path.ts): one that does not parse is the caller's mistake, a 400. */
const JsonPathText = z
  .string()
  .regex(/^\$/, "a JSONPath, starting with $")
  .max(256)
  .superRefine((text, context) => {
    try {
      parseJsonPath(text);
    } catch (error) {
      context.addIssue({ code: "custom", message: (error as Error).message });
    }
  });

export const BodyMatchSchema = z.object({ path: JsonPathText, value: z.unknown() }).strict();
export type BodyMatch = z.output<typeof BodyMatchSchema>;

export const VerifyRequestSchema = z
  .object({
    path: z.string().min(1).max(256),
    method: z
      .string()
      .regex(/^[A-Za-z]{3,7}$/, "an HTTP method")
      .transform((method) => method.toUpperCase())
      .optional(),
    count: z.number().int().min(0).max(1_000_000).optional(),
    atLeast: z.number().int().min(0).max(1_000_000).optional(),
    atMost: z.number().int().min(0).max(1_000_000).optional(),
    bodyMatch: z.array(BodyMatchSchema).max(20).default([]),
    /** Only calls a fault acted on, by its kind: an injected one, or a business fault's notice (notice-twice). */
    fault: z.enum(FAULT_KINDS as [FaultKind, ...FaultKind[]]).optional(),
    /** Only calls after this log sequence number. */
    since: z.number().int().min(0).default(0),
  })
  .strict()
  .refine((request) => request.count === undefined || (request.atLeast === undefined && request.atMost === undefined), "count is exact: give it alone, or atLeast and/or atMost")
  .refine((request) => request.atLeast === undefined || request.atMost === undefined || request.atLeast <= request.atMost, "atLeast is above atMost");
export type VerifyRequest = z.output<typeof VerifyRequestSchema>;

export interface CallSummary {
  seq: number;
  method: string;
  path: string;
  /** What this call has that the verification did not want. */
  differs: string[];
}

export interface Verification {
  ok: boolean;
  /** In words: "at least 3 calls to basicinformation". */
  expected: string;
  matched: number;
  /** The matching calls' sequence numbers (the latest 50). */
  calls: number[];
  /**
   * When it does not hold: the calls nearest to what was wanted, nearest first: the five nearest kinds
   * of call (one method, path and differences), up to 20 calls of each (sandbox/verify.ts).
   */
  closest: CallSummary[];
}
