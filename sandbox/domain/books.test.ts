/**
 * The books the aggregates share (books.ts): accounts opened on first use, reading and setting a
 * balance (the ledger's, with its revision), and what falls due on the sandbox clock done in the order it fell due, across the order
 * book and Asia Miles, and kept in the --state file.
 */
import { mkdtempSync } from "node:fs";
import { exportStateFile } from "../store/store";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MILES_PROCESSING_MS } from "./miles";
import { PAYMENT_WINDOW_MS } from "./order-book";
import { CHAN, LEI, SAM, buy, expectLedgersSum, later, paid, placed, setup } from "./test-support";

/** The airline refuses this account after the redemption: its mCoin comes back (a `refund` entry). */
const SUSPENDED = { productId: 1, lastName: "Lei", firstName: "Ka Hou", memberNo: "1300000009", mcoin: 1000 };

describe("an account", () => {
  it("opens with nothing for a member who has none, on the sandbox clock; asking whether there is one opens none", () => {
    const { state } = setup();
    expect(state.books.existing("mpay-nobody")).toBeUndefined();
    expect(state.data.accounts.has("mpay-nobody")).toBe(false);
    const account = state.books.account("mpay-nobody");
    expect(account).toMatchObject({ revision: 0, ledger: [{ type: "opening", amount: 0, balanceAfter: 0, at: state.now() }] });
    expect(state.books.existing("mpay-nobody")).toBe(account);
    expect(state.books.account("mpay-nobody")).toBe(account);
  });

  it("reads its ledger newest first, or what added mCoin, or what took it", () => {
    const { state } = setup();
    placed(state, SAM);
    state.books.adjustBalance(SAM, 900);
    expect(state.books.ledger(SAM).map((entry) => entry.type)).toEqual(["adjustment", "purchase", "opening"]);
    expect(state.books.ledger(SAM, "earned").map((entry) => entry.type)).toEqual(["adjustment", "opening"]);
    expect(state.books.ledger(SAM, "spent").map((entry) => entry.type)).toEqual(["purchase"]);
  });

  it("counts an opening of nothing as neither earned nor spent", () => {
    const { state } = setup();
    expect(state.books.ledger(LEI)).toMatchObject([{ type: "opening", amount: 0 }]);
    expect(state.books.ledger(LEI, "earned")).toEqual([]);
    expect(state.books.ledger(LEI, "spent")).toEqual([]);
  });
});

describe("setting a balance (a sandbox control)", () => {
  it("posts an adjustment of the difference, up or down, and nothing when it is already so", () => {
    const { state } = setup();
    const revision = state.books.revision(SAM);
    state.books.adjustBalance(SAM, 500);
    expect(state.books.ledger(SAM)).toHaveLength(1);
    expect(state.books.revision(SAM)).toBe(revision);
    state.books.adjustBalance(SAM, 800);
    state.books.adjustBalance(SAM, 50);
    expect(state.books.ledger(SAM).map((entry) => entry.amount)).toEqual([-750, 300, 500]);
    expect(state.books.balance(SAM)).toBe(50);
    expectLedgersSum(state);
  });

  it("counts from the balance once what is due is done: an unpaid order past its window has given its mCoin back", () => {
    const { state } = setup();
    placed(state, SAM, buy({ quantity: 1, mcoinUsed: 300 }));
    later(state, PAYMENT_WINDOW_MS);
    state.books.adjustBalance(SAM, 600);
    expect(state.books.ledger(SAM).map((entry) => [entry.type, entry.amount])).toEqual([
      ["adjustment", 100],
      ["purchase_released", 300],
      ["purchase", -300],
      ["opening", 500],
    ]);
  });
});

