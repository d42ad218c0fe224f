/**
 * The task-center widget in the browser: counting, pausing on another page or a hidden tab,
 * success and failure, events fired once, no widget when a check fails, the one-script embed on
 * another site, dragging by touch, and no secret in anything the browser receives.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { E2E_APP_URL, E2E_WIDGET_PORT, walletUserAgent } from "./env";
import { expect, hydrated, test, type SandboxControl } from "./fixtures";

test.use({ userAgent: walletUserAgent("zh-MO"), locale: "zh-MO" });

const WIDGET = { name: "mCoin 瀏覽任務" };
const taskLink = (taskNo: string, path = "/index") => `${path}?oauthParams=taskCenterToken:C1;taskCenterNo:${taskNo}`;

/** Records the widget's events on window, from the first script of every page. */
async function recordEvents(page: Page) {
  await page.addInitScript(() => {
    const seen: { name: string; detail: unknown }[] = [];
    (window as unknown as { __taskEvents: typeof seen }).__taskEvents = seen;
    for (const name of ["JobSuccess", "JobFailed", "JobClick"]) {
      window.addEventListener(name, (event) => {
        const detail = (event as CustomEvent).detail;
        seen.push({ name, detail: detail instanceof Error ? detail.message : detail });
      });
    }
  });
  return () => page.evaluate(() => (window as unknown as { __taskEvents: { name: string; detail: unknown }[] }).__taskEvents);
}

/**
 * Records, from the first script of every page, each request the widget makes to the mall's task
 * resource (its intent) and whether the page has read the reply. The widget acts on a reply in the
 * same turn of the page's event loop as it is read, so once a reply is read here, what the widget
 * does with it (a show, a hide, an event) is done by the next look.
 */
async function recordTaskRequests(page: Page) {
  await page.addInitScript(() => {
    const asked: { intent: string | null; read: boolean }[] = [];
    (window as unknown as { __taskRequests: typeof asked }).__taskRequests = asked;
    const fetch = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      if (!String(input instanceof Request ? input.url : input).includes("/resources/task")) return fetch(input, init);
      const request = { intent: new URLSearchParams(String(init?.body ?? "")).get("intent"), read: false };
      asked.push(request);
      const response = await fetch(input, init).catch((error: unknown) => {
        request.read = true;
        throw error;
      });
      const json = response.json.bind(response);
      response.json = () => json().finally(() => (request.read = true));
      return response;
    };
  });
  return () => page.evaluate(() => (window as unknown as { __taskRequests: { intent: string | null; read: boolean }[] }).__taskRequests);
}

const widget = (page: Page) => page.getByRole("button", WIDGET);

async function setTabVisible(page: Page, visible: boolean) {
  await page.evaluate(
    (state) => {
      Object.defineProperty(document, "visibilityState", { value: state, configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    },
    visible ? "visible" : "hidden",
  );
}

/** The seconds the widget shows, from its label. */
async function secondsShown(page: Page): Promise<number> {
  const text = (await widget(page).textContent()) ?? "";
  return Number(/瀏覽剩餘(\d+)s/.exec(text)?.[1] ?? Number.NaN);
}

test.beforeEach(async ({ signIn }) => {
  await signIn("chan");
});

/**
 * Stops the page's clock from the next page on: the widget ticks only when the test lets time pass
 * (`page.clock.runFor`, or `letTimePass`), so a countdown takes no real time and a loaded machine can
 * never slip a tick between two readings. The page still loads and talks to the mall as usual.
 */
async function stopClock(page: Page): Promise<void> {
  const start = Date.now();
  await page.clock.install({ time: start });
  // The installed clock runs in the page already open until it is paused, and pauseAt cannot go
  // back: a loaded machine can take more than a moment between the two calls.
  await page.clock.pauseAt(start + 10_000);
}

/**
 * `hydrated` on a stopped clock. With the wallet's user agent, a page whose first call to the host
 * comes before it has loaded chooses its host on a zero-delay timer after the load event (see
 * app/lib/host-bridge): a stopped clock runs that timer only when told, so each look runs what is
 * due now (and lets no time pass).
 */
async function hydratedOnStoppedClock(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      await page.clock.runFor(0);
      return page.evaluate(() => window.__mcoinHost !== undefined);
    })
    .toBe(true);
}

