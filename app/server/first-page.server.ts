/**
 * The first page of a wallet list, for the loader of the screen that shows it (my coupons, my
 * orders, my redemptions), so that a tab or filter whose list call fails keeps the member on the
 * screen: the list says 'load failed, tap to reload' (components/infinite-list.tsx) as a later page's
 * failure does, and the tap asks for that first page again. Two failures still leave the screen, as
 * the spec says they must: 'not login' signs the member in again (section 6), and an HTTP 500 or 429
 * shows the error route (section 8).
 */
import { isApiError, type ApiErrorCode } from "#core/api/errors";
import type { MemberApi } from "./gateway.server";

/** The failures whose handling the spec fixes: they take the member off the screen (gateway.server.ts `failure`). */
const LEAVE_THE_SCREEN: ReadonlySet<ApiErrorCode> = new Set(["NOT_LOGIN", "SERVER_ERROR", "RATE_LIMITED", "BAD_REQUEST"]);

/** A list whose first page did not load: nothing shown yet, and the first page still to come. */
export const FAILED_FIRST_PAGE = { items: [] as never[], page: 0, hasMore: true, failed: true } as const;

/** `read`'s page, or `null` when it failed in a way the screen shows in place. `read` makes its calls through `api.raw`, whose failures are ApiErrors. */
export async function firstPage<T>(api: MemberApi, read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (isApiError(error) && !LEAVE_THE_SCREEN.has(error.code)) return null;
    throw await api.failure(error);
  }
}
