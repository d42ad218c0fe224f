/** /share_zone/{id}: the shared page of an mCoin zone (mcoin-zone.tsx). */
import type { ScreenHandle } from "../screen-handle";

export { clientLoader, default, links, loader } from "./mcoin-zone";

export const handle: ScreenHandle = { analytics: "shareZone" };
