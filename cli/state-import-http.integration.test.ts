/**
 * A busy sandbox's whole export goes back in over HTTP: `mcoin sandbox state import` sends it
 * gzip-compressed (core/controls/declarations.ts `gzipBody`), past the 1 MiB any other request may
 * send (sandbox/server.ts, sandbox/gzip-body.ts).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { orderList } from "#core/api/shop-endpoints";
import { runCli } from "./testing";
import { MAX_BODY_BYTES } from "../sandbox/server";
import { client, start } from "../sandbox/http-testing";
import { memberLogin } from "#core/api/endpoints";

/** Orders in the export: its JSON is many times the 1 MiB limit of any other request. */
const ORDERS = 10_000;

describe("a large state import over HTTP", () => {
  it(`takes an export of ${ORDERS} orders from the CLI, and serves them`, async () => {
    const { url, sandbox } = await start();
    const placed = sandbox.state.orders.place("mpay-1005", { offerId: 7, quantity: 1, mcoinUsed: 100, adult: false });
    if (!placed.ok) throw new Error(placed.reason);
    // The export of a busy sandbox, made from the one order: the same order under new ids.
    const exported = JSON.parse(sandbox.store.exportJson()) as { version: number; data: { orders: Record<string, { id: number; openId: string }> } };
    const order = exported.data.orders[String(placed.value.id)]!;
    for (let id = placed.value.id + 1; id <= placed.value.id + ORDERS; id++) exported.data.orders[String(id)] = { ...order, id };
    const orders = Object.values(exported.data.orders);
    const text = JSON.stringify(exported);
    expect(text.length).toBeGreaterThan(4 * MAX_BODY_BYTES);
    const file = join(mkdtempSync(join(tmpdir(), "mcoin-import-")), "busy.json");
    writeFileSync(file, text);

    sandbox.reset();
    const imported = await runCli(["sandbox", "state", "import", file, "--base-url", url], { fetch });
    expect(imported).toMatchObject({ code: 0, stdout: `imported ${file}\n` });

    expect(sandbox.state.orders.get("mpay-1005", placed.value.id + ORDERS)).toMatchObject({ id: placed.value.id + ORDERS });
    const { token } = (await client(url).call(memberLogin, { openId: "mpay-1005" })).data;
    const listed = (await client(url, token).call(orderList, { page: 1, size: 10 })).data;
    expect(listed.total).toBe(orders.filter((one) => one.openId === "mpay-1005").length);
  });
});
