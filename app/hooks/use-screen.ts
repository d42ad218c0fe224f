import { useMatches } from "@remix-run/react";
import { useMemo } from "react";
import { routeOfId } from "../route-tree";
import { screenOf, type Screen } from "../screen-handle";

/**
 * The screen being shown (screen-handle.ts): its handle with its route table entry's title, header,
 * skeleton and overlay; undefined on a page that is not a screen of the spec. Its `title` is the one for what the
 * loader found (`titleFor`) when the screen has one.
 */
export function useScreen(): Screen | undefined {
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  const handle = screenOf(leaf?.handle);
  const id = leaf?.id;
  const title = handle?.titleFor?.(leaf?.data);
  // One object per screen (and title): the frame's effects depend on it.
  return useMemo(() => {
    if (!handle || id === undefined) return undefined;
    const route = routeOfId(id);
    return { ...handle, title: title ?? route?.title, header: route?.header, skeleton: route?.skeleton, overlay: route?.overlay };
  }, [handle, id, title]);
}
