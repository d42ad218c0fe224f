/**
 * Every mcoin command against a sandbox served over HTTP in this process, run as an engineer runs
 * them: a real process, its output and its exit code.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import CryptoJS from "crypto-js";
import NodeRSA from "node-rsa";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApiClient } from "#core/api/client";
import { createFetchTransport } from "#core/api/transport";
import { applyRefund } from "#core/api/wallet-endpoints";
import { sealRequest } from "#core/node/gateway/envelope";
import { gatewaySettings } from "#core/node/gateway/settings";
import { invalidRecordingFiles } from "../harness/recording/testing";
import { MCOIN, ROOT, runMcoin, type Run } from "./test-cli";
import { startSandboxServer, type RunningSandbox } from "../sandbox/server";
import { withKey } from "../sandbox/testing";

const PRIVATE_KEY = join(ROOT, "fixtures/keys/sandbox-gateway-private.pem");

let sandbox: RunningSandbox;
let work: string;

beforeAll(async () => {
  sandbox = await startSandboxServer({ port: 0, host: "127.0.0.1" });
  work = mkdtempSync(join(tmpdir(), "mcoin-cli-"));
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.sandbox.state.reset());

/** Runs mcoin against the test's sandbox (asynchronously: the sandbox answers from this process). */
function mcoin(...args: string[]): Promise<Run> {
  return mcoinWith({}, ...args);
}

function mcoinWith(env: Record<string, string>, ...args: string[]): Promise<Run> {
  return runMcoin(sandbox.url, env, ...args);
}

const json = <T = Record<string, any>>(run: Run): T => JSON.parse(run.stdout) as T;

describe("mcoin gateway call", () => {
  it("prints the decrypted task detail", async () => {
    const run = await mcoin("gateway", "call", "getTaskDetail", "--data", '{"task_no":"T1","cust_id_ciphertext":"C1"}', "--env", "sandbox", "--json");
    expect(run.code).toBe(0);
    expect(json(run)).toMatchObject({ result: { code: "000000", subCode: "0000" }, data: { task_no: "T1", threshold_value: 15 } });
  });

  it("fails with a clear message and exit 1 with a wrong signing secret", async () => {
    const run = await mcoin("gateway", "call", "getTaskDetail", "--data", '{"task_no":"T1","cust_id_ciphertext":"C1"}', "--sign-secret", "wrong");
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("SIGNATURE_INVALID");
    expect(run.stderr).toContain("check the signing secret");
  });

  it("exits 2 for an unknown function or bad JSON", async () => {
    expect((await mcoin("gateway", "call", "deleteEverything")).code).toBe(2);
    expect((await mcoin("gateway", "call", "getTaskDetail", "--data", "{task_no:T1}")).code).toBe(2);
  });
});

describe("mcoin gateway encrypt, decrypt, sign and verify", () => {
  it("a request sealed by encrypt opens with decrypt --private-key, and with crypto-js and node-rsa", async () => {
    const body = { task_no: "T1", cust_id_ciphertext: "C1" };
    const sealed = await mcoin("gateway", "encrypt", "--body", JSON.stringify(body), "--json");
    expect(sealed.code).toBe(0);
    const file = join(work, "request.json");
    writeFileSync(file, sealed.stdout);
    const capture = json<{ headers: Record<string, string>; body: string; key: string; iv: string }>(sealed);

    const opened = await mcoin("gateway", "decrypt", file, "--private-key", PRIVATE_KEY, "--json");
    expect(opened.code).toBe(0);
    expect(json(opened).results[0]).toMatchObject({ request: body, requestDecrypted: true, key: capture.key, iv: capture.iv });

    // The oracles, independently.
    const rsa = new NodeRSA(readFileSync(PRIVATE_KEY, "utf8"));
    rsa.setOptions({ environment: "browser", encryptionScheme: "pkcs1" });
    const both = rsa.decrypt(Buffer.from(JSON.parse(capture.headers.Encrypt).symmetricKey, "base64"), "utf8");
    const plain = CryptoJS.AES.decrypt(capture.body, CryptoJS.enc.Utf8.parse(both.slice(0, 16)), {
      iv: CryptoJS.enc.Utf8.parse(both.slice(16)),
      mode: CryptoJS.mode.CBC,
      padding: CryptoJS.pad.Pkcs7,
    }).toString(CryptoJS.enc.Utf8);
    expect(JSON.parse(plain)).toEqual(body);
  });

  it("decrypts a body with --key and --iv, and says so when they are wrong", async () => {
    const ok = await mcoin("gateway", "decrypt", "--body", "Jw/Q1yca6kCKOm68KYM+5s41IKCN13sWwe9+xry/z55dai2mGYWRtRndnk/FBQVd", "--key", "0123456789abcdef", "--iv", "fedcba9876543210", "--json");
    expect(json(ok).body).toEqual({ task_no: "T1", cust_id_ciphertext: "C1" });
    const wrong = await mcoin("gateway", "decrypt", "--body", "Jw/Q1yca6kCKOm68KYM+5s41IKCN13sWwe9+xry/z55dai2mGYWRtRndnk/FBQVd", "--key", "0123456789abcdeX", "--iv", "fedcba9876543210");
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("does not decrypt");
    expect((await mcoin("gateway", "decrypt", "--key", "short")).code).toBe(2);
  });

  it("decrypts a captured request and its reply from a HAR file", async () => {
    const settings = gatewaySettings({ environment: "sandbox", vars: {}, sandboxUrl: sandbox.url, sandboxKeys: () => sandbox.sandbox.state.gatewayKeys });
    const sealed = sealRequest(settings, { functionUrl: "/bservice/discount/gateway/getTaskDetail", body: { system_name: "taskCenter", data_source: "H5", task_no: "T1", cust_id_ciphertext: "C1" } });
    const response = await fetch(`${sandbox.url}/bservice/discount/gateway/getTaskDetail`, { method: "POST", headers: sealed.headers, body: sealed.body });
    const har = {
      log: {
        entries: [
          {
            request: {
              url: `${sandbox.url}/bservice/discount/gateway/getTaskDetail`,
              headers: Object.entries(sealed.headers).map(([name, value]) => ({ name, value })),
              postData: { text: sealed.body },
            },
            response: { status: response.status, content: { text: await response.text() } },
          },
        ],
      },
    };
    const file = join(work, "capture.har");
    writeFileSync(file, JSON.stringify(har));
    const run = await mcoin("gateway", "decrypt", file, "--private-key", PRIVATE_KEY, "--json");
    expect(run.code).toBe(0);
    expect(json(run).results[0]).toMatchObject({ request: { task_no: "T1" }, status: 200, response: { data: { task_no: "T1", threshold_value: 15 } }, responseDecrypted: true });
  });

  it("sign gives the signature the request carries; verify accepts it and rejects a wrong secret", async () => {
    const sealed = await mcoin("gateway", "encrypt", "--body", '{"a":1}', "--json");
    const capture = json<{ headers: Record<string, string>; body: string; nonce: string; requestTime: string }>(sealed);
    const signed = await mcoin("gateway", "sign", "--body", capture.body, "--nonce", capture.nonce, "--time", capture.requestTime, "--json");
    expect(json(signed).signature).toBe(JSON.parse(capture.headers.Signature).signature);

    const file = join(work, "to-verify.json");
    writeFileSync(file, sealed.stdout);
    const good = await mcoin("gateway", "verify", file);
    expect(good.code).toBe(0);
    expect(good.stdout).toContain("signature ok");
    const bad = await mcoin("gateway", "verify", file, "--secret", "not-it");
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain("signature mismatch");
    expect((await mcoin("gateway", "sign", "--body", "x", "--nonce", "short")).code).toBe(2);
  });
});

