/** What `mcoin sandbox redeem` and `ship` run (their definitions, cli/commands/till.ts, load this only when they run). */
import { z } from "zod";
import { CONTROL_TOKEN_HEADER } from "../../sandbox/access";
import { CONTROL_TOKEN_ENV, callFailure, sandboxUrl } from "../context";
import { CliError } from "../errors";
import { output, parseOptions } from "../options";
import { macauTime } from "../member";

const ControlOptions = z.object({
  baseUrl: z.string().url().optional(),
  controlToken: z.string().min(1).optional(),
  json: z.boolean().default(false),
});

/** POSTs a control; a refusal (409, 404, 400) becomes the CLI's error with the sandbox's words. */
async function control(options: z.infer<typeof ControlOptions>, path: string, body: unknown): Promise<Record<string, unknown>> {
  const base = (options.baseUrl ?? sandboxUrl()).replace(/\/+$/, "");
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (options.controlToken) headers[CONTROL_TOKEN_HEADER] = options.controlToken;
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
  } catch (error) {
    throw callFailure(error);
  }
  const reply = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    throw new CliError(String(reply.reason ?? `HTTP_${response.status}`), `the sandbox refused: ${String(reply.error ?? `HTTP ${response.status}`)}`, {
      suggestion: response.status === 401 ? `it needs its control token: pass --control-token or set ${CONTROL_TOKEN_ENV}` : undefined,
    });
  }
  return reply;
}

export async function runRedeem(code: string, raw: unknown): Promise<void> {
  const options = parseOptions(ControlOptions.extend({ store: z.coerce.number().int().positive() }), raw, "sandbox redeem");
  const reply = await control(options, "/__sandbox/redeem", { code: code.replace(/\s+/g, ""), storeId: options.store });
  output(options.json, reply, () => [`redeemed coupon ${String(reply.couponNo)} of order ${String(reply.orderNo)} at ${String(reply.store)}, ${macauTime(Number(reply.usedAt))} (Macau); the order is ${String(reply.orderStatus)}`]);
}

export async function runShip(orderNo: string, raw: unknown): Promise<void> {
  const options = parseOptions(ControlOptions, raw, "sandbox ship");
  const reply = await control(options, "/__sandbox/ship", { orderNo: orderNo.trim().toUpperCase() });
  output(options.json, reply, () => [`order ${String(reply.orderNo)} is now ${String(reply.status)}`]);
}
