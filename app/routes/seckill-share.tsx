/** /seckill_share: the shared seckill page (seckill.tsx), shown directly, no sign-in. */
import type { ScreenHandle } from "../screen-handle";
import { handle as seckill } from "./seckill";

export { ErrorBoundary, action, default, links, loader } from "./seckill";

export const handle: ScreenHandle = { analytics: "seckillShare", skeleton: "promo", calls: seckill.calls };
