/** "Double tap within 300 ms is blocked" (spec section 9): a second call that soon is ignored. */
import { useCallback, useRef } from "react";

export const DOUBLE_TAP_MS = 300;

export function useDoubleTapGuard(): (action: () => void) => void {
  const last = useRef(-Infinity);
  return useCallback((action: () => void) => {
    const now = performance.now();
    if (now - last.current < DOUBLE_TAP_MS) return;
    last.current = now;
    action();
  }, []);
}
