/** /classifys/{id}-{title}: the listing of a category (classify.tsx), under the spec's second name. */
import type { ScreenHandle } from "../screen-handle";

export { clientLoader, default, links, loader } from "./classify";

export const handle: ScreenHandle = { analytics: "classifys" };
