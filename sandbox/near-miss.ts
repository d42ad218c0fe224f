/**
 * Near misses: a request the sandbox cannot answer (an unknown path, the wrong method, a body or
 * query that fails the endpoint's zod declaration, a secure call whose envelope does not check out)
 * is answered with what it nearly matched: the closest endpoints and what differed (path, method,
 * fields). The reply carries NEAR_MISS_HEADER, so the sandbox's front door marks the call in its log
 * (`GET /__sandbox/log?unmatched=1`, `mcoin sandbox log --unmatched`).
 */
import { HttpResponse, type HttpHandler } from "msw";
import type { z } from "zod";
import type { Endpoint } from "#core/api/define";
import { editDistance } from "#core/text/nearest";

export const NEAR_MISS_HEADER = "x-sandbox-near-miss";

export type NearMissReason = "path" | "method" | "body" | "query" | "envelope";

export interface Candidate {
  /** The endpoint's declared name, when it has one. */
  name?: string;
  method: string;
  path: string;
  /** What differs from the request: "path", "method", or "field <name>". */
  differs: string[];
}

/** A stub the request came close to (sandbox/stubs/near-stubs.ts): how far, and the conditions it missed. */
export interface StubCandidate {
  id: string;
  name?: string;
  /** compareRequest's mean distance (sandbox/stubs/match.ts): 0 a match, 1 nothing alike. */
  distance: number;
  differs: { field: string; expected: string; actual: string }[];
}

export interface NearMiss {
  reason: NearMissReason;
  /** One line, in plain words. */
  message: string;
  closest: Candidate[];
  /** The closest stubs, when stubs are loaded and none matched. */
  stubs?: StubCandidate[];
}

export interface KnownRoute {
  name?: string;
  method: string;
  /** As the handler declares it: literal, or with :params. */
  path: string;
}

/** Handlers `serve()` built for a declared endpoint, so a near miss can name it. */
const declared = new WeakMap<HttpHandler, Endpoint>();
export function declareEndpoint(handler: HttpHandler, endpoint: Endpoint): HttpHandler {
  declared.set(handler, endpoint);
  return handler;
}

/** The declarations the handlers were built from by `serve()`, each once. */
export function servedEndpoints(handlers: readonly HttpHandler[]): Endpoint[] {
  return [...new Set(handlers.flatMap((handler) => declared.get(handler) ?? []))];
}

/** Paths that are not the gateway's: the controls, images, catch-alls. */
const NOT_AN_ENDPOINT = /^\/(__sandbox|__admin|static)\/|\*/;

/** The endpoints a list of handlers answers: their method and path, and their names where declared. */
export function knownRoutes(handlers: readonly HttpHandler[]): KnownRoute[] {
  const routes: KnownRoute[] = [];
  for (const handler of handlers) {
    const { method, path } = handler.info as { method?: unknown; path?: unknown };
    if (typeof method !== "string" || typeof path !== "string" || !path.startsWith("*/")) continue;
    const route = path.slice(1);
    if (NOT_AN_ENDPOINT.test(route)) continue;
    routes.push({ name: declared.get(handler)?.name, method: method.toUpperCase(), path: route });
  }
  return routes;
}

/** A route's path with its :params filled from the request's segments, when the shapes agree. */
function filled(pattern: string, pathname: string): string {
  const want = pattern.split("/");
  const have = pathname.split("/");
  if (want.length !== have.length) return pattern;
  return want.map((segment, index) => (segment.startsWith(":") ? have[index] : segment)).join("/");
}

const normal = (path: string) => path.toLowerCase().replace(/\/+$/, "");

/** How far a request's path is from a route's (0: the same, whatever the case or a final slash). */
export function pathDistance(route: string, pathname: string): number {
  return editDistance(normal(filled(route, pathname)), normal(pathname));
}

/** Close enough to be a slip of the keyboard or a wrong segment, not another endpoint altogether. */
const isClose = (distance: number, pathname: string) => distance <= Math.max(3, Math.ceil(pathname.length * 0.25));

