/** What `mcoin sandbox redeem` and `ship` run (their definitions, cli/commands/till.ts, load this only when they run). */
import { z } from "zod";
import * as controls from "#core/controls/declarations";
import { control } from "../sandbox-control";
import { output, parseOptions } from "../options";
import { macauTime } from "../member";

const ControlOptions = z.object({
  baseUrl: z.string().url().optional(),
  controlToken: z.string().min(1).optional(),
  json: z.boolean().default(false),
});

export async function runRedeem(code: string, raw: unknown): Promise<void> {
  const options = parseOptions(ControlOptions.extend({ store: z.coerce.number().int().positive() }), raw, "sandbox redeem");
  const reply = await control(options, controls.redeem, { input: { code: code.replace(/\s+/g, ""), storeId: options.store } });
  output(options.json, reply, () => [`redeemed coupon ${String(reply.couponNo)} of order ${String(reply.orderNo)} at ${String(reply.store)}, ${macauTime(Number(reply.usedAt))} (Macau); the order is ${String(reply.orderStatus)}`]);
}

export async function runShip(orderNo: string, raw: unknown): Promise<void> {
  const options = parseOptions(ControlOptions, raw, "sandbox ship");
  const reply = await control(options, controls.ship, { input: { orderNo: orderNo.trim().toUpperCase() } });
  output(options.json, reply, () => [`order ${String(reply.orderNo)} is now ${String(reply.status)}`]);
}
