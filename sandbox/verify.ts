/**
 * Verification of the call log, as WireMock's verify with count comparators, on what the sandbox
 * understood (secure gateway bodies opened): calls to a path (or a fragment of one), with a method,
 * whose body (a GET's query) matches JSONPath = value pairs, counted against exactly N, at least N
 * or at most N. When it does not hold, the closest calls say what differed.
 */
import type { VerifyRequest, Verification } from "#core/controls/verify";
import { evaluateJsonPath, parseJsonPath, PathNotFound } from "#core/text/json-path";
import { editDistance } from "#core/text/nearest";
import type { LoggedCall } from "./instruments/call-log";

const CLOSEST_LIMIT = 5;
/** Calls alike (one method, path and differences) kept of each of the closest kinds: the CLI groups them. */
const ALIKE_LIMIT = 20;

/**
 * A filter, over calls nearest first, that keeps the CLOSEST_LIMIT nearest kinds of call (the same
 * method, path and differences), up to ALIKE_LIMIT of each: ten identical misses would otherwise
 * crowd out the one different miss that explains the failure.
 */
function nearestKinds(): (entry: { call: LoggedCall; differs: string[] }) => boolean {
  const kinds = new Map<string, number>();
  return ({ call, differs }) => {
    const kind = JSON.stringify([call.method, call.path, differs]);
    const seen = kinds.get(kind);
    if (seen === undefined && kinds.size >= CLOSEST_LIMIT) return false;
    if ((seen ?? 0) >= ALIKE_LIMIT) return false;
    kinds.set(kind, (seen ?? 0) + 1);
    return true;
  };
}

export function verifyCalls(log: readonly LoggedCall[], request: VerifyRequest): Verification {
  const calls = log.filter((call) => call.seq > request.since);
  const matching = calls.filter((call) => differences(call, request).length === 0);
  const matched = matching.length;
  const { count, atLeast, atMost } = request;
  const ok =
    count !== undefined
      ? matched === count
      : (atLeast === undefined || matched >= atLeast) && (atMost === undefined || matched <= atMost) && (atLeast !== undefined || atMost !== undefined || matched >= 1);
  const closest = ok
    ? []
    : calls
        .map((call) => ({ call, differs: differences(call, request) }))
        .filter(({ differs }) => differs.length > 0 || count !== undefined || atMost !== undefined)
        .map((entry) => ({ ...entry, distance: distanceOf(entry.call, request, entry.differs) }))
        .filter(({ distance }) => Number.isFinite(distance))
        .sort((a, b) => a.distance - b.distance || b.call.seq - a.call.seq)
        .filter(nearestKinds())
        .map(({ call, differs }) => ({ seq: call.seq, method: call.method, path: call.path, differs }));
  return { ok, expected: describe(request), matched, calls: matching.slice(-50).map((call) => call.seq), closest };
}

/** What keeps a call from matching: path, method, fault, body fields. Empty: it matches. */
export function differences(call: LoggedCall, request: VerifyRequest): string[] {
  const differs: string[] = [];
  if (!pathMatches(call.path, request.path)) differs.push(`path ${call.path}`);
  if (request.method && call.method !== request.method) differs.push(`method ${call.method}`);
  if (request.fault && call.fault !== request.fault) differs.push(call.fault ? `fault ${call.fault}` : "no fault");
  const subject = call.body ?? call.query;
  for (const match of request.bodyMatch) {
    const found = finds(match.path, subject ?? {});
    if (found.length === 0) differs.push(`body ${match.path} absent`);
    else if (!found.some((value) => sameValue(value, match.value))) differs.push(`body ${match.path} is ${JSON.stringify(found[0])}`);
  }
  return differs;
}

/**
 * What a JSONPath finds in a body, as a list, read as stubs read it (core/text/json-path.ts): a
 * definite path finds its one value or nothing. The control's schema refused a path that does not parse.
 */
function finds(path: string, subject: unknown): unknown[] {
  const parsed = parseJsonPath(path);
  try {
    const found = evaluateJsonPath(parsed, subject);
    return parsed.definite || parsed.segments.at(-1)?.kind === "function" ? [found] : (found as unknown[]);
  } catch (error) {
    if (error instanceof PathNotFound) return [];
    throw error;
  }
}

export const pathMatches = (path: string, wanted: string) => path === wanted || path.includes(wanted);

/** A value from the command line is text: "15" matches 15, "true" true. */
function sameValue(actual: unknown, wanted: unknown): boolean {
  if (JSON.stringify(actual) === JSON.stringify(wanted)) return true;
  return typeof wanted === "string" && (typeof actual === "number" || typeof actual === "boolean") && String(actual) === wanted;
}

/** How far a call is from the wanted ones: its path's edit distance, then one per other difference. */
function distanceOf(call: LoggedCall, request: VerifyRequest, differs: string[]): number {
  const pathOff = pathMatches(call.path, request.path)
    ? 0
    : Math.min(...call.path.split("/").map((segment) => editDistance(segment.toLowerCase(), request.path.replace(/^\/+/, "").split("/").pop()!.toLowerCase())));
  if (pathOff > Math.max(3, Math.ceil(request.path.length * 0.34))) return Infinity;
  return pathOff * 10 + differs.length;
}

function describe(request: VerifyRequest): string {
  const { count, atLeast, atMost } = request;
  const times =
    count !== undefined
      ? `exactly ${count}`
      : atLeast !== undefined && atMost !== undefined
        ? `between ${atLeast} and ${atMost}`
        : atMost !== undefined
          ? `at most ${atMost}`
          : `at least ${atLeast ?? 1}`;
  const body = request.bodyMatch.map((match) => `${match.path} = ${JSON.stringify(match.value)}`).join(", ");
  return `${times} call(s) to ${request.method ? `${request.method} ` : ""}${request.path}${body ? ` with ${body}` : ""}${request.fault ? ` that fault ${request.fault} acted on` : ""}`;
}
