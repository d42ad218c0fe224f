/** /seckill_share: the shared seckill page (seckill.tsx), shown directly, no sign-in. */
import type { ScreenHandle } from "../screen-handle";

export { ErrorBoundary, action, clientLoader, default, links, loader } from "./seckill";

export const handle: ScreenHandle = { analytics: "seckillShare" };
