import { describe, expect, it } from "vitest";
import { createCashierDesk, type CashierTicket } from "./cashier-desk";
import type { PaymentRequest } from "./types";

const payment = (paymentId: string): PaymentRequest => ({ paymentId, amount: 12.5 });

describe("the simulated cashier's desk", () => {
  it("keeps a payment asked for before the cashier is on the page, and hands it over when it comes", async () => {
    const desk = createCashierDesk();
    const outcome = desk.request(payment("P1"));
    const taken: CashierTicket[] = [];
    desk.serve((ticket) => taken.push(ticket));
    expect(taken.map((ticket) => ticket.request.paymentId)).toEqual(["P1"]);
    taken[0].answer({ status: "paid" });
    await expect(outcome).resolves.toEqual({ status: "paid" });
  });

  it("hands a payment straight to a cashier that is serving, and each ticket only once", () => {
    const desk = createCashierDesk();
    const taken: string[] = [];
    const stop = desk.serve((ticket) => taken.push(ticket.request.paymentId));
    void desk.request(payment("P1"));
    stop();
    void desk.request(payment("P2"));
    desk.serve((ticket) => taken.push(ticket.request.paymentId));
    expect(taken).toEqual(["P1", "P2"]);
  });

  it("leaves the newer cashier serving when an older one stops", () => {
    const desk = createCashierDesk();
    const older: string[] = [];
    const newer: string[] = [];
    const stopOlder = desk.serve((ticket) => older.push(ticket.request.paymentId));
    desk.serve((ticket) => newer.push(ticket.request.paymentId));
    stopOlder();
    void desk.request(payment("P3"));
    expect(older).toEqual([]);
    expect(newer).toEqual(["P3"]);
  });
});
