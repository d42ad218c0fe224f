/**
 * The typed fetcher of the member's order intents: every screen sends them to the one resource route
 * (routes/resources.order.ts), whatever route it is mounted on, with the fields the intent's schema
 * names (app/server/order-actions.server.ts).
 */
import { useFetcher } from "@remix-run/react";
import { useCallback } from "react";
import type { action } from "../routes/resources.order";
import type { OrderIntent } from "../server/order-actions.server";

export const ORDER_INTENT_ACTION = "/resources/order";

export function useOrderIntent() {
  const fetcher = useFetcher<typeof action>();
  const { submit } = fetcher;
  const send = useCallback(
    (intent: OrderIntent) => submit(Object.fromEntries(Object.entries(intent).map(([name, value]) => [name, String(value)])), { method: "post", action: ORDER_INTENT_ACTION }),
    [submit],
  );
  return { send, state: fetcher.state, data: fetcher.data, busy: fetcher.state !== "idle" };
}
