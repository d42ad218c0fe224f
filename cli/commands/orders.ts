/**
 * `mcoin sandbox orders`: a member's orders, newest first, with their statuses, what mCoin and cash
 * paid, and when they were placed and paid, through the app's own client.
 */
import { Option } from "commander";
import { ORDER_STATUSES, OrderStatusSchema, orderList } from "../../app/lib/api/shop-endpoints";
import { MemberOptionsSchema, allPages, macauTime, memberCommand, table } from "../member";
import { output } from "../options";

const money = (cents: number) => `MOP ${(cents / 100).toFixed(2)}`;

export function ordersCommand() {
  return memberCommand({
    name: "orders",
    description: "print a member's orders, newest first, with their statuses",
    option: new Option("--status <status>", "only orders in this status").choices([...ORDER_STATUSES]),
    schema: MemberOptionsSchema.extend({ status: OrderStatusSchema.optional() }),
    examples: ["--login mpay-1005", "--login mpay-1001 --status awaiting_payment --json"],
    async run(options, client) {
      const orders = await allPages(async (page) => (await client.call(orderList, { page, size: 50, status: options.status })).data);
      output(options.json, { orders }, () => {
        if (orders.length === 0) return "no orders";
        const rows = orders.map((order) => [
          order.orderNo,
          order.status,
          `${order.quantity} × ${order.title}`,
          `${order.mcoinUsed} mCoin + ${money(order.cashCents)}`,
          macauTime(order.createdAt),
          order.paidAt === null ? "" : `paid ${macauTime(order.paidAt)}`,
          [order.failure?.code, order.otherCode && `code ${order.otherCode}`].filter(Boolean).join(" "),
        ]);
        return table([["order", "status", "item", "paid with", "placed (Macau)", "", ""], ...rows]);
      });
    },
  });
}
