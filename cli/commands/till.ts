/**
 * The merchant's side in the sandbox, for trying the wallet end to end: `mcoin sandbox redeem CODE`
 * is a shop's till taking a coupon's redemption code (once), `mcoin sandbox ship ORDER` sends (or
 * makes ready for pick-up) a member's paid goods. They call the running sandbox's controls
 * (POST /__sandbox/redeem, /__sandbox/ship) with its control token when it has one.
 */
import { Command, Option } from "commander";
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

function withControlOptions(command: Command): Command {
  return command
    .option("--base-url <url>", "the sandbox's address (default: MCOIN_SANDBOX_URL or http://127.0.0.1:4010)")
    .addOption(new Option("--control-token <token>", "the sandbox's control token, when it has one").env(CONTROL_TOKEN_ENV))
    .option("--json", "print JSON");
}

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

export function redeemCommand(): Command {
  return withControlOptions(
    new Command("redeem")
      .description("a merchant's till takes a coupon's 12-digit redemption code (once), as scanning its QR code would")
      .argument("<code>", "the redemption code shown on the order's detail")
      .option("--store <id>", "the store redeeming it (one of the offer's; default its first)"),
  )
    .addHelpText("after", "\nExamples:\n  $ npx mcoin sandbox redeem 483920174455\n  $ npx mcoin sandbox redeem 483920174455 --store 3 --json")
    .action(async (code: string, raw) => {
      const options = parseOptions(ControlOptions.extend({ store: z.coerce.number().int().positive().optional() }), raw, "sandbox redeem");
      const reply = await control(options, "/__sandbox/redeem", { code: code.replace(/\s+/g, ""), ...(options.store ? { storeId: options.store } : {}) });
      output(options.json, reply, () => `redeemed coupon ${String(reply.couponNo)} of order ${String(reply.orderNo)} at ${String(reply.store)}, ${macauTime(Number(reply.usedAt))} (Macau); the order is ${String(reply.orderStatus)}`);
    });
}

export function shipCommand(): Command {
  return withControlOptions(
    new Command("ship")
      .description("send a member's paid goods (delivery: awaiting receipt) or make them ready at the store (pick-up: awaiting pick-up)")
      .argument("<orderNo>", "the order's number, e.g. MC20261121000013"),
  )
    .addHelpText("after", "\nExample:\n  $ npx mcoin sandbox ship MC20261121000013")
    .action(async (orderNo: string, raw) => {
      const options = parseOptions(ControlOptions, raw, "sandbox ship");
      const reply = await control(options, "/__sandbox/ship", { orderNo: orderNo.trim().toUpperCase() });
      output(options.json, reply, () => `order ${String(reply.orderNo)} is now ${String(reply.status)}`);
    });
}
