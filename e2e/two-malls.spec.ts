/**
 * Two instances of the mall's production server (build/mall-server.js) behind a round-robin proxy,
 * sharing one Redis and one SESSION_SECRET, as a balancer runs them (docs/decisions/045-a-mall-that-survives-its-dependencies.md): a member
 * signed in on one is signed in on the other, the rate limits count across both, a token rotated on
 * one still leads to the session on the other, a hung Redis (SIGSTOP) leaves sign-in and checkout
 * answered, and SIGTERM lets the requests in flight finish before the process exits.
 *
 * The browser talks to the proxy alone: cookies belong to its origin, and the sandbox's sign-in page
 * sends members back to it. So this file's worker has a sandbox of its own, started knowing the
 * proxy's origin (the suite's sandbox knows only the suite's mall), and the fixtures' sandbox,
 * members and sign-in are pointed at it and at the proxy.
 */
import { spawnSync, type ChildProcess } from "node:child_process";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { Page } from "@playwright/test";
import { startSandbox } from "../lib/sandbox";
import { MEMBERS, expect, hydrated, isLoginPage, test as base } from "./fixtures";
import { freePort, startMall, type SpawnedMall } from "./spawn-mall";
import { startRedisServer } from "../server/redis-testing";

const haveRedis = spawnSync("redis-server", ["--version"]).status === 0;
if (!haveRedis && process.env.MCOIN_REQUIRE_REDIS) throw new Error("redis-server is missing: npm test installs it (apt-get install redis-server)");

/** A few sign-ins a minute per client: low enough that the spec reaches the limit. */
const LOGIN_LIMIT = 4;

/** The round-robin balancer in front of the two malls. */
interface Proxy {
  url: string;
  /** The malls it sends to, in turn. */
  backends: { name: string; port: number }[];
  /** The client address it forwards (X-Forwarded-For), as a balancer does: each test is a client of its own. */
  client: string;
  close(): Promise<void>;
}

/** Passes each request to the next backend in turn, with the Host unchanged; the reply says which one answered (x-backend). */
async function startProxy(port: number): Promise<Proxy> {
  let next = 0;
  const proxy: Proxy = { url: `http://localhost:${port}`, backends: [], client: "127.0.0.1", close: () => new Promise((resolve) => server.close(() => resolve())) };
  const server: Server = createServer((req, res) => {
    const backend = proxy.backends[next++ % proxy.backends.length];
    const upstream = httpRequest({ host: "127.0.0.1", port: backend.port, method: req.method, path: req.url, headers: { ...req.headers, "x-forwarded-for": proxy.client } }, (reply) => {
      res.writeHead(reply.statusCode ?? 502, { ...reply.headers, "x-backend": backend.name });
      reply.pipe(res);
    });
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502, { "x-backend": backend.name });
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  // Keep-alive connections of the browser would otherwise hold close() open until they time out.
  const close = proxy.close;
  proxy.close = () => {
    server.closeAllConnections();
    return close();
  };
  return proxy;
}

async function startRedis(): Promise<{ url: string; process: ChildProcess }> {
  return startRedisServer(await freePort());
}

interface TwoMalls {
  proxy: Proxy;
  a: SpawnedMall;
  b: SpawnedMall;
  redis: ChildProcess;
  sandboxUrl: string;
}

let clients = 0;

const test = base.extend<{ client: string }, { twoMalls: TwoMalls }>({
  twoMalls: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from a destructuring pattern, even an empty one
    async ({}, use) => {
      // Whatever started is stopped, also when a later start fails.
      const stops: (() => unknown)[] = [];
      try {
        const redis = await startRedis();
        stops.push(async () => {
          const exited = new Promise((resolve) => redis.process.once("exit", resolve));
          redis.process.kill("SIGCONT");
          redis.process.kill("SIGKILL");
          await exited;
        });
        const proxy = await startProxy(await freePort());
        stops.push(() => proxy.close());
        const sandbox = await startSandbox({ mallOrigins: [proxy.url] });
        stops.push(() => sandbox.stop());
        const env = {
          MCOIN_SANDBOX_URL: sandbox.url,
          REDIS_URL: redis.url,
          SESSION_SECRET: "two-malls-share-this-secret-of-32-characters",
          MCOIN_TRUST_PROXY: "loopback",
          MCOIN_RATE_LIMITS: `login=${LOGIN_LIMIT},task=100000,picture=100000,action=100000`,
        };
        const malls = await Promise.allSettled([startMall(env, "localhost"), startMall(env, "localhost")]);
        for (const mall of malls) if (mall.status === "fulfilled") stops.push(() => mall.value.stop());
        const [a, b] = malls.map((mall) => {
          if (mall.status === "rejected") throw mall.reason;
          return mall.value;
        });
        proxy.backends.push({ name: "a", port: a.port }, { name: "b", port: b.port });
        await use({ proxy, a, b, redis: redis.process, sandboxUrl: sandbox.url });
      } finally {
        for (const stop of stops.reverse()) await stop();
      }
    },
    { scope: "worker", timeout: 60_000 },
  ],
  mcoinSandboxUrl: [async ({ twoMalls }, use) => use(twoMalls.sandboxUrl), { scope: "worker" }],
  mcoinMallUrl: [async ({ twoMalls }, use) => use(twoMalls.proxy.url), { scope: "worker" }],
  // Each test signs in from an address of its own, so the login limit counts only its own entries.
  client: [
    async ({ twoMalls }, use) => {
      clients += 1;
      twoMalls.proxy.client = `198.51.100.${clients}`;
      await use(twoMalls.proxy.client);
    },
    { auto: true },
  ],
});

