/**
 * "Double tap within 300 ms is blocked" (spec section 9): a second call that soon is ignored.
 *
 * The guard also says in the page when it is closed: its controls carry `data-tap-guard="closed"`
 * from a tap it lets through until a tap would be let through again, so a browser test waits for that
 * state to end instead of sleeping through the window (`tapGuardOpen` in e2e/waits.ts).
 */
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from "react";

export const DOUBLE_TAP_MS = 300;

/** What a guarded control carries: the attribute while the guard is closed, nothing otherwise. */
export type TapGuardMark = { "data-tap-guard"?: "closed" };

export interface DoubleTapGuard {
  /** Runs `action` unless this guard let one through less than DOUBLE_TAP_MS ago. */
  run(action: () => void): void;
  /** Spread on every control the guard guards. */
  mark: TapGuardMark;
}

const CLOSED: TapGuardMark = { "data-tap-guard": "closed" };
const OPEN: TapGuardMark = {};

export function useDoubleTapGuard(): DoubleTapGuard {
  const last = useRef(-Infinity);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [closed, setClosed] = useState(false);
  useEffect(() => () => clearTimeout(timer.current), []);

  const run = useCallback((action: () => void) => {
    const now = performance.now();
    if (now - last.current < DOUBLE_TAP_MS) return;
    last.current = now;
    setClosed(true);
    // Opened again only once `run` would let a tap through: a timer may fire a little early on
    // the clock `run` reads, and a test that taps as soon as the mark is gone must not be ignored.
    const reopen = () => {
      const left = last.current + DOUBLE_TAP_MS - performance.now();
      if (left > 0) timer.current = setTimeout(reopen, left);
      else setClosed(false);
    };
    clearTimeout(timer.current);
    timer.current = setTimeout(reopen, DOUBLE_TAP_MS);
    action();
  }, []);

  return useMemo(() => ({ run, mark: closed ? CLOSED : OPEN }), [run, closed]);
}

/** A submit button's click let through only when `guard` does: a second tap within 300 ms submits nothing. */
export function guardSubmit(event: MouseEvent<HTMLButtonElement>, guard: DoubleTapGuard): void {
  let allowed = false;
  guard.run(() => {
    allowed = true;
  });
  if (!allowed) event.preventDefault();
}
