/**
 * A list that pages as the member scrolls: it shows what it has, asks for the next page when its end
 * comes into view, and ends with 'no more', or 'load failed, tap to reload' when a page fails (after
 * which only the tap loads again). Give it a `key` per list (tab, filters): a new key starts again
 * from that list's first page. The offers, coupons, orders and refunds lists are all this one.
 * A list whose first page failed in the screen's loader (app/server/first-page.server.ts) starts at
 * 'load failed, tap to reload', and the tap loads that first page.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import "./infinite-list.css";

export interface ListState<T> {
  items: T[];
  page: number;
  hasMore: boolean;
  /** The first page did not load (page 0): the list offers to load it again. */
  failed?: boolean;
}

/** A page as the list's resource route answers it. */
export type PageReply<T> = { ok: true; items: T[]; page: number; hasMore: boolean } | { ok: false };

interface InfiniteListProps<T> {
  /** What to show first (the loader's page, or what was kept alive). */
  initial: ListState<T>;
  /** The URL of a page of this list. */
  pageUrl: (page: number) => string;
  /** Reads a page from the resource route's reply. */
  readPage: (reply: unknown) => PageReply<T>;
  /** Items already shown are not shown twice when pages shift under the list. */
  keyOf: (item: T) => string | number;
  /** `index`: the item's place in the list, from 0 (the first ones are on the first screen). */
  renderItem: (item: T, index: number) => ReactNode;
  /** Told after every page, so the screen can keep the list alive. */
  onChange?: (state: ListState<T>) => void;
  /** The accessible name of the list's region. */
  label: string;
  /** Shown while the next page loads. */
  skeleton?: ReactNode;
  /** Shown when the first page is empty. */
  empty?: ReactNode;
  className?: string;
}

export function InfiniteList<T>({ initial, pageUrl, readPage, keyOf, renderItem, onChange, label, skeleton, empty, className = "" }: InfiniteListProps<T>) {
  const { t } = useTranslation();
  const [state, setState] = useState(initial);
  const [status, setStatus] = useState<"idle" | "loading" | "failed">(initial.failed ? "failed" : "idle");
  const sentinel = useRef<HTMLDivElement>(null);
  const busy = useRef(false);
  /**
   * After a failure only the member's tap loads again. A ref, not only the status: the observer of
   * the page that failed can still fire before React's effect has disconnected it.
   */
  const failed = useRef(Boolean(initial.failed));
  const latest = useRef({ state, pageUrl, readPage, keyOf, onChange });
  latest.current = { state, pageUrl, readPage, keyOf, onChange };

  const loadMore = useCallback(async () => {
    const { state: current, pageUrl: url, readPage: read, keyOf: key } = latest.current;
    if (busy.current || !current.hasMore) return;
    busy.current = true;
    setStatus("loading");
    try {
      const response = await fetch(url(current.page + 1), { headers: { accept: "application/json" } });
      const reply = read(await response.json());
      if (!reply.ok) throw new Error("page failed");
      const shown = new Set(current.items.map(key));
      const next: ListState<T> = { items: [...current.items, ...reply.items.filter((item) => !shown.has(key(item)))], page: reply.page, hasMore: reply.hasMore };
      setState(next);
      latest.current.onChange?.(next);
      setStatus("idle");
    } catch {
      failed.current = true;
      setStatus("failed");
    } finally {
      busy.current = false;
    }
  }, []);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !state.hasMore || status === "failed") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!failed.current && entries.some((entry) => entry.isIntersecting)) void loadMore();
      },
      { rootMargin: "200px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [state.hasMore, state.items.length, status, loadMore]);

  if (state.items.length === 0 && !state.hasMore && empty) return <>{empty}</>;

  return (
    <section className={`infinite-list ${className}`} aria-label={label}>
      <ul className="infinite-list__items">
        {state.items.map((item, index) => (
          <li key={keyOf(item)}>{renderItem(item, index)}</li>
        ))}
      </ul>
      <div ref={sentinel} className="offer-list__end" aria-live="polite">
        {status === "failed" ? (
          <button
            type="button"
            className="list-retry"
            onClick={() => {
              failed.current = false;
              void loadMore();
            }}
          >
            {t("catalog.loadFailed")}
          </button>
        ) : state.hasMore ? (
          status === "loading" ? (
            <>
              {skeleton}
              <span className="visually-hidden">{t("catalog.loadingMore")}</span>
            </>
          ) : (
            <span className="offer-list__spacer" />
          )
        ) : state.items.length > 0 ? (
          <p className="list-end">{t("catalog.noMore")}</p>
        ) : null}
      </div>
    </section>
  );
}
