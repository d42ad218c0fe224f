/** The bare origin: on to home, keeping any login parameters the host put on the URL. */
import type { RouteHandle } from "../screen-handle";
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

export const handle: RouteHandle = { calls: { loader: [] } };

export async function loader({ request }: LoaderFunctionArgs) {
  const { search } = new URL(request.url);
  return redirect(`/index${search}`);
}
