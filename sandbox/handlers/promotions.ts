/** Promotions (app/lib/api/promotion-endpoints.ts): the daily check-in, over the money domain's rules. */
import type { HttpHandler } from "msw";
import { checkIn, checkInStatus } from "../../app/lib/api/promotion-endpoints";
import { serve, shopRefused } from "../respond";
import type { SandboxState } from "../state";

export function promotionHandlers(state: SandboxState): HttpHandler[] {
  const { shop } = state;
  return [
    serve(state, checkInStatus, ({ member }) => shop.checkInStatus(member.openId)),
    serve(state, checkIn, ({ member, locale }) => {
      const outcome = shop.checkIn(member.openId);
      return outcome.ok ? outcome.value : shopRefused(outcome.reason, locale);
    }),
  ];
}
