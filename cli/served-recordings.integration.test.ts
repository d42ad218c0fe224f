/**
 * The loop a team runs to turn a session into an environment: `mcoin record` in front of a gateway,
 * then `mcoin sandbox --recordings DIR --strict` answering the same calls from what was recorded.
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

  // Another sandbox, whose member has other numbers: what it answers below comes from the recordings.
  const served = createSandbox({ recordings: { exchanges: recordedExchanges(out), strict: true } });
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
  expect(kept[recorded.bought.data.image]).toMatch(/^[0-9a-f]{64}\.svg$/);
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
