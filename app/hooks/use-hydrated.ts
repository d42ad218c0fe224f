/**
 * Whether the page has hydrated: false while the server draws and while React hydrates what the
 * server drew (so both draw the same, a part hydrated later in its own Suspense boundary too), true
 * on a render after it and on every screen drawn in the browser afterwards. For what a form does
 * differently with script (edit-address tells its action that the page will answer in place), and
 * for when a picture below the first screen is asked for (components/picture.tsx). Never for holding
 * back content: what a screen shows is drawn by the server
 * (docs/decisions/022-home-complete-in-the-servers-html.md).
 *
 * React's own way: while it hydrates, `useSyncExternalStore` reads the server's snapshot, and once
 * the part is hydrated it draws it again with the browser's.
 */
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