describe("mcoin api", () => {
  it("calls the API as the app does, signing in a demo member first", async () => {
    const run = await mcoin("api", "GET", "/api/auth/basicinformation", "--login", "mpay-1001", "--json");
    expect(run.code).toBe(0);
    expect(json(run).data).toEqual({ amount: 1258, point: 12580, count: 0, revision: 0, pending: 0 });
    const calls = sandbox.sandbox.state.log().filter((call) => call.path === "/api/auth/basicinformation");
    expect(calls[0].openId).toBe("mpay-1001");
  });

  it("takes a token and a language, and sends a body", async () => {
    const token = (await (await fetch(`${sandbox.url}/member/login`, { method: "POST", body: '{"openId":"mpay-1002"}', headers: { "content-type": "application/json" } })).json()).data.token as string;
    const terms = await mcoin("api", "GET", "/api/auth/clause", "--token", token, "--lang", "en", "--json");
    expect(json(terms).data.content).toMatch(/^1\. mCoin are the points/);
    expect((await mcoin("api", "POST", "/api/auth/setClause", "--data", '{"clauseid":7,"status":1}', "--token", token)).code).toBe(0);
    expect(sandbox.sandbox.state.member("mpay-1002")?.clauseStatus).toBe(0);
  });

  it("checks a body against the registry before sending it, naming the wrong field, for any area's endpoint", async () => {
    const before = sandbox.sandbox.state.log().length;
    const bad = await mcoin("api", "POST", "/api/business/snapup", "--login", "mpay-1005", "--data", '{"offerId":7,"quantity":"two","mcoinUsed":0}');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("invalid request for createOrder: quantity:");
    const promotion = await mcoin("api", "POST", "/api/business/snapup/seckill", "--login", "mpay-1005", "--data", '{"itemId":-1}');
    expect(promotion.stderr).toContain("invalid request for seckillSnapUp: itemId:");
    // Nothing but the sign-ins reached the gateway.
    expect(
      sandbox.sandbox.state
        .log()
        .slice(before)
        .map((call) => call.path),
    ).toEqual(["/member/login", "/member/login"]);
    const unknown = await mcoin("api", "GET", "/api/not/declared", "--json");
    expect(unknown.stderr).toContain("GET /api/not/declared is not in the registry");
  });

  it("exits 1 with the gateway's words on a refusal, and 2 on bad usage", async () => {
    const refused = await mcoin("api", "GET", "/api/auth/basicinformation");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("NOT_LOGIN: not login");
    expect((await mcoin("api", "FETCH", "/api/system/time")).code).toBe(2);
    expect((await mcoin("api", "GET", "api/system/time")).code).toBe(2);
    expect((await mcoin("api", "POST", "/api/auth/setClause", "--data", "nope")).code).toBe(2);
    expect((await mcoin("api", "GET", "/api/system/time", "--lang", "fr")).code).toBe(2);
  });
});

