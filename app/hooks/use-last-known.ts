/**
 * The last value a screen's loader knew, kept while a later load of the same screen could not tell it
 * (a tab or filter whose list call failed: app/server/first-page.server.ts); `fallback` until one is known.
 */
import { useRef } from "react";

export function useLastKnown<T>(value: T | null, fallback: T): T {
  const known = useRef<T>(value ?? fallback);
  if (value !== null) known.current = value;
  return known.current;
}