/**
 * Lets `ms` pass on the page's stopped clock, and first on the task center's (the sandbox's): it
 * takes a completion notice only once the task's seconds have passed since the detail was read.
 */
async function letTimePass(page: Page, sandbox: SandboxControl, ms: number): Promise<void> {
  await sandbox.advanceClock(ms);
  await page.clock.runFor(ms);
}

/** Opens the T1 task with the page's clock stopped; the seconds it shows (T1's threshold). */
async function openWithStoppedClock(page: Page): Promise<number> {
  await stopClock(page);
  await page.goto(taskLink("T1"));
  await hydratedOnStoppedClock(page);
  await expect(widget(page)).toContainText("瀏覽剩餘15s"); // T1's threshold: no second has passed
  return 15;
}

test("counts down from the task's threshold, completes once and then publishes clicks", async ({ page, sandbox }) => {
  const events = await recordEvents(page);
  await stopClock(page);
  await page.goto(taskLink("T-QUICK"));
  await hydratedOnStoppedClock(page);
  await expect(widget(page)).toContainText("瀏覽剩餘3s");
  await widget(page).tap({ force: true }); // before success (aria-disabled): not published
  await letTimePass(page, sandbox, 1_000);
  await expect(widget(page)).toContainText("瀏覽剩餘2s");
  await letTimePass(page, sandbox, 1_000);
  await expect(widget(page)).toContainText("瀏覽剩餘1s");
  await letTimePass(page, sandbox, 1_000);
  await expect(widget(page)).toContainText("返回領mCoin");
  await expect(widget(page)).toContainText("›");

  expect(await page.evaluate(() => [sessionStorage.getItem("taskCenterToken"), sessionStorage.getItem("taskCenterNo")])).toEqual(["C1", "T-QUICK"]);
  expect(await events()).toEqual([
    { name: "JobSuccess", detail: { result: { code: "000000", subCode: "0000", message: "success" }, data: { task_no: "T-QUICK", status: "COMPLETED", reward: 5, reward_unit: "mCoin" } } },
  ]);
  await widget(page).tap();
  await expect.poll(async () => (await events()).map((event) => event.name)).toEqual(["JobSuccess", "JobClick"]);

  expect(await sandbox.calls("/getTaskDetail")).toHaveLength(1);
  expect(await sandbox.calls("/scanTypeTaskNotify")).toHaveLength(1);
});

test("the widget's size and place follow the spec", async ({ page }) => {
  await page.goto(taskLink("T1"));
  await expect(widget(page)).toBeVisible();
  const box = await widget(page).evaluate((element) => {
    const style = getComputedStyle(element);
    const rect = element.getBoundingClientRect();
    const icon = element.firstElementChild!.getBoundingClientRect();
    return { position: style.position, zIndex: style.zIndex, width: rect.width, icon: icon.width, bottom: window.innerHeight - rect.bottom, right: window.innerWidth - rect.right };
  });
  expect(box.position).toBe("fixed");
  expect(box.zIndex).toBe("999");
  expect(box.width).toBeCloseTo(390 * 0.28, 1);
  expect(box.icon).toBeCloseTo(390 * 0.12, 1);
  expect(box.bottom).toBeCloseTo(20, 1);
  expect(box.right).toBeCloseTo(0, 1);
});

