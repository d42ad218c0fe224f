/** What `mcoin sandbox ledger` runs (its definition, cli/commands/ledger.ts, loads this only when it runs). */
import { z } from "zod";
import { mcoinLedger } from "#core/api/shop-endpoints";
import { paymentReturns, refundList } from "#core/api/wallet-endpoints";
import { allPages, macauTime, table } from "../member";
import { MemberOptionsSchema, runAsMember } from "../member.run";
import { output } from "../options";

const money = (cents: number) => `MOP ${(cents / 100).toFixed(2)}`;

const PAYMENT_REASONS = {
  DUPLICATE_PAYMENT: "a second payment of a paid order",
  ORDER_CLOSED: "paid after the order closed",
  AMOUNT_MISMATCH: "not the amount due",
} as const;

const LedgerOptions = MemberOptionsSchema.extend({ direction: z.enum(["earned", "spent"]).optional() });

export async function runLedger(raw: unknown): Promise<void> {
  await runAsMember("ledger", LedgerOptions, raw, async (options, client) => {
    let balance = 0;
    const entries = await allPages(async (page) => {
      const { data } = await client.call(mcoinLedger, { page, size: 50, direction: options.direction });
      balance = data.balance;
      return data;
    });
    const refunds = await allPages(async (page) => (await client.call(refundList, { page, size: 50 })).data);
    // Payments the gateway refused and the wallet gives back (a second payment, one after the order closed, another amount).
    const paymentsRefunded = await allPages(async (page) => (await client.call(paymentReturns, { page, size: 50 })).data);
    output(options.json, { balance, entries, refunds, paymentsRefunded }, () => {
      const rows = entries.map((entry) => [macauTime(entry.at), entry.type, `${entry.amount > 0 ? "+" : ""}${entry.amount}`, String(entry.balanceAfter), entry.orderNo ?? ""]);
      const listed = rows.length > 0 ? table([["date (Macau)", "type", "amount", "balance", "order"], ...rows]) : ["no entries"];
      const refunded =
        refunds.length > 0
          ? ["", "refunds", ...table([
              ["refund order", "order", "status", "cash refunded", "mCoin refunded", "refunded (Macau)", "refund no"],
              ...refunds.map((refund) => [
                refund.refundOrderNo,
                refund.orderNo,
                refund.status,
                `${money(refund.cashRefundedCents)} of ${money(refund.cashRequestedCents)}`,
                `${refund.mcoinRefunded} of ${refund.mcoinRequested}`,
                refund.refundedAt === null ? "" : macauTime(refund.refundedAt),
                refund.refundNo ?? "",
              ]),
            ])]
          : [];
      const given =
        paymentsRefunded.length > 0
          ? ["", "payments given back by the wallet", ...table([
              ["order", "payment", "cash", "why", "paid (Macau)"],
              ...paymentsRefunded.map((payment) => [payment.orderNo, payment.paymentId, money(payment.amountCents), PAYMENT_REASONS[payment.reason], macauTime(payment.at)]),
            ])]
          : [];
      return [...listed, ...refunded, ...given, "", `balance: ${balance} mCoin`];
    });
  });
}