/** The routes nearest a request, closest first: the same path with another method, then the near paths. */
export function closestRoutes(routes: readonly KnownRoute[], method: string, pathname: string, limit = 3): Candidate[] {
  const scored = routes
    .map((route) => ({ route, distance: pathDistance(route.path, pathname) }))
    .filter(({ distance }) => isClose(distance, pathname))
    .sort((a, b) => a.distance - b.distance || Number(a.route.method !== method.toUpperCase()) - Number(b.route.method !== method.toUpperCase()));
  const seen = new Set<string>();
  const closest: Candidate[] = [];
  for (const { route, distance } of scored) {
    const key = `${route.method} ${route.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const differs = [...(distance > 0 ? ["path"] : []), ...(route.method !== method.toUpperCase() ? ["method"] : [])];
    closest.push({ ...(route.name ? { name: route.name } : {}), method: route.method, path: route.path, differs });
    if (closest.length === limit) break;
  }
  return closest;
}

const label = (candidate: Candidate) => `${candidate.method} ${candidate.path}${candidate.name ? ` (${candidate.name})` : ""}`;

const stubLabel = (stub: StubCandidate) => `${stub.name ? `"${stub.name}" (${stub.id})` : stub.id}, which differs in ${stub.differs.map((differ) => differ.field).join(", ")}`;

/**
 * The reply to a request no handler answered: 404, or 405 when only the method is wrong; with the
 * closest stubs, when stubs are loaded, as WireMock names the closest stub of a request none matched.
 */
export function unmatchedReply(routes: readonly KnownRoute[], method: string, pathname: string, stubs: readonly StubCandidate[] = []): Response {
  const closest = closestRoutes(routes, method, pathname);
  const sameMethod = closest.filter((candidate) => candidate.method === method.toUpperCase());
  const wrongMethodOnly = closest.length > 0 && closest[0].differs.length === 1 && closest[0].differs[0] === "method";
  const reason: NearMissReason = wrongMethodOnly ? "method" : "path";
  const message = wrongMethodOnly
    ? `${pathname} is not answered for ${method}: did you mean ${label(closest[0])}?`
    : closest.length > 0
      ? `no sandbox endpoint for ${method} ${pathname}; did you mean ${(sameMethod.length > 0 ? sameMethod : closest).map(label).join(" or ")}?`
      : `no sandbox endpoint for ${method} ${pathname}, and none is close to it`;
  const aboutStubs = stubs.length > 0 ? `; no stub matches it, the closest is ${stubLabel(stubs[0])}` : "";
  return nearMissResponse(wrongMethodOnly ? 405 : 404, { reason, message: message + aboutStubs, closest, ...(stubs.length > 0 ? { stubs: [...stubs] } : {}) });
}

/** The reply to a call whose body or query fails the endpoint's declaration: the fields, named. */
export function invalidInputReply(endpoint: Endpoint, issues: readonly z.core.$ZodIssue[], where: "body" | "query", raw?: unknown): Response {
  const fields = [...new Set(issues.map((issue) => issue.path.join(".") || "(the whole body)"))];
  const details = issues.slice(0, 5).map((issue) => `${issue.path.join(".") || where}: ${issue.message}${misspelling(issue, raw)}`);
  const message = `invalid request: ${details.join("; ")} (${endpoint.name}, ${endpoint.method} ${endpoint.path})`;
  return nearMissResponse(400, { reason: where, message, closest: [{ name: endpoint.name, method: endpoint.method, path: endpoint.path, differs: fields.map((field) => `field ${field}`) }] });
}

/** For a field that is missing at the top level: a key that was sent instead and is nearly its name. */
function misspelling(issue: z.core.$ZodIssue, raw: unknown): string {
  if (issue.path.length !== 1 || typeof issue.path[0] !== "string" || !raw || typeof raw !== "object" || issue.path[0] in raw) return "";
  const wanted = issue.path[0];
  const sent = Object.keys(raw).find((key) => key.toLowerCase() === wanted.toLowerCase() || editDistance(key, wanted) <= 2);
  return sent ? ` (${JSON.stringify(sent)} was sent: did you mean ${JSON.stringify(wanted)}?)` : "";
}

/** A near miss as the sandbox sends it: the gateway's envelope, with `nearMiss` beside `msg`. */
export function nearMissResponse(status: number, nearMiss: NearMiss, extra: Record<string, unknown> = { code: status, msg: nearMiss.message }): Response {
  return HttpResponse.json({ ...extra, nearMiss }, { status, headers: { [NEAR_MISS_HEADER]: nearMiss.reason } });
}
