/**
 * A search joins the member's recent searches (spec: recent searches): the search screen's action
 * (a document's POST, without script) and the resource the screen posts to alongside its navigation
 * to the results (routes/resources.search-history.ts) both record it here. The results matter more
 * than the history: only a lost session stops the search; any other failure is logged.
 */
import { recordSearch } from "#core/api/catalog-endpoints";
import { isApiError } from "#core/api/errors";
import type { MallContext } from "./context.server";

/** Whether the search was recorded (a visitor's never is). */
export async function recordSearchHistory(mall: MallContext, keyword: string): Promise<boolean> {
  if (!mall.member) return false;
  try {
    await mall.api.raw.reply(recordSearch, { keyword });
    return true;
  } catch (error) {
    if (isApiError(error) && error.code === "NOT_LOGIN") throw await mall.api.failure(error);
    mall.log.warn({ err: error }, "search history not recorded");
    return false;
  }
}
