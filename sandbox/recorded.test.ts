/**
 * Recordings served as an environment (harness/serve/book.ts): lenient matching, sequences, the
 * templating of tokens and times, secure calls answered on their opened request, and --strict's 404
 * naming the closest recorded exchange.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setupServer } from "msw/node";
import { describe, expect, it } from "vitest";
import { createFetchTransport } from "#core/api/transport";
import { TASK_DETAIL_URL } from "#core/api/task-center";
import { createGatewayClient } from "#core/node/gateway/client";
import { gatewaySettings } from "#core/node/gateway/settings";
import { createSandbox } from "./index";
import { DEFAULT_FIXTURES_DIR } from "./fixtures";
import { differences, personasOf, recordedExchanges, type RecordedExchange, type RecordedRequest, type ServedAt } from "#harness/serve";

const BASE = "http://gateway.test";

const exchange = (overrides: Partial<RecordedExchange>): RecordedExchange => ({
  source: "test.json",
  name: "a call",
  kind: "api",
  method: "GET",
  path: "/api/auth/basicinformation",
  query: {},
  status: 200,
  reply: { code: 200, msg: "success", data: {} },
  ...overrides,
});

function serving(exchanges: RecordedExchange[], strict = false, at: ServedAt = "end") {
  const sandbox = createSandbox({ recordings: { exchanges, strict, at } });
  const send = async (path: string, init: RequestInit = {}) => {
    const response = await sandbox.handle(new Request(`${BASE}${path}`, init));
    return { status: response.status, body: await response.json() };
  };
  return { sandbox, send };
}

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

const PERSONA = "p-7f3a9c21";
const MALL = "http://localhost:3000";

/** A recording of a member of the partner's own: their sign-in, their balance and their address book. */
const personaRecording = (): RecordedExchange[] => [
  exchange({
    path: "/macaupasssave",
    query: { code: "<code>", state: "index" },
    auth: false,
    member: PERSONA,
    reply: { code: 200, msg: "success", data: { token: "<token>", open_id: PERSONA, state: "index", grayScaleMode: 0, nickname: "陳大文", headimgurl: "https://img.example/a.png" } },
  }),
  exchange({ method: "POST", path: "/macaupassconfig", body: { url: `${MALL}/index?lang=en`, state: "index" }, auth: true, member: PERSONA, reply: { code: 200, data: { appId: "a" } } }),
  exchange({ auth: true, member: PERSONA, reply: { code: 200, msg: "success", data: { amount: 0, point: 2620, count: 1 } } }),
];

/** Signs in through the sandbox's sign-in page as the member it lists under `nickname`, as the mall's round trip does. */
async function signInThroughPage(sandbox: ReturnType<typeof createSandbox>, openId: string) {
  const form = new URLSearchParams({ openId, redirect_uri: `${MALL}/login`, state: "index" });
  const chosen = await sandbox.handle(new Request(`${BASE}/oauth/authorize`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: form }));
  expect(chosen.status).toBe(302);
  return new URL(chosen.headers.get("location") ?? "").searchParams.get("code") ?? "";
}

