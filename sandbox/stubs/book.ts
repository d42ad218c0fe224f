/**
 * The stubs the sandbox answers with before its own rules (core/controls/stubs.ts: WireMock's
 * mapping format, a subset). Matching follows WireMock's: every condition a mapping names must hold;
 * among the mappings that match, the lowest `priority` wins (5 when unset), and of those the one
 * added last; a mapping in a scenario matches only in its required state, and moves the scenario on
 * when it answers.
 *
 * Stubs loaded from files (`mcoin sandbox --stubs DIR`) stay across a reset, as fixtures do; stubs
 * added through the controls (`/__sandbox/stubs`, WireMock's `/__admin/mappings`) are dropped by a
 * reset or a clear. Scenarios start again at a reset.
 */
import { randomUUID } from "node:crypto";
import { STARTED, type StubMapping, type StubView } from "#core/controls/stubs";
import { answerOf, type StubAnswer } from "./answer";
import { compareRequest, requestMatches, type Condition, type StubRequest } from "./match";

export type { StubAnswer, StubRequest };

const DEFAULT_PRIORITY = 5;

interface Entry {
  id: string;
  source: string;
  mapping: StubMapping;
  /** Order of loading: the later wins a tie of priority. */
  seq: number;
  served: number;
  kept: boolean;
  /** WireMock's `__files/` of the root the mapping came from, where its `bodyFileName` is read. */
  filesDir?: string;
}

/** A stub as WireMock's admin API shows it: its id, where it came from, the mapping itself. */
export interface StoredStub {
  id: string;
  source: string;
  kept: boolean;
  mapping: StubMapping;
}

/** A stub a request nearly matched: how far (compareRequest's mean distance) and the conditions it missed. */
export interface NearStub {
  id: string;
  name?: string;
  distance: number;
  differs: Condition[];
}

export interface AddOptions {
  /** From files: stays across a reset. */
  kept?: boolean;
  /** The `__files/` folder beside the mappings. */
  filesDir?: string;
  /** Ids for mappings without one: WireMock's UUIDs (the admin API), else `stub-N`. */
  uuids?: boolean;
}

/**
 * How far (compareRequest's weighted mean, 0 to 1) a stub may be from a request and still be named as
 * close: the URL weighs most, so a stub on another path with another method is not named, while one
 * a letter or a header away is.
 */
const NEAR = 0.5;

export class StubBook {
  private entries: Entry[] = [];
  private scenarioState = new Map<string, string>();
  private seq = 0;

  /** Adds mappings; `kept` ones (from files) stay across a reset. Returns their views. */
  add(mappings: readonly StubMapping[], source: string, { kept = false, filesDir, uuids = false }: AddOptions = {}): StubView[] {
    const added = mappings.map((mapping) => {
      this.seq += 1;
      const id = mapping.id ?? mapping.uuid ?? (uuids ? randomUUID() : `stub-${this.seq}`);
      // A mapping given an id it already has replaces that stub, as WireMock's does.
      this.remove(id);
      const entry: Entry = { id, source, mapping, seq: this.seq, served: 0, kept, ...(filesDir ? { filesDir } : {}) };
      return entry;
    });
    this.entries.push(...added);
    return added.map((entry) => this.view(entry));
  }

  /** Every stub with its mapping, the latest added first (as WireMock lists them). */
  stored(): StoredStub[] {
    return [...this.entries].sort((a, b) => b.seq - a.seq).map(({ id, source, kept, mapping }) => ({ id, source, kept, mapping }));
  }

  get(id: string): StoredStub | undefined {
    return this.stored().find((stub) => stub.id === id);
  }

  /** Puts `mapping` in the place of stub `id`, keeping where it came from; false when there is none. */
  replace(id: string, mapping: StubMapping): boolean {
    const entry = this.entries.find((candidate) => candidate.id === id);
    if (!entry) return false;
    entry.mapping = mapping;
    entry.served = 0;
    return true;
  }

  /** Removes the stubs `which` picks (by id: one); returns how many went. */
  remove(which: string | ((stub: StoredStub) => boolean)): number {
    const picked = typeof which === "string" ? (entry: Entry) => entry.id === which : which;
    const before = this.entries.length;
    this.entries = this.entries.filter((entry) => !picked(entry));
    return before - this.entries.length;
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
    this.scenarioState.clear();
    return before - this.entries.length;
  }

