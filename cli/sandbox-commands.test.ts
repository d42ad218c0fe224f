/**
 * `mcoin sandbox` ledger, orders, redeem and ship, and `mcoin task run`. Run in this process against
 * a sandbox answered in-process (cli/testing.ts): their output and exit code.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { createApiClient } from "#core/api/client";
import { createFetchTransport } from "#core/api/transport";
import { applyRefund } from "#core/api/wallet-endpoints";
import { sandboxCli, type CliRun as Run } from "./testing";
import { withKey } from "../sandbox/testing";

const sandbox = sandboxCli();
const { mcoin } = sandbox;
beforeEach(() => sandbox.sandbox.state.reset());

const json = <T = Record<string, any>>(run: Run): T => JSON.parse(run.stdout) as T;

describe("mcoin sandbox ledger and orders", () => {
  /** Sam (500 mCoin) buys 2 pieces of offer 7 with 300 mCoin and pays the rest in the wallet. */
  async function buyAndPay() {
    const state = sandbox.sandbox.state;
    const outcome = state.orders.place("mpay-1005", { offerId: 7, quantity: 2, mcoinUsed: 300, adult: false });
    if (!outcome.ok) throw new Error(outcome.reason);
    const order = outcome.value;
    const paid = await sandbox.fetch(`${sandbox.url}/__wallet/pay`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ orderNo: order.orderNo, amountCents: order.cashCents, outcome: "paid" }),
    });
    expect(paid.status).toBe(200);
    return order;
  }

  it("prints the member's ledger newest first and their balance, agreeing to the mCoin", async () => {
    const order = await buyAndPay();
    const human = await mcoin("sandbox", "ledger", "--login", "mpay-1005");
    expect(human.code).toBe(0);
    const lines = human.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^date \(Macau\)\s+type\s+amount\s+balance\s+order$/);
    expect(lines[1]).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d\\s+earning\\s+\\+46\\s+246\\s+${order.orderNo}$`));
    expect(lines[2]).toMatch(/purchase\s+-300\s+200\s+MC\d+$/);
    expect(lines[3]).toMatch(/opening\s+\+500\s+500$/);
    expect(lines.at(-1)).toBe("balance: 246 mCoin");
    expect(lines).not.toContain("refunds");

    const machine = json(await mcoin("sandbox", "ledger", "--login", "mpay-1005", "--json"));
    expect(machine.balance).toBe(246);
    expect(machine.refunds).toEqual([]);
    expect(machine.entries.map((entry: { type: string; amount: number }) => [entry.type, entry.amount])).toEqual([
      ["earning", 46],
      ["purchase", -300],
      ["opening", 500],
    ]);
    expect(json(await mcoin("sandbox", "ledger", "--login", "mpay-1005", "--direction", "spent", "--json")).entries).toHaveLength(1);
  });

  it("prints the member's refunds after the ledger: the mCoin and the cash come back exactly", async () => {
    const order = await buyAndPay();
    const token = (await (await sandbox.fetch(`${sandbox.url}/member/login`, { method: "POST", body: '{"openId":"mpay-1005"}', headers: { "content-type": "application/json" } })).json()).data
      .token as string;
    const client = createApiClient({ baseUrl: sandbox.url, transport: createFetchTransport(sandbox.fetch), locale: "en", token });
    const { data: refund } = await client.call(applyRefund, { orderId: order.id, reason: "bought_wrongly", remarks: "" }, withKey());
    expect(refund).toMatchObject({ orderNo: order.orderNo, status: "refunding", cashRequestedCents: 4600, mcoinRequested: 300, cashRefundedCents: 0, mcoinRefunded: 0 });

    const pending = await mcoin("sandbox", "ledger", "--login", "mpay-1005");
    expect(pending.code).toBe(0);
    expect(pending.stdout).toMatch(new RegExp(`${refund.refundOrderNo}\\s+${order.orderNo}\\s+refunding\\s+MOP 0\\.00 of MOP 46\\.00\\s+0 of 300$`, "m"));
    // What the cash earned comes out of the 300 mCoin the refund gives back: the balance is not touched.
    expect(pending.stdout.trim().split("\n").at(-1)).toBe("balance: 246 mCoin");

    sandbox.sandbox.state.setClock(sandbox.sandbox.state.now() + 121_000, true);
    try {
      const human = await mcoin("sandbox", "ledger", "--login", "mpay-1005");
      expect(human.code).toBe(0);
      const lines = human.stdout.trim().split("\n");
      expect(lines[0]).toMatch(/^date \(Macau\)\s+type\s+amount\s+balance\s+order$/);
      expect(lines[1]).toMatch(new RegExp(`earning_reversed\\s+-46\\s+500\\s+${order.orderNo}$`));
      expect(lines[2]).toMatch(new RegExp(`refund\\s+\\+300\\s+546\\s+${order.orderNo}$`));
      const heading = lines.indexOf("refunds");
      expect(heading).toBeGreaterThan(0);
      expect(lines[heading - 1]).toBe("");
      expect(lines[heading + 1]).toMatch(/^refund order\s+order\s+status\s+cash refunded\s+mCoin refunded\s+refunded \(Macau\)\s+refund no$/);
      expect(lines[heading + 2]).toMatch(
        new RegExp(`^${refund.refundOrderNo}\\s+${order.orderNo}\\s+refunded\\s+MOP 46\\.00 of MOP 46\\.00\\s+254 of 300\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d\\s+WR[0-9A-F]+$`),
      );
      expect(lines.at(-1)).toBe("balance: 500 mCoin");

      const machine = json(await mcoin("sandbox", "ledger", "--login", "mpay-1005", "--json"));
      expect(machine.balance).toBe(500);
      expect(machine.refunds).toHaveLength(1);
      expect(machine.refunds[0]).toMatchObject({
        refundOrderNo: refund.refundOrderNo,
        orderNo: order.orderNo,
        status: "refunded",
        cashRequestedCents: 4600,
        cashRefundedCents: 4600,
        mcoinRequested: 300,
        mcoinRefunded: 254,
      });
      expect(machine.refunds[0].refundNo).toMatch(/^WR/);
      expect(machine.entries.map((entry: { type: string; amount: number }) => [entry.type, entry.amount])).toEqual([
        ["earning_reversed", -46],
        ["refund", 300],
        ["earning", 46],
        ["purchase", -300],
        ["opening", 500],
      ]);
      const spent = json(await mcoin("sandbox", "ledger", "--login", "mpay-1005", "--direction", "spent", "--json"));
      expect(spent.entries.map((entry: { type: string }) => entry.type)).toEqual(["earning_reversed", "purchase"]);
      expect(spent.refunds).toHaveLength(1);
    } finally {
      sandbox.sandbox.state.setClock(null);
    }
  });

  it("lists a second payment of a paid order among the payments the wallet gives back", async () => {
    const order = await buyAndPay();
    const again = await sandbox.fetch(`${sandbox.url}/__wallet/pay`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ orderNo: order.orderNo, amountCents: order.cashCents, outcome: "paid" }),
    });
    const reply = (await again.json()) as { accepted: boolean; notice: { paymentId: string } };
    expect(reply.accepted).toBe(false);
    const human = await mcoin("sandbox", "ledger", "--login", "mpay-1005");
    expect(human.code).toBe(0);
    const lines = human.stdout.trim().split("\n");
    const heading = lines.indexOf("payments given back by the wallet");
    expect(heading).toBeGreaterThan(0);
    expect(lines[heading + 1]).toMatch(/^order\s+payment\s+cash\s+why\s+paid \(Macau\)$/);
    expect(lines[heading + 2]).toMatch(new RegExp(`^${order.orderNo}\\s+${reply.notice.paymentId}\\s+MOP 46\\.00\\s+a second payment of a paid order\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d$`));
    expect(lines.at(-1)).toBe("balance: 246 mCoin");
    const machine = json(await mcoin("sandbox", "ledger", "--login", "mpay-1005", "--json"));
    expect(machine.paymentsRefunded).toEqual([expect.objectContaining({ orderNo: order.orderNo, paymentId: reply.notice.paymentId, amountCents: 4600, reason: "DUPLICATE_PAYMENT" })]);

    // Paid after it closed and the member deleted it: still listed, money is history.
    const state = sandbox.sandbox.state;
    const closed = state.orders.place("mpay-1005", { offerId: 7, quantity: 1, mcoinUsed: 0, adult: false });
    if (!closed.ok) throw new Error(closed.reason);
    expect(state.orders.cancel("mpay-1005", closed.value.id).ok).toBe(true);
    expect(state.afterSale.deleteOrder("mpay-1005", closed.value.id).ok).toBe(true);
    await sandbox.fetch(`${sandbox.url}/__wallet/pay`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ orderNo: closed.value.orderNo, amountCents: 3800, outcome: "paid" }),
    });
    const after = json(await mcoin("sandbox", "ledger", "--login", "mpay-1005", "--json"));
    expect(after.paymentsRefunded.map((payment: { orderNo: string; reason: string }) => [payment.orderNo, payment.reason])).toEqual([
      [closed.value.orderNo, "ORDER_CLOSED"],
      [order.orderNo, "DUPLICATE_PAYMENT"],
    ]);
  });

  it("prints the member's orders with their statuses", async () => {
    const order = await buyAndPay();
    const human = await mcoin("sandbox", "orders", "--login", "mpay-1005");
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(new RegExp(`${order.orderNo}\\s+received\\s+2 × Pork chop bun with iced milk tea\\s+300 mCoin \\+ MOP 46\\.00`));
    const machine = json(await mcoin("sandbox", "orders", "--login", "mpay-1005", "--json", "--lang", "zh"));
    expect(machine.orders).toMatchObject([{ orderNo: order.orderNo, status: "received", title: "豬扒包配凍奶茶", mcoinEarned: 46 }]);
    expect(json(await mcoin("sandbox", "orders", "--login", "mpay-1005", "--tab", "completed", "--json")).orders).toEqual([]);
    expect((await mcoin("sandbox", "orders", "--login", "mpay-1001")).stdout.trim()).toBe("no orders");
  });

  it("redeems a coupon's code at the till once, and ships a member's goods", async () => {
    const order = await buyAndPay();
    const code = json(await mcoin("sandbox", "orders", "--login", "mpay-1005", "--json")).orders[0].coupons[0].redemptionCode as string;
    const redeemed = await mcoin("sandbox", "redeem", code, "--store", "4");
    expect(redeemed.code).toBe(0);
    expect(redeemed.stdout).toMatch(new RegExp(`^redeemed coupon ${order.orderNo}01 of order ${order.orderNo} at .+, \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d \\(Macau\\); the order is received`));
    const again = await mcoin("sandbox", "redeem", code, "--store", "4");
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("already been used");
    expect(json(await mcoin("sandbox", "redeem", code, "--store", "4", "--json"))).toMatchObject({ error: { code: "ALREADY_USED" } });
    // A code that is not 12 digits is named before anything is sent.
    const short = await mcoin("sandbox", "redeem", "12", "--store", "4");
    expect(short.code).toBe(2);
    expect(short.stderr).toContain("redeem: code: a redemption code is 12 digits");
    // A till is a store's: without one it is a usage error, and another offer's store redeems nothing.
    const withoutStore = await mcoin("sandbox", "redeem", code);
    expect(withoutStore.code).toBe(2);
    expect(withoutStore.stderr).toContain("--store");
    expect(json(await mcoin("sandbox", "redeem", code, "--store", "22", "--json"))).toMatchObject({ error: { code: "CODE_INVALID" } });

    const wong = json(await mcoin("sandbox", "orders", "--login", "mpay-1003", "--tab", "unshipped", "--json")).orders;
    expect(wong.length).toBeGreaterThan(0);
    const shipped = json(await mcoin("sandbox", "ship", wong[0].orderNo, "--json"));
    expect(shipped).toMatchObject({ ok: true, orderNo: wong[0].orderNo, status: "awaiting_receipt" });
    const twice = await mcoin("sandbox", "ship", wong[0].orderNo);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain("not awaiting shipment");
  });

  it("exits 2 without a member or with a bad filter, and 1 for a member the gateway does not know", async () => {
    expect((await mcoin("sandbox", "ledger")).code).toBe(2);
    expect((await mcoin("sandbox", "orders", "--login", "mpay-1005", "--tab", "lost")).code).toBe(2);
    const unknown = await mcoin("sandbox", "ledger", "--login", "mpay-9999");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("member not found");
  });
});

describe("mcoin task run", () => {
  it("reads the detail, waits out the threshold with a progress bar and sends the notice", async () => {
    const run = await mcoin("task", "run", "--token", "C1", "--no", "T-QUICK");
    expect(run.code).toBe(0);
    expect(run.stderr).toContain("3/3 s");
    expect(run.stdout).toContain("task T-QUICK completed");
    expect(run.stdout).toContain('"status": "COMPLETED"');
  });

  it("exits 1 when a check fails or the notice is refused", async () => {
    const done = await mcoin("task", "run", "--token", "C1", "--no", "T-DONE", "--json");
    expect(done.code).toBe(1);
    expect(done.stdout).toContain("userExecStatus");
    const refused = await mcoin("task", "run", "--token", "C1", "--no", "T-NOTIFY-FAIL", "--json");
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain("TASK_REJECTED");
  });
});

describe("mcoin sandbox state", () => {
  it("exports the data as JSON and imports it back in place of what changed since", async () => {
    const folder = mkdtempSync(join(tmpdir(), "mcoin-state-"));
    const file = join(folder, "export.json");
    expect((await mcoin("sandbox", "state", "export", "--out", file)).code).toBe(0);
    const exported = JSON.parse(readFileSync(file, "utf8")) as { version: number; data: { orders: Record<string, unknown> } };
    expect(exported.version).toBe(1);
    const before = Object.keys(exported.data.orders).length;
    const state = sandbox.sandbox.state;
    const placed = state.orders.place("mpay-1005", { offerId: 7, quantity: 1, mcoinUsed: 100, adult: false });
    if (!placed.ok) throw new Error(placed.reason);
    expect(JSON.parse((await mcoin("sandbox", "state", "export")).stdout).data.orders).toHaveProperty(String(placed.value.id));
    const imported = await mcoin("sandbox", "state", "import", file);
    expect(imported).toMatchObject({ code: 0, stdout: `imported ${file}\n` });
    const again = JSON.parse((await mcoin("sandbox", "state", "export")).stdout) as typeof exported;
    expect(Object.keys(again.data.orders)).toHaveLength(before);
    expect(state.books.balance("mpay-1005")).toBe(500);
  });

  it("refuses a file that is not an export, and an export that names what does not exist", async () => {
    const folder = mkdtempSync(join(tmpdir(), "mcoin-state-"));
    const notJson = join(folder, "not.json");
    writeFileSync(notJson, "{ nope");
    expect((await mcoin("sandbox", "state", "import", notJson)).code).toBe(1);
    const broken = join(folder, "broken.json");
    writeFileSync(broken, JSON.stringify({ version: 1, data: { accounts: { nobody: { ledger: [], revision: 0, likes: [], collections: [] } } } }));
    const refused = await mcoin("sandbox", "state", "import", broken);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("data.accounts.nobody: no such member");
  });
});

describe("mcoin sandbox tenants", () => {
  it("lists the tenants with their URLs, reaches one through its URL, and deletes one", async () => {
    const tenantUrl = `${sandbox.url}/tenants/ci-42`;
    const added = await sandbox.fetch(`${tenantUrl}/__sandbox/members`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ openId: "ci-member", point: 70 }) });
    expect(added.status).toBe(200);
    const ledger = json(await mcoin("sandbox", "ledger", "--login", "ci-member", "--base-url", tenantUrl, "--json"));
    expect(ledger.balance).toBe(70);
    expect((await mcoin("sandbox", "ledger", "--login", "ci-member", "--json")).code).not.toBe(0);

    const listed = await mcoin("sandbox", "tenants");
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/1 of at most 64 tenants:/);
    expect(listed.stdout).toContain(`ci-42`);
    expect(listed.stdout).toContain(tenantUrl);
    expect(json(await mcoin("sandbox", "tenants", "--json")).tenants[0]).toMatchObject({ name: "ci-42", members: 6 });

    expect((await mcoin("sandbox", "tenants", "--delete", "ci-42")).stdout).toBe("tenant ci-42 deleted\n");
    const again = await mcoin("sandbox", "tenants", "--delete", "ci-42");
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain("no tenant ci-42");
    expect((await mcoin("sandbox", "tenants", "--delete", "CI_42")).stderr).toContain("lower-case letters");
  });
});
