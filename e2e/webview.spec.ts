/**
 * Webview behaviours of the host issue that the scenarios (bridge-scenarios.spec.ts) do not cover:
 * errors reach the error-reporting collector (the sandbox's, read like `mcoin sandbox errors`), the
 * slide transition follows the direction and respects reduced motion, and the simulated host's dev
 * panel lists the calls and plays the host's events.
 */
import { walletUserAgent } from "./env";
import { expect, hostCalls, hydrated, test } from "./fixtures";

interface Collected {
  kind: string;
  message: string;
  path: string;
  screen?: string;
  environment: string;
}

test.use({ userAgent: walletUserAgent("en"), locale: "en-US" });

test("an uncaught error and an unhandled rejection of a page reach the error collector, without the query", async ({ page, signIn, sandbox }) => {
  const collected = async (): Promise<Collected[]> => sandbox.errors();
  expect(await collected()).toEqual([]);
  await signIn("chan", { draw: false });
  await page.goto("/index?tab=latest&secret=do-not-send");
  await hydrated(page);
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error("a test's uncaught error");
    });
    void Promise.reject(new Error("a test's unhandled rejection"));
  });
  await expect
    .poll(async () => (await collected()).map((error) => [error.kind, error.message]))
    .toEqual(
      expect.arrayContaining([
        ["page", "a test's uncaught error"],
        ["unhandled-rejection", "a test's unhandled rejection"],
      ]),
    );
  for (const error of await collected()) expect(error).toMatchObject({ path: "/index", screen: "index", environment: "sandbox" });
  // The same error twice is reported once. The reporter's requests are counted as the page makes
  // them; the page's error handlers have run once the task that threw is over (the next timer's turn).
  await page.evaluate(() => {
    const reports: string[] = [];
    (window as unknown as { __reports: string[] }).__reports = reports;
    const fetch = window.fetch.bind(window);
    window.fetch = (input, init) => {
      if (String(input).includes("/resources/errors")) reports.push(String(new URLSearchParams(String(init?.body ?? "")).get("message")));
      return fetch(input, init);
    };
  });
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        setTimeout(() => {
          setTimeout(resolve);
          throw new Error("a test's uncaught error");
        }),
      ),
  );
  expect(await page.evaluate(() => (window as unknown as { __reports: string[] }).__reports)).toEqual([]);
  expect((await collected()).filter((error) => error.message === "a test's uncaught error")).toHaveLength(1);
});

test("reports are bounded and validated: a bad report is a 400 and nothing is collected", async ({ page, signIn, sandbox }) => {
  await signIn("chan");
  const origin = new URL(page.url()).origin;
  for (const form of [
    { kind: "page", message: "", path: "/" },
    { kind: "nonsense", message: "x", path: "/" },
    { kind: "page", message: "x".repeat(501), path: "/" },
  ]) {
    expect((await page.request.post("/resources/errors", { form, headers: { Origin: origin } })).status()).toBe(400);
  }
  expect((await page.request.post("/resources/errors", { form: { kind: "page", message: "x", path: "/" }, headers: { Origin: "https://evil.example" } })).status()).toBe(403);
  expect((await page.request.get("/resources/errors")).status()).toBe(405);
  expect(await sandbox.errors()).toEqual([]);
});

test.describe("the slide transition", () => {
  // The suite runs with reduced motion (playwright.config.ts); the slide is what is tested here.
  test.use({ reducedMotion: "no-preference" });
  const countSlides = () => {
    const animate = Element.prototype.animate;
    (window as unknown as { __slides: number }).__slides = 0;
    Element.prototype.animate = function (this: Element, ...args: Parameters<Element["animate"]>) {
      if (this.tagName === "MAIN") (window as unknown as { __slides: number }).__slides += 1;
      return animate.apply(this, args);
    };
  };

  test("slides forward into a new screen and back out of it", async ({ page, signIn }) => {
    await page.addInitScript(countSlides);
    await signIn("chan");
    await page.getByRole("link", { name: "My orders" }).click();
    await expect(page).toHaveURL(/\/myOrder$/);
    await expect(page.locator("main")).toHaveAttribute("data-slide", "forward");
    await page.goBack();
    await expect(page).toHaveURL(/\/index/);
    await expect(page.locator("main")).toHaveAttribute("data-slide", "back");
    expect(await page.evaluate(() => (window as unknown as { __slides: number }).__slides)).toBe(2);
  });

  test("does not move when the member asked for reduced motion", async ({ page, signIn }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.addInitScript(countSlides);
    await signIn("chan");
    await page.getByRole("link", { name: "My orders" }).click();
    await expect(page.locator("main")).toHaveAttribute("data-slide", "forward");
    expect(await page.evaluate(() => (window as unknown as { __slides: number }).__slides)).toBe(0);
  });
});

test("the simulated host's dev panel, asked for, lists the calls and plays the host's back button", async ({ page, signIn }) => {
  await signIn("chan");
  await expect(page.getByTestId("host-panel")).toHaveCount(0);
  await page.goto("/index?hostPanel=1");
  await hydrated(page);
  await page.getByRole("button", { name: "Host" }).click();
  const panel = page.getByRole("region", { name: "Simulated host" });
  await expect(panel.getByRole("list", { name: "Host calls, newest first" })).toContainText("trackEvent");
  await panel.getByRole("button", { name: "Back button" }).click();
  // On home with nowhere to go back to in the mall: the wallet is asked to go back.
  await expect.poll(async () => (await hostCalls(page)).filter((call) => call.method === "goBack").length).toBe(1);
});
