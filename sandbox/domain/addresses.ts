/**
 * The address book as the gateway keeps it, per member (MemberRecord.addresses, persisted with
 * --state): add, edit, delete and set default (spec section 4's update: DELETE removes by id,
 * DEFAULT marks that id 1 and every other 0). The rules of the fields are the declaration's
 * (core/address/book.ts); here are the book's own:
 * - at most ADDRESS_LIMIT addresses: the next add is refused and nothing is saved;
 * - an id that is not the member's is ADDRESS_NOT_FOUND, whoever else it belongs to;
 * - a book with addresses always has exactly one default: the first address added is the default,
 *   and deleting the default makes the latest remaining address the default (checkout sends goods to
 *   the default, so a book without one would leave the member guessing where a parcel goes);
 * - ids are never reused (a deleted address's id stays gone), from one counter of the sandbox's.
 */
import type { Address } from "#core/api/endpoints";
import type { AddressInput } from "#core/address/schemas";
import { ADDRESS_LIMIT, orderAddresses } from "#core/address/book";
import type { ShopRefusal } from "#core/api/shop-endpoints";

export type BookOutcome<T> = { ok: true; value: T } | { ok: false; reason: Extract<ShopRefusal, "ADDRESS_LIMIT" | "ADDRESS_NOT_FOUND"> };

export interface Book {
  addresses: Address[];
}

/** The book as the gateway lists it: the default first, then the latest added. */
export function listAddresses(book: Book): Address[] {
  return orderAddresses(book.addresses);
}

const ensureDefault = (book: Book) => {
  if (book.addresses.length > 0 && !book.addresses.some((address) => address.isDefault === 1)) {
    orderAddresses(book.addresses)[0].isDefault = 1;
  }
};

const markDefault = (book: Book, id: number) => {
  for (const address of book.addresses) address.isDefault = Number(address.id) === id ? 1 : 0;
};

/** Adds (no id) or edits (the member's id) an address; `nextId` gives a new id only when one is added. */
export function saveAddress(book: Book, input: AddressInput & { id?: number; isDefault: 0 | 1 }, nextId: () => number): BookOutcome<number> {
  const { id, isDefault, ...fields } = input;
  let saved: Address;
  if (id === undefined) {
    if (book.addresses.length >= ADDRESS_LIMIT) return { ok: false, reason: "ADDRESS_LIMIT" };
    saved = { id: nextId(), isDefault: 0, ...fields };
    book.addresses.push(saved);
  } else {
    const found = book.addresses.find((address) => Number(address.id) === id);
    if (!found) return { ok: false, reason: "ADDRESS_NOT_FOUND" };
    Object.assign(found, fields);
    saved = found;
  }
  if (isDefault === 1) markDefault(book, Number(saved.id));
  ensureDefault(book);
  return { ok: true, value: Number(saved.id) };
}

/** Spec section 4: DELETE removes the address; DEFAULT marks it default and clears the rest. */
export function updateAddress(book: Book, id: number, action: "DELETE" | "DEFAULT"): BookOutcome<null> {
  const index = book.addresses.findIndex((address) => Number(address.id) === id);
  if (index < 0) return { ok: false, reason: "ADDRESS_NOT_FOUND" };
  if (action === "DELETE") book.addresses.splice(index, 1);
  else markDefault(book, id);
  ensureDefault(book);
  return { ok: true, value: null };
}
