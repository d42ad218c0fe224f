/**
 * `mcoin sandbox tenants`: the running sandbox's tenants (sandbox/tenants.ts), each with its base
 * URL, size and traffic; `--delete NAME` drops one (its data, from the --state database too).
 */
import { Command } from "commander";
import { baseUrlFlag, controlTokenFlag } from "../../flags";
import type { CliIo } from "../../io";
import { output, parseOptions } from "../../options";

export function tenantsCommand(io: CliIo): Command {
  return new Command("tenants")
    .description("list the sandbox's tenants (/tenants/NAME/..., each a sandbox of its own), or delete one")
    .addOption(baseUrlFlag())
    .addOption(controlTokenFlag())
    .option("--delete <name>", "drop this tenant: its members, orders and instruments, from the --state database too")
    .option("--json", "print JSON")
    .addHelpText(
      "after",
      "\nExamples:\n  $ npx mcoin sandbox tenants\n  $ npx mcoin sandbox tenants --delete ci-42\n  $ npx mcoin sandbox ledger --login mpay-1005 --sandbox-url http://sandbox.ci:4020/tenants/ci-42",
    )
    .action((raw: unknown) => tenants(io, raw));
}

async function tenants(io: CliIo, raw: unknown): Promise<void> {
  // zod and the controls' client load here, when it runs, not for --help.
  const { z } = await import("zod");
  const controls = await import("#core/controls/declarations");
  const { TENANT_NAME, TENANT_NAME_RULE } = await import("#core/environments");
  const { ControlOptionsSchema, control } = await import("../../sandbox-control");
  const { sandboxUrl } = await import("../../context");

  const options = parseOptions(ControlOptionsSchema.extend({ delete: z.string().regex(TENANT_NAME, TENANT_NAME_RULE).optional() }), raw, "sandbox tenants");
  if (options.delete) {
    await control(io, options, controls.deleteTenant, { params: { name: options.delete } });
    output(io, options.json, { ok: true, deleted: options.delete }, () => [`tenant ${options.delete} deleted`]);
    return;
  }
  const { tenants, limits } = await control(io, options, controls.tenants);
  const base = sandboxUrl(io, options.baseUrl);
  output(io, options.json, { tenants, limits }, () => [
    tenants.length === 0 ? "no tenants yet: a request to /tenants/NAME/... makes one" : `${tenants.length} of at most ${limits.maxTenants} tenants:`,
    ...tenants.map(
      (tenant) =>
        `  ${tenant.name.padEnd(20)} ${String(tenant.orders).padStart(6)} orders  ${String(tenant.requests).padStart(8)} requests${tenant.throttled > 0 ? ` (${tenant.throttled} over the rate)` : ""}  ${base}${tenant.path}`,
    ),
  ]);
}
