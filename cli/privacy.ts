/**
 * Where the harness keeps what must not land in a repository: the key stand-ins for personal data are
 * made with (harness/redaction/pseudonyms.ts), and the folder the traffic inspector saves recordings
 * in by default. Both are the engineer's own, under their home (XDG's folders when set), never in the
 * working folder, which under `npm start` is the repository.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { usageError } from "#harness/errors";
import { Pseudonyms } from "#harness/redaction";
import type { CliIo } from "./io";

/** The key file's text: 64 hex digits (32 bytes). */
const KEY_TEXT = /^[0-9a-f]{64}$/i;

/** A folder of the engineer's: `$XDG_<kind>_HOME/mcoin`, else `~/.config/mcoin` or `~/.local/share/mcoin`; undefined without a home. */
function ownFolder(io: CliIo, kind: "config" | "data"): string | undefined {
  const xdg = kind === "config" ? io.env.XDG_CONFIG_HOME : io.env.XDG_DATA_HOME;
  if (xdg) return join(xdg, "mcoin");
  const home = io.env.HOME ?? io.env.USERPROFILE;
  return home ? join(home, kind === "config" ? ".config" : ".local/share", "mcoin") : undefined;
}

/** Where the traffic inspector saves recordings unless --inspect-dir says otherwise: the engineer's own folder, else the system's temporary one. */
export function defaultInspectDir(io: CliIo): string {
  return join(ownFolder(io, "data") ?? join(tmpdir(), "mcoin"), "recordings");
}

/**
 * The key of the stand-ins: the file given, else the engineer's own (made on first use, readable by
 * them only), so that the same person's recordings agree across sessions. Without a home, a key for
 * this run only, and said so.
 */
export function pseudonymKey(io: CliIo, file: string | undefined): { key: Buffer; where: string } {
  const own = ownFolder(io, "config");
  const path = file ?? (own ? join(own, "pseudonym.key") : undefined);
  if (!path) return { key: randomBytes(32), where: "a key for this run only (HOME is not set): stand-ins differ from other runs'" };
  if (!existsSync(path)) {
    if (file) throw usageError(`the pseudonym key ${file} does not exist`, "leave out --pseudonym-key to use your own (made on first use)");
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    writeFileSync(path, `${randomBytes(32).toString("hex")}\n`, { mode: 0o600, flag: "wx" });
    chmodSync(path, 0o600);
  }
  const text = readFileSync(path, "utf8").trim();
  if (!KEY_TEXT.test(text)) throw usageError(`the pseudonym key ${path} is not 64 hex digits`, "delete it to have a new one made, or give another with --pseudonym-key");
  return { key: Buffer.from(text, "hex"), where: path };
}

/**
 * The stand-ins for one recording session; recording a sandbox, its demo data (made up, sandbox/
 * fixtures.ts madeUpTexts) stays as it is, so a recording of a demo member replays as that member.
 */
export async function pseudonymsFor(io: CliIo, options: { keyFile?: string; sandbox: boolean; fixturesDir?: string }): Promise<{ pseudonyms: Pseudonyms; where: string }> {
  const { key, where } = pseudonymKey(io, options.keyFile);
  const fixtures = options.sandbox ? await import("../sandbox/fixtures") : undefined;
  const madeUp = fixtures ? fixtures.madeUpTexts(fixtures.loadFixtures(options.fixturesDir)) : new Set<string>();
  return { pseudonyms: new Pseudonyms(key, madeUp), where };
}
