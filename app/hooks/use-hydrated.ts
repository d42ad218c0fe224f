/**
 * Whether the page has hydrated: false while the server draws and during the document's hydration
 * (so both draw the same), true on a render after it and on every screen drawn in the browser
 * afterwards. For what a form does differently with script (edit-address tells its action that the
 * page will answer in place), and for when a picture below the first screen is asked for
 * (components/picture.tsx). Never for holding back content: what a screen shows is drawn by the
 * server (docs/decisions/022-home-complete-in-the-servers-html.md).
 */
import { useEffect, useState } from "react";

/** Set once the document has hydrated (in the browser only: effects do not run on the server). */
let documentHydrated = false;

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(documentHydrated);
  useEffect(() => {
    documentHydrated = true;
    if (!hydrated) setHydrated(true);
  }, [hydrated]);
  return hydrated;
}
