/** What the catalog screens' loaders share: the member's location for distances. */
import { memberLocation, nearParams } from "./location.server";

export function catalogNear(request: Request) {
  const location = memberLocation(request);
  return { location: location.status, near: nearParams(location) };
}
