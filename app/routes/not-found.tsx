/** Any path outside the route table: the not-found screen, with HTTP 404. */
import { NotFoundScreen } from "../components/status-screen";

export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return <NotFoundScreen />;
}

export function ErrorBoundary() {
  return <NotFoundScreen />;
}
