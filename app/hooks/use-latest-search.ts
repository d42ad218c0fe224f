import { useLocation, useNavigation } from "@remix-run/react";

/**
 * The query string a screen's controls should build on: the one being navigated to when a
 * navigation is under way, else the current one. Two quick taps (an area, then a category) then
 * both count, instead of the second undoing the first.
 */
export function useLatestSearch(): string {
  const location = useLocation();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" ? navigation.location : undefined;
  return pending && pending.pathname === location.pathname ? pending.search : location.search;
}
