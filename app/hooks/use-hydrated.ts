/**
 * Whether the page has hydrated: false while the server draws and during the document's hydration
 * (so both draw the same), true on the render after it and on every screen drawn in the browser
 * afterwards. For what a screen can leave to the browser: parts below the first screen whose drawing
 * on the server would cost every page it serves (see home's rails).
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
