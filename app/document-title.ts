/**
 * "The document title is the product name, except 'my coupons' for one route name" (spec section 2):
 * that route is the coupon screen, `mycoupon`. The root and every screen module export this as their
 * `meta`, since Remix shows only the deepest route's meta.
 */
import type { MetaFunction } from "@remix-run/node";

interface RootTitles {
  titles?: { app: string; myCoupons: string };
}

export const documentTitleMeta: MetaFunction = ({ matches }) => {
  const titles = (matches.find((match) => match.id === "root")?.data as RootTitles | undefined)?.titles;
  const leaf = matches[matches.length - 1]?.id;
  return [{ title: (leaf === "mycoupon" ? titles?.myCoupons : titles?.app) ?? "mCoin" }];
};
