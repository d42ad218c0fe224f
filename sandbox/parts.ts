/**
 * The sandbox's three parts, made and reset together: the store (sandbox/store/: the persisted data
 * and its file), the domain over it (sandbox/domain/: the aggregates and their rules, on the
 * instruments' clock) and the instruments (sandbox/instruments/: what belongs to the running
 * process).
 */
import { createDomain, playSeededHistory, type Domain } from "./domain/domain";
import type { Fixtures } from "./fixtures";
import { Instruments, type InstrumentsOptions } from "./instruments/instruments";
import { seedData } from "./store/seed";
import { Store, type OpenedDatabase } from "./store/store";

export interface SandboxParts {
  store: Store;
  domain: Domain;
  instruments: Instruments;
  /** Back to the fixtures and the instruments as they started; scheduled work is cancelled. */
  reset(): void;
  /** The data replaced by an export's JSON text (the instruments kept), committed at once; throws what does not fit. */
  importState(text: string): void;
}

/** `database`: the state database the tenants share (store.ts openStateDatabase), `tenant` this sandbox's ('' the default). */
export function createParts(fixtures: Fixtures, options: Omit<InstrumentsOptions, "keys"> & { database: OpenedDatabase; tenant: string }): SandboxParts {
  const instruments = new Instruments({ ...options, keys: fixtures.gatewayKeys });
  const store = new Store({
    database: options.database,
    tenant: options.tenant,
    seed: () => seeded(),
    offerExists: (offerId) => domain.catalog.offer(offerId) !== undefined,
  });
  const domain = createDomain(store, instruments.clock, fixtures);
  // The fixtures' data with the demo members' past orders played into it.
  const seeded = () => {
    const data = seedData(fixtures);
    playSeededHistory(data, fixtures, () => store.changed());
    return data;
  };
  store.open();
  // What expired while the state file waited.
  domain.logins.dropExpired();
  domain.taskRuns.dropAbandoned();
  return {
    store,
    domain,
    instruments,
    reset() {
      instruments.reset();
      store.reset();
      domain.idempotency.clearInFlight();
      domain.till.clear();
    },
    importState(text) {
      store.importJson(text);
      domain.idempotency.clearInFlight();
      domain.logins.dropExpired();
      domain.taskRuns.dropAbandoned();
    },
  };
}
