/**
 * `mcoin sandbox ledger`: a member's mCoin ledger as the gateway keeps it, newest first (date in
 * Macau time, type, amount, balance after, order), then their refunds with the cash side of each
 * (refund order, order, status, cash and mCoin refunded of what was requested, date refunded in
 * Macau time, the wallet's refund number), the payments the wallet gives back because the gateway
 * refused them (a second payment of a paid order, one after the order closed, another amount; of
 * deleted orders too), and their balance, through the app's own client: enough to check
 * that a refunded member's mCoin and cash come back exactly.
 */
import { Command, Option } from "commander";
import { allPages, macauTime, memberCommand, money, table } from "../../member";
import type { CliIo } from "../../io";
import { output } from "../../options";

const PAYMENT_REASONS = {
  DUPLICATE_PAYMENT: "a second payment of a paid order",
  ORDER_CLOSED: "paid after the order closed",
  AMOUNT_MISMATCH: "not the amount due",
} as const;

export function ledgerCommand(io: CliIo): Command {
  return memberCommand(io, {
    name: "ledger",
    description: "print a member's mCoin ledger, newest first, their refunds (cash and mCoin back of what was requested), the payments the wallet gives back, and their balance",
    option: new Option("--direction <direction>", "only ledger entries that added mCoin (earned) or took it (spent); refunds are always listed").choices(["earned", "spent"]),
    examples: ["--login mpay-1005", "--login mpay-1001 --direction spent --json", "--login mpay-1005 --json   # { balance, entries, refunds, paymentsRefunded }"],
    run: ledger,
  });
}

async function ledger(io: CliIo, raw: unknown): Promise<void> {
  // zod, the app's client and its endpoints load here, when it runs, not for --help.
  const { z } = await import("zod");
  const { mcoinLedger } = await import("#core/api/shop-endpoints");
  const { paymentReturns, refundList } = await import("#core/api/wallet-endpoints");
  const { MemberOptionsSchema, runAsMember } = await import("../../run-as-member");

  const LedgerOptions = MemberOptionsSchema.extend({ direction: z.enum(["earned", "spent"]).optional() });
  await runAsMember(io, "ledger", LedgerOptions, raw, async (options, client) => {
    let balance = 0;
    const entries = await allPages(async (page) => {
      const { data } = await client.call(mcoinLedger, { page, size: 50, direction: options.direction });
      balance = data.balance;
      return data;
    });
    const refunds = await allPages(async (page) => (await client.call(refundList, { page, size: 50 })).data);
    // Payments the gateway refused and the wallet gives back (a second payment, one after the order closed, another amount).
    const paymentsRefunded = await allPages(async (page) => (await client.call(paymentReturns, { page, size: 50 })).data);
    output(io, options.json, { balance, entries, refunds, paymentsRefunded }, () => {
      const rows = entries.map((entry) => [macauTime(entry.at), entry.type, `${entry.amount > 0 ? "+" : ""}${entry.amount}`, String(entry.balanceAfter), entry.orderNo ?? ""]);
      const listed = rows.length > 0 ? table([["date (Macau)", "type", "amount", "balance", "order"], ...rows]) : ["no entries"];
      const refunded =
        refunds.length > 0
          ? [
              "",
              "refunds",
              ...table([
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
              ]),
            ]
          : [];
      const given =
        paymentsRefunded.length > 0
          ? [
              "",
              "payments given back by the wallet",
              ...table([
                ["order", "payment", "cash", "why", "paid (Macau)"],
                ...paymentsRefunded.map((payment) => [payment.orderNo, payment.paymentId, money(payment.amountCents), PAYMENT_REASONS[payment.reason], macauTime(payment.at)]),
              ]),
            ]
          : [];
      return [...listed, ...refunded, ...given, "", `balance: ${balance} mCoin`];
    });
  });
}
