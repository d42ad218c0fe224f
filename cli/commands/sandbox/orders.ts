/**
 * `mcoin sandbox orders`: a member's orders, newest first, with their statuses, what mCoin and cash
 * paid, and when they were placed and paid, through the app's own client.
 */
import { Command, Option } from "commander";
import { ORDER_TABS } from "#core/api/vocabulary";
import { allPages, macauTime, memberCommand, money, table } from "../../member";
import type { CliIo } from "../../io";
import { output } from "../../options";

export function ordersCommand(io: CliIo): Command {
  return memberCommand(io, {
    name: "orders",
    description: "print a member's orders, newest first, with their statuses",
    option: new Option("--tab <tab>", "only the orders of one tab of the order list").choices([...ORDER_TABS]).default("all"),
    examples: ["--login mpay-1005", "--login mpay-1001 --tab unpaid --json", "--login mpay-1003 --tab shipped"],
    run: orders,
  });
}

async function orders(io: CliIo, raw: unknown): Promise<void> {
  // zod, the app's client and its endpoints load here, when it runs, not for --help.
  const { OrderTabSchema, orderList } = await import("#core/api/shop-endpoints");
  const { MemberOptionsSchema, runAsMember } = await import("../../run-as-member");

  await runAsMember(io, "orders", MemberOptionsSchema.extend({ tab: OrderTabSchema.default("all") }), raw, async (options, client) => {
    const orders = await allPages(async (page) => (await client.call(orderList, { page, size: 50, tab: options.tab })).data);
    output(io, options.json, { orders }, () => {
      if (orders.length === 0) return ["no orders"];
      const rows = orders.map((order) => [
        order.orderNo,
        order.status,
        `${order.quantity} × ${order.title}`,
        `${order.mcoinUsed} mCoin + ${money(order.cashCents)}`,
        macauTime(order.createdAt),
        order.paidAt === null ? "" : `paid ${macauTime(order.paidAt)}`,
        [
          order.orderKind !== "normal" && order.orderKind,
          order.failure?.code,
          order.otherCode && `code ${order.otherCode}`,
          order.coupons.length > 0 && `coupons ${order.coupons.map((coupon) => `${coupon.redemptionCode} ${coupon.status}`).join(", ")}`,
          order.refund && `refund ${order.refund.refundOrderNo} ${order.refund.status}`,
        ]
          .filter(Boolean)
          .join("; "),
      ]);
      return table([["order", "status", "item", "paid with", "placed (Macau)", "", ""], ...rows]);
    });
  });
}
