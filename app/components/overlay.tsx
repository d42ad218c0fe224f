/**
 * Renders an overlay (a sheet, a pop-up) at the end of the document body, so no ancestor's
 * transform or stacking context can trap it. Overlays open only after the member does something,
 * so there is nothing to render on the server.
 */
import type { ReactNode } from "react";
import { createPortal } from "react-dom";

export function Overlay({ children }: { children: ReactNode }) {
  return typeof document === "undefined" ? null : createPortal(children, document.body);
}
