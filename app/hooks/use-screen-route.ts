import { useMatches } from "@remix-run/react";
import { screenRoute, type ScreenRoute } from "../route-table.js";

/** The route-table entry of the screen being shown, if it is one of the spec's screens. */
export function useScreenRoute(): ScreenRoute | undefined {
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  return leaf ? screenRoute(leaf.id) : undefined;
}
