/** The sandbox gateway over real HTTP, with the app's own undici transport and client: sign-in, the clock, faults, latency, the log, --state. Who may use the controls is control-access.integration.test.ts's; hostile requests hostile-http.integration.test.ts's. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { basicInformation, clause, macaupassSave, memberLogin, setClause, systemTime, userAddressList } from "#core/api/endpoints";
import { ApiError } from "#core/api/errors";
import { IDEMPOTENCY_HEADER, createOrder, orderStatus } from "#core/api/shop-endpoints";
import { HeldTimer } from "./instruments/timer";
import { client, closedAlready, control, signInThroughLoginPage, start } from "./http-testing";
import { exportStateFile } from "./store/store";

describe("the sandbox over HTTP", () => {
  it("serves the login flow: the sign-in page's code becomes a session once", async () => {
    const { url } = await start();
    const back = await signInThroughLoginPage(url, "mpay-1002", "mycoupon");
    expect(back.searchParams.get("state")).toBe("mycoupon");
    const code = back.searchParams.get("code") ?? "";

    const login = await client(url).call(macaupassSave, { code, state: "mycoupon" });
    expect(login.data).toMatchObject({ open_id: "mpay-1002", nickname: "Ana Sousa", state: "mycoupon" });
    expect(login.data.headimgurl).toMatch(/\/static\/avatars\/ana\.svg$/);
    expect(login.headers.get("gray-seckill")).toBe("0");
    const avatar = await fetch(login.data.headimgurl ?? "");
    expect(avatar.headers.get("content-type")).toBe("image/svg+xml");

    // A login code works once.
    await expect(client(url).call(macaupassSave, { code })).rejects.toMatchObject({ code: "NOT_LOGIN" });

    const api = client(url, login.data.token);
    expect((await api.call(basicInformation)).data).toEqual({ amount: 320, point: 3200, count: 0, revision: 0, pending: 0 });
    expect((await api.call(clause)).data.status).toBe(1);
    await api.call(setClause, { clauseid: 7, status: 1 });
    expect((await api.call(clause)).data.status).toBe(0);
  });

  it("copies the canary flag into the gray-seckill header", async () => {
    const { url } = await start();
    const code = (await signInThroughLoginPage(url, "mpay-1003")).searchParams.get("code") ?? "";
    expect((await client(url).call(macaupassSave, { code })).headers.get("gray-seckill")).toBe("1");
  });

  it("lists the member's addresses and refuses outdated terms", async () => {
    const { url } = await start();
    const token = (await client(url).call(memberLogin, { openId: "mpay-1003" })).data.token;
    const addresses = (await client(url, token).call(userAddressList)).data.snatchList;
    expect(addresses.map((address) => address.isDefault)).toEqual([1, 0]);
    await expect(client(url, token).call(setClause, { clauseid: 6, status: 1 })).rejects.toMatchObject({ code: "BUSINESS" });
  });

  it("keeps its clock where /__sandbox/clock puts it", async () => {
    const { url } = await start();
    const at = Date.parse("2026-12-24T20:00:00+08:00");
    await control(url, "/__sandbox/clock", { body: { now: "2026-12-24T20:00:00+08:00", frozen: true } });
    expect((await client(url).call(systemTime)).data.sysTime).toBe(at);
    await control(url, "/__sandbox/clock", { body: { now: null } });
    expect(Math.abs((await client(url).call(systemTime)).data.sysTime - Date.now())).toBeLessThan(2_000);
  });

  it("drops the connection for a network fault, which the client reports as NETWORK", async () => {
    const { url } = await start();
    await control(url, "/__sandbox/faults", { body: { path: "/api/system/time", kind: "network" } });
    const error = await client(url)
      .call(systemTime)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("NETWORK");
  });

  it("reports NETWORK when it is not running at all", async () => {
    const { url, close } = await start();
    await close();
    closedAlready();
    await expect(client(url).call(systemTime)).rejects.toMatchObject({ code: "NETWORK" });
  });

  it("adds --latency to every gateway call, and not to its controls", async () => {
    // The sandbox waits through its timer: held here until the test lets the latency pass.
    const timer = new HeldTimer();
    const { url } = await start({ latencyMs: 120, timer });
    let answered = false;
    const call = client(url)
      .call(systemTime)
      .finally(() => (answered = true));
    expect(await timer.waiting()).toBe(120);
    expect((await control(url, "/__sandbox/health")).status).toBe(200);
    expect(answered).toBe(false);
    timer.release();
    expect((await call).data.sysTime).toBeGreaterThan(0);
  });

  it("logs gateway calls, with the member, and not its controls", async () => {
    const { url } = await start();
    const token = (await client(url).call(memberLogin, { openId: "mpay-1001" })).data.token;
    await client(url, token).call(basicInformation);
    await fetch(`${url}/__sandbox/health`);
    const { calls } = (await (await fetch(`${url}/__sandbox/log`)).json()) as { calls: { path: string; openId?: string }[] };
    expect(calls.map((call) => [call.path, call.openId])).toEqual([
      ["/member/login", undefined],
      ["/api/auth/basicinformation", "mpay-1001"],
    ]);
  });

  it("answers bad control input with 400 and changes nothing", async () => {
    const { url } = await start();
    for (const body of ['{"path":"/x","kind":"meltdown"}', '{"kind":"http500"}', "not json", '{"path":"/x","kind":"delay","delayMs":-1}']) {
      const response = await control(url, "/__sandbox/faults", { body });
      expect(response.status, body).toBe(400);
    }
    expect(((await (await fetch(`${url}/__sandbox/faults`)).json()) as { faults: unknown[] }).faults).toEqual([]);
    expect((await control(url, "/__sandbox/clock", { body: { now: "yesterday-ish" } })).status).toBe(400);
    expect((await control(url, "/__sandbox/members/nobody", { method: "PATCH", body: {} })).status).toBe(404);
  });

  it("answers a malformed gateway request with 400, never a 500", async () => {
    const { url } = await start();
    const token = (await client(url).call(memberLogin, { openId: "mpay-1001" })).data.token;
    for (const body of ["{", '{"clauseid":7,"status":"yes"}', "[]"]) {
      const response = await fetch(`${url}/api/auth/setClause`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body,
      });
      expect(response.status, body).toBe(400);
    }
  });

  it("keeps members, tokens and codes across a restart with --state", async () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), "mcoin-sandbox-")), "state.json");
    const first = await start({ stateFile });
    const token = (await client(first.url).call(memberLogin, { openId: "mpay-1002" })).data.token;
    await client(first.url, token).call(setClause, { clauseid: 7, status: 1 });
    await first.close();
    closedAlready();
    expect(JSON.parse(exportStateFile(stateFile)).data.tokens[token].openId).toBe("mpay-1002");

    const second = await start({ stateFile });
    expect((await client(second.url, token).call(clause)).data.status).toBe(0);

    // Reset goes back to the fixtures, and the file follows.
    await fetch(`${second.url}/__sandbox/reset`, { method: "POST" });
    await expect(client(second.url, token).call(clause)).rejects.toMatchObject({ code: "NOT_LOGIN" });
  });

  it("with --state, has an order on disk before it confirms it, and closes it when its window passed while it was down", async () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), "mcoin-sandbox-")), "state.json");
    const first = await start({ stateFile });
    const token = (await client(first.url).call(memberLogin, { openId: "mpay-1005" })).data.token;
    const order = (await client(first.url, token).call(createOrder, { offerId: 7, quantity: 2, mcoinUsed: 300 }, { headers: { [IDEMPOTENCY_HEADER]: "restart-test-key-0001" } })).data;
    // Not closed yet: as if the process were killed now.
    const saved = JSON.parse(exportStateFile(stateFile)).data;
    expect(saved.orders[String(order.id)]).toMatchObject({ orderNo: order.orderNo, status: "awaiting_payment" });
    expect(saved.accounts["mpay-1005"].ledger.at(-1)).toMatchObject({ type: "purchase", balanceAfter: 200 });
    await first.close();
    closedAlready();

    const second = await start({ stateFile });
    const again = client(second.url, token);
    // The same request with its key is answered as before, with no second order.
    expect((await again.call(createOrder, { offerId: 7, quantity: 2, mcoinUsed: 300 }, { headers: { [IDEMPOTENCY_HEADER]: "restart-test-key-0001" } })).data.id).toBe(order.id);
    await control(second.url, "/__sandbox/clock", { body: { now: order.payBy + 1, frozen: true } });
    expect((await again.call(basicInformation)).data).toMatchObject({ point: 500, pending: 0 });
    expect((await again.call(orderStatus, { orderId: order.id })).data.status).toBe("closed");
  });

  it("renders the sign-in page in the asked language and refuses a missing return address", async () => {
    const { url } = await start();
    // What a screen reader says for a member's button: its text with the tags taken out.
    const text = (html: string) => html.replace(/<[^>]+>/g, "");
    const english = await (await fetch(`${url}/oauth/authorize?lang=en&redirect_uri=http%3A%2F%2Flocalhost%3A3000%2Findex`)).text();
    expect(text(english)).toContain("Continue as Ana Sousa");
    const chinese = await (await fetch(`${url}/oauth/authorize?redirect_uri=http%3A%2F%2Flocalhost%3A3000%2Findex`)).text();
    expect(text(chinese)).toContain("以 Ana Sousa 身份繼續");
    const noReturn = await (await fetch(`${url}/oauth/authorize?lang=en&redirect_uri=javascript:alert(1)`)).text();
    expect(noReturn).toContain("missing where to return to");
    expect(noReturn).not.toContain("javascript:");
  });
});