  /** Back to the stubs from files, their counts at zero, every scenario at its start. */
  reset(): void {
    this.clear();
    for (const entry of this.entries) entry.served = 0;
  }

  /** The answer of the stub that matches, moving its scenario on; undefined when none does. */
  match(request: StubRequest): StubAnswer | undefined {
    const winner = this.winner(request);
    if (!winner) return undefined;
    winner.served += 1;
    const { mapping } = winner;
    if (mapping.scenarioName && mapping.newScenarioState) this.scenarioState.set(mapping.scenarioName, mapping.newScenarioState);
    return answerOf(winner.id, mapping, { filesDir: winner.filesDir });
  }

  /** Whether a stub would answer `request`, moving nothing (no count, no scenario). */
  answers(request: StubRequest): boolean {
    return this.winner(request) !== undefined;
  }

  private winner(request: StubRequest): Entry | undefined {
    if (this.entries.length === 0) return undefined;
    return [...this.entries].sort(byPrecedence).find((entry) => this.inState(entry.mapping) && requestMatches(entry.mapping.request, request));
  }

  /**
   * The stubs a request that none matched came closest to, closest first: at most `limit`, each
   * within NEAR of it, with the conditions it missed (sandbox/stubs/match.ts's compareRequest).
   */
  nearest(request: StubRequest, limit = 3): NearStub[] {
    return this.entries
      .map((entry) => ({ entry, comparison: compareRequest(entry.mapping.request, request) }))
      .filter(({ comparison }) => comparison.distance < NEAR)
      .sort((a, b) => a.comparison.distance - b.comparison.distance || byPrecedence(a.entry, b.entry))
      .slice(0, limit)
      .map(({ entry, comparison }) => ({
        id: entry.id,
        ...(entry.mapping.name ? { name: entry.mapping.name } : {}),
        distance: comparison.distance,
        differs: comparison.conditions.filter((condition) => !condition.matched),
      }));
  }

  /** The scenarios the stubs name, each with its state, the states its stubs know and its stubs. */
  scenarios(): { name: string; state: string; possibleStates: string[]; mappings: StoredStub[] }[] {
    const named = new Map<string, StoredStub[]>();
    for (const stub of this.stored()) if (stub.mapping.scenarioName) named.set(stub.mapping.scenarioName, [...(named.get(stub.mapping.scenarioName) ?? []), stub]);
    return [...named].map(([name, stubs]) => ({
      name,
      state: this.scenarioState.get(name) ?? STARTED,
      possibleStates: [...new Set([STARTED, ...stubs.flatMap(({ mapping }) => [mapping.requiredScenarioState, mapping.newScenarioState].filter((state) => state !== undefined))])],
      mappings: stubs,
    }));
  }

  /** Sets a scenario's state: "unknown" when no stub names it, "no-such-state" when none of its stubs knows the state. */
  setScenarioState(name: string, state: string): "ok" | "unknown" | "no-such-state" {
    const scenario = this.scenarios().find((candidate) => candidate.name === name);
    if (!scenario) return "unknown";
    if (!scenario.possibleStates.includes(state)) return "no-such-state";
    this.scenarioState.set(name, state);
    return "ok";
  }

  /** Every scenario back at its start. */
  resetScenarios(): void {
    this.scenarioState.clear();
  }

  /** A mapping in a scenario matches only in the state it requires. */
  private inState(mapping: StubMapping): boolean {
    return !mapping.scenarioName || !mapping.requiredScenarioState || (this.scenarioState.get(mapping.scenarioName) ?? STARTED) === mapping.requiredScenarioState;
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
      ...(mapping.scenarioName ? { scenario: { name: mapping.scenarioName, state: this.scenarioState.get(mapping.scenarioName) ?? STARTED } } : {}),
      served: entry.served,
    };
  }
}

function byPrecedence(a: Entry, b: Entry): number {
  return (a.mapping.priority ?? DEFAULT_PRIORITY) - (b.mapping.priority ?? DEFAULT_PRIORITY) || b.seq - a.seq;
}
