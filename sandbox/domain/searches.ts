/** Each member's recent searches (the search screen's history): newest first, MAX_SEARCH_HISTORY at most. */

/** Searches kept per member, the newest. */
export const MAX_SEARCH_HISTORY = 10;

/** The part of the store the searches keep. */
export interface SearchesData {
  searchHistory: Map<string, string[]>;
}

export class Searches {
  constructor(private readonly context: { data(): SearchesData; changed(): void }) {}

  /** A member's recent searches, newest first. */
  of(openId: string): string[] {
    return this.context.data().searchHistory.get(openId) ?? [];
  }

  /** Remembers a member's search, newest first. */
  remember(openId: string, keyword: string): void {
    const history = this.of(openId).filter((item) => item !== keyword);
    this.context.data().searchHistory.set(openId, [keyword, ...history].slice(0, MAX_SEARCH_HISTORY));
    this.context.changed();
  }

  clear(openId: string): void {
    this.context.data().searchHistory.delete(openId);
    this.context.changed();
  }
}
