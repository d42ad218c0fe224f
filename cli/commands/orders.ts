/**
 * `mcoin sandbox orders`: a member's orders, newest first, with their statuses, what mCoin and cash
 * paid, and when they were placed and paid, through the app's own client.
 */
import { Option } from "commander";
import { ORDER_TABS } from "#core/api/vocabulary";
import { memberCommand } from "../member";

export function ordersCommand() {
  return memberCommand({
    name: "orders",
    description: "print a member's orders, newest first, with their statuses",
    option: new Option("--tab <tab>", "only the orders of one tab of the order list").choices([...ORDER_TABS]).default("all"),
    examples: ["--login mpay-1005", "--login mpay-1001 --tab unpaid --json", "--login mpay-1003 --tab shipped"],
    // What it runs (zod, the app's client and endpoints) loads only when it runs, not for --help.
    run: async (raw) => (await import("./orders.run")).runOrders(raw),
  });
}
