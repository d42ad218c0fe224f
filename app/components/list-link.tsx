/**
 * The links of long lists (offer cards and tiles) and of home's grids (categories, shortcuts): a plain
 * anchor the router follows on a plain tap. Remix's <Link> does a good deal per link (two path
 * resolutions, a click handler of its own, prefetch state, a navigation hook), which home paid some
 * sixty times on every page it served and again at hydration. Here one handler, made once at the root, serves every list link; the anchor
 * keeps `data-discover`, so Remix's lazy route discovery still learns the route before the tap.
 *
 * A tap with a modifier key, another button or another target is the browser's, as with <Link>.
 * Without the provider (a list drawn alone) the anchor is an ordinary link.
 */
import { createContext, useCallback, useContext, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from "react";
import { useNavigate } from "@remix-run/react";

type Follow = (event: MouseEvent<HTMLAnchorElement>) => void;

const FollowContext = createContext<Follow | null>(null);

/** Whether the router, not the browser, should follow this click (react-router's own rule). */
export function isPlainClick(event: Pick<MouseEvent<HTMLAnchorElement>, "button" | "metaKey" | "altKey" | "ctrlKey" | "shiftKey" | "defaultPrevented">, target: string): boolean {
  return event.button === 0 && !event.defaultPrevented && (!target || target === "_self") && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);
}

export function ListLinkProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const follow = useCallback<Follow>(
    (event) => {
      const anchor = event.currentTarget;
      if (!isPlainClick(event, anchor.target) || anchor.origin !== window.location.origin) return;
      event.preventDefault();
      navigate(anchor.pathname + anchor.search + anchor.hash);
    },
    [navigate],
  );
  return <FollowContext.Provider value={follow}>{children}</FollowContext.Provider>;
}

/** A list's link to a path of the mall (its tap is the shared handler's: no onClick of its own). */
export function ListLink({ to, children, ...props }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href" | "onClick"> & { to: `/${string}` }) {
  const follow = useContext(FollowContext);
  return (
    <a {...props} href={to} data-discover="true" onClick={follow ?? undefined}>
      {children}
    </a>
  );
}