describe("what falls due on the clock", () => {
  it("is done in the order it fell due, whichever aggregate it belongs to", () => {
    const { state } = setup();
    const start = state.now();
    const first = placed(state, CHAN, buy({ quantity: 1, mcoinUsed: 100 }));
    later(state, 5_000);
    const second = placed(state, CHAN, buy({ quantity: 1, mcoinUsed: 200 }));
    // Answered by the airline between the two orders' windows.
    state.setClock(start + PAYMENT_WINDOW_MS + 2_000 - MILES_PROCESSING_MS);
    expect(state.miles.redeem(CHAN, SUSPENDED).ok).toBe(true);
    state.setClock(start + 2 * PAYMENT_WINDOW_MS);
    const due = state.books
      .ledger(CHAN)
      .slice(0, 3)
      .reverse()
      .map((entry) => [entry.type, entry.orderNo, entry.at - start]);
    expect(due).toEqual([
      ["purchase_released", first.orderNo, PAYMENT_WINDOW_MS],
      ["refund", state.miles.list(CHAN)[0].orderNo, PAYMENT_WINDOW_MS + 2_000],
      ["purchase_released", second.orderNo, PAYMENT_WINDOW_MS + 5_000],
    ]);
    expectLedgersSum(state);
  });

  it("falling due at the same instant, goes by id, an order before a miles redemption of the same id", () => {
    const { state } = setup();
    const start = state.now();
    const one = placed(state, CHAN, buy({ quantity: 1, mcoinUsed: 100 }));
    const two = placed(state, CHAN, buy({ quantity: 1, mcoinUsed: 200 }));
    state.setClock(start + PAYMENT_WINDOW_MS - MILES_PROCESSING_MS);
    expect(state.miles.redeem(CHAN, SUSPENDED)).toMatchObject({ ok: true, value: { id: 1 } });
    state.setClock(start + PAYMENT_WINDOW_MS);
    const due = state.books
      .ledger(CHAN)
      .slice(0, 3)
      .reverse()
      .map((entry) => [entry.type, entry.orderNo]);
    expect(due).toEqual([
      ["purchase_released", one.orderNo],
      ["refund", state.miles.list(CHAN)[0].orderNo],
      ["purchase_released", two.orderNo],
    ]);
  });

  it("is written to the --state file at the next flush, even the airline's answer alone; a read with nothing due writes nothing", () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), "mcoin-books-")), "state.json");
    const { state } = setup(stateFile);
    expect(state.miles.redeem(CHAN, SUSPENDED).ok).toBe(true);
    state.store.flush();
    const commits = state.store.commits;
    expect(state.books.balance(CHAN)).toBe(12580 - SUSPENDED.mcoin);
    expect(state.miles.list(CHAN)[0].status).toBe("redeeming");
    state.store.flush();
    expect(state.store.commits, "nothing was due").toBe(commits);
    later(state, MILES_PROCESSING_MS);
    expect(state.books.balance(CHAN)).toBe(12580);
    state.store.flush();
    expect(state.store.commits).toBe(commits + 1);
    const saved = JSON.parse(exportStateFile(stateFile));
    expect(Object.values(saved.data.milesOrders)).toMatchObject([{ status: "refunded" }]);
    expect(saved.data.accounts[CHAN].ledger.at(-1)).toMatchObject({ type: "refund", amount: SUSPENDED.mcoin });
  });

  it("is done once, and only once it is due", () => {
    const { state } = setup();
    const order = placed(state, SAM);
    later(state, PAYMENT_WINDOW_MS - 1);
    state.books.closeDue();
    expect(order.status).toBe("awaiting_payment");
    later(state, 1);
    state.books.closeDue();
    state.books.closeDue();
    expect(order.status).toBe("closed");
    expect(state.books.ledger(SAM).filter((entry) => entry.type === "purchase_released")).toHaveLength(1);
  });
});

describe("the balance is the ledger's", () => {
  it("a sandbox adjustment is an entry of the difference, and nothing when there is none", () => {
    const { state } = setup();
    state.books.adjustBalance(SAM, 800);
    state.books.adjustBalance(SAM, 800);
    expect(state.books.ledger(SAM).map((entry) => [entry.type, entry.amount, entry.balanceAfter])).toEqual([
      ["adjustment", 300, 800],
      ["opening", 500, 500],
    ]);
    expect(state.books.ledger(SAM, "earned")).toHaveLength(2);
    expect(state.books.ledger(SAM, "spent")).toHaveLength(0);
    expectLedgersSum(state);
  });

  it("revision grows with every change of the member's ledger or orders, and only theirs", () => {
    const { state } = setup();
    const revisions = () => [state.books.revision(SAM), state.books.revision(CHAN)];
    expect(revisions()).toEqual([0, 0]);
    const order = placed(state, SAM);
    const [afterBuy] = revisions();
    expect(afterBuy).toBeGreaterThan(0);
    state.orders.notice(paid(order));
    expect(revisions()[0]).toBeGreaterThan(afterBuy);
    expect(revisions()[1]).toBe(0);
  });
});
