/**
 * WireMock's request journal, read from the sandbox's own call log (sandbox/instruments/call-log.ts):
 * each logged gateway call as WireMock's serve event (`GET /__admin/requests`), and the calls a
 * request pattern matches (`count`, `find`). A call is "unmatched" when the sandbox could not answer
 * it (a near miss), which is what an unmatched request is to WireMock: nothing stood ready for it.
 *
 * The call log keeps no request headers, so the journal shows none and a pattern's header
 * conditions count no call (docs/decisions/037-wiremock-loading-and-admin.md).
 */
import type { StubMapping } from "#core/controls/stubs";
import type { LoggedCall } from "../instruments/call-log";
import type { NearStub, StoredStub, StubBook } from "./book";
import { compareRequest, type StubRequest } from "./match";

/** A mapping as WireMock's admin API shows it: its id twice (`id`, `uuid`), as WireMock writes them. */
export function wiremockMapping(stub: StoredStub): Record<string, unknown> {
  const { id: _id, uuid: _uuid, ...rest } = stub.mapping;
  return { id: stub.id, ...rest, uuid: stub.id };
}

/** The path and query a call was sent to. */
function urlOf(call: LoggedCall): string {
  const query = new URLSearchParams(call.query).toString();
  return query ? `${call.path}?${query}` : call.path;
}

function bodyText(body: unknown): string {
  return body === undefined ? "" : typeof body === "string" ? body : JSON.stringify(body);
}

/** A logged call as the stubs see a request (sandbox/stubs/match.ts). */
export function stubRequestOf(call: LoggedCall): StubRequest {
  return { method: call.method, url: urlOf(call), headers: new Headers(), body: call.body };
}

/** A logged call as WireMock's LoggedRequest. */
export function loggedRequest(call: LoggedCall, origin: string): Record<string, unknown> {
  const url = urlOf(call);
  return {
    url,
    absoluteUrl: `${origin}${url}`,
    method: call.method,
    headers: {},
    cookies: {},
    browserProxyRequest: false,
    loggedDate: call.at,
    loggedDateString: new Date(call.at).toISOString(),
    body: bodyText(call.body),
    bodyAsBase64: Buffer.from(bodyText(call.body)).toString("base64"),
    queryParams: Object.fromEntries(Object.entries(call.query).map(([key, value]) => [key, { key, values: [value] }])),
    formParams: {},
  };
}

/** A logged call as WireMock's serve event: the request, what answered it, the stub when one did. */
export function serveEvent(call: LoggedCall, stubs: StubBook, origin: string): Record<string, unknown> {
  const stub = call.stub === undefined ? undefined : stubs.get(call.stub);
  const status = call.status ?? 0;
  return {
    id: String(call.seq),
    request: loggedRequest(call, origin),
    responseDefinition: { status, ...(stub ? {} : { fromConfiguredStub: false }) },
    response: { status, ...(stub ? { headers: { "Matched-Stub-Id": stub.id, ...(stub.mapping.name ? { "Matched-Stub-Name": stub.mapping.name } : {}) } } : {}) },
    wasMatched: call.nearMiss === undefined,
    ...(stub ? { stubMapping: wiremockMapping(stub) } : {}),
  };
}

/** The calls a request pattern matches, oldest first. */
export function callsMatching(calls: readonly LoggedCall[], pattern: StubMapping["request"]): LoggedCall[] {
  return calls.filter((call) => compareRequest(pattern, stubRequestOf(call)).matched);
}

/** A near miss as WireMock's: the request, the stub it came closest to, how far and what differed. */
export function wiremockNearMiss(request: Record<string, unknown>, near: NearStub, stubs: StubBook): Record<string, unknown> | undefined {
  const stub = stubs.get(near.id);
  if (!stub) return undefined;
  return {
    request,
    stubMapping: wiremockMapping(stub),
    matchResult: {
      subEvents: [],
      diffDescriptions: near.differs.map((condition) => ({ expected: condition.expected, actual: condition.actual, errorMessage: `${condition.field} does not match` })),
      distance: near.distance,
    },
  };
}
