/**
 * What the browser suite waits on instead of the clock: the state of the page that a pause would
 * have stood for. Playwright runs with no retries.
 */
import type { Locator } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Waits until `control`'s double-tap guard lets a tap through again: a second tap within 300 ms of the
 * first is ignored (spec section 9), and a test taps faster than a person. The guard marks its
 * controls while it is closed (app/hooks/use-double-tap-guard.ts).
 */
export async function tapGuardOpen(control: Locator): Promise<void> {
  await expect(control).not.toHaveAttribute("data-tap-guard", "closed");
}
