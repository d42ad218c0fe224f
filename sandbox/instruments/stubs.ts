/**
 * The stubs the sandbox answers with before its own rules (core/controls/stubs.ts: WireMock's
 * mapping format, a subset). Matching follows WireMock's: every condition a mapping names must hold;
 * among the mappings that match, the lowest `priority` wins (5 when unset), and of those the one
 * added last; a mapping in a scenario matches only in its required state, and moves the scenario on
 * when it answers.
 *
 * Stubs loaded from files (`mcoin sandbox --stubs DIR`) stay across a reset, as fixtures do; stubs
 * added through the control are dropped by a reset or a clear. Scenarios start again at a reset.
 */
import { JSONPath } from "jsonpath-plus";
import { STARTED, STUB_FAULTS, type BodyPattern, type StubMapping, type StubView, type ValueMatcher } from "#core/controls/stubs";
import { wholeMatch } from "#core/text/whole-match";

const DEFAULT_PRIORITY = 5;

/** A request as the stubs see it; `body` is the parsed JSON, else the text (the opened body for secure calls). */
export interface StubRequest {
  method: string;
  /** The path and query as sent. */
  url: string;
  headers: Headers;
  body: unknown;
}

export interface StubAnswer {
  /** The mapping's id (its own, or one given when it was loaded). */
  id: string;
  status: number;
  headers: [string, string][];
  /** The reply body: `jsonBody` (to be written as JSON) or `body` (text), when the mapping has one. */
  body: { json: unknown } | { text: string } | undefined;
  delayMs: number;
  fault?: (typeof STUB_FAULTS)[keyof typeof STUB_FAULTS];
}

interface Entry {
  id: string;
  source: string;
  mapping: StubMapping;
  /** Order of loading: the later wins a tie of priority. */
  seq: number;
  served: number;
  kept: boolean;
}

export class StubBook {
  private entries: Entry[] = [];
  private scenarios = new Map<string, string>();
  private seq = 0;

  /** Adds mappings; `kept` ones (from files) stay across a reset. Returns their views. */
  add(mappings: readonly StubMapping[], source: string, { kept = false } = {}): StubView[] {
    const added = mappings.map((mapping) => {
      this.seq += 1;
      const entry: Entry = { id: mapping.id ?? mapping.uuid ?? `stub-${this.seq}`, source, mapping, seq: this.seq, served: 0, kept };
      return entry;
    });
    this.entries.push(...added);
    return added.map((entry) => this.view(entry));
  }

  list(): StubView[] {
    return [...this.entries].sort(byPrecedence).map((entry) => this.view(entry));
  }

  get size(): number {
    return this.entries.length;
  }

  /** Removes the stubs added through the control (all of them with `all`); returns how many went. */
  clear({ all = false } = {}): number {
    const before = this.entries.length;
    this.entries = all ? [] : this.entries.filter((entry) => entry.kept);
    this.scenarios.clear();
    return before - this.entries.length;
  }

  /** Back to the stubs from files, their counts at zero, every scenario at its start. */
  reset(): void {
    this.clear();
    for (const entry of this.entries) entry.served = 0;
  }

  /** The answer of the stub that matches, moving its scenario on; undefined when none does. */
  match(request: StubRequest): StubAnswer | undefined {
    if (this.entries.length === 0) return undefined;
    const url = new URL(request.url, "http://stub.invalid");
    const winner = [...this.entries].sort(byPrecedence).find((entry) => this.matches(entry.mapping, request, url));
    if (!winner) return undefined;
    winner.served += 1;
    const { mapping } = winner;
    if (mapping.scenarioName && mapping.newScenarioState) this.scenarios.set(mapping.scenarioName, mapping.newScenarioState);
    const response = mapping.response;
    const headers: [string, string][] = Object.entries(response.headers ?? {}).flatMap(([name, value]) =>
      Array.isArray(value) ? value.map((one): [string, string] => [name, one]) : [[name, value] as [string, string]],
    );
    return {
      id: winner.id,
      status: response.status,
      headers,
      body: response.jsonBody !== undefined ? { json: response.jsonBody } : response.body !== undefined ? { text: response.body } : undefined,
      delayMs: response.fixedDelayMilliseconds ?? 0,
      ...(response.fault ? { fault: STUB_FAULTS[response.fault] } : {}),
    };
  }

