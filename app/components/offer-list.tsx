/**
 * An infinite list of offers (home's, and the search and category listings'): the one infinite list
 * (components/infinite-list.tsx) showing offer cards. Give it a `key` per list (tab, filters,
 * keyword): a new key starts again from that list's first page.
 */
import { useEffect, useRef, type ReactNode, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import type { OfferCardData } from "../lib/catalog/card-data";
import { InfiniteList, type ListState, type PageReply } from "./infinite-list";
import { OfferCard, OfferCardSkeleton } from "./offer-card";
import { EmptyState } from "./status-screen";

export interface OfferListState extends ListState<OfferCardData> {
  /** The gateway's clock when the first page was read: the cards' "ends today" and "coming soon". */
  now: number;
}

interface OfferListProps {
  /** What to show first (the loader's page, or what was kept alive). */
  initial: OfferListState;
  /** The URL of a page of this list (/resources/offers). */
  pageUrl: (page: number) => string;
  /** Told after every page, so the screen can keep the list alive. */
  onChange?: (state: OfferListState) => void;
  label: string;
  /**
   * How many of its first cards a phone shows on the first screen, whose pictures are asked for
   * first (a listing's); none when the list starts below it (home's).
   */
  firstScreenCards?: number;
}

type OffersReply = { ok: true; page: { list: OfferCardData[]; page: number; hasMore: boolean }; now: number } | { ok: false };

const readOffers = (reply: unknown): PageReply<OfferCardData> => {
  const offers = reply as OffersReply;
  return offers.ok ? { ok: true, items: offers.page.list, page: offers.page.page, hasMore: offers.page.hasMore } : { ok: false };
};

export function OfferList({ initial, pageUrl, onChange, label, firstScreenCards = 0 }: OfferListProps) {
  const { t } = useTranslation();
  return (
    <InfiniteList
      className="offer-list"
      initial={initial}
      pageUrl={pageUrl}
      readPage={readOffers}
      keyOf={(offer) => offer.id}
      renderItem={(offer, index) => <OfferCard offer={offer} now={initial.now} firstScreen={index < firstScreenCards} />}
      onChange={onChange ? (state) => onChange({ ...state, now: initial.now }) : undefined}
      label={label}
      skeleton={<OfferCardSkeleton />}
      empty={<EmptyState art="offers" title={t("emptyState.noOffers")} action={{ to: "/search", label: t("emptyState.searchOffers") }} />}
    />
  );
}

/**
 * Brings the member back to a list's first result when another list replaces it (a tab, a filter, a
 * sort): scrolled down the old list, they would otherwise land in the middle of the new one, or past
 * its end. `start` is the element whose top is where the list starts; nothing moves when the member
 * has not scrolled past it. The first list (also one kept alive and shown again) keeps its place.
 */
export function useBackToFirstResult(listKey: string, start: RefObject<HTMLElement>) {
  const shown = useRef(listKey);
  useEffect(() => {
    if (shown.current === listKey) return;
    shown.current = listKey;
    const top = start.current?.getBoundingClientRect().top;
    if (top !== undefined && top < 0) window.scrollTo({ top: window.scrollY + top, behavior: "instant" });
  }, [listKey, start]);
}

/**
 * A short list of offers shown whole as cards (a store's, a zone's); `action` puts a control of its
 * own over each card's corner (a store's favourite stars).
 */
export function OfferCards<Offer extends OfferCardData>({ offers, now, action }: { offers: Offer[]; now: number; action?: (offer: Offer) => ReactNode }) {
  return (
    <ul className="offer-list__items">
      {offers.map((offer) => (
        <li key={offer.id} className={action ? "favourite" : undefined}>
          <OfferCard offer={offer} now={now} />
          {action?.(offer)}
        </li>
      ))}
    </ul>
  );
}
