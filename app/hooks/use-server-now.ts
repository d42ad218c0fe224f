/**
 * The gateway's time, ticking on each whole second of it while `active` (a countdown is shown), from
 * the page's server clock. `estimate` (a loader's sysTime) seeds the clock until the page's own
 * reading arrives; the clock is read again when the tab becomes visible. Null before hydration: the
 * server's render uses the loader's time.
 */
import { useEffect, useState } from "react";
import { serverClock, syncServerClock } from "../lib/time/page-clock";

export function useServerNow(active: boolean, estimate?: number): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (!active) return;
    if (!serverClock.synced && estimate !== undefined) serverClock.sync(estimate);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const current = serverClock.now();
      setNow(current);
      clearTimeout(timer);
      // Wake just after the next whole second of the gateway's clock, so states switch on the second.
      timer = setTimeout(tick, 1000 - (((current % 1000) + 1000) % 1000) + 5);
    };
    tick();
    void syncServerClock().then(tick);
    const onVisibility = () => {
      if (document.visibilityState === "visible") void syncServerClock().then(tick);
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [active, estimate]);
  return now;
}
