/**
 * Codes a member can type on my coupons to redeem something (fixtures/wallet.json, `codes`): a
 * gifted coupon of an offer, or an mCoin coupon. Each works once per member, until its `until`
 * (a relative time of the fixtures, like the catalog's). Codes are matched upper-cased.
 */
import { z } from "zod";
import { RelativeTime } from "../catalog-schema";

const Localized = z.object({ zh: z.string().min(1), en: z.string().min(1) });
const Code = z.string().regex(/^[A-Z0-9-]{4,32}$/, "4 to 32 upper-case letters, digits or '-'");

export const CodeFixtureSchema = z.discriminatedUnion("kind", [
  z.object({ code: Code, kind: z.literal("coupon"), until: RelativeTime, offerId: z.number().int().positive() }),
  z.object({ code: Code, kind: z.literal("mcoin"), until: RelativeTime, mcoin: z.number().int().positive().max(100_000), title: Localized, validDays: z.number().int().positive().max(3650) }),
]);
export type CodeFixture = z.infer<typeof CodeFixtureSchema>;
