/**
 * The --state file (state-file.ts): read into maps, so prototype keys are nobody; expired logins
 * gone; what is not a sandbox state refused, naming where; files older sandboxes wrote read as they
 * meant; and the money domain read back as it was written.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { exportStateFile } from "./store";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { auditMoney, type MoneyView } from "../domain/audit";
import { TOKEN_TTL_MS } from "../domain/logins";
import { PAYMENT_WINDOW_MS, REFUND_PROCESSING_MS } from "../domain/order-book";
import { CHAN, PORK_CHOP_BUN, SAM, buy, fixtures, later, paid, placed, setup, world } from "../domain/test-support";

describe("a --state file", () => {
  it("written as JSON is imported into the database on the first start, the JSON kept beside it as FILE.json", () => {
    const file = join(mkdtempSync(join(tmpdir(), "mcoin-state-")), "state.json");
    const first = world(fixtures, file);
    placed(first, SAM);
    first.store.flush();
    const json = first.store.exportJson();
    writeFileSync(file, json);
    const migrated = world(fixtures, file);
    expect(readFileSync(`${file}.json`, "utf8")).toBe(json);
    expect(readFileSync(file).subarray(0, 15).toString("latin1")).toBe("SQLite format 3");
    expect(JSON.parse(migrated.store.exportJson())).toEqual(JSON.parse(json));
    expect(JSON.parse(world(fixtures, file).store.exportJson())).toEqual(JSON.parse(json));
    // A second JSON file there is kept under the next free name.
    writeFileSync(file, json);
    world(fixtures, file);
    expect(readFileSync(`${file}.1.json`, "utf8")).toBe(json);
  });

  it("is read into maps, so prototype keys are nobody and expired logins are gone", () => {
    const file = join(mkdtempSync(join(tmpdir(), "mcoin-state-")), "state.json");
    const member = fixtures.members[0];
    const saved = `{"version":1,"data":{
      "members":{"__proto__":{"polluted":true},"${member.openId}":${JSON.stringify(member)}},
      "tokens":{"old":{"openId":"${member.openId}","issuedAt":${Date.now() - TOKEN_TTL_MS - 1}},"new":{"openId":"${member.openId}","issuedAt":${Date.now()}}},
      "authCodes":{"constructor":{"openId":"${member.openId}","issuedAt":${Date.now()}}}}}`;
    writeFileSync(file, saved);
    const state = world(fixtures, file);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty"]) expect(state.members.get(name), name).toBeUndefined();
    expect(state.members.get(member.openId)?.nickname).toBe(member.nickname);
    expect([...state.data.members.keys()]).toEqual([member.openId]);
    expect(state.logins.memberByToken("new")?.openId).toBe(member.openId);
    expect(state.data.tokens.has("old")).toBe(false);
    expect(state.logins.redeemAuthCode("constructor")).toBe(member.openId);
  });

  it("that is not a sandbox state stops the sandbox from starting, saying what is wrong", () => {
    const file = join(mkdtempSync(join(tmpdir(), "mcoin-state-")), "state.json");
    writeFileSync(file, JSON.stringify({ version: 1, data: { tokens: { t: { openId: 5 } } } }));
    expect(() => world(fixtures, file)).toThrow(/not a sandbox state file: data\.tokens\.t\.openId/);
  });
});

describe("a --state file and the money domain", () => {
  const write = (data: unknown) => {
    const file = join(mkdtempSync(join(tmpdir(), "mcoin-state-")), "state.json");
    writeFileSync(file, JSON.stringify({ version: 1, data }));
    return file;
  };

  it("written before the ledger existed opens each member's ledger with the balance they had", () => {
    const member = { ...fixtures.members[0], point: 777 };
    const state = world(fixtures, write({ members: { [member.openId]: member } }));
    expect(state.books.balance(member.openId)).toBe(777);
    expect(state.books.ledger(member.openId)).toMatchObject([{ type: "opening", amount: 777, balanceAfter: 777 }]);
    expect(state.members.get(member.openId)).not.toHaveProperty("point");
  });

  it("keeps ledgers and orders only for members and offers that exist", () => {
    const state = world();
    const outcome = state.orders.place("mpay-1005", { offerId: 7, quantity: 1, mcoinUsed: 100, adult: false });
    if (!outcome.ok) throw new Error(outcome.reason);
    const saved = JSON.parse(JSON.stringify({ accounts: Object.fromEntries(state.data.accounts), orders: Object.fromEntries(state.data.orders) }));
    const order = saved.orders["1"];
    expect(() => world(fixtures, write({ orders: { "1": { ...order, offerId: 999 } } }))).toThrow(/data\.orders\.1\.offerId: no such offer/);
    expect(() => world(fixtures, write({ orders: { "1": { ...order, openId: "nobody" } } }))).toThrow(/data\.orders\.1\.openId: no such member/);
    expect(() => world(fixtures, write({ orders: { "2": order } }))).toThrow(/data\.orders\.2: its id is not its key/);
    expect(() => world(fixtures, write({ accounts: { nobody: saved.accounts["mpay-1005"] } }))).toThrow(/data\.accounts\.nobody: no such member/);
    expect(() => world(fixtures, write({ orders: { "1": { ...order, status: "lost" } } }))).toThrow(/data\.orders\.1\.status/);
    const reloaded = world(fixtures, write(saved));
    expect(reloaded.books.balance("mpay-1005")).toBe(400);
    expect(reloaded.orders.get("mpay-1005", 1)?.status).toBe("awaiting_payment");
  });
});

describe("a --state file keeps the money domain", () => {
  it("as it was: ledgers, orders in every state, coupons, check-ins, likes and remembered replies read back equal", () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), "mcoin-state-")), "state.json");
    const { state } = setup(stateFile);
    const one = buy({ quantity: 1, mcoinUsed: 100 });

    const refunded = placed(state, CHAN, one);
    state.orders.notice(paid(refunded));
    expect(state.afterSale.requestRefund(CHAN, { orderId: refunded.id, reason: "other", remarks: "not hungry" }).ok).toBe(true);
    later(state, REFUND_PROCESSING_MS);
    const closed = placed(state, SAM);
    later(state, PAYMENT_WINDOW_MS + 1);
    expect(state.orders.notice(paid(closed))).toEqual({ ok: false, reason: "ORDER_CLOSED" });

    const halfUsed = placed(state, CHAN, buy({ quantity: 2, mcoinUsed: 200 }));
    state.orders.notice(paid(halfUsed));
    expect(state.afterSale.redeem(halfUsed.coupons[0].redemptionCode, state.catalog.offer(PORK_CHOP_BUN)!.storeIds[0]).ok).toBe(true);
    const refunding = placed(state, CHAN, one);
    state.orders.notice(paid(refunding));
    expect(state.afterSale.requestRefund(CHAN, { orderId: refunding.id, reason: "other", remarks: "" }).ok).toBe(true);
    const failed = placed(state, CHAN, one);
    state.orders.notice(paid(failed, "FAILED"));
    expect(state.promotions.checkIn(CHAN).ok).toBe(true);
    state.favourites.like(CHAN, PORK_CHOP_BUN, true);
    state.favourites.collect(CHAN, PORK_CHOP_BUN, true);
    const claim = state.idempotency.claim(CHAN, "key-1", "fingerprint-1");
    if (claim.kind !== "first") throw new Error(claim.kind);
    claim.settle({ status: 200, body: '{"code":"200"}' });

    expect([...state.data.orders.values()].map((order) => [order.status, order.failure])).toEqual([
      ["refunded", null],
      ["closed", "PAID_AFTER_CLOSE"],
      ["received", null],
      ["refunding", null],
      ["awaiting_payment", "PAYMENT_FAILED"],
    ]);
    state.store.save();
    const reloaded = world(fixtures, stateFile);
    expect(reloaded.data.accounts).toEqual(state.data.accounts);
    expect(reloaded.data.orders).toEqual(state.data.orders);
    expect(reloaded.data.idempotency).toEqual(state.data.idempotency);
  });

  it("written before refunds took the earning back in full, reading each refund as keeping nothing back", () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), "mcoin-state-")), "state.json");
    const { state } = setup(stateFile);
    const order = placed(state, SAM);
    state.orders.notice(paid(order));
    expect(state.afterSale.requestRefund(SAM, { orderId: order.id, reason: "other", remarks: "" }).ok).toBe(true);
    state.store.save();
    const saved = JSON.parse(exportStateFile(stateFile));
    delete saved.data.orders[String(order.id)].refund.earningReversal;
    writeFileSync(stateFile, JSON.stringify(saved));
    const refund = world(fixtures, stateFile).data.orders.get(String(order.id))!.refund;
    expect(refund).toEqual({ ...order.refund, earningReversal: { fromMcoinRefund: 0, fromBalance: 0 } });
  });

  it("written before payments were kept, keeping each paid order's own payment, so a second one is refused beside it and the books audit clean", () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), "mcoin-state-")), "state.json");
    const { state } = setup(stateFile);
    const order = placed(state, SAM);
    later(state, 1_000);
    state.orders.notice(paid(order));
    const unpaid = placed(state, SAM, buy({ quantity: 1, mcoinUsed: 0 }));
    state.store.save();
    const saved = JSON.parse(exportStateFile(stateFile));
    for (const id of [order.id, unpaid.id]) delete saved.data.orders[String(id)].payments;
    writeFileSync(stateFile, JSON.stringify(saved));
    const reloaded = world(fixtures, stateFile);
    reloaded.setClock(state.now());
    expect(reloaded.data.orders.get(String(order.id))!.payments).toEqual([{ paymentId: "WPTEST0000000001", amountCents: 4600, at: order.paidAt, outcome: "settled", reason: null }]);
    expect(reloaded.data.orders.get(String(unpaid.id))!.payments).toEqual([]);
    expect(reloaded.orders.notice({ ...paid(order), paymentId: "WPSECOND00000001" })).toEqual({ ok: false, reason: "DUPLICATE_PAYMENT" });
    expect(auditMoney(JSON.parse(JSON.stringify(reloaded.view())) as MoneyView)).toEqual([]);
  });

  it("and refuses one whose ledger entries do not follow from each other, naming the entry", () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), "mcoin-state-")), "state.json");
    const { state } = setup(stateFile);
    placed(state, SAM);
    state.store.save();
    const saved = JSON.parse(exportStateFile(stateFile));
    saved.data.accounts[SAM].ledger[1].amount = -200;
    writeFileSync(stateFile, JSON.stringify(saved));
    expect(() => world(fixtures, stateFile)).toThrow(`data.accounts.${SAM}.ledger.1: ledger entry 2 does not follow from the ones before it`);
  });
});
