import { useEffect, useState } from "react";
import { getHostBridge } from "../lib/host-bridge";

/**
 * Whether the host (or the browser) says the network is gone. The frame shows the spec's 'network
 * abnormal' alert meanwhile, and nothing is fetched ahead of a tap: a route module that fails to load
 * makes Remix reload the page, which offline is the browser's own error page.
 */
export function useOffline(): boolean {
  const [offline, setOffline] = useState(false);
  useEffect(() => {
    if (navigator.onLine === false) setOffline(true);
    return getHostBridge().on((event) => event.type === "network" && setOffline(!event.online));
  }, []);
  return offline;
}
