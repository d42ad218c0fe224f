/**
 * An offer (/coupon_details/{id}; the shared entry /coupon_details_link/{id}, with the secret door;
 * the shared coupon page /share_coupon/{id}, shown directly): its pictures and prices, how many
 * pieces and how many mCoin, the usage notice, validity, stores and terms, like, favourite and share,
 * the age notice of 18+ offers, and checkout (components/purchase-flow.tsx). Anyone may look; buying
 * needs a member, and asks them to sign in first.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useLocation, useRouteError } from "@remix-run/react";
import { memo, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { OfferStores } from "../components/offer-stores";
import { BackToHomeLink, StatusScreen } from "../components/status-screen";
import type { OfferDetail } from "#core/api/shop-endpoints";
import { useServerNow } from "../hooks/use-server-now";
import { idParam } from "../server/params.server";
import { offerAction, offerData } from "./coupon-details.server";
import type { ScreenHandle } from "../screen-handle";
import { mallContext } from "../server/context.server";
import stylesheet from "./coupon-details.css?url";
import { AgeDialog, useAgeAnswer } from "./coupon-details/age-check";
import { BuyCard } from "./coupon-details/buy-card";
import { Gallery } from "./coupon-details/gallery";
import { OfferBar } from "./coupon-details/offer-bar";
import { OfferHead } from "./coupon-details/offer-head";
import { OfferState } from "./coupon-details/offer-state";
import { McoinHelp, Terms, Usage } from "./coupon-details/offer-texts";
import { BUY_PARAM, purchaseBlocker, usePurchaseChoice } from "./coupon-details/purchase-choice";
import { intentClientLoader, useFreshData } from "../lib/intent-data";

export const handle: ScreenHandle = {
  analytics: "couponDetails",
  keepToken: true,
};

/** The data a touch on a link here asked for ahead is the tap's (lib/intent-data.ts); any other load is the server's. */
export const clientLoader = intentClientLoader;

export async function loader(args: LoaderFunctionArgs) {
  return data(await offerData(args));
}

export async function action(args: ActionFunctionArgs) {
  const { request, params } = args;
  const mall = await mallContext(args);
  return offerAction(request, mall, idParam(params.id));
}

export const links = () => [{ rel: "stylesheet", href: stylesheet }];

/**
 * The offer's own parts do not change while the member chooses pieces and mCoin: memos, so that a
 * move of the slider draws the buy card and the bar, not the whole screen (docs/benchmarks.md, "Taps").
 */
const Parts = {
  Gallery: memo(Gallery),
  OfferHead: memo(OfferHead),
  Usage: memo(Usage),
  OfferStores: memo(OfferStores),
  Terms: memo(Terms),
  McoinHelp: memo(McoinHelp),
};

export default function CouponDetails() {
  const loaded = useFreshData(useLoaderData<typeof loader>()).data;
  const { balance, now, address } = loaded;
  // Not started yet: count down on the gateway's clock, and open for sale on the second it starts.
  const waiting = loaded.offer.availability === "not_started";
  const serverNow = useServerNow(waiting, now);
  const startedSince = waiting && serverNow !== null && serverNow >= loaded.offer.startAt;
  const offer = useMemo<OfferDetail>(() => (startedSince ? { ...loaded.offer, availability: loaded.offer.stock > 0 ? "available" : "sold_out" } : loaded.offer), [startedSince, loaded.offer]);
  const location = useLocation();
  const signInTo = `${location.pathname}?${BUY_PARAM}=1`;
  const choice = usePurchaseChoice(offer, balance);
  const { signedIn, pieces, mcoinUsed, cashCents } = choice;
  const { age, answerAge, forgetAge } = useAgeAnswer();

  const blocker = purchaseBlocker(offer, { signedIn, piecesLeft: choice.piecesLeft, rangeOk: choice.range.ok, age });
  // None left and none ever sold: "0 sold, 0 left" and "sold out" would both mislead; it is out of stock.
  const neverStocked = offer.stock <= 0 && offer.sold === 0;

  return (
    <div className="offer">
      <Parts.Gallery offer={offer} />
      <Parts.OfferHead offer={offer} signedIn={signedIn} neverStocked={neverStocked} signInTo={signInTo} />
      {offer.availability === "available" && blocker !== "minor" ? (
        <BuyCard
          offer={offer}
          priced={choice.priced}
          signedIn={signedIn}
          balance={balance}
          pieces={pieces}
          piecesLeft={choice.piecesLeft}
          onPieces={choice.setQuantity}
          range={choice.range}
          mcoinUsed={mcoinUsed}
          onMcoin={choice.chooseMcoin}
          cashCents={cashCents}
          blocker={blocker}
        />
      ) : (
        <OfferState offer={offer} blocker={blocker} neverStocked={neverStocked} now={serverNow ?? now} onChangeAge={forgetAge} />
      )}
      <Parts.Usage offer={offer} />
      <Parts.OfferStores stores={offer.stores} />
      <Parts.Terms offer={offer} />
      <Parts.McoinHelp />
      <OfferBar
        selection={choice.selection}
        pieces={pieces}
        blocker={blocker}
        signInTo={signInTo}
        purchase={{ offer, quantity: pieces, mcoinUsed, cashCents, adult: age === "adult", address, disabled: blocker !== null }}
      />
      {offer.ageRestricted && offer.availability === "available" && age === null ? <AgeDialog onAnswer={answerAge} /> : null}
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <StatusScreen title={missing ? t("shop.refusal.TAKEN_DOWN") : t("error.unexpected")} body={missing ? t("offer.goneBody") : t("error.tryLater")}>
      <BackToHomeLink />
    </StatusScreen>
  );
}
