/** /classifys/{id}-{title}: the listing of a category (classify.tsx), under the spec's second name. */
import type { ScreenHandle } from "../screen-handle";
import { handle as classify } from "./classify";

export { default, links, loader } from "./classify";

export const handle: ScreenHandle = { analytics: "classifys", skeleton: "list", calls: classify.calls };
