import { useMatches } from "@remix-run/react";
import { screenOf, type ScreenHandle } from "../screen-handle";

/** The handle of the screen being shown (screen-handle.ts); undefined on a page that is not a screen of the spec. */
export function useScreen(): ScreenHandle | undefined {
  const matches = useMatches();
  return screenOf(matches[matches.length - 1]?.handle);
}

/** The locale key of the shown screen's title: `titleFor` of its loader's data, else its `title`. */
export function useScreenTitle(): string | undefined {
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  const screen = screenOf(leaf?.handle);
  return screen?.titleFor?.(leaf?.data) ?? screen?.title;
}
