/** /store_details_link/{id}: a store (store-details.tsx) entered from a shared link: the secret door, and back is the host's. */
import type { ScreenHandle } from "../screen-handle";

export { ErrorBoundary, action, clientLoader, default, links, loader } from "./store-details";

export const handle: ScreenHandle = { analytics: "storeDetailsLink", keepToken: true, hostBack: true, sharedLink: true };
