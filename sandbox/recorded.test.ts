/**
 * Recordings served as an environment (harness/serve/book.ts): lenient matching, sequences, the
 * templating of tokens and times, secure calls answered on their opened request, and --strict's 404
 * naming the closest recorded exchange.
 */
import { setupServer } from "msw/node";
import { describe, expect, it } from "vitest";
import { createFetchTransport } from "#core/api/transport";
import { TASK_DETAIL_URL } from "#core/api/task-center";
import { createGatewayClient } from "#core/node/gateway/client";
import { gatewaySettings } from "#core/node/gateway/settings";
import { BASE, exchange, serving } from "./recorded-testing";
import { differences, personasOf } from "#harness/serve";

describe("matching", () => {
  const recorded = exchange({ method: "POST", path: "/api/mini/userAddress/update", query: { lang: "en", t: "1" }, body: { id: 1, action: "DEFAULT", idempotencyKey: "<key:1>" } });
  const request = {
    kind: "api" as const,
    method: "POST",
    path: "/api/mini/userAddress/update",
    query: { lang: "en", t: "1", extra: "x" },
    body: { id: 1, action: "DEFAULT", idempotencyKey: "fresh", more: true },
    auth: false,
  };

  it("holds when what the recording holds is there and equal, whatever else the request carries", () => {
    expect(differences(recorded, request)).toEqual([]);
  });

  it("ignores placeholders, volatile fields and secrets' values", () => {
    const withSecrets = exchange({ query: { session: "<token>", timestamp: "1795000000000" }, body: { code: "<code>", nonce: "n1", note: "<redacted:email>" } });
    expect(
      differences(withSecrets, {
        kind: "api",
        method: "GET",
        path: "/api/auth/basicinformation",
        query: { session: "live", timestamp: "1" },
        body: { code: "X9", nonce: "n2", note: "someone@example.com" },
        auth: false,
      }),
    ).toEqual([]);
  });

  it("names each field that differs", () => {
    expect(differences(recorded, { ...request, method: "PUT", query: { lang: "zh", t: "1" }, body: { id: 2, action: "DEFAULT" } })).toEqual(["method", "query lang", "body $.id"]);
  });

  it("tells a call made with a token from one made without", () => {
    expect(differences(exchange({ auth: true }), { kind: "api", method: "GET", path: "/api/auth/basicinformation", query: {}, body: undefined, auth: false })).toEqual([
      "header Authorization (recorded with a token)",
    ]);
  });
});

describe("serving recordings", () => {
  it("at the start, answers a repeated request with the recorded replies in order, then the last again; a reset starts over", async () => {
    const { sandbox, send } = serving(
      [
        exchange({ reply: { code: 200, data: { point: 100 } } }),
        exchange({ reply: { code: 200, data: { point: 90 } } }),
        exchange({ path: "/api/system/time", reply: { code: 200, data: { sysTime: 1 } } }),
      ],
      false,
      "start",
    );
    expect((await send("/api/auth/basicinformation")).body.data.point).toBe(100);
    expect((await send("/api/auth/basicinformation")).body.data.point).toBe(90);
    expect((await send("/api/auth/basicinformation")).body.data.point).toBe(90);
    sandbox.reset();
    expect((await send("/api/auth/basicinformation")).body.data.point).toBe(100);
  });

  it("fills <token> with a live token of the recording's member, which the sandbox itself then accepts", async () => {
    const { sandbox, send } = serving([exchange({ method: "POST", path: "/member/login", body: { openId: "mpay-1001" }, reply: { code: 200, data: { token: "<token>" } }, member: "mpay-1001" })]);
    const login = await send("/member/login", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ openId: "mpay-1001" }) });
    const token = login.body.data.token as string;
    expect(token).toMatch(/^sbx_/);
    expect(sandbox.domain.logins.memberByToken(token)?.openId).toBe("mpay-1001");
    // Not recorded, not strict: the stateful sandbox answers, for that member.
    const info = await send("/api/auth/basicinformation", { headers: { authorization: `Bearer ${token}` } });
    expect(info.body.data.point).toBe(sandbox.domain.books.balance("mpay-1001"));
  });

  it("moves recorded times by as much as the clock moved since the recording", async () => {
    const recordedAt = Date.parse("2026-11-21T10:00:00Z");
    const { sandbox, send } = serving([exchange({ path: "/api/system/time", recordedAt, reply: { code: 200, data: { sysTime: recordedAt, payBy: recordedAt + 86_400_000, id: 13, amount: 2380 } } })]);
    const now = sandbox.instruments.clock.now();
    const { data } = (await send("/api/system/time")).body;
    expect(Math.abs(data.sysTime - now)).toBeLessThan(1_000);
    // Every time, by the same amount: a window stays as long.
    expect(data.payBy - data.sysTime).toBe(86_400_000);
    // Not times: left as recorded.
    expect(data).toMatchObject({ id: 13, amount: 2380 });
  });

  it("moves order and coupon numbers to the day their times moved to, and matches a request naming a moved number", async () => {
    const recordedAt = Date.parse("2026-11-21T10:00:00+08:00");
    const { sandbox, send } = serving([
      exchange({
        method: "POST",
        path: "/api/business/snapup",
        recordedAt,
        reply: { code: 200, data: { orderNo: "MC20261121000013", coupons: [{ couponNo: "MC2026112100001301" }], note: "MC20261121" } },
      }),
      exchange({ path: "/api/mini/order/detail", query: { orderNo: "MC20261121000013" }, recordedAt, reply: { code: 200, data: { status: "paid" } } }),
    ]);
    const today = new Date(sandbox.instruments.clock.now() + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll("-", "");
    const { data } = (await send("/api/business/snapup", { method: "POST" })).body;
    expect(data).toEqual({ orderNo: `MC${today}000013`, coupons: [{ couponNo: `MC${today}00001301` }], note: "MC20261121" });
    expect((await send(`/api/mini/order/detail?orderNo=${data.orderNo}`)).body.data.status).toBe("paid");
    // Another serial is another order.
    expect(
      differences(exchange({ query: { orderNo: "MC20261121000013" } }), {
        kind: "api",
        method: "GET",
        path: "/api/auth/basicinformation",
        query: { orderNo: `MC${today}000014` },
        body: undefined,
        auth: false,
      }),
    ).toEqual(["query orderNo"]);
  });

  it("with --strict, answers a call nothing matches with a 404 naming the closest recording and what differed", async () => {
    // Recorded with a token, asked without: the nearest path still comes first.
    const { sandbox, send } = serving([exchange({ path: "/api/system/time" }), exchange({ name: "balance", source: "03-basic-information.json", auth: true })], true);
    const missed = await send("/api/auth/basicinformatio");
    expect(missed.status).toBe(404);
    expect(missed.body.msg).toBe("no recorded exchange matches GET /api/auth/basicinformatio; the closest: GET /api/auth/basicinformation (path, header Authorization (recorded with a token))");
    expect(missed.body.nearMiss.closest[0]).toMatchObject({ name: "balance (03-basic-information.json)", differs: ["path", "header Authorization (recorded with a token)"] });
    expect(sandbox.instruments.calls.since().at(-1)?.nearMiss?.reason).toBe("path");
    // The sandbox's own sign-in page and controls still answer.
    expect((await sandbox.handle(new Request(`${BASE}/oauth/authorize`))).status).toBe(200);
  });

  it("answers a secure gateway call on its opened request, sealed with the request's key and signed", async () => {
    const { sandbox } = serving([
      exchange({
        kind: "secure",
        method: "POST",
        path: TASK_DETAIL_URL,
        body: { system_name: "taskCenter", data_source: "H5", task_no: "T7", cust_id_ciphertext: "<cust>" },
        reply: { result: { code: "000000", subCode: "0000", message: "ok" }, data: { task_no: "T7", task_type: 0, threshold_type: 0, user_exec_status: 0, threshold_value: 15 } },
      }),
    ]);
    const server = setupServer(...sandbox.handlers);
    server.listen({ onUnhandledRequest: "error" });
    try {
      const settings = gatewaySettings({ environment: "sandbox", vars: {}, sandboxUrl: BASE, sandboxKeys: () => sandbox.state.gatewayKeys });
      const client = createGatewayClient(settings, { transport: createFetchTransport() });
      const reply = await client.call<{ data: { task_no: string } }>(TASK_DETAIL_URL, { system_name: "taskCenter", data_source: "H5", task_no: "T7", cust_id_ciphertext: "C1" }, { token: "C1" });
      expect(reply.data.task_no).toBe("T7");
    } finally {
      server.close();
    }
  });
});

