/**
 * `mcoin sandbox ledger`: a member's mCoin ledger as the gateway keeps it, newest first (date in
 * Macau time, type, amount, balance after, order), then their refunds with the cash side of each
 * (refund order, order, status, cash and mCoin refunded of what was requested, date refunded in
 * Macau time, the wallet's refund number), the payments the wallet gives back because the gateway
 * refused them (a second payment of a paid order, one after the order closed, another amount; of
 * deleted orders too), and their balance, through the app's own client: enough to check
 * that a refunded member's mCoin and cash come back exactly.
 */
import { Option } from "commander";
import { memberCommand } from "../member";

export function ledgerCommand() {
  return memberCommand({
    name: "ledger",
    description: "print a member's mCoin ledger, newest first, their refunds (cash and mCoin back of what was requested), the payments the wallet gives back, and their balance",
    option: new Option("--direction <direction>", "only ledger entries that added mCoin (earned) or took it (spent); refunds are always listed").choices(["earned", "spent"]),
    examples: ["--login mpay-1005", "--login mpay-1001 --direction spent --json", "--login mpay-1005 --json   # { balance, entries, refunds, paymentsRefunded }"],
    // What it runs (zod, the app's client and endpoints) loads only when it runs, not for --help.
    run: async (raw) => (await import("./ledger.run")).runLedger(raw),
  });
}
