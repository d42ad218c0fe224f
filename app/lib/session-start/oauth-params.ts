/**
 * The oauthParams query parameter (spec section 2): a query string in which ':' stands for '=' and
 * ';' for '&', so that it survives being nested inside another URL's query.
 */

/** Decodes an oauthParams value into its parameters. */
export function decodeOauthParams(raw: string | null | undefined): URLSearchParams {
  if (!raw) return new URLSearchParams();
  return new URLSearchParams(raw.replaceAll(":", "=").replaceAll(";", "&"));
}

/** Encodes parameters the way the host app writes oauthParams (for links, tests and the CLI). */
export function encodeOauthParams(params: Record<string, string>): string {
  return Object.entries(params)
    .map(([key, value]) => `${encodeURIComponent(key)}:${encodeURIComponent(value)}`)
    .join(";");
}
