/** /share_coupon/{id}: the shared coupon page, an offer (coupon-details.tsx) shown directly. */
import type { ScreenHandle } from "../screen-handle";
import { handle as offer } from "./coupon-details";

export { ErrorBoundary, action, default, links, loader } from "./coupon-details";

export const handle: ScreenHandle = { analytics: "shareCoupon", skeleton: "offer", calls: offer.calls };