  private matches(mapping: StubMapping, request: StubRequest, url: URL): boolean {
    if (mapping.scenarioName && mapping.requiredScenarioState && (this.scenarios.get(mapping.scenarioName) ?? STARTED) !== mapping.requiredScenarioState) return false;
    const wanted = mapping.request;
    if (wanted.method !== "ANY" && wanted.method !== request.method.toUpperCase()) return false;
    const pathAndQuery = url.pathname + url.search;
    if (wanted.url !== undefined && wanted.url !== pathAndQuery) return false;
    if (wanted.urlPattern !== undefined && !wholeMatch(wanted.urlPattern, pathAndQuery)) return false;
    if (wanted.urlPath !== undefined && wanted.urlPath !== url.pathname) return false;
    if (wanted.urlPathPattern !== undefined && !wholeMatch(wanted.urlPathPattern, url.pathname)) return false;
    for (const [name, matcher] of Object.entries(wanted.queryParameters ?? {})) {
      if (!url.searchParams.getAll(name).some((value) => valueMatches(matcher, value))) return false;
    }
    for (const [name, matcher] of Object.entries(wanted.headers ?? {})) {
      const value = request.headers.get(name);
      if (value === null || !valueMatches(matcher, value)) return false;
    }
    return (wanted.bodyPatterns ?? []).every((pattern) => bodyMatches(pattern, request.body));
  }

  private view(entry: Entry): StubView {
    const { mapping } = entry;
    const wanted = mapping.request;
    return {
      id: entry.id,
      ...(mapping.name ? { name: mapping.name } : {}),
      source: entry.source,
      priority: mapping.priority ?? DEFAULT_PRIORITY,
      method: wanted.method,
      url: wanted.url ?? wanted.urlPath ?? (wanted.urlPattern !== undefined ? `~${wanted.urlPattern}` : wanted.urlPathPattern !== undefined ? `~${wanted.urlPathPattern}` : "(any)"),
      ...(mapping.scenarioName ? { scenario: { name: mapping.scenarioName, state: this.scenarios.get(mapping.scenarioName) ?? STARTED } } : {}),
      served: entry.served,
    };
  }
}

function byPrecedence(a: Entry, b: Entry): number {
  return (a.mapping.priority ?? DEFAULT_PRIORITY) - (b.mapping.priority ?? DEFAULT_PRIORITY) || b.seq - a.seq;
}

function valueMatches(matcher: ValueMatcher, value: string): boolean {
  const fold = (text: string) => (matcher.caseInsensitive ? text.toLowerCase() : text);
  if (matcher.equalTo !== undefined) return fold(value) === fold(matcher.equalTo);
  if (matcher.contains !== undefined) return fold(value).includes(fold(matcher.contains));
  if (matcher.matches !== undefined) return wholeMatch(matcher.matches, value, matcher.caseInsensitive);
  return false;
}

function bodyMatches(pattern: BodyPattern, body: unknown): boolean {
  if ("equalTo" in pattern || "contains" in pattern || "matches" in pattern) {
    const text = typeof body === "string" ? body : body === undefined ? "" : JSON.stringify(body);
    return valueMatches(pattern, text);
  }
  const json = typeof body === "string" ? parseJson(body) : body;
  if (json === undefined) return false;
  if ("matchesJsonPath" in pattern) {
    try {
      return JSONPath({ path: pattern.matchesJsonPath, json: json as object, wrap: true }).length > 0;
    } catch {
      return false;
    }
  }
  const expected = typeof pattern.equalToJson === "string" ? parseJson(pattern.equalToJson) : pattern.equalToJson;
  return expected !== undefined && jsonEqual(expected, json, { ignoreArrayOrder: pattern.ignoreArrayOrder ?? false, ignoreExtraElements: pattern.ignoreExtraElements ?? false });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** JSON equality as WireMock's equalToJson: numbers by value, and the two leniencies it offers. */
export function jsonEqual(expected: unknown, actual: unknown, options: { ignoreArrayOrder: boolean; ignoreExtraElements: boolean }): boolean {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return false;
    if (!options.ignoreExtraElements && actual.length !== expected.length) return false;
    if (!options.ignoreArrayOrder) return expected.every((item, index) => jsonEqual(item, actual[index], options));
    const unused = [...actual];
    return expected.every((item) => {
      const found = unused.findIndex((candidate) => jsonEqual(item, candidate, options));
      if (found < 0) return false;
      unused.splice(found, 1);
      return true;
    });
  }
  if (expected !== null && typeof expected === "object") {
    if (actual === null || typeof actual !== "object" || Array.isArray(actual)) return false;
    const want = expected as Record<string, unknown>;
    const got = actual as Record<string, unknown>;
    if (!options.ignoreExtraElements && Object.keys(got).length !== Object.keys(want).length) return false;
    return Object.entries(want).every(([key, value]) => key in got && jsonEqual(value, got[key], options));
  }
  return expected === actual;
}
