/**
 * Tenants (sandbox/tenants.ts, docs/decisions/047-tenants.md): each `/tenants/NAME` is a sandbox of
 * its own, its members, orders, clock, faults, stubs, log and reset; the default tenant at the root
 * is the sandbox as it always was; the limits refuse in words; with --state every tenant is in the
 * one database, kept across a restart and gone when deleted.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import Database from "libsql";
import { systemTime } from "#core/api/endpoints";
import { createOrder, orderList } from "#core/api/shop-endpoints";
import { inspectorShell } from "#harness/inspector";
import { IN_PROCESS_BASE, inProcess, withKey } from "./testing";
import { exportStateFile } from "./store/store";
import { RateBucket, tenantOfPath } from "./tenants";

const CHAN = "mpay-1001";
const purchase = { offerId: 7, quantity: 1, mcoinUsed: 0 };
const stateFile = () => join(mkdtempSync(join(tmpdir(), "mcoin-tenants-")), "state.db");

describe("a tenant's path", () => {
  it("names the tenant and the path within it; a name that is not one is told apart", () => {
    expect(tenantOfPath("/api/mini/order/list")).toBeNull();
    expect(tenantOfPath("/tenantsx/a")).toBeNull();
    expect(tenantOfPath("/tenants/ci-42/api/x")).toEqual({ name: "ci-42", rest: "/api/x" });
    expect(tenantOfPath("/tenants/ci-42")).toEqual({ name: "ci-42", rest: "/" });
    for (const bad of ["/tenants/", "/tenants/CI", "/tenants/-a/x", "/tenants/a%2Fb/x", "/tenants/%E0%A4%A/x", `/tenants/${"a".repeat(41)}/x`])
      expect(tenantOfPath(bad), bad).toHaveProperty("invalid");
  });
});

describe("tenants of one sandbox", () => {
  it("see their own members, orders, faults, clock, stubs and log, and reset alone", async () => {
    const sandbox = inProcess();
    const [a, b] = [sandbox.tenant("team-a"), sandbox.tenant("team-b")];

    expect((await a.request("/__sandbox/members", { body: { openId: "only-in-a", point: 100 } })).status).toBe(200);
    const members = async (reach: typeof a) => ((await reach.request("/__sandbox/members")).body.members as { openId: string }[]).map((member) => member.openId);
    expect(await members(a)).toContain("only-in-a");
    expect(await members(b)).not.toContain("only-in-a");
    expect(await members(sandbox)).not.toContain("only-in-a");

    const order = (await (await a.client(CHAN)).call(createOrder, purchase, withKey())).data;
    const listed = async (reach: typeof a) => (await (await reach.client(CHAN)).call(orderList, { tab: "all", type: "all", page: 1, size: 50 })).data.list.map((each) => each.id);
    expect(await listed(a)).toContain(order.id);
    const ids = async (reach: typeof a) => ((await reach.request(`/__sandbox/members/${CHAN}/orders`)).body.orders as { id: number }[]).map((each) => each.id);
    expect(await ids(a)).toContain(order.id);
    expect(await ids(b)).not.toContain(order.id);
    expect(await ids(sandbox)).not.toContain(order.id);

    const later = Date.UTC(2030, 0, 1);
    await a.request("/__sandbox/clock", { body: { now: later, frozen: true } });
    expect((await (await a.client()).call(systemTime, {})).data.sysTime).toBe(later);
    expect(Math.abs((await (await b.client()).call(systemTime, {})).data.sysTime - Date.now())).toBeLessThan(60_000);

    await a.request("/__sandbox/faults", { body: { path: "/api/system/time", kind: "http500", times: 5 } });
    await expect((await a.client()).call(systemTime, {})).rejects.toThrow();
    await expect((await b.client()).call(systemTime, {})).resolves.toBeTruthy();
    expect((await b.request("/__sandbox/faults")).body.faults).toEqual([]);

    await a.request("/__sandbox/stubs", { body: { request: { method: "GET", url: "/only-a" }, response: { status: 200, body: "a's stub" } } });
    expect((await a.request("/only-a")).body).toBe("a's stub");
    expect((await b.request("/only-a")).status).toBe(404);

    const paths = async (reach: typeof a) => ((await reach.request("/__sandbox/log")).body.calls as { path: string }[]).map((call) => call.path);
    expect(await paths(a)).toContain("/api/business/snapup");
    expect(await paths(b)).not.toContain("/api/business/snapup");

    await b.request("/__sandbox/reset", { method: "POST" });
    expect(await members(a)).toContain("only-in-a");
    await a.request("/__sandbox/reset", { method: "POST" });
    expect(await members(a)).not.toContain("only-in-a");
  });

  it("each answer the sign-in page and the inspector under their own path", async () => {
    const sandbox = inProcess();
    const page = await sandbox.tenant("team-a").request(`/oauth/authorize?redirect_uri=${encodeURIComponent("http://localhost:3000/macaupasssave")}`);
    expect(page.body).toContain('action="/tenants/team-a/oauth/authorize"');
    expect((await sandbox.tenant("team-a").request("/__sandbox/inspect/api/info")).body.target).toBe(`${IN_PROCESS_BASE}/tenants/team-a`);
    expect(inspectorShell("/tenants/team-a")).toContain('src="/tenants/team-a/__sandbox/inspect/assets/inspector.js"');
  });

  it("are listed and deleted at the root only", async () => {
    const sandbox = inProcess();
    await sandbox.tenant("team-a").request("/__sandbox/members", { body: { openId: "a-1" } });
    await sandbox.tenant("team-b").request("/__sandbox/health");
    const listed = (await sandbox.request("/__sandbox/tenants")).body;
    expect(listed.tenants.map((tenant: { name: string }) => tenant.name)).toEqual(["team-a", "team-b"]);
    expect(listed.tenants[0]).toMatchObject({ path: "/tenants/team-a", members: 6 });
    expect((await sandbox.tenant("team-a").request("/__sandbox/tenants")).status).toBe(404);
    expect((await sandbox.request("/__sandbox/tenants/team-a", { method: "DELETE" })).status).toBe(200);
    expect((await sandbox.request("/__sandbox/tenants/team-a", { method: "DELETE" })).status).toBe(404);
    expect((await sandbox.request("/__sandbox/tenants")).body.tenants.map((tenant: { name: string }) => tenant.name)).toEqual(["team-b"]);
    // Asked again, it is a new tenant, at the fixtures.
    expect(((await sandbox.tenant("team-a").request("/__sandbox/members")).body.members as { openId: string }[]).map((member) => member.openId)).not.toContain("a-1");
  });
});

describe("the limits on tenants", () => {
  it("refuse a tenant past the count, a name that is not one, and a full tenant's writes, in words", async () => {
    const sandbox = inProcess({ tenantLimits: { maxTenants: 2, maxOrders: 2 } });
    expect((await sandbox.tenant("one").request("/__sandbox/health")).status).toBe(200);
    expect((await sandbox.tenant("two").request("/__sandbox/health")).status).toBe(200);
    const third = await sandbox.tenant("three").request("/__sandbox/health");
    expect(third.status).toBe(507);
    expect(third.body.error).toMatch(/holds 2 tenants, its limit/);
    expect((await sandbox.tenant("Bad_Name").request("/__sandbox/health")).status).toBe(404);

    const one = sandbox.tenant("one");
    await one.request("/__sandbox/reset", { method: "POST" });
    const history = (await one.request("/__sandbox/state")).body.orders.length as number;
    expect(history).toBeGreaterThanOrEqual(2);
    const refused = await one.request("/api/business/snapup", { body: purchase });
    expect(refused.status).toBe(507);
    expect(refused.body.error).toMatch(/its limit of 2: reset it/);
    expect((await one.request("/__sandbox/state")).status).toBe(200);
    // The root has no limits.
    expect((await (await sandbox.client(CHAN)).call(createOrder, purchase, withKey())).data.id).toBeGreaterThan(0);
  });

  it("refuse a tenant's requests past its rate with 429 and Retry-After, and not another's", async () => {
    const sandbox = inProcess({ tenantLimits: { requestsPerSecond: 5 } });
    const statuses: number[] = [];
    for (let n = 0; n < 20; n += 1) statuses.push((await sandbox.tenant("busy").request("/__sandbox/health")).status);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    const throttled = await sandbox.tenant("busy").request("/__sandbox/health");
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get("retry-after")).toBe("1");
    expect((await sandbox.tenant("quiet").request("/__sandbox/health")).status).toBe(200);
    expect((await sandbox.request("/__sandbox/tenants")).body.tenants.find((tenant: { name: string }) => tenant.name === "busy").throttled).toBeGreaterThan(0);
  });

  it("count a tenant's rate as a bucket: twice the rate at once, then the rate", () => {
    let now = 0;
    const bucket = new RateBucket(10, () => now);
    let taken = 0;
    while (bucket.take()) taken += 1;
    expect(taken).toBe(20);
    now += 500;
    taken = 0;
    while (bucket.take()) taken += 1;
    expect(taken).toBe(5);
  });
});

describe("tenants with --state", () => {
  it("are kept in the one database across a restart, and a deleted one is gone from it", async () => {
    const file = stateFile();
    const first = inProcess({ stateFile: file });
    await first.tenant("team-a").request("/__sandbox/members", { body: { openId: "kept-in-a" } });
    await first.tenant("team-b").request("/__sandbox/members", { body: { openId: "kept-in-b" } });
    await first.request("/__sandbox/members", { body: { openId: "kept-at-root" } });
    expect(Object.keys(JSON.parse(exportStateFile(file, "team-a")).data.members as object)).toContain("kept-in-a");
    expect(Object.keys(JSON.parse(exportStateFile(file, "team-a")).data.members as object)).not.toContain("kept-in-b");

    const second = inProcess({ stateFile: file });
    const ids = async (reach: ReturnType<typeof second.tenant>) => ((await reach.request("/__sandbox/members")).body.members as { openId: string }[]).map((member) => member.openId);
    expect((await second.request("/__sandbox/tenants")).body.tenants.map((tenant: { name: string }) => tenant.name)).toEqual(["team-a", "team-b"]);
    expect(await ids(second.tenant("team-a"))).toContain("kept-in-a");
    expect(await ids(second.tenant("team-b"))).toContain("kept-in-b");
    expect(await ids(second)).toContain("kept-at-root");
    expect(await ids(second)).not.toContain("kept-in-a");

    await second.request("/__sandbox/tenants/team-a", { method: "DELETE" });
    const third = inProcess({ stateFile: file });
    expect((await third.request("/__sandbox/tenants")).body.tenants.map((tenant: { name: string }) => tenant.name)).toEqual(["team-b"]);
  });

  it("move a database from before tenants to the default tenant, in order", async () => {
    const file = stateFile();
    const before = inProcess({ stateFile: file });
    await before.request("/__sandbox/members", { body: { openId: "from-before" } });
    const expected = JSON.parse(exportStateFile(file));
    // The same rows as a database written before tenants had them: no tenant column.
    const db = new Database(file);
    for (const table of ["members", "login_tokens", "login_codes", "task_runs", "searches", "offer_counters", "orders", "seckill_counters", "miles_orders"]) {
      db.exec(
        `CREATE TABLE ${table}_old (key TEXT PRIMARY KEY, value TEXT NOT NULL); INSERT INTO ${table}_old SELECT key, value FROM ${table} ORDER BY rowid; DROP TABLE ${table}; ALTER TABLE ${table}_old RENAME TO ${table};`,
      );
    }
    db.exec(`CREATE TABLE accounts_old (open_id TEXT PRIMARY KEY, value TEXT NOT NULL); INSERT INTO accounts_old SELECT open_id, value FROM accounts ORDER BY rowid; DROP TABLE accounts; ALTER TABLE accounts_old RENAME TO accounts;
      CREATE TABLE ledger_entries_old (open_id TEXT NOT NULL, seq INTEGER NOT NULL, entry TEXT NOT NULL, PRIMARY KEY (open_id, seq)); INSERT INTO ledger_entries_old SELECT open_id, seq, entry FROM ledger_entries ORDER BY rowid; DROP TABLE ledger_entries; ALTER TABLE ledger_entries_old RENAME TO ledger_entries;
      CREATE TABLE idempotency_keys_old (scope TEXT NOT NULL, key TEXT NOT NULL, at INTEGER NOT NULL, fingerprint TEXT NOT NULL, status INTEGER NOT NULL, body BLOB NOT NULL, PRIMARY KEY (scope, key)); INSERT INTO idempotency_keys_old SELECT scope, key, at, fingerprint, status, body FROM idempotency_keys ORDER BY rowid; DROP TABLE idempotency_keys; ALTER TABLE idempotency_keys_old RENAME TO idempotency_keys;
      CREATE TABLE sequences_old (name TEXT PRIMARY KEY, value INTEGER NOT NULL); INSERT INTO sequences_old SELECT name, value FROM sequences; DROP TABLE sequences; ALTER TABLE sequences_old RENAME TO sequences;`);
    expect((db.prepare("SELECT name FROM pragma_table_info('members')").all() as { name: string }[]).map((column) => column.name)).toEqual(["key", "value"]);
    db.close();

    const after = inProcess({ stateFile: file });
    expect(JSON.parse(after.sandbox.store.exportJson())).toEqual(expected);
  });
});
