/**
 * A path of this site to send a member to, taken from untrusted input (a query parameter), or null.
 * Browsers read `\` as `/` and drop tabs and newlines inside a URL, so `/\evil.example` and
 * `/<tab>/evil.example` lead off the site although they start with one slash: such characters are
 * refused outright, and only what the URL parser keeps on this site's origin is returned, re-written
 * by the parser itself, and never one that begins with `//`.
 */
const BASE = "http://mall.invalid";

export function safeLocalPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2048 || !raw.startsWith("/")) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what this pattern exists to find
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  // Dot segments can leave a path starting with `//`, which a browser reads as another host.
  if (url.origin !== BASE || url.pathname.startsWith("//")) return null;
  return url.pathname + url.search + url.hash;
}
