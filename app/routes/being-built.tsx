/**
 * Screens of the route table that later pieces of work build: each shows its title and a plain
 * 'being built' line. Screens for members only still send a visitor without a session to sign in,
 * and the login's state brings them back.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { BeingBuilt } from "../components/status-screen";
import { documentTitleMeta } from "../document-title";
import { requireMember } from "../server/gateway.server";
import { useScreenRoute } from "../hooks/use-screen-route";
import { matchScreenRoute } from "../route-match";

export const meta = documentTitleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const screen = matchScreenRoute(new URL(request.url).pathname);
  if (screen?.signIn) await requireMember(request);
  return null;
}

export default function BeingBuiltScreen() {
  const screen = useScreenRoute();
  if (!screen) return null;
  return <BeingBuilt screen={screen.name} showHeading={!screen.titleKey} />;
}