test.skip(!haveRedis, "needs redis-server");

/** The browser's cookies for the proxy, as a Cookie header (the host is the same for the malls: cookies ignore the port). */
async function cookieHeader(page: Page, url: string): Promise<string> {
  return (await page.context().cookies(url)).map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
}

const get = (url: string, cookie: string) => fetch(url, { headers: { cookie }, redirect: "manual" });

test("a member signed in through one mall is signed in on the other", async ({ page, signIn, twoMalls }) => {
  await signIn("chan");
  const answeredBy = new Set<string>();
  for (let visit = 0; visit < 8 && answeredBy.size < 2; visit++) {
    const reply = await page.goto("/index");
    answeredBy.add(reply?.headers()["x-backend"] ?? "none");
    expect(isLoginPage(page.url())).toBe(false);
    await expect(page.getByTestId("mcoin-balance")).toHaveText("12,580");
  }
  expect([...answeredBy].sort()).toEqual(["a", "b"]);

  // And each instance by itself, with the cookie the sign-in set.
  const cookie = await cookieHeader(page, twoMalls.proxy.url);
  for (const mall of [twoMalls.a, twoMalls.b]) {
    const reply = await get(`${mall.url}/index`, cookie);
    expect(reply.status, mall.url).toBe(200);
    expect(await reply.text()).toContain(MEMBERS.chan.nickname);
  }
});

test("the login limit counts entries through both malls: past it, either refuses", async ({ twoMalls }) => {
  const answers: { backend: string; limited: boolean }[] = [];
  for (let entry = 0; entry < LOGIN_LIMIT + 2; entry++) {
    const reply = await fetch(`${twoMalls.proxy.url}/index?code=spent-${entry}`, { redirect: "manual" });
    answers.push({ backend: reply.headers.get("x-backend") ?? "none", limited: (reply.headers.get("location") ?? "").startsWith("/error?code=RATE_LIMITED") });
  }
  // The proxy alternates, so each mall saw half the entries and alone would have let every one in.
  expect(answers.map((answer) => answer.limited)).toEqual([false, false, false, false, true, true]);
  expect(answers.map((answer) => answer.backend).sort()).toEqual(["a", "a", "a", "b", "b", "b"]);
  expect(answers[LOGIN_LIMIT].backend).not.toBe(answers[LOGIN_LIMIT + 1].backend);
});