test("pauses and hides on another page of the mall, and resumes on its own", async ({ page }) => {
  const shown = await openWithStoppedClock(page);
  await page.clock.runFor(1_000);
  await expect(widget(page)).toContainText(`瀏覽剩餘${shown - 1}s`);
  await page.getByRole("link", { name: "我的訂單" }).click();
  await expect(page.getByRole("heading", { name: "我的訂單" })).toBeVisible();
  await expect(widget(page)).toBeHidden();
  await page.clock.runFor(5_000);
  expect(await secondsHidden(page)).toBe(shown - 1);
  await page.goBack();
  await expect(widget(page)).toBeVisible();
  expect(await secondsShown(page)).toBe(shown - 1);
  await page.clock.runFor(1_000);
  await expect(widget(page)).toContainText(`瀏覽剩餘${shown - 2}s`);
});

/** The seconds in the widget's label while it is hidden (not in the accessibility tree). */
async function secondsHidden(page: Page): Promise<number> {
  return Number(/(\d+)s/.exec((await page.locator("[data-mcoin-task-widget]").textContent()) ?? "")?.[1]);
}

test("pauses and hides on another hash, and resumes on the original one", async ({ page }) => {
  const shown = await openWithStoppedClock(page);
  await page.evaluate(() => (window.location.hash = "#rules"));
  await expect(widget(page)).toBeHidden();
  await page.clock.runFor(5_000);
  expect(await secondsHidden(page)).toBe(shown);
  await page.evaluate(() => (window.location.hash = ""));
  await expect(widget(page)).toBeVisible();
  expect(await secondsShown(page)).toBe(shown);
  await page.clock.runFor(1_000);
  await expect(widget(page)).toContainText(`瀏覽剩餘${shown - 1}s`);
});

test("pauses and hides while the tab is hidden, and resumes when it is visible", async ({ page }) => {
  const shown = await openWithStoppedClock(page);
  await setTabVisible(page, false);
  await expect(widget(page)).toBeHidden();
  await page.clock.runFor(5_000);
  expect(await secondsHidden(page)).toBe(shown);
  await setTabVisible(page, true);
  await expect(widget(page)).toBeVisible();
  expect(await secondsShown(page)).toBe(shown);
  await page.clock.runFor(1_000);
  await expect(widget(page)).toContainText(`瀏覽剩餘${shown - 1}s`);
});

test("a refused completion notice shows the failure and publishes JobFailed once", async ({ page, sandbox }) => {
  const events = await recordEvents(page);
  const requests = await recordTaskRequests(page);
  await stopClock(page);
  await page.goto(taskLink("T-NOTIFY-FAIL"));
  await expect(widget(page)).toContainText("瀏覽剩餘3s");
  await letTimePass(page, sandbox, 3_000);
  await expect(widget(page)).toContainText("瀏覽失敗");
  // What could bring a second event: a tick on the page's clock, or another notice's reply. The
  // clock moves past a tick; every reply the page asked for is read, and there were two.
  await page.clock.runFor(1_200);
  await expect.poll(requests).toEqual([
    { intent: "detail", read: true },
    { intent: "notify", read: true },
  ]);
  expect(await events()).toEqual([{ name: "JobFailed", detail: "the task center could not record the completion" }]);
});

for (const taskNo of ["T-SUBCODE", "T-TYPE", "T-THRESHOLD", "T-DONE"]) {
  test(`no widget when a check fails (${taskNo})`, async ({ page, sandbox }) => {
    const requests = await recordTaskRequests(page);
    await page.goto(taskLink(taskNo));
    await expect.poll(async () => (await sandbox.calls("/getTaskDetail")).length).toBe(1);
    // The widget has the detail's reply: it has decided.
    await expect.poll(requests).toEqual([{ intent: "detail", read: true }]);
    await expect(page.locator("[data-mcoin-task-widget]")).toBeHidden();
    expect(await sandbox.calls("/scanTypeTaskNotify")).toHaveLength(0);
  });
}

test("a failed detail query is only logged, and no widget shows", async ({ page, sandbox }) => {
  const warnings: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning") warnings.push(message.text());
  });
  await sandbox.fault("/getTaskDetail", "http500", 1);
  await page.goto(taskLink("T1"));
  await expect.poll(() => warnings.some((text) => text.includes("task detail could not be read"))).toBe(true);
  await expect(page.locator("[data-mcoin-task-widget]")).toBeHidden();
  await expect(page.getByTestId("mcoin-balance")).toBeVisible();
});

