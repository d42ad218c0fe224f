/**
 * Where the simulated host's payments wait for its cashier: the sheet (components/simulated-cashier.tsx)
 * comes in a chunk of its own once the simulated host is chosen, so a member inside the wallet never
 * downloads it. A payment asked for before the sheet is on the page waits here instead of being lost.
 */
import type { PaymentOutcome, PaymentRequest } from "./types";

/** One payment at the desk: what is asked, and how the cashier answers it. */
export interface CashierTicket {
  request: PaymentRequest;
  answer(outcome: PaymentOutcome): void;
}

export interface CashierDesk {
  /** The simulated host asks for a payment; the cashier's answer settles it. */
  request(request: PaymentRequest): Promise<PaymentOutcome>;
  /** The cashier takes the tickets waiting and every later one, until the returned function is called. */
  serve(take: (ticket: CashierTicket) => void): () => void;
}

export function createCashierDesk(): CashierDesk {
  const waiting: CashierTicket[] = [];
  let taker: ((ticket: CashierTicket) => void) | null = null;
  return {
    request(request) {
      return new Promise<PaymentOutcome>((answer) => {
        const ticket = { request, answer };
        if (taker) taker(ticket);
        else waiting.push(ticket);
      });
    },
    serve(take) {
      taker = take;
      for (const ticket of waiting.splice(0)) take(ticket);
      return () => {
        if (taker === take) taker = null;
      };
    },
  };
}
