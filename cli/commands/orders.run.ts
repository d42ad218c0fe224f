/** What `mcoin sandbox orders` runs (its definition, cli/commands/orders.ts, loads this only when it runs). */
import { OrderTabSchema, orderList } from "#core/api/shop-endpoints";
import { allPages, macauTime, table } from "../member";
import { MemberOptionsSchema, runAsMember } from "../member.run";
import { output } from "../options";

const money = (cents: number) => `MOP ${(cents / 100).toFixed(2)}`;

const OrdersOptions = MemberOptionsSchema.extend({ tab: OrderTabSchema.default("all") });

export async function runOrders(raw: unknown): Promise<void> {
  await runAsMember("orders", OrdersOptions, raw, async (options, client) => {
    const orders = await allPages(async (page) => (await client.call(orderList, { page, size: 50, tab: options.tab })).data);
    output(options.json, { orders }, () => {
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
