/**
 * Who may reach the sandbox and from where: its default interface, the mall's origins, the control
 * token's header and the loopback test. Kept apart from the handlers (and msw) so the CLI can name
 * them without loading the sandbox itself.
 */
import { isIP } from "node:net";
import { z } from "zod";

/** The sandbox listens here unless told otherwise. */
export const DEFAULT_HOST = "127.0.0.1";

export { CONTROL_TOKEN_HEADER } from "#core/controls/client";

/** The mall as `npm start` and `npm run dev` serve it. */
export const DEFAULT_MALL_ORIGINS: readonly string[] = ["http://localhost:3000", "http://127.0.0.1:3000"];

/** A mall origin (--mall-origin): http(s), host and port, nothing after; normalized as URL writes it. */
export const MallOriginSchema = z
  .string()
  .trim()
  .refine((text) => {
    try {
      const url = new URL(text);
      return (url.protocol === "http:" || url.protocol === "https:") && url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password;
    } catch {
      return false;
    }
  }, "not an origin such as http://localhost:3000 (scheme, host and port only)")
  .transform((text) => new URL(text).origin);

/** A loopback name or address: localhost, ::1, 127.x.x.x (also IPv4-mapped). */
export function isLoopbackHost(host: string): boolean {
  const name = host.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  if (name === "localhost" || name === "::1") return true;
  const v4 = name.replace(/^::ffff:/, "");
  return isIP(v4) === 4 && v4.startsWith("127.");
}