describe("mcoin sandbox ledger and orders", () => {
  /** Sam (500 mCoin) buys 2 pieces of offer 7 with 300 mCoin and pays the rest in the wallet. */
  async function buyAndPay() {
    const state = sandbox.sandbox.state;
    const outcome = state.orders.place("mpay-1005", { offerId: 7, quantity: 2, mcoinUsed: 300, adult: false });
    if (!outcome.ok) throw new Error(outcome.reason);
    const order = outcome.value;
    const paid = await fetch(`${sandbox.url}/__wallet/pay`, {
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
    const token = (await (await fetch(`${sandbox.url}/member/login`, { method: "POST", body: '{"openId":"mpay-1005"}', headers: { "content-type": "application/json" } })).json()).data.token as string;
    const client = createApiClient({ baseUrl: sandbox.url, transport: createFetchTransport(), locale: "en", token });
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
  }, 60_000);

  it("lists a second payment of a paid order among the payments the wallet gives back", async () => {
    const order = await buyAndPay();
    const again = await fetch(`${sandbox.url}/__wallet/pay`, {
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
    await fetch(`${sandbox.url}/__wallet/pay`, {
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
    // Seven CLI processes: room for a loaded machine.
  }, 60_000);

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
  }, 20_000);

  it("exits 1 when a check fails or the notice is refused", async () => {
    const done = await mcoin("task", "run", "--token", "C1", "--no", "T-DONE", "--json");
    expect(done.code).toBe(1);
    expect(done.stdout).toContain("userExecStatus");
    const refused = await mcoin("task", "run", "--token", "C1", "--no", "T-NOTIFY-FAIL", "--json");
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain("TASK_REJECTED");
  }, 20_000);
});

describe("mcoin replay", () => {
  const RECORDINGS = join(ROOT, "fixtures/recordings");
  const fixture = (name: string): Record<string, any> => JSON.parse(readFileSync(join(RECORDINGS, name), "utf8"));
  /** A fresh folder of recordings for one test. */
  const folder = (files: Record<string, unknown>): string => {
    const dir = mkdtempSync(join(work, "replay-"));
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), typeof content === "string" ? content : JSON.stringify(content, null, 2));
    return dir;
  };

  it("replays the project's recordings green on a fresh sandbox", async () => {
    const run = await mcoin("replay", "fixtures/recordings", "--env", "sandbox", "--reset", "--login", "mpay-1001", "--cust", "C1");
    expect(run.stdout).toContain("9 matched, 0 differed, 0 failed, 0 skipped");
    expect(run.stdout).toMatch(/\[1\/9\] ✓/);
    expect(run.code).toBe(0);
  });

  it("replays every shipped recording with no flags at all: each says whom it needs, none is skipped", async () => {
    const run = await mcoin("replay", "fixtures/recordings");
    expect(run.stdout).toContain("9 matched, 0 differed, 0 failed, 0 skipped");
    expect(run.stdout).not.toContain("skipped:");
    expect(run.stderr).not.toContain("warning:");
    expect(run.code).toBe(0);
    expect((await mcoin("replay", "fixtures/recordings", "--strict")).code).toBe(0);
  }, 40_000);

  it("sends the sandbox's control token to --reset, and says when it is missing", async () => {
    const guarded = await startSandboxServer({ port: 0, host: "127.0.0.1", controlToken: "the-control-token-of-this-test" });
    try {
      const args = ["replay", "fixtures/recordings/02-system-time.json", "--reset"];
      const refused = await mcoinWith({ MCOIN_SANDBOX_URL: guarded.url }, ...args);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("the sandbox refused reset: HTTP 401");
      expect(refused.stderr).toContain("--control-token or set MCOIN_SANDBOX_CONTROL_TOKEN");
      expect((await mcoinWith({ MCOIN_SANDBOX_URL: guarded.url }, ...args, "--control-token", "the-control-token-of-this-test")).code).toBe(0);
      expect((await mcoinWith({ MCOIN_SANDBOX_URL: guarded.url, MCOIN_SANDBOX_CONTROL_TOKEN: "the-control-token-of-this-test" }, ...args)).code).toBe(0);
    } finally {
      await guarded.close();
    }
  });

  it("prints each difference with its path and kind, and exits 1", async () => {
    sandbox.sandbox.state.books.adjustBalance("mpay-1001", 99);
    const run = await mcoin("replay", "fixtures/recordings/03-basic-information.json");
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("data.point: changed 12580 → 99");
    const listed = json(await mcoin("replay", "fixtures/recordings/03-basic-information.json", "--json"));
    expect(listed.summary).toMatchObject({ matched: 0, differed: 1 });
    expect(listed.outcomes[0].differences).toContainEqual({ path: "data.point", kind: "changed", expected: 12580, actual: 99 });
  }, 40_000);

  it("names a type change apart from a changed value", async () => {
    const recording = fixture("03-basic-information.json");
    recording.response.body.data.point = "12580";
    const dir = folder({ "03-point-as-text.json": recording });
    const run = await mcoin("replay", dir);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('data.point: type changed string → number ("12580" → 12580)');
    const listed = json(await mcoin("replay", dir, "--json"));
    expect(listed.outcomes[0].differences).toEqual([{ path: "data.point", kind: "type changed", expected: "12580", actual: 12580 }]);
  }, 40_000);

  it("reports a need it cannot meet as a skip, says plainly that not everything was checked, and fails the run unless --allow-skips", async () => {
    const noCust = fixture("08-task-detail-browse.json");
    delete noCust.needs;
    const unknownMember = { ...fixture("03-basic-information.json"), needs: { member: "mpay-nobody" } };
    const dir = folder({ "08-no-cust.json": noCust, "03-unknown-member.json": unknownMember });
    const run = await mcoin("replay", dir);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("skipped: needs the task-center ciphertext: give the recording needs.cust, or pass --cust");
    expect(run.stdout).toContain("skipped: could not sign in mpay-nobody");
    expect(run.stdout).toContain("0 matched, 0 differed, 0 failed, 2 skipped");
    expect(run.stdout).toContain("NOT EVERYTHING WAS CHECKED: 2 recordings were skipped");
    expect(run.stdout).toContain("NOTHING WAS CHECKED");
    // Allowing skips does not make a run that checked nothing pass.
    expect((await mcoin("replay", dir, "--allow-skips")).code).toBe(1);
    expect((await mcoin("replay", dir, "--strict", "--allow-skips")).code).toBe(2);
    const mixed = folder({ "08-no-cust.json": noCust, "02-time.json": fixture("02-system-time.json") });
    expect((await mcoin("replay", mixed)).code).toBe(1);
    const allowed = await mcoin("replay", mixed, "--allow-skips");
    expect(allowed.stdout).toContain("1 matched, 0 differed, 0 failed, 1 skipped");
    expect(allowed.stdout).toContain("--allow-skips: the skips do not fail the run");
    expect(allowed.code).toBe(0);
    // The flags stand in for (and override) what the recordings name.
    const flagged = await mcoin("replay", dir, "--cust", "C1", "--login", "mpay-1001", "--strict");
    expect(flagged.stdout).toContain("2 matched, 0 differed, 0 failed, 0 skipped");
    expect(flagged.code).toBe(0);
  }, 60_000);

  it("exits 1 for a folder with nothing to replay, and 2 for a path that does not exist", async () => {
    const empty = await mcoin("replay", folder({ "notes.txt": "nothing here" }));
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain("nothing to replay");
    expect((await mcoin("replay", join(work, "no-such-folder"))).code).toBe(2);
  });

  it("--ignore leaves a reply field out of every comparison, beside the files' own ignore", async () => {
    sandbox.sandbox.state.books.adjustBalance("mpay-1001", 99);
    const dir = folder({ "03.json": fixture("03-basic-information.json") });
    expect((await mcoin("replay", dir)).code).toBe(1);
    const ignored = await mcoin("replay", dir, "--ignore", "$.data.point", "--ignore", "$.data.revision");
    expect(ignored.stdout).toContain("1 matched, 0 differed");
    expect(ignored.code).toBe(0);
    const bad = await mcoin("replay", dir, "--ignore", "data.point");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--ignore: a JSONPath starting with $");
    expect((await mcoin("replay", dir, "--pace", "slow")).code).toBe(2);
  }, 40_000);

  it("replays a HAR file: mcoin's entries with the secure call's decrypted bodies, a browser's sealed one skipped, pages dropped", async () => {
    const base = sandbox.url;
    const entry = (method: string, url: string, extra: { headers?: Record<string, string>; post?: Record<string, string>; content: Record<string, string>; comment?: unknown }) => ({
      startedDateTime: "2026-11-21T09:00:00.000Z",
      time: 5,
      request: {
        method,
        url,
        httpVersion: "HTTP/1.1",
        cookies: [],
        headers: Object.entries(extra.headers ?? {}).map(([name, value]) => ({ name, value })),
        queryString: [],
        ...(extra.post ? { postData: { mimeType: "application/json", ...extra.post } } : {}),
        headersSize: -1,
        bodySize: -1,
      },
      response: {
        status: 200,
        statusText: "OK",
        httpVersion: "HTTP/1.1",
        cookies: [],
        headers: [],
        content: { size: 0, mimeType: "application/json", ...extra.content },
        redirectURL: "",
        headersSize: -1,
        bodySize: -1,
      },
      cache: {},
      timings: { send: 0, wait: 5, receive: 0 },
      ...(extra.comment ? { comment: JSON.stringify(extra.comment) } : {}),
    });
    const task = fixture("08-task-detail-browse.json");
    const har = {
      log: {
        version: "1.2",
        creator: { name: "mcoin", version: "0.1.0" },
        entries: [
          entry("GET", `${base}/api/system/time`, {
            headers: { "accept-language": "zh" },
            content: { text: JSON.stringify({ code: 200, msg: "success", data: { sysTime: 1 } }) },
            comment: { mcoin: { kind: "api", ignore: ["$.data.sysTime"] } },
          }),
          entry("GET", `${base}/api/auth/basicinformation`, {
            headers: { authorization: "Bearer <token>", "accept-language": "zh" },
            content: { text: JSON.stringify(fixture("03-basic-information.json").response.body) },
            comment: { mcoin: { kind: "api", ignore: [], needs: { member: "mpay-1001" } } },
          }),
          entry("POST", `${base}${task.request.path}`, {
            headers: { Token: "<cust>" },
            post: { text: "<sealed>", comment: JSON.stringify(task.request.body) },
            content: { mimeType: "text/plain", text: "<sealed>", comment: JSON.stringify(task.response.body) },
            comment: { mcoin: { kind: "secure", ignore: [], needs: { cust: "C1" } } },
          }),
          entry("GET", "https://cdn.example.com/app.css", { content: { mimeType: "text/css", text: "body{}" } }),
          entry("POST", `${base}${task.request.path}`, { headers: { Token: "C1" }, post: { text: "c2VhbGVk" }, content: { mimeType: "text/plain", text: "c2VhbGVk" } }),
        ],
      },
    };
    const dir = folder({ "session.har": har });
    const run = await mcoin("replay", join(dir, "session.har"), "--allow-skips");
    expect(run.stdout).toContain("3 matched, 0 differed, 0 failed, 1 skipped");
    expect(run.stdout).toContain("skipped: the HAR holds the secure call sealed");
    expect(run.stdout).toContain("session.har entry 5");
    expect(run.code).toBe(0);
    // A folder's .har files are read beside its .json recordings.
    writeFileSync(join(dir, "02-system-time.json"), JSON.stringify(fixture("02-system-time.json")));
    expect((await mcoin("replay", dir, "--allow-skips")).stdout).toContain("4 matched, 0 differed, 0 failed, 1 skipped");
  }, 40_000);

  it("warns about recordings older than --max-age days and those without a date, without failing", async () => {
    const old = { ...fixture("02-system-time.json"), recordedAt: "2020-01-01" };
    const { recordedAt: _, ...undated } = fixture("07-no-token-is-not-login.json");
    const dir = folder({ "02-old.json": old, "07-undated.json": undated });
    const run = await mcoin("replay", dir);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/warning: 1 recording is older than 180 days .*02-old\.json \(recorded 2020-01-01, \d+ days ago\)/);
    expect(run.stderr).toContain("warning: 1 recording has no recordedAt, so its age is unknown: 07-undated.json");
    const patient = await mcoin("replay", dir, "--max-age", "100000");
    expect(patient.stderr).not.toContain("older than");
    expect((await mcoinWith({ MCOIN_REPLAY_MAX_AGE_DAYS: "100000" }, "replay", dir)).stderr).not.toContain("older than");
    expect(json(await mcoin("replay", dir, "--json")).warnings).toHaveLength(2);
    expect((await mcoin("replay", dir, "--max-age", "soon")).code).toBe(2);
  }, 40_000);

  it("--drift names a field whose type changed since it was recorded, and passes the unaltered recordings", async () => {
    const altered = fixture("03-basic-information.json");
    altered.response.body.data.point = "12580";
    const drifted = await mcoin("replay", folder({ "03.json": altered }), "--drift");
    expect(drifted.stdout).toContain("GET /api/auth/basicinformation (declared: basicInformation; 1 recording)");
    expect(drifted.stdout).toContain("data.point: recorded string, live number");
    expect(drifted.stdout).toContain("1 endpoint drifted");
    expect(drifted.code).toBe(1);
    const unaltered = await mcoin("replay", folder({ "03.json": fixture("03-basic-information.json") }), "--drift");
    expect(unaltered.stdout).toContain("GET /api/auth/basicinformation (declared: basicInformation; 1 recording): no drift");
    expect(unaltered.code).toBe(0);
    // Values never drift: a changed balance is the same shape.
    sandbox.sandbox.state.books.adjustBalance("mpay-1001", 99);
    const all = await mcoin("replay", "fixtures/recordings", "--drift", "--json");
    expect(json(all).summary).toMatchObject({ endpoints: 7, drifted: 0, unchecked: 0, recordings: 9, failed: 0, skipped: 0 });
    expect(all.code).toBe(0);
  }, 40_000);
});

