/**
 * `kill -9` during a purchase burst with --state (issue 48): every order the sandbox acknowledged
 * is in the database when it starts again. The sandbox runs as `mcoin sandbox` in a child process,
 * killed with SIGKILL while purchases are still being answered, to its root and to a tenant at once
 * (their changes of a turn share one commit: sandbox/store/sqlite-store.ts).
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { memberLogin } from "#core/api/endpoints";
import { IDEMPOTENCY_HEADER, createOrder } from "#core/api/shop-endpoints";
import { client } from "./http-testing";
import { exportStateFile } from "./store/store";

// A process started twice, from the sources.
vi.setConfig({ testTimeout: 90_000 });

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const running = new Set<ReturnType<typeof spawn>>();
afterEach(() => {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  running.clear();
});

/** `mcoin sandbox --state file` on a free port; resolves with its address once it listens. */
function sandbox(stateFile: string) {
  const child = spawn(process.execPath, [join(ROOT, "bin/mcoin.mjs"), "sandbox", "--port", "0", "--json", "--state", stateFile], {
    cwd: ROOT,
    env: { ...process.env, MCOIN_CLI_FROM_SOURCE: "1", MCOIN_SANDBOX_CONTROL_TOKEN: undefined },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      const end = stdout.indexOf("\n}\n");
      if (end >= 0) resolve((JSON.parse(stdout.slice(0, end + 2)) as { url: string }).url);
    });
    child.once("close", (code) => reject(new Error(`the sandbox exited (${code}) first: ${stderr}`)));
  });
  const gone = new Promise<NodeJS.Signals | null>((resolve) => child.once("close", (_code, signal) => resolve(signal)));
  return { child, url, gone };
}

describe("kill -9 during a purchase burst with --state", () => {
  it("loses nothing the sandbox acknowledged", async () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), "mcoin-kill-")), "state.db");
    const first = sandbox(stateFile);
    const url = await first.url;
    const buyers = ["mpay-1001", "mpay-1002", "mpay-1003"];
    // Paid in cash (awaiting payment), spread over offers so that no purchase limit is reached.
    const offers = [1, 2, 3, 7, 8, 9, 12, 13, 16, 18];
    const tenants = ["", "burst"];
    const bases = tenants.map((tenant) => (tenant ? `${url}/tenants/${tenant}` : url));
    const tokens = await Promise.all(bases.map((base) => Promise.all(buyers.map(async (openId) => (await client(base).call(memberLogin, { openId })).data.token))));
    const acknowledged: { tenant: string; id: number; orderNo: string }[] = [];
    let killed = false;
    const purchase = async (index: number) => {
      try {
        const body = { offerId: offers[index % offers.length]!, quantity: 1, mcoinUsed: 0 };
        const at = index % tenants.length;
        const token = tokens[at]![index % buyers.length];
        const order = (await client(bases[at]!, token).call(createOrder, body, { headers: { [IDEMPOTENCY_HEADER]: `kill-burst-key-${String(index).padStart(4, "0")}` } })).data;
        if (killed) return;
        acknowledged.push({ tenant: tenants[at]!, id: order.id, orderNo: order.orderNo });
        // Killed mid-burst: others are on the wire, or being written.
        if (acknowledged.length === 15) {
          killed = true;
          first.child.kill("SIGKILL");
        }
      } catch {
        // Refused or cut off by the kill: not acknowledged.
      }
    };
    await Promise.all(Array.from({ length: 60 }, (_, index) => purchase(index)));
    expect(killed, "15 purchases acknowledged before the kill").toBe(true);
    expect(await first.gone).toBe("SIGKILL");

    expect(new Set(acknowledged.map((order) => order.tenant)).size, "acknowledged at the root and in the tenant").toBe(2);
    for (const tenant of tenants) {
      const saved = JSON.parse(exportStateFile(stateFile, tenant)) as { data: { orders: Record<string, { orderNo: string }> } };
      for (const { id, orderNo } of acknowledged.filter((order) => order.tenant === tenant)) expect(saved.data.orders[String(id)]?.orderNo, `order ${id} of tenant '${tenant}'`).toBe(orderNo);
    }

    // And the sandbox starts on it again, answering for those orders.
    const second = sandbox(stateFile);
    await second.url;
    second.child.kill("SIGTERM");
    await second.gone;
  });
});