test("a member who finished the task sees no widget next time", async ({ page, sandbox }) => {
  await stopClock(page);
  await page.goto(taskLink("T-QUICK"));
  await expect(widget(page)).toContainText("瀏覽剩餘3s");
  await letTimePass(page, sandbox, 3_000);
  await expect(widget(page)).toContainText("返回領mCoin");
  const requests = await recordTaskRequests(page);
  await page.goto(taskLink("T-QUICK"));
  // The widget of the new page has the detail's reply: it has decided.
  await expect.poll(requests).toEqual([{ intent: "detail", read: true }]);
  await expect(page.locator("[data-mcoin-task-widget]")).toBeHidden();
});

test("drags by touch and stays inside the viewport", async ({ page }) => {
  await page.goto(taskLink("T1"));
  await hydrated(page);
  await expect(widget(page)).toBeVisible();
  const start = (await widget(page).boundingBox())!;
  const client = await page.context().newCDPSession(page);
  const touch = (type: "touchStart" | "touchMove" | "touchEnd", x: number, y: number) => client.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y }] });
  const x = start.x + start.width / 2;
  const y = start.y + start.height / 2;
  await touch("touchStart", x, y);
  for (let step = 1; step <= 10; step++) await touch("touchMove", x - step * 20, y - step * 30);
  await touch("touchEnd", 0, 0);
  const moved = (await widget(page).boundingBox())!;
  expect(moved.x).toBeCloseTo(start.x - 200, 0);
  expect(moved.y).toBeCloseTo(start.y - 300, 0);

  // Far past the top-left corner: it stops at the edge.
  const cx = moved.x + moved.width / 2;
  const cy = moved.y + moved.height / 2;
  await touch("touchStart", cx, cy);
  for (let step = 1; step <= 10; step++) await touch("touchMove", cx - step * 100, cy - step * 100);
  await touch("touchEnd", 0, 0);
  const clamped = (await widget(page).boundingBox())!;
  expect(clamped.x).toBe(0);
  expect(clamped.y).toBe(0);
});

/**
 * Another site is a real server on this machine: a page Playwright fulfils itself counts as public,
 * and Chromium keeps public pages from loading scripts from loopback addresses.
 */
