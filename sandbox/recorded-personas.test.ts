/**
 * Served recordings per member: personas, the binding of a recorded reply to its member, the mall's
 * address at any port, and placeholders that never reach a client (harness/serve, sandbox/stand-ins.ts).
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
import { BASE, exchange, serving } from "./recorded-testing";
import { DEFAULT_FIXTURES_DIR } from "./fixtures";
import { differences, recordedExchanges, type RecordedExchange, type RecordedRequest } from "#harness/serve";

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
