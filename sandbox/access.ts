/**
 * Who may reach the sandbox and from where: its default interface, the mall's origins, the control
 * token's header and the loopback test. Kept apart from the handlers (and msw) so the CLI can name
 * them without loading the sandbox itself.
 */
import { isIP } from "node:net";
import { z } from "zod";

export { DEFAULT_SANDBOX_HOST as DEFAULT_HOST, DEFAULT_MALL_ORIGINS } from "#core/environments";

export { CONTROL_TOKEN_HEADER } from "#core/controls/client";

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
