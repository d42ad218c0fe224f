/** The sandbox's state on its own: what expires goes, what is kept is bounded, and a --state file cannot smuggle in prototype keys. */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadFixtures, withoutHistory } from "./fixtures";
import { PAYMENT_WINDOW_MS, REFUND_PROCESSING_MS } from "./domain/order-book";
import { CHAN, PORK_CHOP_BUN, SAM, buy, later as laterOnTheSandboxClock, paid, placed, setup } from "./domain/test-support";
import { auditMoney, type MoneyView } from "./domain/audit";
import { createSandbox } from "./index";
import { AUTH_CODE_TTL_MS, MAX_AUTH_CODES, MAX_TASK_RUNS, MAX_TOKENS_PER_MEMBER, SandboxState, TASK_RUN_TTL_MS, TOKEN_TTL_MS } from "./state";

// The rules from an empty order book: the demo history (fixtures/wallet.json) has its own tests.
const fixtures = withoutHistory(loadFixtures());
const fresh = () => new SandboxState(fixtures);

afterEach(() => {
  vi.useRealTimers();
});

/** Moves real time (Date.now) on; the sandbox clock follows it. */
function later(ms: number) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() + ms);
}

describe("login codes", () => {
  it("are dropped once expired", () => {
    const state = fresh();
    const stale = state.issueAuthCode("mpay-1001");
    later(AUTH_CODE_TTL_MS + 1_000);
    const live = state.issueAuthCode("mpay-1002");
    expect([...state.data.authCodes.keys()]).toEqual([live]);
    expect(state.redeemAuthCode(stale)).toBeUndefined();
    expect(state.redeemAuthCode(live)).toBe("mpay-1002");
  });

  it("are bounded: past the limit the oldest goes first", () => {
    const state = fresh();
    const first = state.issueAuthCode("mpay-1001");
    const second = state.issueAuthCode("mpay-1001");
    for (let i = 2; i <= MAX_AUTH_CODES; i++) state.issueAuthCode("mpay-1002");
    expect(state.data.authCodes.size).toBe(MAX_AUTH_CODES);
    expect(state.redeemAuthCode(first)).toBeUndefined();
    expect(state.redeemAuthCode(second)).toBe("mpay-1001");
  });
});

describe("tokens", () => {
  it("are 'not login' after seven days of real time, and dropped", async () => {
    const sandbox = createSandbox();
    const token = sandbox.state.issueToken("mpay-1001");
    const basicInformation = () => sandbox.handle(new Request("http://127.0.0.1/api/auth/basicinformation", { headers: { authorization: `Bearer ${token}` } }));
    later(TOKEN_TTL_MS - 60_000);
    expect(await (await basicInformation()).json()).toMatchObject({ code: 200, data: { point: 12580 } });
    later(120_000);
    expect(await (await basicInformation()).json()).toMatchObject({ msg: "not login" });
    sandbox.state.issueToken("mpay-1002");
    expect(sandbox.state.data.tokens.has(token)).toBe(false);
  });

  it(`are at most ${MAX_TOKENS_PER_MEMBER} per member, the oldest dropped first`, () => {
    const state = fresh();
    const other = state.issueToken("mpay-1002");
    const tokens = Array.from({ length: MAX_TOKENS_PER_MEMBER + 1 }, () => state.issueToken("mpay-1001"));
    expect(state.memberByToken(tokens[0])).toBeUndefined();
    expect(tokens.slice(1).every((token) => state.memberByToken(token)?.openId === "mpay-1001")).toBe(true);
    expect(state.memberByToken(other)?.openId).toBe("mpay-1002");
    expect(state.data.tokens.size).toBe(MAX_TOKENS_PER_MEMBER + 1);
  });
});

