/**
 * The loop a team runs to turn a session into an environment: `mcoin record` in front of a gateway,
 * then `mcoin sandbox --recordings DIR --strict` answering the same calls from what was recorded: a
 * demo member's visit in the order recorded, and a member of the team's own, signed in as their
 * persona, served as they left it to a mall on another port.
 * The recorder runs in front of a sandbox; the served sandbox is a second one that starts from other
 * numbers, so every answer below can only come from the recordings.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { madeUpTexts } from "../sandbox/fixtures";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createSandbox } from "../sandbox/index";
import { startSandboxServer, type RunningSandbox } from "../sandbox/server";
import { startRecorder } from "#harness/record";
import { Pseudonyms, rulesWith } from "#harness/redaction";
import { recordedExchanges } from "#harness/serve";
import { invalidRecordingFiles } from "../harness/recording/testing";
import { terminalLog } from "./terminal-text";
import { DEFAULT_MALL_URL } from "#core/environments";

let upstream: RunningSandbox;
let dir: string;
beforeAll(async () => {
  upstream = await startSandboxServer({ port: 0, host: "127.0.0.1" });
  dir = mkdtempSync(join(tmpdir(), "mcoin-served-"));
});
afterAll(async () => {
  await upstream.close();
  rmSync(dir, { recursive: true, force: true });
});

const json = { "content-type": "application/json", "accept-language": "zh" };

/** Fields the recording holds stand-ins in (core/api/personal.ts): the served reply has a code of the same form. */
const STAND_INS = new Set(["couponNo", "redemptionCode"]);

/** A reply with its times (epoch milliseconds) left out and its codes as their form, to compare the rest. */
const withoutTimes = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value), (key, item: unknown) =>
    typeof item === "number" && item >= 1e12 && item < 1e13 ? "<time>" : STAND_INS.has(key) && typeof item === "string" ? item.replace(/\d/g, "9") : item,
  );

/** The calls a member's visit makes: sign in, read the balance, buy (and retry the purchase), list orders. */
async function visit(base: string, send: (url: string, init?: RequestInit) => Promise<Response>) {
  const login = (await (await send(`${base}/member/login`, { method: "POST", headers: json, body: JSON.stringify({ openId: "mpay-1001" }) })).json()) as { data: { token: string } };
  const auth = { ...json, authorization: `Bearer ${login.data.token}` };
  const balance = await (await send(`${base}/api/auth/basicinformation`, { headers: auth })).json();
  const buy = () =>
    send(`${base}/api/business/snapup`, { method: "POST", headers: { ...auth, "Idempotency-Key": "served-key-000000001" }, body: JSON.stringify({ offerId: 1, quantity: 1, mcoinUsed: 2380 }) }).then(
      (reply) => reply.json(),
    );
  const bought = await buy();
  const retried = await buy();
  const after = await (await send(`${base}/api/auth/basicinformation`, { headers: auth })).json();
  const orders = await (await send(`${base}/api/mini/order/list?tab=all`, { headers: auth })).json();
  return { token: login.data.token, balance, bought, retried, after, orders };
}

