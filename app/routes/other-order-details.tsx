/** /other_order_details/{id}: an order (order-details.tsx) of a third-party voucher, with its other code. */
import type { ScreenHandle } from "../screen-handle";

export { ErrorBoundary, clientLoader, default, links, loader } from "./order-details";

export const handle: ScreenHandle = { analytics: "otherOrderDetails", member: true };
