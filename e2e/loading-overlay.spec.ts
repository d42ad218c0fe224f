/** The global loading overlay: counted screens show it, exempt screens and home never do. */
import { expect, hydrated, test } from "./fixtures";

/** Records whether the overlay ever appeared, however briefly. */
async function watchOverlay(page: import("@playwright/test").Page) {
  await page.evaluate(() => {
    const seen = { value: false };
    (window as unknown as { __overlaySeen: typeof seen }).__overlaySeen = seen;
    new MutationObserver(() => {
      if (document.querySelector(".loading-overlay")) seen.value = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __overlaySeen: { value: boolean } }).__overlaySeen.value);
}

test("a counted navigation shows the overlay, which hides about 400 ms after it finishes", async ({ page, signIn }) => {
  await signIn("chan");
  const seen = await watchOverlay(page);
  await page.getByRole("link", { name: "Check in" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to get mCoin" })).toBeVisible();
  expect(await seen()).toBe(true);
  await expect(page.locator(".loading-overlay")).toHaveCount(0);
});

test("a navigation to a screen that loads only exempt calls shows no overlay", async ({ page, signIn }) => {
  await signIn("chan");
  const seen = await watchOverlay(page);
  await page.getByRole("link", { name: "My orders" }).click();
  await expect(page.getByRole("heading", { name: "My Orders" })).toBeVisible();
  await page.waitForTimeout(500);
  expect(await seen()).toBe(false);
});

test("after a counted navigation the overlay stays 400 ms; after one that ends on the error route, 100 ms", async ({ page, signIn, sandbox }) => {
  await page.clock.install();
  await signIn("chan");
  await hydrated(page);
  // The page's timers stand still from here: only runFor moves them, so the two delays are exact.
  await page.clock.pauseAt(Date.now() + 60_000);
  const overlay = page.locator(".loading-overlay");

  await page.getByRole("link", { name: "Check in" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to get mCoin" })).toBeVisible();
  await expect(overlay).toHaveCount(1);
  await page.clock.runFor(150);
  await expect(overlay).toHaveCount(1);
  await page.clock.runFor(300);
  await expect(overlay).toHaveCount(0);

  await page.goBack();
  await expect(page.getByTestId("mcoin-balance")).toBeVisible();
  await page.clock.runFor(500);
  await sandbox.fault("/api/auth/checkin/info", "http500", 5);
  await page.getByRole("link", { name: "Check in" }).click();
  await expect(page.getByRole("heading", { name: "Overwhelming Response" })).toBeVisible();
  await expect(overlay).toHaveCount(1);
  await page.clock.runFor(150);
  await expect(overlay).toHaveCount(0);
});