test("a token rotated on one mall still leads to the session on the other", async ({ page, signIn, sandbox, twoMalls }) => {
  await signIn("chan");
  const old = await cookieHeader(page, twoMalls.proxy.url);
  // Returning to the tab refreshes the token on mall A: the gateway revokes the old one (e2e/host.spec.ts).
  const refreshes = (await sandbox.calls("/api/business/refresh")).length;
  const rotated = await fetch(`${twoMalls.a.url}/resources/session?isRefresh=1`, {
    method: "POST",
    headers: { cookie: old, origin: twoMalls.a.url, "content-type": "application/x-www-form-urlencoded" },
    body: "intent=return&refreshToken=1",
  });
  expect(rotated.status).toBe(200);
  expect(rotated.headers.getSetCookie().some((line) => line.startsWith("__mcoin_session="))).toBe(true);
  expect(await sandbox.calls("/api/business/refresh")).toHaveLength(refreshes + 1);

  // A request that left with the old cookie reaches mall B (and another, mall A): both find the new token.
  for (const mall of [twoMalls.b, twoMalls.a]) {
    const reply = await get(`${mall.url}/index`, old);
    expect(reply.status, mall.url).toBe(200);
    expect(await reply.text()).toContain(MEMBERS.chan.nickname);
    expect(
      reply.headers.getSetCookie().some((line) => line.startsWith("__mcoin_session=")),
      "the reply carries the new token",
    ).toBe(true);
  }
});

// What the hang costs is reported beside the same sign-in with Redis answering (annotations), not
// asserted: the machine's load moves both.
test("a hung Redis (SIGSTOP) leaves sign-in and checkout answered", async ({ page, signIn, sandbox, twoMalls }) => {
  const timed = async (what: string, step: () => Promise<void>) => {
    const start = Date.now();
    await step();
    test.info().annotations.push({ type: what, description: `${Date.now() - start} ms` });
  };
  await timed("sign-in with Redis answering", () => signIn("chan"));
  await page.context().clearCookies();

  twoMalls.redis.kill("SIGSTOP");
  try {
    await timed("sign-in with Redis hung", () => signIn("chan"));

    await page.goto("/coupon_details/64");
    await hydrated(page);
    await timed("checkout with Redis hung", async () => {
      await page.getByRole("button", { name: "Checkout" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Pay with mCoin" }).click();
      await expect(page.getByRole("alertdialog")).toContainText("Payment success");
    });
    expect(await sandbox.orders(MEMBERS.chan.openId)).toHaveLength(1);
  } finally {
    twoMalls.redis.kill("SIGCONT");
  }
});

/** Whether the process `pid` is still there. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// Last: it ends mall B.
test("SIGTERM lets the requests in flight finish, then the mall exits and takes no more", async ({ page, signIn, sandbox, fault, twoMalls }) => {
  await signIn("chan");
  const cookie = await cookieHeader(page, twoMalls.proxy.url);
  const inFlight = 6;
  // Each home page waits on the member's information, late (longer than a hard exit a moment after the
  // signal would allow): they are all in flight when the signal comes.
  const asked = (await sandbox.calls("/api/auth/basicinformation")).length;
  await fault("/api/auth/basicinformation", "delay", inFlight, 2_500);
  const pages = Array.from({ length: inFlight }, () => get(`${twoMalls.b.url}/index`, cookie).then(async (reply) => ({ status: reply.status, body: await reply.text() })));
  await expect.poll(async () => (await sandbox.calls("/api/auth/basicinformation")).length).toBe(asked + inFlight);

  twoMalls.b.stop();
  // It stops accepting at once, while the pages are still on their way.
  await expect
    .poll(() =>
      fetch(`${twoMalls.b.url}/robots.txt`).then(
        () => "accepted",
        () => "refused",
      ),
    )
    .toBe("refused");
  for (const answered of await Promise.all(pages)) {
    expect(answered.status).toBe(200);
    expect(answered.body).toContain(MEMBERS.chan.nickname);
  }
  await expect.poll(() => alive(twoMalls.b.pid)).toBe(false);
  await expect(fetch(`${twoMalls.b.url}/index`)).rejects.toThrow();
});
