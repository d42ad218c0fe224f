/** /coupon_details_link/{id}: an offer (coupon-details.tsx) entered from a shared link: the secret door, and back is the host's. */
import type { ScreenHandle } from "../screen-handle";

export { ErrorBoundary, action, clientLoader, default, links, loader } from "./coupon-details";

export const handle: ScreenHandle = { analytics: "couponDetailsLink", keepToken: true, hostBack: true, sharedLink: true };
