/**
 * An infinite list of offers: shows what it has, asks for the next page when its end comes into
 * view, and ends with 'no more', or 'load failed, tap to reload' when a page fails. Give it a `key`
 * per list (tab, filters, keyword): a new key starts again from that list's first page.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { OfferPage, OfferSummary } from "../lib/api/catalog-endpoints";
import { OfferCard, OfferCardSkeleton } from "./offer-card";

export interface OfferListState {
  items: OfferSummary[];
  page: number;
  hasMore: boolean;
  now: number;
}

type PageReply = { ok: true; page: OfferPage; now: number } | { ok: false; code: string };

interface OfferListProps {
  /** What to show first (the loader's page, or what was kept alive). */
  initial: OfferListState;
  /** The URL of a page of this list. */
  pageUrl: (page: number) => string;
  /** Told after every page, so the screen can keep the list alive. */
  onChange?: (state: OfferListState) => void;
  label: string;
}

export function OfferList({ initial, pageUrl, onChange, label }: OfferListProps) {
  const { t } = useTranslation();
  const [state, setState] = useState(initial);
  const [status, setStatus] = useState<"idle" | "loading" | "failed">("idle");
  const sentinel = useRef<HTMLDivElement>(null);
  const busy = useRef(false);
  /**
   * After a failure only the member's tap loads again. A ref, not only the status: the observer of
   * the page that failed can still fire before React's effect has disconnected it.
   */
  const failed = useRef(false);
  const latest = useRef({ state, pageUrl, onChange });
  latest.current = { state, pageUrl, onChange };

  const loadMore = useCallback(async () => {
    const current = latest.current.state;
    if (busy.current || !current.hasMore) return;
    busy.current = true;
    setStatus("loading");
    try {
      const response = await fetch(latest.current.pageUrl(current.page + 1), { headers: { accept: "application/json" } });
      const reply = (await response.json()) as PageReply;
      if (!reply.ok) throw new Error(reply.code);
      const next: OfferListState = {
        items: [...current.items, ...reply.page.list.filter((offer) => !current.items.some((item) => item.id === offer.id))],
        page: reply.page.page,
        hasMore: reply.page.hasMore,
        now: reply.now,
      };
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
    const observer = new IntersectionObserver((entries) => {
      if (!failed.current && entries.some((entry) => entry.isIntersecting)) void loadMore();
    }, { rootMargin: "200px 0px" });
    observer.observe(element);
    return () => observer.disconnect();
  }, [state.hasMore, state.items.length, status, loadMore]);

  return (
    <section className="offer-list" aria-label={label}>
      <ul className="offer-list__items">
        {state.items.map((offer) => (
          <li key={offer.id}>
            <OfferCard offer={offer} now={state.now} />
          </li>
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
              <OfferCardSkeleton />
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

/** A short list of offers shown whole (a store's, a zone's). */
export function OfferCards({ offers, now }: { offers: OfferSummary[]; now: number }) {
  return (
    <ul className="offer-list__items">
      {offers.map((offer) => (
        <li key={offer.id}>
          <OfferCard offer={offer} now={now} />
        </li>
      ))}
    </ul>
  );
}
