/**
 * How `mcoin` commands reach a running sandbox's controls: the one typed client
 * (core/controls/client.ts) at the sandbox's address (--base-url, else MCOIN_SANDBOX_URL, else
 * the default of core/environments.ts, said on stderr), with its control token when it has one; a refusal or a missing sandbox becomes the CLI's
 * error, in the sandbox's own words and with what to do.
 */
import { z } from "zod";
import { ControlError, createControlClient, type ControlAnswer } from "#core/controls/client";
import type { Control, ControlInput, ControlParams, ControlReply } from "#core/controls/declarations";
import { CONTROL_TOKEN_ENV, fetchOf, sandboxUrl } from "./context";
import { CliError, usageError } from "./errors";
import type { CliIo } from "./io";

export interface ControlTarget {
  baseUrl?: string;
  controlToken?: string;
}

/** The options of every command that calls the controls: where (--base-url), its --control-token, and --json. */
export const ControlOptionsSchema = z.object({
  baseUrl: z.string().url().optional(),
  controlToken: z.string().min(1).optional(),
  json: z.boolean().default(false),
});

/** Calls a control of the sandbox `target` names; its answer, or the CLI's error. */
export async function callControl<C extends Control>(io: CliIo, target: ControlTarget, control: C, args: { params?: ControlParams<C>; input?: ControlInput<C> } = {}): Promise<ControlAnswer<C>> {
  const client = createControlClient({ baseUrl: sandboxUrl(io, target.baseUrl), token: target.controlToken, fetch: fetchOf(io) });
  try {
    return await client.call(control, args);
  } catch (error) {
    if (!(error instanceof ControlError)) throw error;
    if (error.code === "INVALID_INPUT") throw usageError(error.message);
    if (error.code === "NETWORK")
      throw new CliError("NETWORK", error.message, {
        suggestion: `is the sandbox running? npx mcoin sandbox. To reach one elsewhere: ${target.baseUrl ? "--base-url URL" : "--base-url URL, or set MCOIN_SANDBOX_URL"}`,
        cause: error,
      });
    throw new CliError(error.reason ?? (error.status ? `HTTP_${error.status}` : error.code), error.message, {
      suggestion: error.status === 401 ? `it needs its control token: pass --control-token or set ${CONTROL_TOKEN_ENV}` : undefined,
      cause: error,
    });
  }
}

/** The same, the answer's data only. */
export async function control<C extends Control>(io: CliIo, target: ControlTarget, control: C, args: { params?: ControlParams<C>; input?: ControlInput<C> } = {}): Promise<ControlReply<C>> {
  return (await callControl(io, target, control, args)).data;
}