describe("the served state", () => {
  const balances = [exchange({ reply: { code: 200, data: { point: 100 } } }), exchange({ reply: { code: 200, data: { point: 90 } } })];
  const refunds = [
    exchange({ method: "POST", path: "/api/mini/order/refund", reply: { code: 200, msg: "refunded" } }),
    exchange({ method: "POST", path: "/api/mini/order/refund", reply: { code: 409, msg: "already refunded" }, status: 409 }),
  ];

  it("at the end (the default), a read gets the last reply recorded for it, every time", async () => {
    const { send } = serving(balances);
    expect((await send("/api/auth/basicinformation")).body.data.point).toBe(90);
    expect((await send("/api/auth/basicinformation")).body.data.point).toBe(90);
  });

  it("at the end, a call that acts gets its replies in the order recorded", async () => {
    const { send } = serving(refunds);
    expect((await send("/api/mini/order/refund", { method: "POST" })).body.msg).toBe("refunded");
    expect((await send("/api/mini/order/refund", { method: "POST" })).body.msg).toBe("already refunded");
  });

  it("each tenant has its own place in the recordings: one tenant's calls do not move another's", async () => {
    const { send } = serving(refunds);
    const refund = (tenant: string) => send(`/tenants/${tenant}/api/mini/order/refund`, { method: "POST" });
    expect((await refund("a")).body.msg).toBe("refunded");
    expect((await refund("a")).body.msg).toBe("already refunded");
    expect((await refund("b")).body.msg).toBe("refunded");
    expect((await send("/api/mini/order/refund", { method: "POST" })).body.msg).toBe("refunded");
  });

  it("gives each persona what their replies show in the state served", () => {
    const mine = (reply: unknown, path = "/api/auth/basicinformation") => exchange({ path, reply, member: "p-7f3a9c21" });
    const recorded = [
      mine({ code: 200, data: { nickname: "陳大文", headimgurl: "https://img.example/a.png" } }, "/macaupasssave"),
      mine({ code: 200, data: { point: 5000 } }),
      mine({ code: 200, data: { point: "2620" } }),
      exchange({ member: "mpay-1001" }),
      exchange({ member: "not an id!" }),
    ];
    expect(personasOf(recorded, "end")).toEqual([
      { openId: "p-7f3a9c21", nickname: "陳大文", avatar: "https://img.example/a.png", point: 2620 },
      { openId: "mpay-1001", nickname: "mpay-1001" },
    ]);
    expect(personasOf(recorded, "start")[0]).toMatchObject({ nickname: "陳大文", point: 5000 });
  });
});
