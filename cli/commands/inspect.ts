/**
 * `mcoin inspect`: where the traffic inspector of a running sandbox (or `mcoin record`) is, checked:
 * its address printed, or opened in the desktop's browser with --open. The page itself is served by
 * the sandbox and the recorder (harness/inspector/http.ts); the terminal's view of the same stream is
 * `mcoin sandbox log --follow`.
 */
import { Command } from "commander";
import { DEFAULT_SANDBOX_URL } from "#core/environments";
import { baseUrlFlag } from "../flags";
import type { CliIo } from "../io";
import { output, parseOptions } from "../options";

export function inspectCommand(io: CliIo): Command {
  return new Command("inspect")
    .description("the traffic inspector: every gateway call of a running sandbox or recorder, live and decrypted, in a browser")
    .addOption(baseUrlFlag())
    .option("--open", "open it in the browser too")
    .option("--json", "print JSON")
    .addHelpText(
      "after",
      `
Examples:
  $ npx mcoin inspect                                   (MCOIN_SANDBOX_URL, else ${DEFAULT_SANDBOX_URL})
  $ npx mcoin inspect --open
  $ npx mcoin inspect --base-url http://127.0.0.1:4020   (mcoin record's)

The same calls in a terminal: npx mcoin sandbox log --follow`,
    )
    .action((raw: unknown) => inspect(io, raw));
}

async function inspect(io: CliIo, raw: unknown): Promise<void> {
  const { z } = await import("zod");
  const { fetchOf, sandboxUrl } = await import("../context");
  const { CliError } = await import("../errors");
  const { INSPECT_PATH } = await import("#core/controls/inspect");
  const options = parseOptions(z.object({ baseUrl: z.url().optional(), open: z.boolean().default(false), json: z.boolean().default(false) }), raw, "inspect");
  const base = sandboxUrl(io, options.baseUrl);
  const url = `${base}${INSPECT_PATH}`;
  const page = await fetchOf(io)(url).catch((error: Error) => {
    throw new CliError("NETWORK", `could not reach ${base}: ${error.message}`, {
      suggestion: "is a sandbox (npx mcoin sandbox, npm start) or a recorder (npx mcoin record) running there? Another address: --base-url URL",
    });
  });
  await page.body?.cancel();
  if (page.status === 503) throw new CliError("NOT_BUILT", `the inspector at ${url} is not built`, { suggestion: "npm run build (or node scripts/build.mjs inspector), then run this again" });
  if (!page.ok) throw new CliError(`HTTP_${page.status}`, `${base} answered ${page.status} for the inspector: is it a sandbox or a recorder?`);
  const opened = options.open ? await openInBrowser(url) : false;
  output(io, options.json, { url, opened }, () => [`traffic inspector: ${url}`, ...(options.open && !opened ? ["(no browser could be opened here: open the address yourself)"] : [])]);
}

/** Opens a URL with the desktop's own opener; false when there is none (a server, a container). */
async function openInBrowser(url: string): Promise<boolean> {
  const { spawn } = await import("node:child_process");
  const opener = process.platform === "darwin" ? ["open", url] : process.platform === "win32" ? ["cmd", "/c", "start", "", url] : ["xdg-open", url];
  return new Promise((resolve) => {
    const child = spawn(opener[0], opener.slice(1), { stdio: "ignore", detached: true });
    child.once("error", () => resolve(false));
    child.once("spawn", () => {
      child.unref();
      resolve(true);
    });
  });
}