describe("personas", () => {
  it("are members of the serving sandbox, listed on its sign-in page with their recorded nickname instead of the demo members", async () => {
    const { sandbox } = serving(personaRecording(), true);
    expect(sandbox.domain.members.get(PERSONA)).toMatchObject({ nickname: "陳大文" });
    expect(sandbox.domain.books.balance(PERSONA)).toBe(2620);
    const page = await (await sandbox.handle(new Request(`${BASE}/oauth/authorize?lang=en&state=index&redirect_uri=${encodeURIComponent(`${MALL}/login`)}`))).text();
    expect(page).toContain(`value="${PERSONA}"`);
    expect(page).toMatch(/<span class="vh">Continue as <\/span>陳大文<span class="vh"><\/span>/);
    expect(page).toContain("Recorded member");
    expect(page).not.toContain('value="mpay-1001"');
    // Still members after a reset.
    sandbox.reset();
    expect(sandbox.domain.members.get(PERSONA)).toBeDefined();
  });

  it("are members too when a state file kept from before the recordings were served is read", () => {
    const dir = mkdtempSync(join(tmpdir(), "mcoin-personas-"));
    try {
      const stateFile = join(dir, "state.json");
      const before = createSandbox({ stateFile });
      before.domain.books.adjustBalance("mpay-1001", 1);
      before.store.flush();
      const after = createSandbox({ stateFile, recordings: { exchanges: personaRecording() } });
      expect(after.domain.members.get(PERSONA)).toMatchObject({ nickname: "陳大文", blurb: { en: "Recorded member" } });
      expect(after.domain.books.balance(PERSONA)).toBe(2620);
      after.store.flush();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("signing in as one gets a live token bound to them, which gets their recorded replies; the login code is spent", async () => {
    const { sandbox, send } = serving(personaRecording(), true);
    const code = await signInThroughPage(sandbox, PERSONA);
    const login = await send(`/macaupasssave?code=${code}&state=index`);
    expect(login.body.data).toMatchObject({ open_id: PERSONA, nickname: "陳大文" });
    expect(login.body.data.token).toMatch(/^sbx_/);
    expect(sandbox.domain.logins.memberByToken(login.body.data.token)?.openId).toBe(PERSONA);
    const info = await send("/api/auth/basicinformation", { headers: { authorization: `Bearer ${login.body.data.token}` } });
    expect(info.body.data.point).toBe(2620);
    // Spent: the same code again signs no one in (the sandbox answers 'not login').
    expect((await send(`/macaupasssave?code=${code}&state=index`)).body.data?.token).toBeUndefined();
  });

  it("a demo member signing in on the same page gets the sandbox's own sign-in, not the persona's", async () => {
    const { sandbox, send } = serving(personaRecording(), true);
    const code = await signInThroughPage(sandbox, "mpay-1002");
    const login = await send(`/macaupasssave?code=${code}&state=index`);
    expect(login.body.data.open_id).toBe("mpay-1002");
    expect(sandbox.domain.logins.memberByToken(login.body.data.token)?.openId).toBe("mpay-1002");
  });
});

describe("bound to the member", () => {
  const balance = () => exchange({ auth: true, member: "mpay-1001", reply: { code: 200, msg: "success", data: { amount: 0, point: 424_242, count: 0 } } });

  it("another member's token gets the sandbox's own reply, not the recorded member's", async () => {
    const { sandbox, send } = serving([balance()]);
    const theirs = sandbox.domain.logins.issueToken("mpay-1001");
    const other = sandbox.domain.logins.issueToken("mpay-1002");
    expect((await send("/api/auth/basicinformation", { headers: { authorization: `Bearer ${theirs}` } })).body.data.point).toBe(424_242);
    expect((await send("/api/auth/basicinformation", { headers: { authorization: `Bearer ${other}` } })).body.data.point).toBe(sandbox.domain.books.balance("mpay-1002"));
  });

  it("with --strict, another member's token and an unknown one get a 404 saying the member differs", async () => {
    const { sandbox, send } = serving([balance()], true);
    const other = sandbox.domain.logins.issueToken("mpay-1002");
    const missed = await send("/api/auth/basicinformation", { headers: { authorization: `Bearer ${other}` } });
    expect(missed.status).toBe(404);
    expect(missed.body.msg).toBe(
      "no recorded exchange matches GET /api/auth/basicinformation; the closest: GET /api/auth/basicinformation (member (recorded for mpay-1001, the request is mpay-1002's))",
    );
    const unknown = await send("/api/auth/basicinformation", { headers: { authorization: "Bearer sbx_nobody" } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toContain("member (recorded for mpay-1001, the request names no member)");
  });

  it("a recorded secure call (fixtures/recordings) answers the same ciphertext in its Token header, and no other", async () => {
    const sandbox = createSandbox({ recordings: { exchanges: recordedExchanges(join(DEFAULT_FIXTURES_DIR, "recordings")), strict: true } });
    const server = setupServer(...sandbox.handlers);
    server.listen({ onUnhandledRequest: "error" });
    try {
      const settings = gatewaySettings({ environment: "sandbox", vars: {}, sandboxUrl: BASE, sandboxKeys: () => sandbox.state.gatewayKeys });
      const client = createGatewayClient(settings, { transport: createFetchTransport() });
      const detail = (cust: string) =>
        client.call<{ data?: { task_no: string } }>(TASK_DETAIL_URL, { system_name: "taskCenter", data_source: "H5", task_no: "T1", cust_id_ciphertext: cust }, { token: cust });
      expect((await detail("C1")).data?.task_no).toBe("T1");
      await expect(detail("C2")).rejects.toThrow();
      expect(sandbox.instruments.calls.since().at(-1)?.nearMiss?.message).toContain("member (recorded with the task center's ciphertext C1, the request carries another)");
    } finally {
      server.close();
    }
  });

  it("a secure call recorded with a ciphertext answers only that ciphertext", () => {
    const secure = exchange({ kind: "secure", method: "POST", path: TASK_DETAIL_URL, cust: "C1", body: { task_no: "T7", cust_id_ciphertext: "<cust>" } });
    const request = (cust: string): RecordedRequest => ({ kind: "secure", method: "POST", path: TASK_DETAIL_URL, query: {}, body: { task_no: "T7", cust_id_ciphertext: cust }, auth: true, cust });
    expect(differences(secure, request("C1"))).toEqual([]);
    expect(differences(secure, request("C2"))).toEqual(["member (recorded with the task center's ciphertext C1, the request carries another)"]);
  });
});

describe("port-blind", () => {
  const config = exchange({ method: "POST", path: "/macaupassconfig", query: { back: `${MALL}/index` }, body: { url: `${MALL}/offer/7?lang=en#top`, state: "index" } });
  const request = (url: string, back = `${MALL}/index`): RecordedRequest => ({ kind: "api", method: "POST", path: "/macaupassconfig", query: { back }, body: { url, state: "index" }, auth: false });

  it("matches the mall's page at any origin: another port, another host, another scheme", () => {
    for (const origin of ["http://localhost:49321", "http://127.0.0.1:3000", "https://mall.partner.example"]) {
      expect(differences(config, request(`${origin}/offer/7?lang=en#top`, `${origin}/index`))).toEqual([]);
    }
  });

  it("still tells another page, another query and a text that is not a URL", () => {
    expect(differences(config, request("http://localhost:49321/offer/8?lang=en#top"))).toEqual(["body $.url"]);
    expect(differences(config, request("http://localhost:49321/offer/7?lang=zh#top"))).toEqual(["body $.url"]);
    expect(differences(config, request("/offer/7?lang=en#top"))).toEqual(["body $.url"]);
    expect(differences(config, request(`${MALL}/offer/7?lang=en#top`, "http://localhost:49321/orders"))).toEqual(["query back"]);
  });
});

describe("placeholders", () => {
  it("never reach a client: a credential gets a live value, what was hidden for good goes out masked", async () => {
    const { sandbox, send } = serving([
      exchange({ auth: true, member: "mpay-1001", reply: { code: 200, data: { token: "<token>", note: "mail <redacted:email> or <key:1>", phone: "<redacted:phone>", html: "<p>terms</p>" } } }),
    ]);
    const token = sandbox.domain.logins.issueToken("mpay-1001");
    const { data } = (await send("/api/auth/basicinformation", { headers: { authorization: `Bearer ${token}` } })).body;
    expect(sandbox.domain.logins.memberByToken(data.token)?.openId).toBe("mpay-1001");
    expect(data).toMatchObject({ note: "mail ••• or •••", phone: "•••", html: "<p>terms</p>" });
  });

  it("a reply whose credential can have no live value is not sent: the sandbox answers, strict or not", async () => {
    // No member recorded, and the request acts as none: no token can be minted for it.
    const { send } = serving([exchange({ method: "POST", path: "/member/login", reply: { code: 200, data: { token: "<token>" } } })], true);
    const login = await send("/member/login", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ openId: "nobody" }) });
    expect(JSON.stringify(login.body)).not.toContain("<token>");
    // The sandbox's own answer: it knows no such member.
    expect(login.body).toMatchObject({ msg: "member not found" });
  });
});

describe("personal fields of a request", () => {
  const save = exchange({
    method: "POST",
    path: "/api/mini/userAddress/save",
    body: { name: "林美玲", areaCode: "+853", mobile: "62345678", area: "澳門半島", address: "南灣大馬路 7 號", isDefault: 0 },
  });
  const request = (body: Record<string, unknown>): RecordedRequest => ({ kind: "api", method: "POST", path: "/api/mini/userAddress/save", query: {}, body, auth: false });

  it("hold stand-ins, so the member's own values (or other stand-ins) ask for the same reply", () => {
    expect(differences(save, request({ name: "黃大文", areaCode: "+853", mobile: "66881234", area: "澳門半島", address: "新馬路 99 號", isDefault: 0 }))).toEqual([]);
  });

  it("but what is not personal still decides", () => {
    expect(differences(save, request({ name: "黃大文", areaCode: "+853", mobile: "66881234", area: "氹仔", address: "新馬路 99 號", isDefault: 1 }))).toEqual(["body $.area", "body $.isDefault"]);
  });
});
