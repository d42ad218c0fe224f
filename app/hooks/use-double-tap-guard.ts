/** "Double tap within 300 ms is blocked" (spec section 9): a second call that soon is ignored. */
import { useCallback, useRef, type MouseEvent } from "react";

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

/** A submit button's click let through only when `guard` does: a second tap within 300 ms submits nothing. */
export function guardSubmit(event: MouseEvent<HTMLButtonElement>, guard: (action: () => void) => void): void {
  let allowed = false;
  guard(() => {
    allowed = true;
  });
  if (!allowed) event.preventDefault();
}
