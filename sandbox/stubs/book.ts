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
import { STARTED, type StubMapping, type StubView } from "#core/controls/stubs";
import { answerOf, type StubAnswer } from "./answer";
import { requestMatches, type StubRequest } from "./match";

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
  /** The `__files/` folder of the WireMock root the mapping came from (bodyFileName reads there). */
  filesDir?: string;
}

export class StubBook {
  private entries: Entry[] = [];
  private scenarios = new Map<string, string>();
  private seq = 0;

  /** Adds mappings; `kept` ones (from files) stay across a reset; `filesDir` is their root's `__files/`. Returns their views. */
  add(mappings: readonly StubMapping[], source: string, { kept = false, filesDir }: { kept?: boolean; filesDir?: string } = {}): StubView[] {
    const added = mappings.map((mapping) => {
      this.seq += 1;
      const entry: Entry = { id: mapping.id ?? mapping.uuid ?? `stub-${this.seq}`, source, mapping, seq: this.seq, served: 0, kept, ...(filesDir ? { filesDir } : {}) };
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
    const winner = [...this.entries].sort(byPrecedence).find((entry) => this.inState(entry.mapping) && requestMatches(entry.mapping.request, request));
    if (!winner) return undefined;
    winner.served += 1;
    const { mapping } = winner;
    if (mapping.scenarioName && mapping.newScenarioState) this.scenarios.set(mapping.scenarioName, mapping.newScenarioState);
    return answerOf(winner.id, mapping, { filesDir: winner.filesDir });
  }

  /** A mapping in a scenario matches only in the state it requires. */
  private inState(mapping: StubMapping): boolean {
    return !mapping.scenarioName || !mapping.requiredScenarioState || (this.scenarios.get(mapping.scenarioName) ?? STARTED) === mapping.requiredScenarioState;
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
