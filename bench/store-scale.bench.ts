/**
 * The store at scale (issue 48, item 1): a purchase at 1k and at 100k orders side by side, health
 * answered while 10 purchases run at 100k, and a --state start at 100k. The orders are seeded as rows
 * straight into the database (a real order's row copied, closed, spread over members of 100 orders
 * each), not placed one by one. Purchases go to the gateway over HTTP, each flushed before its reply.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import Database from "libsql";
import { createApiClient } from "#core/api/client";
import { memberLogin } from "#core/api/endpoints";
import { IDEMPOTENCY_HEADER, createOrder } from "#core/api/shop-endpoints";
import { createUndiciTransport } from "#core/node/undici-transport";
import { startSandboxServer, type RunningSandbox } from "../sandbox/server";
import type { BenchResult } from "./report";

const SMALL = 1_000;
const LARGE = 100_000;
const PURCHASES = 30;
const ORDERS_PER_MEMBER = 100;
const BUYERS = ["mpay-1001", "mpay-1002", "mpay-1003"];
/** Offers paid in cash; purchases go round them so that no member reaches an offer's limit. */
const OFFERS = [4, 5, 11, 16, 17, 21, 22, 23, 29, 35, 39, 41, 45, 46, 47, 51, 52, 58, 59];

/** A --state database holding `count` orders (and their members), seeded as rows. */
async function seededDatabase(count: number): Promise<string> {
  const file = join(mkdtempSync(join(tmpdir(), "mcoin-store-bench-")), "state.db");
  const running = await startSandboxServer({ port: 0, stateFile: file });
  const placed = running.sandbox.domain.orders.place("mpay-1001", { offerId: 7, quantity: 1, mcoinUsed: 0, adult: false });
  if (!placed.ok) throw new Error(`the template order was refused: ${placed.reason}`);
  running.sandbox.store.flush();
  const template = JSON.parse(running.sandbox.store.exportJson()) as { data: { orders: Record<string, Record<string, unknown>>; members: Record<string, Record<string, unknown>> } };
  const order = template.data.orders[String(placed.value.id)]!;
  const member = template.data.members["mpay-1004"]!;
  await running.close();

  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  // The default tenant's rows ('': sandbox/store/sqlite-store.ts).
  const insertOrder = db.prepare("INSERT INTO orders (tenant, key, value) VALUES ('', ?, ?)");
  const insertMember = db.prepare("INSERT INTO members (tenant, key, value) VALUES ('', ?, ?)");
  const insertAccount = db.prepare("INSERT INTO accounts (tenant, open_id, value) VALUES ('', ?, ?)");
  const first = placed.value.id + 1;
  db.transaction(() => {
    for (let index = 0; index < count; index += 1) {
      const id = first + index;
      const openId = `bench-${Math.floor(index / ORDERS_PER_MEMBER)}`;
      if (index % ORDERS_PER_MEMBER === 0) {
        insertMember.run(openId, JSON.stringify({ ...member, openId, nickname: openId, addresses: [] }));
        insertAccount.run(openId, JSON.stringify({ revision: 0, likes: [], collections: [], mcoinCoupons: [], redeemedCodes: [], checkIns: [] }));
      }
      insertOrder.run(String(id), JSON.stringify({ ...order, id, orderNo: `MC20260101${String(id).padStart(6, "0")}`, openId, status: "closed" }));
    }
    db.prepare("UPDATE sequences SET value = ? WHERE tenant = '' AND name = 'orderSeq'").run(first + count - 1);
  })();
  db.close();
  return file;
}

async function buyers(sandbox: RunningSandbox) {
  const transport = createUndiciTransport();
  const anonymous = createApiClient({ baseUrl: sandbox.url, transport, locale: "en", timeoutMs: 60_000 });
  const clients = await Promise.all(
    BUYERS.map(async (openId) => createApiClient({ baseUrl: sandbox.url, transport, locale: "en", token: (await anonymous.call(memberLogin, { openId })).data.token, timeoutMs: 60_000 })),
  );
  let next = 0;
  /** One purchase; its time in ms. */
  return async () => {
    const index = next++;
    const client = clients[Math.floor(index / OFFERS.length) % clients.length]!;
    const key = `store-bench-${process.pid}-${String(index).padStart(6, "0")}`;
    const started = performance.now();
    await client.call(createOrder, { offerId: OFFERS[index % OFFERS.length]!, quantity: 1, mcoinUsed: 0, adult: true }, { headers: { [IDEMPOTENCY_HEADER]: key } });
    return performance.now() - started;
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The median purchase, one at a time, on a sandbox started on `file`. */
async function purchaseAt(file: string): Promise<{ ms: number; sandbox: RunningSandbox; purchase: () => Promise<number> }> {
  const sandbox = await startSandboxServer({ port: 0, stateFile: file });
  const purchase = await buyers(sandbox);
  for (let warm = 0; warm < 3; warm += 1) await purchase();
  const times: number[] = [];
  for (let index = 0; index < PURCHASES; index += 1) times.push(await purchase());
  return { ms: median(times), sandbox, purchase };
}

export async function storeScaleBench(): Promise<BenchResult[]> {
  const [small, large] = [await seededDatabase(SMALL), await seededDatabase(LARGE)];

  const started = performance.now();
  const cold = await startSandboxServer({ port: 0, stateFile: large });
  const startupMs = performance.now() - started;
  const loaded = cold.sandbox.store.data.orders.size;
  await cold.close();
  if (loaded < LARGE) throw new Error(`the sandbox started with ${loaded} orders, not the ${LARGE} seeded`);

  const atSmall = await purchaseAt(small);
  await atSmall.sandbox.close();
  const atLarge = await purchaseAt(large);

  // Health asked while 10 purchases are under way, five times; the slowest answer counts.
  const healthTimes: number[] = [];
  for (let round = 0; round < 5; round += 1) {
    const burst = Array.from({ length: 10 }, () => atLarge.purchase());
    const asked = performance.now();
    await fetch(`${atLarge.sandbox.url}/__sandbox/health`);
    healthTimes.push(performance.now() - asked);
    await Promise.all(burst);
  }
  await atLarge.sandbox.close();
  const healthMs = Math.max(...healthTimes);
  const ratio = atLarge.ms / atSmall.ms;

  return [
    {
      name: "store: a purchase at 100k orders",
      measured: `median of ${PURCHASES} purchases one at a time, --state, at ${LARGE} orders against ${SMALL}`,
      value: atLarge.ms,
      display: `${atLarge.ms.toFixed(1)} ms`,
      baseline: { name: `at ${SMALL} orders`, value: atSmall.ms, display: `${atSmall.ms.toFixed(1)} ms` },
      ratio,
      target: "at most 2×",
      pass: ratio <= 2,
    },
    {
      name: "store: health during 10 purchases at 100k",
      measured: "GET /__sandbox/health while 10 purchases run, slowest of 5 rounds",
      value: healthMs,
      display: `${healthMs.toFixed(1)} ms`,
      target: "under 50 ms",
      pass: healthMs < 50,
    },
    {
      name: "store: --state start at 100k orders",
      measured: `the sandbox started on a database of ${LARGE} orders (${loaded} loaded), until it listens`,
      value: startupMs,
      display: `${(startupMs / 1000).toFixed(2)} s`,
      target: "under 3 s",
      pass: startupMs < 3000,
    },
  ];
}