async function partnerSite(port: number): Promise<{ url: string; close(): Promise<void> }> {
  const partner: Server = createServer((_, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><html lang="zh-Hant"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Partner</title></head>
<body><h1>Partner promotion</h1><script src="${E2E_APP_URL}/task-widget.js" async></script></body></html>`);
  });
  await new Promise<void>((resolve) => partner.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(partner.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => partner.close(() => resolve())),
  };
}

test.describe("embedded on another site with one script tag", () => {
  // The suite's mall lets this origin embed the widget (MCOIN_WIDGET_ORIGINS).
  let partner: Awaited<ReturnType<typeof partnerSite>>;
  let partnerUrl = "";
  test.beforeAll(async () => {
    partner = await partnerSite(E2E_WIDGET_PORT);
    partnerUrl = partner.url;
  });
  test.afterAll(() => partner.close());

  test("counts down, completes and publishes its events there", async ({ page, sandbox }) => {
    const events = await recordEvents(page);
    await stopClock(page);
    await page.goto(`${partnerUrl}/promo?oauthParams=taskCenterToken:C7;taskCenterNo:T-QUICK`);
    await expect(page.getByRole("heading", { name: "Partner promotion" })).toBeVisible();
    await expect(widget(page)).toContainText("瀏覽剩餘3s");
    await letTimePass(page, sandbox, 3_000);
    await expect(widget(page)).toContainText("返回領mCoin");
    expect((await events()).map((event) => event.name)).toEqual(["JobSuccess"]);
    expect((await sandbox.calls("/scanTypeTaskNotify")).length).toBe(1);

    // One instance: starting it again gives the same widget.
    await page.evaluate(() => window.McoinTaskWidget?.start());
    await expect(page.locator("[data-mcoin-task-widget]")).toHaveCount(1);

    // The page can take it down.
    await page.evaluate(() => window.McoinTaskWidget?.destroy());
    await expect(page.locator("[data-mcoin-task-widget]")).toHaveCount(0);
  });

  test("a site the mall was not configured for gets no widget, and the task center is never asked", async ({ page, sandbox }) => {
    const stranger = await partnerSite(0);
    try {
      // The browser shows the page nothing of the refusal (no CORS for this origin): the post fails.
      const refused = page.waitForEvent("requestfailed", (request) => request.url() === `${E2E_APP_URL}/resources/task`);
      await page.goto(`${stranger.url}/promo?oauthParams=taskCenterToken:C7;taskCenterNo:T-QUICK`);
      await expect(page.getByRole("heading", { name: "Partner promotion" })).toBeVisible();
      await refused;
      await expect(page.locator("[data-mcoin-task-widget]")).toBeHidden();
      const direct = await page.request.post("/resources/task", { form: { intent: "detail", token: "C7", no: "T-QUICK" }, headers: { Origin: stranger.url } });
      expect(direct.status()).toBe(403);
      expect(await sandbox.calls("/getTaskDetail")).toHaveLength(0);
    } finally {
      await stranger.close();
    }
  });
});

test.describe("in English", () => {
  test.use({ userAgent: walletUserAgent("en"), locale: "en-US" });

  test("the labels are translated", async ({ page, sandbox }) => {
    await stopClock(page);
    await page.goto(taskLink("T-QUICK"));
    await expect(page.getByRole("button", { name: "mCoin browsing task" })).toContainText("3s to go");
    await letTimePass(page, sandbox, 3_000);
    await expect(page.getByRole("button", { name: "mCoin browsing task" })).toContainText("Claim mCoin");
  });
});

test("the task resource answers bad input with 400 and never a server error", async ({ page, sandbox }) => {
  const forms: Record<string, string>[] = [
    {},
    { intent: "detail" },
    { intent: "detail", token: "C1", no: "../../etc" },
    { intent: "notify", token: "C1", no: "T1", checkValue: "-5" },
    { intent: "explode", token: "C1", no: "T1" },
  ];
  for (const form of forms) {
    const response = await page.request.post("/resources/task", { form });
    expect(response.status(), JSON.stringify(form)).toBe(400);
    // Only the configured embedding sites get CORS, never everyone.
    expect(response.headers()["access-control-allow-origin"]).toBeUndefined();
  }
  expect((await page.request.get("/resources/task")).status()).toBeLessThan(500);
  expect(await sandbox.calls("/bservice/")).toHaveLength(0);
});

test("no gateway key or signing secret is in anything the browser receives", async ({ page }) => {
  const keys = JSON.parse(readFileSync("fixtures/keys/sandbox-gateway.json", "utf8")) as { signSecret: string; md5Key: string };
  const keyBody = (file: string) =>
    readFileSync(join("fixtures/keys", file), "utf8")
      .split("\n")
      .filter((line) => line && !line.startsWith("-----"))
      .slice(0, 2);
  const secrets = [keys.signSecret, keys.md5Key, ...keyBody("sandbox-gateway-public.pem"), ...keyBody("sandbox-gateway-private.pem")];

  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.push(path);
    }
  };
  walk("build/client");
  expect(files.some((file) => file.endsWith("task-widget.js"))).toBe(true);
  const served = files.map((file) => readFileSync(file, "utf8"));

  const pages = [taskLink("T1"), "/index", "/mycoupon"];
  for (const path of pages) {
    const response = await page.goto(path);
    served.push((await response?.text()) ?? "");
  }
  const task = await page.request.post("/resources/task", { form: { intent: "detail", token: "C1", no: "T1" } });
  served.push(await task.text());

  for (const secret of secrets) {
    for (const text of served) expect(text.includes(secret), `a served file holds ${secret.slice(0, 12)}…`).toBe(false);
  }
});
