/**
 * WireMock's admin API (`/__admin/...`), answered as WireMock 3 answers it (its shapes and statuses,
 * checked against its jar), so WireMock's own clients (wiremock-captain, wiremock-rest-client) drive
 * the sandbox's stubs: mappings created, listed, replaced, deleted and reset; the request journal
 * (./admin-journal.ts), near misses and scenarios.
 *
 * It is a control like `/__sandbox/*`: the same guard stands before it (sandbox/control-guard.ts),
 * every body is checked with zod and a bad one is a 4xx (WireMock's 422), never a 500. Stubs added
 * here are as those added by `POST /__sandbox/stubs`: a reset drops them, those from files stay.
 */
import { http, type HttpHandler } from "msw";
import { z } from "zod";
import { StubMappingSchema, StubRequestSchema } from "#core/controls/stubs";
import { wholeMatch } from "#core/text/whole-match";
import { JSONPath } from "jsonpath-plus";
import { controlRefusal } from "../control-guard";
import type { CallLog } from "../instruments/call-log";
import type { StoredStub, StubBook } from "./book";
import { bodyOf, unprocessable, wiremockErrors } from "./admin-input";
import { callsMatching, loggedRequest, serveEvent, stubRequestOf, wiremockMapping, wiremockNearMiss } from "./admin-journal";
import { jsonEqual } from "./match";

export interface AdminParts {
  stubs: StubBook;
  calls: CallLog;
  /** Required of every admin call when set, as of the /__sandbox/ controls. */
  controlToken: string | null;
}

const SOURCE = "POST /__admin/mappings";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A value matcher of WireMock's, over what a metadata JSONPath found. */
const FoundValueSchema = z.strictObject({
  equalTo: z.string().optional(),
  contains: z.string().optional(),
  matches: z.string().optional(),
  caseInsensitive: z.boolean().optional(),
});

/** How find- and remove-by-metadata pick stubs: a pattern over the metadata, as WireMock takes it. */
const MetadataPatternSchema = z.union([
  z.strictObject({ matchesJsonPath: z.union([z.string(), FoundValueSchema.extend({ expression: z.string() })]) }),
  z.strictObject({ equalToJson: z.unknown(), ignoreArrayOrder: z.boolean().optional(), ignoreExtraElements: z.boolean().optional() }),
]);
type MetadataPattern = z.infer<typeof MetadataPatternSchema>;

/** A request as WireMock's LoggedRequest writes it: what near-misses/request takes. */
const LoggedRequestSchema = z.strictObject({
  url: z.string().startsWith("/"),
  method: z.string().min(1),
  headers: z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional(),
  body: z.string().optional(),
  absoluteUrl: z.string().optional(),
  clientIp: z.string().optional(),
  cookies: z.record(z.string(), z.unknown()).optional(),
  browserProxyRequest: z.boolean().optional(),
  loggedDate: z.number().optional(),
  loggedDateString: z.string().optional(),
  bodyAsBase64: z.string().optional(),
  protocol: z.string().optional(),
  scheme: z.string().optional(),
  host: z.string().optional(),
  port: z.number().optional(),
  queryParams: z.record(z.string(), z.unknown()).optional(),
  formParams: z.record(z.string(), z.unknown()).optional(),
});

const ScenarioStateSchema = z.strictObject({ state: z.string().min(1) });

const empty = (status = 200) => new Response(null, { status });
const ok = () => Response.json({});

