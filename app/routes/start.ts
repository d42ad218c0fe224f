/** The bare origin: on to home, keeping any login parameters the host put on the URL. */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

export async function loader({ request }: LoaderFunctionArgs) {
  const { search } = new URL(request.url);
  return redirect(`/index${search}`);
}
