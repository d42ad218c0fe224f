/**
 * A number for each object, the same for the same object: the key of a list whose first page came
 * with the screen's data, so that a new answer (a refresh after a way back, lib/intent-data.ts
 * `useFreshData`, or a revalidation) starts the list afresh from it, while the same answer keeps the
 * pages the member has loaded since.
 */
const ids = new WeakMap<object, number>();
let next = 0;

export function identityKey(value: object): number {
  let id = ids.get(value);
  if (id === undefined) {
    next += 1;
    id = next;
    ids.set(value, id);
  }
  return id;
}
