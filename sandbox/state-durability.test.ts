/**
 * Durability of --state (docs/money.md, "Durability"; decision 044): the database is in WAL mode
 * with synchronous=FULL, so a commit returns once the log is flushed to the disk, and the sandbox
 * commits what changed before it replies. What one flush committed is read back by a connection of
 * its own, as a restarted sandbox would; kill -9 itself is state-kill.integration.test.ts.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "libsql";
import { describe, expect, it } from "vitest";
import { fixtures, world } from "./domain/test-support";
import { exportStateFile } from "./store/store";

describe("the state database", () => {
  it("is written ahead (WAL) and synced in full at every commit", () => {
    const file = join(mkdtempSync(join(tmpdir(), "mcoin-durable-")), "state.db");
    world(fixtures, file);
    const db = new Database(file);
    expect(db.prepare("PRAGMA journal_mode").get()).toMatchObject({ journal_mode: "wal" });
    db.close();
    const state = world(fixtures, file);
    expect(state.store.pragma("journal_mode")).toBe("wal");
    // synchronous is per connection: the store's own.
    expect(state.store.pragma("synchronous")).toBe(2);
  });

  it("holds what the sandbox acknowledged, committed before the reply: an order placed is on disk and reloads", () => {
    const file = join(mkdtempSync(join(tmpdir(), "mcoin-durable-")), "state.db");
    const state = world(fixtures, file);
    const outcome = state.orders.place("mpay-1005", { offerId: 7, quantity: 1, mcoinUsed: 100, adult: false });
    expect(outcome.ok).toBe(true);
    const commits = state.store.commits;
    state.store.flush();
    expect(state.store.commits).toBe(commits + 1);
    const saved = JSON.parse(exportStateFile(file)) as { data: { orders: Record<string, { orderNo: string }> } };
    expect(outcome.ok && saved.data.orders[String(outcome.value.id)]?.orderNo).toBe(outcome.ok && outcome.value.orderNo);
    const reloaded = world(fixtures, file);
    expect(reloaded.books.balance("mpay-1005")).toBe(400);
  });

  it("writes only what changed: a purchase writes its order, the member's account and ledger entry, the offer's counters and the sequence", () => {
    const file = join(mkdtempSync(join(tmpdir(), "mcoin-durable-")), "state.db");
    const state = world(fixtures, file);
    state.store.flush();
    const changes = state.store.changesOfNextFlush();
    expect(changes).toEqual({});
    expect(state.orders.place("mpay-1005", { offerId: 7, quantity: 1, mcoinUsed: 100, adult: false }).ok).toBe(true);
    expect(state.store.changesOfNextFlush()).toEqual({ orders: 1, accounts: 1, offers: 1, sequences: 1 });
  });
});
