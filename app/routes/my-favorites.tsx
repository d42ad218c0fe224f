/**
 * Favourites (/myFavorites, titled): the member's favourite offers in two tabs, coupons (coupons and
 * vouchers) and products (goods), the latest added first, paged as the member scrolls. Removing one
 * takes it off the list at once and offers to undo; when the gateway refuses, it comes back with a
 * message. Empty tabs lead back to browsing. Offers are added from their own screen (the star).
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useFetcher, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { StarIcon } from "../components/icons";
import { InfiniteList } from "../components/infinite-list";
import { OfferCard } from "../components/offer-card";
import { readWalletPage, useKnownCounts } from "../components/order-list-view";
import { EmptyState, NotFoundOrErrorScreen } from "../components/status-screen";
import { TabBar } from "../components/tab-bar";
import type { OfferSummary } from "#core/api/catalog-endpoints";
import { FAVOURITE_TABS, type FavouriteTab } from "#core/api/vocabulary";
import { favouriteAction, type FavouriteActionResult } from "../server/favourites.server";
import type { ScreenHandle } from "../screen-handle";
import stylesheet from "./my-favorites.css?url";
import { intentClientLoader, useFreshData } from "../lib/intent-data";
import { favouritesData } from "./my-favorites.server";

export const handle: ScreenHandle = {
  analytics: "myFavorites",
  member: true,
};

/** Its data can be asked for on a tap's first touch, and the way back shows what was seen (lib/intent-data.ts). */
export const clientLoader = intentClientLoader;

export async function loader(args: LoaderFunctionArgs) {
  return data(await favouritesData(args));
}

export const action = favouriteAction;

const UNDO_MS = 6_000;

const collectAgain = (offer: OfferSummary) => ({ intent: "collect", offerId: String(offer.id), collected: "1" });

export const links = () => [{ rel: "stylesheet", href: stylesheet }];

export default function MyFavorites() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Back to the favourites: as the member saw them, asked again in the background (lib/intent-data.ts).
  const {
    data: { tab, counts: loadedCounts, list, now },
    generation,
  } = useFreshData(useLoaderData<typeof loader>());
  const counts = useKnownCounts(loadedCounts);
  const remove = useFetcher<FavouriteActionResult>();
  const undo = useFetcher<FavouriteActionResult>();
  const submitUndo = undo.submit;
  /** Offers taken off the list on this visit (hidden at once, shown again on undo or a refusal). */
  const [removed, setRemoved] = useState<Set<number>>(new Set());
  const [lastRemoved, setLastRemoved] = useState<OfferSummary | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const hide = (offer: OfferSummary, hidden: boolean) =>
    setRemoved((previous) => {
      const next = new Set(previous);
      if (hidden) next.add(offer.id);
      else next.delete(offer.id);
      return next;
    });

  /** An undo tapped while its removal is still on its way waits for it, so the two never race at the gateway. */
  const undoAfterRemoval = useRef<OfferSummary | null>(null);

  // A refused removal puts the offer back, and says so.
  const seen = useRef<unknown>(null);
  useEffect(() => {
    if (remove.state !== "idle") return;
    const waiting = undoAfterRemoval.current;
    undoAfterRemoval.current = null;
    if (waiting) submitUndo(collectAgain(waiting), { method: "post" });
    const answer = remove.data;
    if (!answer || seen.current === answer) return;
    seen.current = answer;
    if (!answer.ok && lastRemoved) {
      hide(lastRemoved, false);
      setLastRemoved(null);
      setFailure(answer.message);
    }
  }, [remove.state, remove.data, lastRemoved, submitUndo]);

  // The chance to undo lasts a few seconds, like a wallet's snackbar.
  useEffect(() => {
    if (!lastRemoved) return;
    const timer = setTimeout(() => setLastRemoved(null), UNDO_MS);
    return () => clearTimeout(timer);
  }, [lastRemoved]);

  const removeOffer = (offer: OfferSummary) => {
    setFailure(null);
    hide(offer, true);
    setLastRemoved(offer);
    remove.submit({ intent: "collect", offerId: String(offer.id), collected: "0" }, { method: "post" });
  };
  const undoRemove = () => {
    if (!lastRemoved) return;
    hide(lastRemoved, false);
    if (remove.state === "idle") undo.submit(collectAgain(lastRemoved), { method: "post" });
    else undoAfterRemoval.current = lastRemoved;
    setLastRemoved(null);
  };

  return (
    <div className="favourites">
      <TabBar
        label={t("favourites.tabs")}
        tabs={FAVOURITE_TABS.map((id) => ({ id, label: t(`favourites.tab.${id}`), count: counts[id] ?? 0 }))}
        selected={tab}
        onSelect={(next: FavouriteTab) => navigate({ search: `?tab=${next}` }, { replace: true, preventScrollReset: true })}
      />
      {failure ? (
        <p className="form-message favourites__message" role="alert">
          {failure}
        </p>
      ) : null}
      <InfiniteList
        key={`${tab}@${generation}`}
        initial={list}
        pageUrl={(page) => `/resources/wallet?${new URLSearchParams({ list: "favourites", tab, page: String(page) })}`}
        readPage={readWalletPage<OfferSummary>}
        keyOf={(offer) => offer.id}
        renderItem={(offer) =>
          removed.has(offer.id) ? null : (
            <div className="favourite" data-testid="favourite">
              <OfferCard offer={offer} now={now} />
              <button type="button" className="icon-button favourite__remove" aria-label={t("favourites.remove", { title: offer.title })} onClick={() => removeOffer(offer)}>
                <StarIcon filled />
              </button>
            </div>
          )
        }
        label={t(`favourites.tab.${tab}`)}
        empty={<EmptyFavourites tab={tab} />}
      />
      {list.items.length > 0 && list.items.every((offer) => removed.has(offer.id)) && !list.hasMore ? <EmptyFavourites tab={tab} /> : null}
      {lastRemoved ? (
        <div className="snackbar" role="status">
          <span>{t("favourites.removed")}</span>
          <button type="button" className="snackbar__action" onClick={undoRemove}>
            {t("favourites.undo")}
          </button>
        </div>
      ) : null}
    </div>
  );
}

function EmptyFavourites({ tab }: { tab: FavouriteTab }) {
  const { t } = useTranslation();
  return <EmptyState art="favourites" title={t(`favourites.empty.${tab}`)} action={{ to: "/index", label: t("wallet.browse") }} testId="favourites-empty" />;
}

export const ErrorBoundary = NotFoundOrErrorScreen;
