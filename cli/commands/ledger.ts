/**
 * `mcoin sandbox ledger`: a member's mCoin ledger as the gateway keeps it, newest first (date in
 * Macau time, type, amount, balance after, order) and their balance, through the app's own client.
 */
import { Option } from "commander";
import { z } from "zod";
import { mcoinLedger } from "../../app/lib/api/shop-endpoints";
import { MemberOptionsSchema, allPages, macauTime, memberCommand, table } from "../member";
import { output } from "../options";

export function ledgerCommand() {
  return memberCommand({
    name: "ledger",
    description: "print a member's mCoin ledger, newest first, and their balance",
    option: new Option("--direction <direction>", "only what added mCoin (earned) or took it (spent)").choices(["earned", "spent"]),
    schema: MemberOptionsSchema.extend({ direction: z.enum(["earned", "spent"]).optional() }),
    examples: ["--login mpay-1005", "--login mpay-1001 --direction spent --json"],
    async run(options, client) {
      let balance = 0;
      const entries = await allPages(async (page) => {
        const { data } = await client.call(mcoinLedger, { page, size: 50, direction: options.direction });
        balance = data.balance;
        return data;
      });
      output(options.json, { balance, entries }, () => {
        const rows = entries.map((entry) => [macauTime(entry.at), entry.type, `${entry.amount > 0 ? "+" : ""}${entry.amount}`, String(entry.balanceAfter), entry.orderNo ?? ""]);
        const listed = rows.length > 0 ? table([["date (Macau)", "type", "amount", "balance", "order"], ...rows]) : "no entries";
        return `${listed}\n\nbalance: ${balance} mCoin`;
      });
    },
  });
}
