import type { HttpHandler } from "msw";

/**
 * The handlers that can answer a request, in their order: msw tries every handler's path pattern in
 * turn (path-to-regexp, cookies), which is most of the sandbox's time under a burst. A handler of
 * one method and one literal path (`*${endpoint.path}`, most of them) can only answer that method and
 * path, so it is skipped for any other; a pattern (the members control, `/__sandbox/members/:openId`) can
 * only answer its method and paths that begin with its literal part, so it is skipped for the others;
 * `*` is always tried. The order, and so which handler answers, is unchanged.
 */
export function candidatesFor(handlers: readonly HttpHandler[]): (request: Request) => HttpHandler[] {
  const literal = (handler: HttpHandler): string | null => {
    const { method, path } = handler.info as { method?: unknown; path?: unknown };
    if (typeof method !== "string" || typeof path !== "string" || !path.startsWith("*/") || /[:*?(]/.test(path.slice(1))) return null;
    return keyOf(method, path.slice(1));
  };
  // As msw matches: the method exactly, the path whatever its case and with or without a final slash.
  const keyOf = (method: string, pathname: string) => `${method.toUpperCase()} ${pathname.toLowerCase().replace(/\/+$/, "")}`;
  /** For a pattern: the method it answers (null: any) and the literal start of its path. */
  const pattern = (handler: HttpHandler): { method: string | null; prefix: string } => {
    const { method, path } = handler.info as { method?: unknown; path?: unknown };
    const any = typeof method !== "string" || method === "ALL";
    if (typeof path !== "string" || !path.startsWith("*/")) return { method: null, prefix: "" };
    return {
      method: any ? null : method.toUpperCase(),
      prefix: path
        .slice(1)
        .split(/[:*?(]/)[0]
        .toLowerCase(),
    };
  };
  const keyed = handlers.map((handler) => ({ handler, key: literal(handler), pattern: pattern(handler) }));
  const mayAnswer = (entry: (typeof keyed)[number], method: string, pathname: string, key: string) =>
    entry.key === null ? (entry.pattern.method === null || entry.pattern.method === method) && pathname.startsWith(entry.pattern.prefix) : entry.key === key;
  const cache = new Map<string, HttpHandler[]>();
  return (request) => {
    const method = request.method.toUpperCase();
    const pathname = new URL(request.url).pathname.toLowerCase();
    const key = keyOf(method, pathname);
    let list = cache.get(key);
    if (!list) {
      list = keyed.filter((entry) => mayAnswer(entry, method, pathname, key)).map((entry) => entry.handler);
      // Any path can be asked for: only those a literal handler answers are remembered, so the cache
      // stays small.
      if (keyed.some((entry) => entry.key === key)) cache.set(key, list);
    }
    return list;
  };
}
