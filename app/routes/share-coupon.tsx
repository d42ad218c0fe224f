/** /share_coupon/{id}: the shared coupon page, an offer (coupon-details.tsx) shown directly. */
import type { ScreenHandle } from "../screen-handle";

export { ErrorBoundary, action, clientLoader, default, links, loader } from "./coupon-details";

export const handle: ScreenHandle = { analytics: "shareCoupon" };
