/**
 * A session of a real member (not a demo member) recorded through `mcoin record` while using the
 * mall: signing in, buying, opening the coupon's code, asking for a refund, adding an address and
 * checking in, with the phone's location. No file written, JSON or HAR, holds the member's open id,
 * name, street, phone, location, the coupon's redemption code or the session's token
 * (docs/decisions/031-personal-data-by-contract.md). Replayed onto a fresh sandbox, it runs whole;
 * served with --strict to a mall on another port, the member signs in as the recorded persona and
 * sees home, the offer, their coupons, the kept coupon's QR code, their points and the address they
 * added, every picture drawn; another member's token gets none of it.
 */
import { spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { nearestPlace } from "#harness/redaction";
import { expect, hydrated, isLoginPage, test } from "./fixtures";
import { LIMITS, serveCli, stop } from "./serve-cli";
import { freePort, startMall } from "./spawn-mall";
import { tapGuardOpen } from "./waits";

/** A coupon paid with mCoin alone (fixtures/catalog.json): no cashier in the way. */
const TYRE_CHECK = 53;

/** The member and what they give the mall: none of it may reach a file. */
const MEMBER = { openId: "mo-7731-lsl", nickname: "梁小玲", street: "提督馬路 41 號 3 樓", phone: "6398 1274", lat: "22.20150", lng: "113.54420" };

/** The member's visit: sign in, buy, the coupon's code, a refund, an address, a check-in. The code shown. */
async function visit(page: Page, mallUrl: string, sandboxUrl: string): Promise<{ code: string; kept: number }> {
  await page.context().clearCookies();
  // Where the wallet says the phone is (the host's location, which the mall keeps in a cookie).
  await page.context().addCookies([{ name: "mcoin_geo", value: encodeURIComponent(`${MEMBER.lat},${MEMBER.lng}`), url: mallUrl }]);
  await page.goto(`${mallUrl}/index`);
  await expect(page).toHaveURL(isLoginPage);
  await page.getByRole("button", { name: new RegExp(MEMBER.nickname) }).click();
  await expect(page).toHaveURL(new RegExp(`^${mallUrl}/index`));
  await hydrated(page);
  const terms = page.getByRole("dialog");
  if (await terms.isVisible()) {
    await terms.getByRole("checkbox").check();
    await terms.getByRole("button", { name: "Agree" }).click();
  }

  // Two coupons: one kept (its QR code), one refunded.
  const bought: number[] = [];
  for (let purchase = 0; purchase < 2; purchase++) {
    await page.goto(`${mallUrl}/coupon_details/${TYRE_CHECK}`);
    await hydrated(page);
    await page.getByRole("button", { name: "Checkout" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Pay with mCoin" }).click();
    await expect(page.getByRole("alertdialog", { name: "Payment success" })).toBeVisible();
    const orders = (await (await fetch(`${sandboxUrl}/__sandbox/members/${MEMBER.openId}/orders`)).json()) as { orders: { id: number }[] };
    bought.push(Math.max(...orders.orders.map((order) => order.id)));
  }
  const [kept, refunded] = bought;
  await page.goto(`${mallUrl}/order_details/${kept}`);
  const code = (await page.getByTestId("redemption-code").textContent())!.trim();
  expect(code).toMatch(/^\d{12}$/);
  await expect(page.getByRole("img", { name: new RegExp(code) })).toBeVisible();

  const orderUrl = `${mallUrl}/order_details/${refunded}`;
  await page.goto(orderUrl);
  await hydrated(page);
  await page.getByRole("link", { name: "Refund", exact: true }).click();
  await expect(page).toHaveURL(/\/refund_application\/\d+$/);
  await hydrated(page);
  await page.getByRole("radio").first().check();
  await page.getByRole("button", { name: "Submit refund" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Submit refund" }).click();
  await expect(page.getByTestId("refund-order")).toBeVisible();

  await page.goto(`${mallUrl}/myAddress`);
  await hydrated(page);
  await page.getByRole("link", { name: "Add new address" }).click();
  await hydrated(page);
  await page.getByLabel("Contact name").fill(MEMBER.nickname);
  await page.getByRole("combobox", { name: "Area code" }).selectOption("+853");
  await page.getByLabel("Mobile number").fill(MEMBER.phone);
  await page.getByLabel("Detailed address").fill(MEMBER.street);
  await page.getByTestId("address-region").click();
  await hydrated(page);
  await page.getByTestId("region-group-mo").locator('[data-region="mo-taipa"]').click();
  await expect(page).toHaveURL(/\/editAddress$/);
  await tapGuardOpen(page.getByRole("button", { name: "Save" }));
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/myAddress$/);
  await expect(page.getByText(MEMBER.street)).toBeVisible();

  await page.goto(`${mallUrl}/checkIn`);
  await hydrated(page);
  await page.getByRole("button", { name: /^Check in to earn/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "+10" })).toBeVisible();

  // The screens a served recording is to show again, each as the member left it.
  await lookAround(page, mallUrl, kept, false);
  return { code, kept };
}

/**
 * Home, the offer, my coupons, the kept coupon's order, the points and the address book, each drawn
 * whole; with `pictures`, no picture broken (through the recorder the replies name the sandbox's own
 * address for them, which the recording's mall does not bring pictures from).
 */
async function lookAround(page: Page, mallUrl: string, kept: number, pictures: boolean): Promise<void> {
  for (const [path, shown] of [
    ["/index", page.locator(".offer-card__title").first()],
    [`/coupon_details/${TYRE_CHECK}`, page.getByRole("button", { name: "Checkout" })],
    ["/mycoupon", page.getByRole("article").first()],
    [`/order_details/${kept}`, page.getByTestId("redemption-code")],
    ["/mcoin_integral", page.getByTestId("points-balance")],
    ["/myAddress", page.getByTestId("address").first()],
  ] as const) {
    await page.goto(`${mallUrl}${path}`);
    await hydrated(page);
    await expect(shown, path).toBeVisible();
    await expect(page, path).toHaveURL(new RegExp(`^${mallUrl}${path.replace(/[?]/g, "\\?")}$`));
    if (!pictures) continue;
    // No picture broken of those drawn (not scrolled: a list's next page is no part of the recording).
    await expect
      .poll(() => page.evaluate(() => [...document.images].filter((image) => image.complete && image.naturalWidth === 0).map((image) => image.currentSrc || image.src)), {
        message: `broken pictures on ${path}`,
      })
      .toEqual([]);
  }
}

test("a real member's session recorded through mcoin record keeps no open id, name, street, phone, location, redemption code or token in any file; it replays onto a fresh sandbox and is served to a mall on another port as the member left it", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(join(tmpdir(), "mcoin-real-member-"));
  const out = join(dir, "recording");
  // The engineer's own folders: the key the stand-ins are made with is made there.
  const home = { XDG_CONFIG_HOME: join(dir, "config"), XDG_DATA_HOME: join(dir, "data") };
  const children: ChildProcess[] = [];
  const malls: { stop(): void }[] = [];
  try {
    const [sandboxPort, recorderPort, mallPort] = [await freePort(), await freePort(), await freePort()];
    const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
    children.push(await serveCli(["sandbox", "--port", String(sandboxPort), "--mall-origin", `http://localhost:${mallPort}`], home, `${sandboxUrl}/__sandbox/health`));
    const created = await fetch(`${sandboxUrl}/__sandbox/members`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ openId: MEMBER.openId, nickname: MEMBER.nickname, point: 20_000 }),
    });
    expect(created.ok).toBe(true);
    const recorder = await serveCli(
      ["record", "--env", "sandbox", "--port", String(recorderPort), "--out", out, "--har", join(out, "session.har")],
      { MCOIN_SANDBOX_URL: sandboxUrl, ...home },
      `http://127.0.0.1:${recorderPort}/api/system/time`,
    );
    children.push(recorder);
    const mall = await startMall({ MCOIN_SANDBOX_URL: `http://127.0.0.1:${recorderPort}`, ...LIMITS }, "localhost", mallPort);
    malls.push(mall);
    const { code, kept } = await visit(page, mall.url, sandboxUrl);
    await stop(recorder);
    mall.stop();

    const files = readdirSync(out);
    expect(files).toContain("session.har");
    expect(files.filter((file) => file.endsWith(".json")).length).toBeGreaterThan(10);
    // Every file written, the kept pictures' index with them.
    const written = [...files.filter((file) => file.endsWith(".json") || file.endsWith(".har")), ...(files.includes("pictures") ? ["pictures/index.json"] : [])];
    const everything = written.map((file) => readFileSync(join(out, file), "utf8")).join("\n");
    const phoneDigits = MEMBER.phone.replace(/\s/g, "");
    for (const real of [MEMBER.openId, MEMBER.nickname, MEMBER.street, "提督馬路", MEMBER.phone, phoneDigits, MEMBER.lat, "22.2015", MEMBER.lng, "113.5442", code, "sbx_"]) {
      expect(everything, `${real} is in a file written`).not.toContain(real);
    }
    // The location was sent, and moved to a public place: the nearest to where the member was.
    const queries = files.filter((file) => file.endsWith(".json")).map((file) => (JSON.parse(readFileSync(join(out, file), "utf8")) as { request: { query: Record<string, string> } }).request.query);
    const located = queries.filter((query) => query.lat !== undefined);
    expect(located.length).toBeGreaterThan(0);
    const nearest = nearestPlace(Number(MEMBER.lat), Number(MEMBER.lng));
    for (const query of located) expect(query).toMatchObject({ lat: String(nearest.lat), lng: String(nearest.lng) });
    // What was recorded is still the visit: the purchase, the refund, the address, the check-in.
    for (const call of ["snapup", "refund", "useraddress-save", "checkin"])
      expect(
        files.some((file) => file.includes(call)),
        call,
      ).toBe(true);

    // Replayed onto a fresh sandbox that never knew the member: created from the recording, every
    // mutation sent again, nothing differs, nothing is skipped.
    const freshPort = await freePort();
    children.push(await serveCli(["sandbox", "--port", String(freshPort)], home, `http://127.0.0.1:${freshPort}/__sandbox/health`));
    const replay = spawnSync(process.execPath, ["bin/mcoin.mjs", "replay", out, "--reset", "--base-url", `http://127.0.0.1:${freshPort}`], { encoding: "utf8", env: { ...process.env, ...home } });
    expect(replay.stdout, replay.stdout + replay.stderr).toMatch(/\d+ matched, 0 differed, 0 failed, 0 skipped/);
    expect(replay.status).toBe(0);

    // Served with --strict to a mall on another port than the recording's: the recorded member is
    // the one to sign in as, and sees what they saw last, their stand-ins in place of their data.
    const [servedPort, servedMallPort] = [await freePort(), await freePort()];
    const servedUrl = `http://127.0.0.1:${servedPort}`;
    children.push(
      await serveCli(["sandbox", "--port", String(servedPort), "--recordings", out, "--strict", "--mall-origin", `http://localhost:${servedMallPort}`], home, `${servedUrl}/__sandbox/health`),
    );
    const served = await startMall({ MCOIN_SANDBOX_URL: servedUrl, ...LIMITS }, "localhost", servedMallPort);
    malls.push(served);
    await page.context().clearCookies();
    await page.context().addCookies([{ name: "mcoin_geo", value: encodeURIComponent(`${MEMBER.lat},${MEMBER.lng}`), url: served.url }]);
    await page.goto(`${served.url}/index`);
    await expect(page).toHaveURL(isLoginPage);
    const personas = page.getByRole("button", { name: /Continue as/ });
    await expect(personas).toHaveCount(1);
    await expect(personas).not.toContainText(MEMBER.nickname);
    await personas.click();
    await expect(page).toHaveURL(new RegExp(`^${served.url}/index`));
    // Every picture the screens asked for came: none refused, none missing.
    const pictures: { url: string; status: number }[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "image") pictures.push({ url: response.url(), status: response.status() });
    });
    await lookAround(page, served.url, kept, true);
    expect(pictures.length).toBeGreaterThan(5);
    expect(pictures.filter((picture) => picture.status >= 400)).toEqual([]);
    // The coupon kept: its code a stand-in of the same form, and its QR code that stand-in.
    await page.goto(`${served.url}/order_details/${kept}`);
    const servedCode = (await page.getByTestId("redemption-code").textContent())!.trim();
    expect(servedCode).toMatch(/^\d{12}$/);
    expect(servedCode).not.toBe(code);
    await expect(page.getByRole("img", { name: new RegExp(servedCode) })).toBeVisible();
    // The address the session added, under its stand-ins.
    await page.goto(`${served.url}/myAddress`);
    await expect(page.getByTestId("address")).toHaveCount(1);
    await expect(page.getByTestId("address")).not.toContainText(MEMBER.street);
    await expect(page.getByTestId("address")).toContainText(/\d+ 號/);
    // Every call of those screens was answered from the recording, the host configuration too (its
    // body names the mall's page, on another port than when recorded).
    const log = (await (await fetch(`${servedUrl}/__sandbox/log`)).json()) as { calls: { method: string; path: string; nearMiss?: unknown; recorded?: boolean }[] };
    expect(log.calls.filter((call) => call.nearMiss).map((call) => `${call.method} ${call.path}`)).toEqual([]);
    expect(log.calls.some((call) => call.path === "/macaupassconfig" && call.recorded)).toBe(true);
    // A call nobody recorded: a 404 naming the nearest recorded exchange.
    const missed = await fetch(`${servedUrl}/api/auth/basicinformatio`);
    expect(missed.status).toBe(404);
    expect(((await missed.json()) as { msg: string }).msg).toContain("the closest: GET /api/auth/basicinformation");
    // Another member's token gets none of the recorded member's replies.
    const other = (await (await fetch(`${servedUrl}/member/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ openId: "mpay-1001" }) })).json()) as {
      data: { token: string };
    };
    const theirs = await fetch(`${servedUrl}/api/auth/basicinformation`, { headers: { authorization: `Bearer ${other.data.token}` } });
    expect(theirs.status).toBe(404);
    expect(((await theirs.json()) as { msg: string }).msg).toMatch(/member/);
  } finally {
    for (const mall of malls) mall.stop();
    for (const child of children) await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
});
