/** The search screen's recent searches (app/routes/search.tsx), as the page and its loader both count them. */

/**
 * How many recent searches the screen shows, the newest first (docs/decisions/063-recent-searches-on-the-way-back.md):
 * a number of the mall's own, so the way back can show the list a search makes before the gateway says it.
 */
export const RECENT_SHOWN = 10;

/** The recent searches after a search for `keyword`: it first, once, then the rest as they were. */
export function recentAfterSearch(recent: readonly string[], keyword: string): string[] {
  return [keyword, ...recent.filter((known) => known !== keyword)].slice(0, RECENT_SHOWN);
}
