/**
 * `mcoin sandbox ledger`: a member's mCoin ledger as the gateway keeps it, newest first (date in
 * Macau time, type, amount, balance after, order), then their refunds with the cash side of each
 * (refund order, order, status, cash and mCoin refunded of what was requested, date refunded in
 * Macau time, the wallet's refund number), and their balance, through the app's own client: enough
 * to check that a refunded member's mCoin and cash come back exactly.
 */
import { Option } from "commander";
import { z } from "zod";
import { mcoinLedger } from "../../app/lib/api/shop-endpoints";
import { refundList } from "../../app/lib/api/wallet-endpoints";
import { MemberOptionsSchema, allPages, macauTime, memberCommand, table } from "../member";
import { output } from "../options";

const money = (cents: number) => `MOP ${(cents / 100).toFixed(2)}`;

export function ledgerCommand() {
  return memberCommand({
    name: "ledger",
    description: "print a member's mCoin ledger, newest first, their refunds (cash and mCoin back of what was requested), and their balance",
    option: new Option("--direction <direction>", "only ledger entries that added mCoin (earned) or took it (spent); refunds are always listed").choices(["earned", "spent"]),
    schema: MemberOptionsSchema.extend({ direction: z.enum(["earned", "spent"]).optional() }),
    examples: ["--login mpay-1005", "--login mpay-1001 --direction spent --json", "--login mpay-1005 --json   # { balance, entries, refunds }"],
    async run(options, client) {
      let balance = 0;
      const entries = await allPages(async (page) => {
        const { data } = await client.call(mcoinLedger, { page, size: 50, direction: options.direction });
        balance = data.balance;
        return data;
      });
      const refunds = await allPages(async (page) => (await client.call(refundList, { page, size: 50 })).data);
      output(options.json, { balance, entries, refunds }, () => {
        const rows = entries.map((entry) => [macauTime(entry.at), entry.type, `${entry.amount > 0 ? "+" : ""}${entry.amount}`, String(entry.balanceAfter), entry.orderNo ?? ""]);
        const listed = rows.length > 0 ? table([["date (Macau)", "type", "amount", "balance", "order"], ...rows]) : "no entries";
        const refunded =
          refunds.length > 0
            ? `\n\nrefunds\n${table([
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
              ])}`
            : "";
        return `${listed}${refunded}\n\nbalance: ${balance} mCoin`;
      });
    },
  });
}
