/**
 * The SQLite store writes what the rules changed, and only that (tracked.ts, sqlite-store.ts;
 * decision 044): after each step of a member's day, what the database holds, read by a connection of
 * its own, is what the sandbox holds in memory, so nothing a rule edited in place was left unwritten.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MILES_PROCESSING_MS } from "../domain/miles";
import { REFUND_PROCESSING_MS } from "../domain/order-steps";
import { CHAN, SAM, buy, fixtures, later, paid, placed, world, type World } from "../domain/test-support";
import { exportStateFile } from "./store";
import { TrackedMap } from "./tracked";

const SUSPENDED = { productId: 1, lastName: "Lei", firstName: "Ka Hou", memberNo: "1300000009", mcoin: 1000 };

describe("a TrackedMap", () => {
  it("marks a key set, deleted, or edited in place at any depth, and a nested map's keys under their scope", () => {
    const map = new TrackedMap<{ coupons: { status: string }[] }>([["1", { coupons: [{ status: "unused" }] }]]);
    expect([...map.marks.changed]).toEqual([]);
    map.get("1")!.coupons[0]!.status = "used";
    expect([...map.marks.changed]).toEqual(["1"]);
    for (const order of map.values()) order.coupons.push({ status: "unused" });
    map.set("2", { coupons: [] });
    map.delete("1");
    expect([...map.marks.changed]).toEqual(["2"]);
    expect([...map.marks.deleted]).toEqual(["1"]);
    const replies = new TrackedMap<Map<string, number>>();
    replies.set("member", new Map());
    replies.marks.changed.clear();
    replies.get("member")!.set("key", 1);
    expect([...replies.marks.changed]).toEqual(["member\u0000key"]);
  });

  it("hands out one proxy per record, so a record kept in an index is the one every reading meets", () => {
    const map = new TrackedMap<{ n: number }>([["1", { n: 1 }]]);
    expect(map.get("1")).toBe(map.get("1"));
    expect([...map.values()][0]).toBe(map.get("1"));
  });
});

describe("the database after each step", () => {
  it("holds what the sandbox holds in memory", () => {
    const file = join(mkdtempSync(join(tmpdir(), "mcoin-store-")), "state.db");
    const state = world(fixtures, file);
    const same = (step: string) => {
      state.store.flush();
      expect(JSON.parse(exportStateFile(file)), step).toEqual(JSON.parse(state.store.exportJson()));
    };
    const steps: [string, (state: World) => unknown][] = [
      ["a token and a login code", (s) => (s.logins.issueToken(SAM), s.logins.issueAuthCode(CHAN))],
      ["an order placed", (s) => placed(s, SAM)],
      ["an order paid and settled", (s) => s.orders.notice(paid(placed(s, CHAN, buy({ mcoinUsed: 0 }))))],
      ["a refund asked for", (s) => s.afterSale.requestRefund(CHAN, { orderId: s.orders.list(CHAN)[0]!.id, reason: "bought_wrongly", remarks: "" })],
      ["the refund completed on the clock", (s) => (later(s, REFUND_PROCESSING_MS), s.books.closeDue())],
      ["an unpaid order closed on the clock", (s) => (later(s, 20 * 60_000), s.books.closeDue())],
      ["a miles redemption and its refund", (s) => (s.miles.redeem(CHAN, SUSPENDED), later(s, MILES_PROCESSING_MS), s.books.closeDue())],
      ["a like, a favourite, a search and a check-in", (s) => (s.favourites.like(SAM, 7, true), s.favourites.collect(SAM, 7, true), s.searches.remember(SAM, "bun"), s.promotions.checkIn(SAM))],
      ["an offer's stock set", (s) => s.orders.setOffer(7, { stock: 3 })],
      ["a token revoked and a search cleared", (s) => (s.logins.revokeToken(s.logins.issueToken(CHAN)), s.searches.clear(SAM))],
    ];
    for (const [step, run] of steps) {
      run(state);
      same(step);
    }
    const claim = state.idempotency.claim(SAM, "key-of-a-purchase-0001", "fingerprint");
    if (claim.kind !== "first") throw new Error("a first claim");
    claim.settle({ status: 200, body: JSON.stringify({ code: 200, data: { id: 1 } }) });
    same("an idempotent reply kept");
    state.reset();
    same("a reset");
    const reloaded = world(fixtures, file);
    expect(JSON.parse(reloaded.store.exportJson())).toEqual(JSON.parse(state.store.exportJson()));
  });
});