it("a recorded visit is answered from its recordings, in order, and a call it never made gets a 404 naming the nearest", async () => {
  const out = join(dir, "rec");
  const recorder = await startRecorder({
    apiBase: upstream.url,
    gatewayBase: upstream.url,
    privateKey: undefined,
    sandboxKey: false,
    rules: rulesWith(),
    pseudonyms: new Pseudonyms(Buffer.alloc(32, 1), madeUpTexts()),
    out,
    harFile: undefined,
    version: "0.0.0",
    port: 0,
    host: "127.0.0.1",
    quiet: true,
    log: terminalLog(process),
  });
  const recorded = await visit(`http://127.0.0.1:${recorder.port}`, (url, init) => fetch(url, init));
  expect(await recorder.close()).toBe(true);
  expect(invalidRecordingFiles(out)).toEqual([]);
  expect(recorded.bought.code).toBe(200);
  expect(recorded.after.data.point).toBeLessThan(recorded.balance.data.point);

  // Another sandbox, whose member has other numbers: what it answers below comes from the recordings,
  // from the first recorded reply on (--at start), so that the two balance reads come in order.
  const served = createSandbox({ recordings: { exchanges: recordedExchanges(out), strict: true, at: "start" } });
  served.state.books.adjustBalance("mpay-1001", 7);
  const replayed = await visit("http://served.test", (url, init) => served.handle(new Request(url, init)));
  // The sign-in's token is a live one of the recorded member, not the recording's placeholder.
  expect(served.state.memberByToken(replayed.token)?.openId).toBe("mpay-1001");
  expect(replayed.balance).toEqual(recorded.balance);
  // The two balance reads, before and after the purchase, in the order recorded.
  expect(replayed.after).toEqual(recorded.after);
  // The purchase, its retry and the list as recorded, their times moved with the clock, all alike.
  // Their pictures are the ones the recorder kept, served by the sandbox the request came to (pictures/index.json).
  const kept = (JSON.parse(readFileSync(join(out, "pictures", "index.json"), "utf8")) as { pictures: Record<string, string> }).pictures;
  expect(kept[recorded.bought.data.image]).toMatch(/^[0-9a-f]{64}\.webp$/);
  const servedPictures = (value: unknown): unknown =>
    JSON.parse(JSON.stringify(value), (_key, item: unknown) => (typeof item === "string" && kept[item] ? `http://served.test/static/recorded/${kept[item]}` : item));
  expect(withoutTimes(replayed.bought)).toEqual(withoutTimes(servedPictures(recorded.bought)));
  expect(withoutTimes(replayed.retried)).toEqual(withoutTimes(servedPictures(recorded.retried)));
  expect(withoutTimes(replayed.orders)).toEqual(withoutTimes(servedPictures(recorded.orders)));
  // The coupon's code that a till accepts was never written: the served one is its stand-in.
  expect(replayed.bought.data.coupons[0].redemptionCode).not.toBe(recorded.bought.data.coupons[0].redemptionCode);
  const moved = replayed.bought.data.createdAt - recorded.bought.data.createdAt;
  expect(moved).toBeGreaterThanOrEqual(0);
  expect(replayed.bought.data.payBy - recorded.bought.data.payBy).toBe(moved);

  const missed = await served.handle(new Request("http://served.test/api/mini/order/lists?tab=all"));
  expect(missed.status).toBe(404);
  expect(((await missed.json()) as { msg: string }).msg).toContain("the closest: GET /api/mini/order/list");
}, 60_000);

/** A member of the team's own (not a demo member): the recording knows them by a stand-in only. */
const REAL = { openId: "wong-tai-man-7731", nickname: "黃大文" };
const ADDRESS = { name: "黃大文", areaCode: "+853", mobile: "66881234", area: "澳門半島", address: "南灣大馬路 99 號 3 樓", isDefault: 0 };

/**
 * What the mall's server sends for a member who signs in on the wallet's page, lands on `mall`,
 * opens the address book, adds an address and opens it again (app/server/login.server.ts).
 */
async function addressVisit(gateway: string, code: string, mall: string, send: (url: string, init?: RequestInit) => Promise<Response>) {
  const login = (await (await send(`${gateway}/macaupasssave?code=${code}&state=index`, { headers: json })).json()) as { data: { token: string; open_id: string; nickname: string } };
  const auth = { ...json, authorization: `Bearer ${login.data.token}` };
  const config = await send(`${gateway}/macaupassconfig`, { method: "POST", headers: auth, body: JSON.stringify({ url: `${mall}/index`, state: "index" }) });
  const list = async () => ((await (await send(`${gateway}/api/mini/userAddress/lists`, { headers: auth })).json()) as { data: { snatchList: { name: string; address: string }[] } }).data.snatchList;
  const before = await list();
  const saved = await send(`${gateway}/api/mini/userAddress/save`, { method: "POST", headers: { ...auth, "Idempotency-Key": "address-key-00000001" }, body: JSON.stringify(ADDRESS) });
  const after = await list();
  return { login: login.data, configStatus: config.status, before, savedStatus: saved.status, after };
}

