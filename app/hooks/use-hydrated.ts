/**
 * Whether the page has hydrated: false while the server draws and during the document's hydration
 * (so both draw the same), true on a render after it and on every screen drawn in the browser
 * afterwards. For what a screen can leave to the browser: parts below the first screen whose drawing
 * on the server would cost every page it serves (home's rails and list). The render that draws them
 * after hydration is a transition, which React splits into short tasks rather than one long one
 * after the hydration's own.
 */
import { startTransition, useEffect, useState } from "react";

/** Set once the document has hydrated (in the browser only: effects do not run on the server). */
let documentHydrated = false;

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(documentHydrated);
  useEffect(() => {
    documentHydrated = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