describe("task runs", () => {
  it("drop an unfinished run a day after its detail, and keep a finished one", () => {
    const state = fresh();
    state.readTaskDetail("C1", "T1");
    state.readTaskDetail("C2", "T1");
    state.finishTaskRun("C2", "T1");
    state.setClock(state.now() + TASK_RUN_TTL_MS + 1_000);
    state.readTaskDetail("C3", "T1");
    expect(state.taskRun("C1", "T1")).toBeUndefined();
    expect(state.taskRun("C2", "T1")).toMatchObject({ done: true });
    expect([...state.data.taskRuns.keys()]).toEqual(["C2|T1", "C3|T1"]);
  });

  it(`are at most ${MAX_TASK_RUNS}: the least recently read unfinished one goes first`, () => {
    const state = fresh();
    state.readTaskDetail("done", "T1");
    state.finishTaskRun("done", "T1");
    state.readTaskDetail("first", "T1");
    for (let i = 0; i < MAX_TASK_RUNS - 3; i++) state.readTaskDetail(`C${i}`, "T1");
    state.readTaskDetail("first", "T1"); // read again: now the most recent
    state.readTaskDetail("full", "T1");
    expect(state.data.taskRuns.size).toBe(MAX_TASK_RUNS);
    state.readTaskDetail("one-more", "T1");
    expect(state.data.taskRuns.size).toBe(MAX_TASK_RUNS);
    expect(state.taskRun("C0", "T1")).toBeUndefined();
    expect(state.taskRun("done", "T1")).toMatchObject({ done: true });
    expect(state.taskRun("first", "T1")).toBeDefined();
  });
});

