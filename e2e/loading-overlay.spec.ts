/** The global loading overlay: counted screens show it, exempt screens and home never do. */
import { expect, test } from "./fixtures";

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