function metadataMatches(pattern: MetadataPattern, metadata: unknown): boolean {
  if (metadata === undefined) return false;
  if ("equalToJson" in pattern) {
    const expected = typeof pattern.equalToJson === "string" ? safeJson(pattern.equalToJson) : pattern.equalToJson;
    return jsonEqual(expected, metadata, { ignoreArrayOrder: pattern.ignoreArrayOrder ?? false, ignoreExtraElements: pattern.ignoreExtraElements ?? false });
  }
  const { matchesJsonPath } = pattern;
  const expression = typeof matchesJsonPath === "string" ? matchesJsonPath : matchesJsonPath.expression;
  let found: unknown[];
  try {
    found = JSONPath({ path: expression, json: metadata as object, wrap: true }) as unknown[];
  } catch {
    return false;
  }
  if (typeof matchesJsonPath === "string") return found.length > 0;
  const { equalTo, contains, matches, caseInsensitive } = matchesJsonPath;
  const fold = (text: string) => (caseInsensitive ? text.toLowerCase() : text);
  return found.some((value) => {
    const text = typeof value === "string" ? value : JSON.stringify(value);
    if (equalTo !== undefined) return fold(text) === fold(equalTo);
    if (contains !== undefined) return fold(text).includes(fold(contains));
    if (matches !== undefined) return wholeMatch(matches, text, caseInsensitive);
    return true;
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The stub an id names, or WireMock's answer when there is none: 400 for what is no UUID, else 404. */
function stubNamed(stubs: StubBook, id: string): StoredStub | Response {
  return stubs.get(id) ?? (UUID.test(id) ? empty(404) : wiremockErrors(400, [{ title: `${id} is not a valid UUID` }]));
}

const listed = (stubs: readonly StoredStub[]) => Response.json({ mappings: stubs.map(wiremockMapping), meta: { total: stubs.length } });

export function adminHandlers({ stubs, calls, controlToken }: AdminParts): HttpHandler[] {
  const byMetadata = async (request: Request, act: (picked: StoredStub[]) => Response) => {
    const read = await bodyOf(request, MetadataPatternSchema);
    if (!read.ok) return unprocessable(read.problems);
    return act(stubs.stored().filter((stub) => metadataMatches(read.value, stub.mapping.metadata)));
  };
  const requestPattern = async (request: Request, act: (matched: ReturnType<typeof callsMatching>) => Response) => {
    const read = await bodyOf(request, StubRequestSchema);
    return read.ok ? act(callsMatching(calls.since(), read.value)) : unprocessable(read.problems);
  };
  return [
    // The guard: answers only to refuse; otherwise msw moves on to the call itself.
    http.all("*/__admin/*", async ({ request }) => (await controlRefusal(request, controlToken)) ?? undefined),

    http.get("*/__admin/mappings", () => listed(stubs.stored())),
    http.post("*/__admin/mappings", async ({ request }) => {
      const read = await bodyOf(request, StubMappingSchema);
      if (!read.ok) return unprocessable(read.problems);
      const [view] = stubs.add([read.value], SOURCE, { uuids: true });
      return Response.json(wiremockMapping(stubs.get(view.id) as StoredStub), { status: 201 });
    }),
    http.delete("*/__admin/mappings", () => {
      stubs.clear({ all: true });
      return ok();
    }),
    // Back to the mappings from files, as WireMock's reset goes back to those of its root.
    http.post("*/__admin/mappings/reset", () => {
      stubs.clear();
      return empty();
    }),
    http.post("*/__admin/mappings/find-by-metadata", ({ request }) => byMetadata(request, listed)),
    http.post("*/__admin/mappings/remove-by-metadata", ({ request }) =>
      byMetadata(request, (picked) => {
        const ids = new Set(picked.map((stub) => stub.id));
        stubs.remove((stub) => ids.has(stub.id));
        return ok();
      }),
    ),
    http.get("*/__admin/mappings/:id", ({ params }) => {
      const stub = stubNamed(stubs, String(params.id));
      return stub instanceof Response ? stub : Response.json(wiremockMapping(stub));
    }),
    http.put("*/__admin/mappings/:id", async ({ params, request }) => {
      const stub = stubNamed(stubs, String(params.id));
      if (stub instanceof Response) return stub;
      const read = await bodyOf(request, StubMappingSchema);
      if (!read.ok) return unprocessable(read.problems);
      stubs.replace(stub.id, read.value);
      return Response.json(wiremockMapping(stubs.get(stub.id) as StoredStub));
    }),
    http.delete("*/__admin/mappings/:id", ({ params }) => {
      const stub = stubNamed(stubs, String(params.id));
      if (stub instanceof Response) return stub;
      stubs.remove(stub.id);
      return ok();
    }),

    // Stubs back to those from files, scenarios at their start, the journal empty.
    http.post("*/__admin/reset", () => {
      stubs.reset();
      calls.clear();
      return empty();
    }),

    http.get("*/__admin/requests", ({ request }) => {
      const events = calls.since().reverse();
      const origin = new URL(request.url).origin;
      return Response.json({ requests: events.map((call) => serveEvent(call, stubs, origin)), meta: { total: events.length }, requestJournalDisabled: false });
    }),
    http.delete("*/__admin/requests", () => {
      calls.clear();
      return ok();
    }),
    http.post("*/__admin/requests/count", ({ request }) => requestPattern(request, (matched) => Response.json({ count: matched.length, requestJournalDisabled: false }))),
    http.post("*/__admin/requests/find", ({ request }) =>
      requestPattern(request, (matched) => Response.json({ requests: matched.map((call) => loggedRequest(call, new URL(request.url).origin)), requestJournalDisabled: false })),
    ),
    http.get("*/__admin/requests/unmatched", ({ request }) => {
      const unmatched = calls.since().filter((call) => call.nearMiss !== undefined);
      return Response.json({ requests: unmatched.map((call) => loggedRequest(call, new URL(request.url).origin)), requestJournalDisabled: false });
    }),
    http.get("*/__admin/requests/unmatched/near-misses", ({ request }) => {
      const origin = new URL(request.url).origin;
      const nearMisses = calls
        .since()
        .filter((call) => call.nearMiss !== undefined)
        .flatMap((call) => stubs.nearest(stubRequestOf(call)).flatMap((near) => wiremockNearMiss(loggedRequest(call, origin), near, stubs) ?? []));
      return Response.json({ nearMisses });
    }),
    http.post("*/__admin/near-misses/request", async ({ request }) => {
      const read = await bodyOf(request, LoggedRequestSchema);
      if (!read.ok) return unprocessable(read.problems);
      const { url, method, headers = {}, body } = read.value;
      const asSent = new Headers(Object.entries(headers).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((one): [string, string] => [name, one])));
      const nearest = stubs.nearest({ method, url, headers: asSent, body: body === undefined || body === "" ? undefined : (safeJson(body) ?? body) });
      return Response.json({ nearMisses: nearest.flatMap((near) => wiremockNearMiss(read.value, near, stubs) ?? []) });
    }),

    http.get("*/__admin/scenarios", () => Response.json({ scenarios: stubs.scenarios().map(({ name, mappings, ...rest }) => ({ id: name, name, ...rest, mappings: mappings.map(wiremockMapping) })) })),
    http.post("*/__admin/scenarios/reset", () => {
      stubs.resetScenarios();
      return ok();
    }),
    http.put("*/__admin/scenarios/:name/state", async ({ params, request }) => {
      const read = await bodyOf(request, ScenarioStateSchema);
      if (!read.ok) return unprocessable(read.problems);
      const name = String(params.name);
      const set = stubs.setScenarioState(name, read.value.state);
      if (set === "unknown") return wiremockErrors(404, [{ code: 404, title: `Scenario ${name} does not exist` }]);
      if (set === "no-such-state") return wiremockErrors(422, [{ code: 11, title: `Scenario ${name} does not support state ${read.value.state}` }]);
      return ok();
    }),
  ];
}
