import { useMatches } from "@remix-run/react";
import { useMemo } from "react";
import { screenOf, type ScreenHandle } from "../screen-handle";

/**
 * The handle of the screen being shown (screen-handle.ts); undefined on a page that is not a screen of
 * the spec. Its `title` is the one for what the loader found (`titleFor`) when the screen has one.
 */
export function useScreen(): ScreenHandle | undefined {
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  const screen = screenOf(leaf?.handle);
  const title = screen?.titleFor?.(leaf?.data) ?? screen?.title;
  // The handle itself unless the title differs: the frame's effects depend on the object.
  return useMemo(() => (screen && title !== screen.title ? { ...screen, title } : screen), [screen, title]);
}