describe("a --state file", () => {
  it("is read into maps, so prototype keys are nobody and expired logins are gone", () => {
    const file = join(mkdtempSync(join(tmpdir(), "mcoin-state-")), "state.json");
    const member = fixtures.members[0];
    const saved = `{"version":1,"data":{
      "members":{"__proto__":{"polluted":true},"${member.openId}":${JSON.stringify(member)}},
      "tokens":{"old":{"openId":"${member.openId}","issuedAt":${Date.now() - TOKEN_TTL_MS - 1}},"new":{"openId":"${member.openId}","issuedAt":${Date.now()}}},
      "authCodes":{"constructor":{"openId":"${member.openId}","issuedAt":${Date.now()}}}}}`;
    writeFileSync(file, saved);
    const state = new SandboxState(fixtures, { stateFile: file });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty"]) expect(state.member(name), name).toBeUndefined();
    expect(state.member(member.openId)?.nickname).toBe(member.nickname);
    expect([...state.data.members.keys()]).toEqual([member.openId]);
    expect(state.memberByToken("new")?.openId).toBe(member.openId);
    expect(state.data.tokens.has("old")).toBe(false);
    expect(state.redeemAuthCode("constructor")).toBe(member.openId);
  });

  it("that is not a sandbox state stops the sandbox from starting, saying what is wrong", () => {
    const file = join(mkdtempSync(join(tmpdir(), "mcoin-state-")), "state.json");
    writeFileSync(file, JSON.stringify({ version: 1, data: { tokens: { t: { openId: 5 } } } }));
    expect(() => new SandboxState(fixtures, { stateFile: file })).toThrow(/not a sandbox state file: data\.tokens\.t\.openId/);
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
    const state = new SandboxState(fixtures, { stateFile: write({ members: { [member.openId]: member } }) });
    expect(state.books.balance(member.openId)).toBe(777);
    expect(state.books.ledger(member.openId)).toMatchObject([{ type: "opening", amount: 777, balanceAfter: 777 }]);
    expect(state.member(member.openId)).not.toHaveProperty("point");
  });

  it("keeps ledgers and orders only for members and offers that exist", () => {
    const state = fresh();
    const outcome = state.orders.place("mpay-1005", { offerId: 7, quantity: 1, mcoinUsed: 100, adult: false });
    if (!outcome.ok) throw new Error(outcome.reason);
    const saved = JSON.parse(JSON.stringify({ accounts: Object.fromEntries(state.data.accounts), orders: Object.fromEntries(state.data.orders) }));
    const order = saved.orders["1"];
    expect(() => new SandboxState(fixtures, { stateFile: write({ orders: { "1": { ...order, offerId: 999 } } }) })).toThrow(/data\.orders\.1\.offerId: no such offer/);
    expect(() => new SandboxState(fixtures, { stateFile: write({ orders: { "1": { ...order, openId: "nobody" } } }) })).toThrow(/data\.orders\.1\.openId: no such member/);
    expect(() => new SandboxState(fixtures, { stateFile: write({ orders: { "2": order } }) })).toThrow(/data\.orders\.2: its id is not its key/);
    expect(() => new SandboxState(fixtures, { stateFile: write({ accounts: { nobody: saved.accounts["mpay-1005"] } }) })).toThrow(/data\.accounts\.nobody: no such member/);
    expect(() => new SandboxState(fixtures, { stateFile: write({ orders: { "1": { ...order, status: "lost" } } }) })).toThrow(/data\.orders\.1\.status/);
    const reloaded = new SandboxState(fixtures, { stateFile: write(saved) });
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
    laterOnTheSandboxClock(state, REFUND_PROCESSING_MS);
    const closed = placed(state, SAM);
    laterOnTheSandboxClock(state, PAYMENT_WINDOW_MS + 1);
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
    state.saveNow();
    const reloaded = new SandboxState(fixtures, { stateFile });
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
    state.saveNow();
    const saved = JSON.parse(readFileSync(stateFile, "utf8"));
    delete saved.data.orders[String(order.id)].refund.earningReversal;
    writeFileSync(stateFile, JSON.stringify(saved));
    const refund = new SandboxState(fixtures, { stateFile }).data.orders.get(String(order.id))!.refund;
    expect(refund).toEqual({ ...order.refund, earningReversal: { fromMcoinRefund: 0, fromBalance: 0 } });
  });

  it("written before payments were kept, keeping each paid order's own payment, so a second one is refused beside it and the books audit clean", () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), "mcoin-state-")), "state.json");
    const { state } = setup(stateFile);
    const order = placed(state, SAM);
    laterOnTheSandboxClock(state, 1_000);
    state.orders.notice(paid(order));
    const unpaid = placed(state, SAM, buy({ quantity: 1, mcoinUsed: 0 }));
    state.saveNow();
    const saved = JSON.parse(readFileSync(stateFile, "utf8"));
    for (const id of [order.id, unpaid.id]) delete saved.data.orders[String(id)].payments;
    writeFileSync(stateFile, JSON.stringify(saved));
    const reloaded = new SandboxState(fixtures, { stateFile });
    reloaded.setClock(state.now(), true);
    expect(reloaded.data.orders.get(String(order.id))!.payments).toEqual([{ paymentId: "WPTEST0000000001", amountCents: 4600, at: order.paidAt, outcome: "settled", reason: null }]);
    expect(reloaded.data.orders.get(String(unpaid.id))!.payments).toEqual([]);
    expect(reloaded.orders.notice({ ...paid(order), paymentId: "WPSECOND00000001" })).toEqual({ ok: false, reason: "DUPLICATE_PAYMENT" });
    expect(auditMoney(JSON.parse(JSON.stringify(reloaded.redactedView())) as MoneyView)).toEqual([]);
  });

  it("and refuses one whose ledger entries do not follow from each other, naming the entry", () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), "mcoin-state-")), "state.json");
    const { state } = setup(stateFile);
    placed(state, SAM);
    state.saveNow();
    const saved = JSON.parse(readFileSync(stateFile, "utf8"));
    saved.data.accounts[SAM].ledger[1].amount = -200;
    writeFileSync(stateFile, JSON.stringify(saved));
    expect(() => new SandboxState(fixtures, { stateFile })).toThrow(`data.accounts.${SAM}.ledger.1: ledger entry 2 does not follow from the ones before it`);
  });
});
