/**
 * Likes and favourites: a member likes an offer once (its count of likes follows) and keeps offers
 * among their favourites, the latest added first. Both are kept in the member's account (ledger.ts)
 * and refer to offers by id; an offer taken down since stays until the member removes it. Reading
 * them opens no account.
 */
import type { Books } from "./books";
import type { OrderBook } from "./order-book";

export class Favourites {
  private readonly books: Books;
  private readonly orders: OrderBook;

  constructor(books: Books, orders: OrderBook) {
    this.books = books;
    this.orders = orders;
  }

  liked(openId: string, offerId: number): boolean {
    return this.books.existing(openId)?.likes.includes(offerId) ?? false;
  }

  /** Likes (or unlikes) an offer once per member; undefined when there is no such offer. */
  like(openId: string, offerId: number, liked: boolean): { liked: boolean; likes: number } | undefined {
    const live = this.orders.live(offerId);
    if (!live) return undefined;
    const account = this.books.account(openId);
    if (toggle(account.likes, offerId, liked)) {
      live.likes = Math.max(0, live.likes + (liked ? 1 : -1));
      this.books.changed();
    }
    return { liked, likes: live.likes };
  }

  collected(openId: string, offerId: number): boolean {
    return this.books.existing(openId)?.collections.includes(offerId) ?? false;
  }

  /** The member's favourite offer ids, the latest added first. */
  list(openId: string): number[] {
    return [...(this.books.existing(openId)?.collections ?? [])].reverse();
  }

  /** Adds an offer to the member's favourites, or takes it out; false when there is no such offer. */
  collect(openId: string, offerId: number, collected: boolean): boolean {
    if (!this.orders.live(offerId)) return false;
    if (toggle(this.books.account(openId).collections, offerId, collected)) this.books.changed();
    return true;
  }
}

/** Puts `id` in or out of `list`; whether that changed it. */
function toggle(list: number[], id: number, present: boolean): boolean {
  const at = list.indexOf(id);
  if (present === at >= 0) return false;
  if (present) list.push(id);
  else list.splice(at, 1);
  return true;
}
