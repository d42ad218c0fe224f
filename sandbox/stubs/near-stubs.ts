/**
 * The stubs a request came closest to, when none matched it and the sandbox's own rules cannot
 * answer it either (sandbox/near-miss.ts's unmatchedReply): WireMock names the closest stub of such a
 * request and what differed, and so does the sandbox, beside its closest endpoints.
 */
import { parseBoundedJson } from "#core/http/bounded-json";
import type { StubCandidate } from "../near-miss";
import type { StubBook } from "./book";

/** The closest stubs to `request`, closest first, each with the conditions it missed; none when no stub is loaded. */
export async function stubsNear(stubs: StubBook, request: Request): Promise<StubCandidate[]> {
  if (stubs.size === 0) return [];
  const url = new URL(request.url);
  const text =
    request.method === "GET" || request.method === "HEAD"
      ? ""
      : await request
          .clone()
          .text()
          .catch(() => "");
  const parsed = text === "" ? undefined : parseBoundedJson(text);
  const near = stubs.nearest({ method: request.method, url: url.pathname + url.search, headers: request.headers, body: parsed?.ok ? parsed.value : text });
  return near.map(({ id, name, distance, differs }) => ({
    id,
    ...(name ? { name } : {}),
    distance,
    differs: differs.map(({ field, expected, actual }) => ({ field, expected, actual })),
  }));
}