/** A login code from the sign-in page for `openId`, returning to `mall`. */
async function codeFor(send: (request: Request) => Promise<Response>, base: string, openId: string, mall: string): Promise<string> {
  const form = new URLSearchParams({ openId, redirect_uri: `${mall}/login`, state: "index" });
  const chosen = await send(new Request(`${base}/oauth/authorize`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: form }));
  return new URL(chosen.headers.get("location") ?? "").searchParams.get("code") ?? "";
}

it("a member of one's own is served as their persona, as they left it, to a mall on another port; another member's token gets nothing recorded", async () => {
  const out = join(dir, "persona");
  // The upstream sandbox returns sign-ins to the default mall.
  const recordedMall = DEFAULT_MALL_URL;
  upstream.sandbox.domain.members.add({ ...REAL, point: 3100, graySeckill: false });
  const recorder = await startRecorder({
    apiBase: upstream.url,
    gatewayBase: upstream.url,
    privateKey: undefined,
    sandboxKey: false,
    rules: rulesWith(),
    pseudonyms: new Pseudonyms(Buffer.alloc(32, 2), madeUpTexts()),
    out,
    harFile: undefined,
    version: "0.0.0",
    port: 0,
    host: "127.0.0.1",
    quiet: true,
    log: terminalLog(process),
  });
  const code = await codeFor((request) => fetch(request, { redirect: "manual" }), upstream.url, REAL.openId, recordedMall);
  const recorded = await addressVisit(`http://127.0.0.1:${recorder.port}`, code, recordedMall, (url, init) => fetch(url, init));
  expect(await recorder.close()).toBe(true);
  expect([recorded.configStatus, recorded.savedStatus, recorded.before.length, recorded.after.length]).toEqual([200, 200, 0, 1]);

  // Served strictly to a mall on another port, which may sign in there.
  const servedMall = "http://localhost:41234";
  const served = createSandbox({ recordings: { exchanges: recordedExchanges(out), strict: true }, mallOrigins: [servedMall] });
  const send = (url: string, init?: RequestInit) => served.handle(new Request(url, init));
  // The persona is the recording's stand-in: the real open id and name were never written.
  const page = await (await send(`http://served.test/oauth/authorize?lang=en&state=index&redirect_uri=${encodeURIComponent(`${servedMall}/login`)}`)).text();
  const persona = /name="openId" value="([^"]+)"/.exec(page)?.[1] ?? "";
  expect(persona).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  expect(persona).not.toBe(REAL.openId);
  expect(page).not.toContain(REAL.nickname);
  expect(page).not.toContain('value="mpay-1001"');

  const visit = await addressVisit("http://served.test", await codeFor(served.handle, "http://served.test", persona, servedMall), servedMall, send);
  // A live token bound to the persona, and the recorded (pseudonymised) member.
  expect(served.state.memberByToken(visit.login.token)?.openId).toBe(persona);
  expect(visit.login.open_id).toBe(persona);
  // The host configuration answers although the mall runs on another port than when recorded.
  expect(visit.configStatus).toBe(200);
  // The address book as the member left it, before and after the save alike: with the added address.
  expect(visit.before).toHaveLength(1);
  expect(visit.before).toEqual(visit.after);
  expect(visit.savedStatus).toBe(200);

  // Another member, signed in by the sandbox itself, gets no recorded reply: the 404 says whose it was.
  const other = (await (await send("http://served.test/member/login", { method: "POST", headers: json, body: JSON.stringify({ openId: "mpay-1002" }) })).json()) as { data: { token: string } };
  const theirs = await send("http://served.test/api/mini/userAddress/lists", { headers: { ...json, authorization: `Bearer ${other.data.token}` } });
  expect(theirs.status).toBe(404);
  expect(((await theirs.json()) as { msg: string }).msg).toContain(`member (recorded for ${persona}, the request is mpay-1002's)`);
}, 60_000);
