/** /share_zone/{id}: the shared page of an mCoin zone (mcoin-zone.tsx). */
import type { ScreenHandle } from "../screen-handle";
import { handle as zone } from "./mcoin-zone";

export { default, links, loader } from "./mcoin-zone";

export const handle: ScreenHandle = { analytics: "shareZone", skeleton: "detail", calls: zone.calls };