describe("mcoin record", () => {
  interface Recorder {
    url: string;
    /** Stops it (SIGINT) and returns what it printed and its exit code. */
    stop(): Promise<Run>;
  }

  /** Starts `mcoin record` on a free port, in front of the test's sandbox unless `upstream` says otherwise. */
  async function startRecorder(args: string[], upstream = sandbox.url): Promise<Recorder> {
    const recorder = spawn(process.execPath, [MCOIN, "record", "--env", "sandbox", "--port", "0", "--json", ...args], {
      cwd: ROOT,
      env: { ...process.env, MCOIN_SANDBOX_URL: upstream },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    recorder.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => recorder.once("exit", resolve));
    const url = await new Promise<string>((resolve, reject) => {
      recorder.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk;
        if (stdout.includes("\n") && stdout.startsWith("{")) {
          try {
            resolve((JSON.parse(stdout.slice(0, stdout.lastIndexOf("}") + 1)) as { url: string }).url);
          } catch {
            // not the whole document yet
          }
        }
      });
      void exited.then((code) => reject(new Error(`the recorder exited (${code}): ${stderr}`)));
    });
    return {
      url,
      // The recorder writes an exchange after answering it: read its files once it has stopped.
      stop: async () => {
        recorder.kill("SIGINT");
        const code = await exited;
        // Every file it wrote is a recording by the published schema (docs/contract/recording.schema.json).
        const out = args[args.indexOf("--out") + 1];
        if (existsSync(out)) expect(invalidRecordingFiles(out)).toEqual([]);
        return { code, stdout, stderr };
      },
    };
  }

  /** A member's call through the recorder: signs in (POST /member/login) and sends one request. */
  async function asMember(base: string, openId: string, method: string, path: string, body?: unknown): Promise<Response> {
    const login = (await (await fetch(`${base}/member/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ openId }) })).json()) as {
      data: { token: string };
    };
    return fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${login.data.token}`, "content-type": "application/json", "accept-language": "zh" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  const readJson = (dir: string, file: string) => JSON.parse(readFileSync(join(dir, file), "utf8")) as Record<string, any>;

  it("records exchanges as replayable files with tokens redacted", async () => {
    const out = join(work, "recorded");
    const recorder = await startRecorder(["--out", out]);
    try {
      const login = await mcoin("api", "GET", "/api/auth/basicinformation", "--login", "mpay-1004", "--base-url", recorder.url, "--json");
      expect(login.code).toBe(0);
      expect((await mcoin("gateway", "call", "getTaskDetail", "--data", '{"task_no":"T-TYPE","cust_id_ciphertext":"C5"}', "--base-url", recorder.url)).code).toBe(0);
    } finally {
      expect((await recorder.stop()).code).toBe(0);
    }
    const files = readdirSync(out).sort();
    expect(files).toEqual(["001-post-member-login.json", "002-get-api-auth-basicinformation.json", "003-post-bservice-discount-gateway-gettaskdetail.json"]);
    const text = files.map((file) => readFileSync(join(out, file), "utf8")).join("\n");
    expect(text).not.toContain("sbx_");
    expect(text).toContain('"<token>"');
    const secure = readJson(out, files[2]);
    expect(secure).toMatchObject({ kind: "secure", replayable: true, request: { headers: { Token: "<cust>" } } });
    // The sandbox's demo ciphertext names whom the call acts as; the exchange itself keeps only <cust>.
    expect(secure.needs).toEqual({ cust: "C5" });
    expect(JSON.stringify([secure.request, secure.response])).not.toContain("C5");
    const first = readJson(out, files[0]);
    expect(first.ignore).toEqual([]);
    expect(first).not.toHaveProperty("volatile");
    // A sign-in names the member it signs in (a served recording issues that member's token).
    expect(first.needs).toEqual({ member: "mpay-1004" });
    expect(first.recordedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Date.parse(first.recordedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(readJson(out, files[1]).needs).toEqual({ member: "mpay-1004" });

    // Each recording says whom it acts as: no --login, no --cust.
    sandbox.sandbox.state.reset();
    const replay = await mcoin("replay", out);
    expect(replay.stdout).toContain("3 matched");
    expect(replay.code).toBe(0);
  });

  it("records a purchase, its retry and a task's notice so that they replay on a reset sandbox with no difference, once though kept twice", async () => {
    const out = join(work, "recorded-purchase");
    const recorder = await startRecorder(["--out", out, "--har", join(out, "session.har")]);
    const buy = (token: string, key: string, body: unknown) =>
      fetch(`${recorder.url}/api/business/snapup`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "accept-language": "zh", "Idempotency-Key": key },
        body: JSON.stringify(body),
      });
    try {
      const login = (await (
        await fetch(`${recorder.url}/member/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ openId: "mpay-1001" }) })
      ).json()) as {
        data: { token: string };
      };
      const first = await (await buy(login.data.token, "purchase-key-0000000001", { offerId: 1, quantity: 1, mcoinUsed: 2380 })).json();
      // The retry of a purchase whose answer was lost: the same key, the same order, no second effect.
      expect(await (await buy(login.data.token, "purchase-key-0000000001", { offerId: 1, quantity: 1, mcoinUsed: 2380 })).json()).toEqual(first);
      expect((await buy(login.data.token, "purchase-key-0000000002", { offerId: 1, quantity: 1, mcoinUsed: 2380 })).status).toBe(200);
      expect((await asMember(recorder.url, "mpay-1001", "GET", "/api/mini/order/list?tab=all")).status).toBe(200);
      expect((await mcoin("task", "run", "--token", "C7", "--no", "T-QUICK", "--base-url", recorder.url)).code).toBe(0);
      // The wallet's sign-in: a single-use code from the sandbox's sign-in page, exchanged through the recorder.
      const authorize = await fetch(`${sandbox.url}/oauth/authorize`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ openId: "mpay-1002", redirect_uri: "http://localhost:3000/index", state: "" }),
        redirect: "manual",
      });
      const code = new URL(authorize.headers.get("location")!).searchParams.get("code")!;
      expect((await fetch(`${recorder.url}/macaupasssave?code=${code}&state=`, { headers: { "accept-language": "zh", mpay: "1" } })).status).toBe(200);
    } finally {
      expect((await recorder.stop()).code).toBe(0);
    }
    const files = readdirSync(out).filter((file) => file.endsWith(".json"));
    const purchases = files.filter((file) => file.includes("snapup")).map((file) => readJson(out, file));
    expect(purchases.map((recording) => recording.request.headers["Idempotency-Key"])).toEqual(["<key:1>", "<key:1>", "<key:2>"]);
    expect(purchases.map((recording) => recording.needs)).toEqual([{ member: "mpay-1001" }, { member: "mpay-1001" }, { member: "mpay-1001" }]);
    expect(readFileSync(join(out, "session.har"), "utf8")).not.toContain("purchase-key-");
    // The HAR says whom each exchange acts as too, so that it replays on its own.
    const harEntries = (JSON.parse(readFileSync(join(out, "session.har"), "utf8")) as { log: { entries: { request: { url: string }; comment: string }[] } }).log.entries;
    expect(harEntries.filter((entry) => entry.request.url.includes("snapup")).map((entry) => (JSON.parse(entry.comment) as { mcoin: { needs?: unknown } }).mcoin.needs)).toEqual([
      { member: "mpay-1001" },
      { member: "mpay-1001" },
      { member: "mpay-1001" },
    ]);
    const signIn = readJson(
      out,
      files.find((file) => file.includes("macaupasssave"))!,
    );
    expect(signIn).toMatchObject({ replayable: false, needs: { member: "mpay-1002" }, request: { query: { code: "<code>" } } });

    sandbox.sandbox.state.reset();
    const replay = await mcoin("replay", out, "--reset");
    expect(replay.stderr).toContain(`session.har is a copy of ${files.length} JSON recordings beside it: replayed the .json files, not the HAR`);
    expect(replay.stderr).toMatch(/waited \d\.\d s before POST \/bservice\/discount\/gateway\/scanTypeTaskNotify/);
    // Every exchange runs, the wallet's sign-in with a new code from the sandbox.
    expect(replay.stdout).toContain(`${files.length} matched, 0 differed, 0 failed, 0 skipped`);
    expect(replay.code).toBe(0);
    // Sent at once, the notice comes too early for the task center.
    const fast = await mcoin("replay", out, "--reset", "--pace", "fast");
    expect(fast.stdout).toContain('result.code: changed "000000" → "TASK_TOO_EARLY"');
    expect(fast.code).toBe(1);
  }, 90_000);

  it("redacts the phone numbers and signatures it sees, and leaves them out of what replay compares", async () => {
    const out = join(work, "recorded-phone");
    const recorder = await startRecorder(["--out", out]);
    try {
      expect((await asMember(recorder.url, "mpay-1003", "GET", "/api/mini/userAddress/lists")).status).toBe(200);
      expect((await asMember(recorder.url, "mpay-1001", "POST", "/macaupassconfig", { url: "http://mall.test/", state: "s1" })).status).toBe(200);
    } finally {
      await recorder.stop();
    }
    const files = readdirSync(out).sort();
    const text = files.map((file) => readFileSync(join(out, file), "utf8")).join("\n");
    expect(text).not.toContain("62888999");
    expect(text).not.toContain("91234567");
    const addresses = readJson(
      out,
      files.find((file) => file.includes("useraddress"))!,
    );
    expect(addresses.response.body.data.snatchList.map((address: { mobile: string }) => address.mobile)).toEqual(["<redacted:phone>", "<redacted:phone>"]);
    expect(addresses.ignore).toEqual(["$.data.snatchList[0].mobile", "$.data.snatchList[1].mobile"]);
    const config = readJson(
      out,
      files.find((file) => file.includes("macaupassconfig"))!,
    );
    expect(config.response.body.data.signature).toBe("<redacted:signature>");
    expect(config.ignore).toEqual(["$.data.timestamp", "$.data.nonceStr", "$.data.signature"]);

    const replay = await mcoin(
      "replay",
      join(
        out,
        files.find((file) => file.includes("useraddress"))!,
      ),
      "--login",
      "mpay-1003",
    );
    expect(replay.stdout).toContain("1 matched");
    expect(replay.code).toBe(0);
  });

  it("takes extra rules from --redact-field and --redact-rules, and says what is wrong with a bad rules file", async () => {
    const rulesFile = join(work, "extra-rules.json");
    writeFileSync(
      rulesFile,
      JSON.stringify({
        rules: [
          { name: "street", pattern: "新馬路 \\d+ 號", in: ["response"] },
          { name: "nickname", fields: ["name"], placeholder: "<person>" },
        ],
      }),
    );
    const out = join(work, "recorded-extra");
    const recorder = await startRecorder(["--out", out, "--redact-field", "openId", "--redact-rules", rulesFile]);
    try {
      expect((await asMember(recorder.url, "mpay-1001", "GET", "/api/mini/userAddress/lists")).status).toBe(200);
    } finally {
      const stopped = await recorder.stop();
      expect(stopped.stderr).toBe("");
    }
    const [login, addresses] = readdirSync(out).sort();
    expect(readJson(out, login).request.body).toEqual({ openId: "<redacted:openid>" });
    expect(readJson(out, addresses).response.body.data.snatchList[0]).toMatchObject({ name: "<person>", address: "<redacted:street> 8 樓 A 座", mobile: "<redacted:phone>" });

    writeFileSync(rulesFile, JSON.stringify({ rules: [{ name: "street", pattern: "(" }] }));
    const bad = await mcoin("record", "--out", join(work, "never"), "--port", "0", "--redact-rules", rulesFile);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("rules[0].pattern: not a valid regular expression");
    expect(bad.stderr).not.toMatch(/\n\s+at /);
  });

  it("refuses to write a recording (or a HAR entry) in which a secret survived, and says where", async () => {
    const { createServer } = await import("node:http");
    const digest = "b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9";
    // An upstream whose reply carries a key-like hex run under a name no rule knows.
    const upstream = createServer((request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(request.url === "/leaky" ? { code: 200, data: { digest } } : { code: 200, data: { ok: true } }));
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    const out = join(work, "recorded-refused");
    const har = join(work, "refused.har");
    try {
      const recorder = await startRecorder(["--out", out, "--har", har], `http://127.0.0.1:${(upstream.address() as { port: number }).port}`);
      let stopped: Run;
      try {
        expect((await fetch(`${recorder.url}/clean`)).status).toBe(200);
        const leaky = await fetch(`${recorder.url}/leaky`);
        expect(await leaky.json()).toEqual({ code: 200, data: { digest } }); // the caller still gets its reply
        expect((await fetch(`${recorder.url}/clean`)).status).toBe(200);
      } finally {
        stopped = await recorder.stop();
      }
      expect(readdirSync(out).sort()).toEqual(["001-get-clean.json", "003-get-clean.json"]);
      expect(stopped.stderr).toContain("refused 200 GET /leaky: 002-get-leaky.json not written: a secret survived redaction");
      expect(stopped.stderr).toContain("hex-run at $.response.body.data.digest: b94d…e9 (64 chars)");
      expect(stopped.stderr).toContain("refused.har not rewritten");
      expect(stopped.stderr).not.toContain(digest);
      expect(stopped.code).toBe(1);
      const written = JSON.parse(readFileSync(har, "utf8")) as { log: { entries: { request: { url: string } }[] } };
      expect(written.log.entries.map((entry) => new URL(entry.request.url).pathname)).toEqual(["/clean", "/clean"]);
      expect(readFileSync(har, "utf8")).not.toContain(digest);
    } finally {
      await new Promise((resolve) => upstream.close(resolve));
    }
  });

  it("--har writes the session as a HAR 1.2 file with the secure calls' decrypted bodies in the comments, and no secret", async () => {
    const { findSecrets } = await import("#harness/redaction");
    const out = join(work, "recorded-har");
    const har = join(work, "har", "session.har");
    const recorder = await startRecorder(["--out", out, "--har", har]);
    try {
      expect((await asMember(recorder.url, "mpay-1003", "GET", "/api/mini/userAddress/lists?page=1")).status).toBe(200);
      expect((await mcoin("gateway", "call", "getTaskDetail", "--data", '{"task_no":"T1","cust_id_ciphertext":"C5"}', "--base-url", recorder.url)).code).toBe(0);
    } finally {
      await recorder.stop();
    }
    const text = readFileSync(har, "utf8");
    const document = JSON.parse(text) as { log: Record<string, any> };
    expect(findSecrets(document)).toEqual([]);
    for (const secret of ["sbx_", "C5", "62888999"]) expect(text).not.toContain(secret);
    const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
    expect(document.log.version).toBe("1.2");
    expect(document.log.creator).toEqual({ name: "mcoin", version });
    const [login, addresses, secure] = document.log.entries as Record<string, any>[];
    expect(document.log.entries).toHaveLength(3);

    expect(login.request).toMatchObject({ method: "POST", url: `${sandbox.url}/member/login`, httpVersion: "HTTP/1.1", postData: { mimeType: "application/json", text: '{"openId":"mpay-1003"}' } });
    expect(JSON.parse(login.response.content.text)).toMatchObject({ data: { token: "<token>" } });
    expect(JSON.parse(login.comment)).toEqual({ mcoin: { kind: "api", ignore: [], needs: { member: "mpay-1003" } } });

    expect(addresses.request.url).toBe(`${sandbox.url}/api/mini/userAddress/lists?page=1`);
    expect(addresses.request.queryString).toEqual([{ name: "page", value: "1" }]);
    expect(addresses.request.headers).toEqual(expect.arrayContaining([{ name: "authorization", value: "Bearer <token>" }]));
    expect(addresses.response).toMatchObject({ status: 200, statusText: "OK", content: { mimeType: "application/json" } });
    expect(addresses.response.content.size).toBeGreaterThan(0);
    expect(addresses).toMatchObject({ cache: {}, timings: { send: 0, receive: 0 } });
    expect(typeof addresses.startedDateTime).toBe("string");
    expect(JSON.parse(addresses.comment).mcoin.ignore).toEqual(["$.data.snatchList[0].mobile", "$.data.snatchList[1].mobile"]);

    expect(secure.request.postData.text).toBe("<sealed>");
    expect(secure.response.content.text).toBe("<sealed>");
    expect(JSON.parse(secure.request.postData.comment)).toMatchObject({ task_no: "T1", cust_id_ciphertext: "<cust>" });
    expect(JSON.parse(secure.response.content.comment)).toMatchObject({ result: { code: "000000" }, data: { task_no: "T1" } });
    const headers = Object.fromEntries((secure.request.headers as { name: string; value: string }[]).map(({ name, value }) => [name.toLowerCase(), value]));
    expect(headers).toMatchObject({ token: "<cust>", signature: "<redacted:signature>", encrypt: "<redacted:key>" });
    expect(JSON.parse(secure.comment)).toEqual({ mcoin: { kind: "secure", ignore: [] } });

    // The reader (mcoin replay FILE.har) takes it back: the same calls, matched again.
    sandbox.sandbox.state.reset();
    const replay = await mcoin("replay", har, "--login", "mpay-1003", "--cust", "C5");
    expect(replay.stdout).toContain("3 matched");
    expect(replay.code).toBe(0);
  });

  it("--har without a private key keeps the secure bodies sealed, with no comments", async () => {
    const out = join(work, "recorded-sealed");
    const har = join(work, "sealed.har");
    const wrongKey = join(work, "other-private.pem");
    writeFileSync(wrongKey, new NodeRSA({ b: 1024 }).exportKey("pkcs1-private-pem"));
    const recorder = await startRecorder(["--out", out, "--har", har, "--private-key", wrongKey]);
    try {
      expect((await mcoin("gateway", "call", "getTaskDetail", "--data", '{"task_no":"T1","cust_id_ciphertext":"C5"}', "--base-url", recorder.url)).code).toBe(0);
    } finally {
      await recorder.stop();
    }
    const [entry] = (JSON.parse(readFileSync(har, "utf8")) as { log: { entries: Record<string, any>[] } }).log.entries;
    expect(entry.request.postData).toEqual({ mimeType: expect.any(String), text: "<sealed>" });
    expect(entry.response.content).not.toHaveProperty("comment");
    expect(entry.response.content.text).toBe("<sealed>");
    const [file] = readdirSync(out);
    expect(readJson(out, file)).toMatchObject({ kind: "secure", replayable: false, request: { body: "<sealed>" }, response: { body: "<sealed>" } });
  });
});
