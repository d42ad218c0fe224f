/** What the catalog screens' loaders share: the member's location for distances. */
import { memberLocation, nearParams } from "./location.server";

export async function catalogNear(request: Request) {
  const location = await memberLocation(request);
  return { location: location.status, near: nearParams(location) };
}
