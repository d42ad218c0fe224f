/**
 * An offer (/coupon_details/{id}; the shared entry /coupon_details_link/{id}, with the secret door;
 * the shared coupon page /share_coupon/{id}, shown directly): its pictures and prices, how many
 * pieces and how many mCoin, the usage notice, validity, stores and terms, like, favourite and share,
 * the age notice of 18+ offers, and checkout (components/purchase-flow.tsx). Anyone may look; buying
 * needs a member, and asks them to sign in first.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, isRouteErrorResponse, useFetcher, useLoaderData, useLocation, useRouteError } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ClockIcon, CoinIcon, HelpIcon, LikeIcon, ShareIcon, StarIcon } from "../components/icons";
import { McoinSlider } from "../components/mcoin-slider";
import { PayLine } from "../components/offer-card";
import { PurchaseFlow } from "../components/purchase-flow";
import { OfferStores } from "../components/offer-stores";
import { QuantityStepper } from "../components/quantity-stepper";
import { BackToHomeLink, StatusScreen } from "../components/status-screen";
import { Dialog } from "../components/dialog";
import { basicInformation, userAddressList } from "#core/api/endpoints";
import { offerDetail, type OfferDetail } from "#core/api/shop-endpoints";
import { discountLabel } from "../lib/catalog/discount";
import { cardPrice, payTexts, timesPieces, type PayAmount } from "../lib/catalog/pay-price";
import { getHostBridge } from "../lib/host-bridge";
import { formatMoney, formatPoints } from "../lib/money/format";
import { cashDueCents, maxPieces, mcoinRange, snapMcoin, type PricedOffer } from "#core/money/purchase";
import { formatDate } from "../lib/time/format";
import { useLocale } from "../hooks/use-locale";
import { useServerNow } from "../hooks/use-server-now";
import { Countdown } from "../components/countdown";
import { useToastOn } from "../components/toast";
import { Picture } from "../components/picture";
import { catalogNear } from "../server/catalog.server";
import { orNotFound } from "../server/gateway.server";
import { requireMember } from "../server/member.server";
import { idParam } from "../server/params.server";
import { offerAction, type OfferActionResult } from "./coupon-details.server";
import type { ScreenHandle } from "../screen-handle";
import stylesheet from "./coupon-details.css?url";

export const handle: ScreenHandle = {
  analytics: "couponDetails",
  skeleton: "offer",
  keepToken: true,
  calls: { loader: ["offerDetail", "basicInformation", "systemTime", "userAddressList"], action: { checkout: ["createOrder"], like: ["likeOffer"], collect: ["collectOffer"] } },
};

/** `?buy` asks a visitor to sign in and come back here to buy. */
const BUY_PARAM = "buy";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = idParam(params.id);
  if (new URL(request.url).searchParams.has(BUY_PARAM)) await requireMember(context);
  const { near } = await catalogNear(request);
  const [offer, info, time, addresses] = await Promise.all([
    orNotFound(context.api.call(offerDetail, { id, ...near })),
    context.member ? context.api.shared(basicInformation) : Promise.resolve(null),
    context.api.gatewayTime(),
    // Where delivery goods would go: the member's default address (the checkout shows it).
    context.member
      ? context.api.call(userAddressList).then(
          (reply) => reply.snatchList,
          () => null,
        )
      : Promise.resolve(null),
  ]);
  const address = offer.fulfilment === "delivery" && addresses ? (addresses.find((item) => item.isDefault === 1) ?? addresses[0] ?? null) : null;
  return data({ offer, balance: info ? info.point : null, now: time, address });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return offerAction(request, context, idParam(params.id));
}

/** Where the member's answer to the age notice is kept for the visit. */
const AGE_KEY = "mcoin.age";

type AgeAnswer = "adult" | "minor" | null;

function readAge(): AgeAnswer {
  try {
    const answer = window.sessionStorage.getItem(AGE_KEY);
    return answer === "adult" || answer === "minor" ? answer : null;
  } catch {
    return null;
  }
}

export const links = () => [{ rel: "stylesheet", href: stylesheet }];

export default function CouponDetails() {
  const { t } = useTranslation();
  const locale = useLocale();
  const loaded = useLoaderData<typeof loader>();
  const { balance, now, address } = loaded;
  // Not started yet: count down on the gateway's clock, and open for sale on the second it starts.
  const waiting = loaded.offer.availability === "not_started";
  const serverNow = useServerNow(waiting, now);
  const startedSince = waiting && serverNow !== null && serverNow >= loaded.offer.startAt;
  const offer: OfferDetail = startedSince ? { ...loaded.offer, availability: loaded.offer.stock > 0 ? "available" : "sold_out" } : loaded.offer;
  const location = useLocation();
  const signedIn = balance !== null;
  const priced: PricedOffer = { priceCents: offer.priceCents, mcoinPrice: offer.mcoinPrice, mcoin: offer.mcoin };

  const piecesLeft = maxPieces({ stock: offer.stock, limitPerMember: offer.limitPerMember, bought: offer.boughtByMember ?? 0 });
  const [quantity, setQuantity] = useState(1);
  const pieces = Math.max(1, Math.min(quantity, Math.max(1, piecesLeft)));
  const range = mcoinRange(priced, pieces, balance ?? 0);
  /**
   * The member's choice, kept within what the pieces and balance allow. Null follows the most mCoin
   * allowed: where the slider starts, the price the offer's card showed when the balance covers it
   * (docs/decisions/014-what-a-card-shows-and-the-slider-starts-at.md), and where it stays, as the
   * pieces change, once the member has slid it to that end.
   */
  const [chosen, setChosen] = useState<number | null>(null);
  const mcoinUsed = range.ok ? snapMcoin(range, chosen ?? range.max) : 0;
  const cashCents = cashDueCents(priced, pieces, mcoinUsed);
  const chooseMcoin = (value: number) => setChosen(range.ok && value >= range.max ? null : value);
  /** What the bar shows: the member's choice, or, while there is none to make, the card's price for the pieces. */
  const selection: PayAmount = signedIn && range.ok ? { mcoin: mcoinUsed, cents: cashCents } : timesPieces(cardPrice(offer), pieces);

  const [age, setAge] = useState<AgeAnswer>(null);
  useEffect(() => setAge(readAge()), []);
  const answerAge = (answer: "adult" | "minor") => {
    setAge(answer);
    try {
      window.sessionStorage.setItem(AGE_KEY, answer);
    } catch {
      // A private window without storage asks again on the next offer.
    }
  };

  /** Asks again: the age notice comes back. */
  const forgetAge = () => {
    setAge(null);
    try {
      window.sessionStorage.removeItem(AGE_KEY);
    } catch {
      // Nothing was kept.
    }
  };

  const blocker = purchaseBlocker(offer, { signedIn, piecesLeft, rangeOk: range.ok, age });
  // None left and none ever sold: "0 sold, 0 left" and "sold out" would both mislead; it is out of stock.
  const neverStocked = offer.stock <= 0 && offer.sold === 0;

  return (
    <div className="offer">
      <Gallery offer={offer} />

      <section className="offer-head card" aria-labelledby="offer-title">
        <Prices offer={offer} />
        <h1 id="offer-title" className="offer-head__title">
          {offer.title}
        </h1>
        <p className="offer-head__subtitle">{offer.subtitle}</p>
        {neverStocked ? null : (
          <p className="offer-head__meta">
            <span>{t("catalog.sold", { count: offer.sold })}</span>
            <span>{t("offer.left", { count: offer.stock })}</span>
          </p>
        )}
        <OfferActions offer={offer} signedIn={signedIn} />
      </section>

      {offer.availability === "available" && blocker !== "minor" ? (
        <section className="offer-buy card" aria-labelledby="offer-buy-title">
          <h2 id="offer-buy-title" className="visually-hidden">
            {t("offer.buyTitle")}
          </h2>
          <div className="offer-buy__row">
            <span className="offer-buy__label" id="offer-quantity">
              {t("offer.quantity")}
              {offer.limitPerMember < 99 ? <small>{t("offer.limit", { count: offer.limitPerMember })}</small> : null}
            </span>
            <QuantityStepper value={pieces} max={Math.max(1, piecesLeft)} onChange={setQuantity} label={t("offer.quantity")} />
          </div>
          {signedIn && range.ok && range.min === range.max ? (
            <div className="offer-buy__row">
              <span className="offer-buy__label">
                {t("offer.useMcoin")}
                <small>{range.max === 0 ? t("offer.cashOnly") : t("offer.mcoinFixed")}</small>
              </span>
              <span className="offer-buy__value">
                <CoinIcon /> {formatPoints(mcoinUsed)}
              </span>
            </div>
          ) : signedIn && range.ok ? (
            <div className="offer-buy__mcoin">
              <div className="offer-buy__row">
                <span className="offer-buy__label">
                  {t("offer.useMcoin")}
                  <small data-testid="offer-balance">{t("offer.balance", { value: formatPoints(balance ?? 0) })}</small>
                </span>
                <span className="offer-buy__value">
                  <CoinIcon /> {formatPoints(mcoinUsed)}
                </span>
              </div>
              <McoinSlider
                range={range}
                value={mcoinUsed}
                onChange={chooseMcoin}
                label={t("offer.useMcoin")}
                valueText={(value) => t("offer.sliderValue", { mcoin: formatPoints(value), cash: formatMoney(cashDueCents(priced, pieces, value) / 100) })}
              />
              {/* The slider's two ends, and nothing between them that could read as a tick. */}
              <p className="offer-buy__scale" aria-hidden="true">
                <span>{formatPoints(range.min)}</span>
                <span>{formatPoints(range.max)}</span>
              </p>
            </div>
          ) : null}
          <div className="offer-buy__row offer-buy__total">
            <span className="offer-buy__label">{t("offer.cashDue")}</span>
            <span className="offer-buy__cash" aria-live="polite">
              {formatMoney(cashCents / 100)}
            </span>
          </div>
          {blocker && blocker !== "signIn" ? (
            <p className="form-message" role="alert">
              {t(`offer.blocked.${blocker}`)}
            </p>
          ) : null}
        </section>
      ) : (
        <p className="offer-state card" role="status">
          {t(`offer.state.${blocker === "minor" ? "minor" : offer.availability === "sold_out" && neverStocked ? "out_of_stock" : offer.availability}`, { date: formatDate(offer.startAt, locale) })}
          {offer.availability === "not_started" && offer.startAt - (serverNow ?? now) < COUNTDOWN_FROM_MS ? (
            <>
              {" "}
              <Countdown to={offer.startAt} now={serverNow ?? now} label={t("offer.startsIn")} />
            </>
          ) : null}
          {blocker === "minor" ? (
            // A mis-tap on 'under 18' must not lock every 18+ offer for the rest of the visit.
            <button type="button" className="button button--secondary offer-state__change" onClick={forgetAge}>
              {t("offer.age.change")}
            </button>
          ) : null}
        </p>
      )}

      <section className="card offer-section" aria-labelledby="offer-usage">
        <h2 id="offer-usage" className="offer-section__title">
          {t("offer.usage")}
        </h2>
        <p className="offer-section__text">{offer.usage}</p>
        <p className="offer-section__validity">
          <ClockIcon /> {t("offer.validUntil", { date: formatDate(offer.useUntil, locale) })}
        </p>
      </section>

      <OfferStores stores={offer.stores} />

      <section className="card offer-section" aria-labelledby="offer-terms">
        <h2 id="offer-terms" className="offer-section__title">
          {t("offer.terms")}
        </h2>
        <p className="offer-section__text">{offer.terms}</p>
      </section>

      <McoinHelp />

      <div className="offer-bar">
        <SelectionSummary selection={selection} pieces={pieces} />
        {blocker === "signIn" ? (
          <Link to={`${location.pathname}?${BUY_PARAM}=1`} className="button button--primary offer-bar__buy">
            {t("offer.signInToBuy")}
          </Link>
        ) : (
          <PurchaseFlow offer={offer} quantity={pieces} mcoinUsed={mcoinUsed} cashCents={cashCents} adult={age === "adult"} address={address} disabled={blocker !== null} />
        )}
      </div>

      {offer.ageRestricted && offer.availability === "available" && age === null ? (
        <Dialog
          role="alertdialog"
          title={t("offer.age.title")}
          actions={
            <>
              <button type="button" className="button button--secondary" onClick={() => answerAge("minor")}>
                {t("offer.age.under")}
              </button>
              <button type="button" className="button button--primary" onClick={() => answerAge("adult")}>
                {t("offer.age.over")}
              </button>
            </>
          }
        >
          <p>{t("offer.age.body")}</p>
        </Dialog>
      ) : null}
    </div>
  );
}

/** How close to its start an offer shows a countdown rather than only the date. */
const COUNTDOWN_FROM_MS = 24 * 3_600_000;

type Blocker = "signIn" | "minor" | "ageUnknown" | "unavailable" | "limit" | "insufficient" | null;

/** What keeps the member from buying now, if anything. */
function purchaseBlocker(offer: OfferDetail, { signedIn, piecesLeft, rangeOk, age }: { signedIn: boolean; piecesLeft: number; rangeOk: boolean; age: AgeAnswer }): Blocker {
  if (offer.availability !== "available") return "unavailable";
  if (offer.ageRestricted && age === "minor") return "minor";
  if (!signedIn) return "signIn";
  if (offer.ageRestricted && age !== "adult") return "ageUnknown";
  if (piecesLeft <= 0) return "limit";
  if (!rangeOk) return "insufficient";
  return null;
}

function Gallery({ offer }: { offer: OfferDetail }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(0);
  return (
    <section className="gallery" aria-roledescription="carousel" aria-label={t("offer.pictures")}>
      <div
        className="gallery__track"
        // A scrolling region is reached by keyboard too: focused, the arrow keys page the pictures.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- as above (axe: scrollable-region-focusable)
        tabIndex={0}
        onScroll={(event) => {
          const track = event.currentTarget;
          setShown(Math.round(track.scrollLeft / Math.max(1, track.clientWidth)));
        }}
      >
        {offer.images.map((image, index) => (
          <Picture
            key={image}
            className="gallery__image"
            alt={index === 0 ? offer.title : t("offer.picture", { index: index + 1, count: offer.images.length })}
            width={320}
            height={200}
            src={image}
            firstScreen={index === 0}
          />
        ))}
      </div>
      {offer.images.length > 1 ? (
        <span className="gallery__count" aria-hidden="true">
          {shown + 1}/{offer.images.length}
        </span>
      ) : null}
    </section>
  );
}

/**
 * The sticky bar's summary of what is chosen: what the pieces cost in mCoin and cash, live as the
 * member moves the stepper and the slider, and for how many pieces.
 */
function SelectionSummary({ selection, pieces }: { selection: PayAmount; pieces: number }) {
  const { t } = useTranslation();
  const pay = payTexts(t, selection);
  return (
    <div className="offer-bar__price" data-testid="offer-bar-selection" aria-live="polite">
      <PayLine pay={pay} className="pay offer-bar__pay" />
      <span className="offer-bar__per">{t("offer.forPieces", { count: pieces })}</span>
    </div>
  );
}

function Prices({ offer }: { offer: OfferDetail }) {
  const { t } = useTranslation();
  const discount = discountLabel(offer.price, offer.originalPrice, useLocale());
  const each = cardPrice(offer);
  const pay = payTexts(t, each);
  return (
    <div className="offer-prices">
      <span className="offer-prices__mcoin">
        {each.mcoin > 0 ? <CoinIcon /> : null}
        <PayLine pay={pay} className="pay offer-prices__pay" elementTiming="offer-price" />
        <small>{t("offer.perPiece")}</small>
      </span>
      {each.mcoin > 0 ? <span className="offer-prices__cash">{t("offer.cashValue", { price: formatMoney(offer.priceCents / 100) })}</span> : null}
      <s className="offer-prices__original" aria-label={t("catalog.originalPrice", { price: formatMoney(offer.originalPriceCents / 100) })}>
        {formatMoney(offer.originalPriceCents / 100)}
      </s>
      {discount ? <span className="offer-prices__discount">{discount}</span> : null}
      {offer.ageRestricted ? <span className="badge badge--adult">{t("catalog.badge.adult")}</span> : null}
    </div>
  );
}

/** Like, favourite and share. Like and favourite show at once, and go back with a message when refused. */
function OfferActions({ offer, signedIn }: { offer: OfferDetail; signedIn: boolean }) {
  const { t } = useTranslation();
  const like = useFetcher<OfferActionResult>();
  const collect = useFetcher<OfferActionResult>();
  const pendingLike = like.formData?.get("liked");
  const pendingCollect = collect.formData?.get("collected");
  const liked = pendingLike !== undefined && pendingLike !== null ? pendingLike === "1" : like.data?.ok && like.data.intent === "like" ? like.data.liked : offer.liked;
  const likes = like.data?.ok && like.data.intent === "like" ? like.data.likes : offer.likes + (liked && !offer.liked ? 1 : !liked && offer.liked ? -1 : 0);
  const collected = pendingCollect !== undefined && pendingCollect !== null ? pendingCollect === "1" : collect.data?.ok && collect.data.intent === "collect" ? collect.data.collected : offer.collected;
  const failure = [like.data, collect.data].find((result) => result && !result.ok);
  useToastOn(collect.state === "idle" ? collect.data : undefined, (reply) => (reply.ok && reply.intent === "collect" ? t(reply.collected ? "toast.favourited" : "toast.unfavourited") : null));
  const location = useLocation();

  const share = () =>
    void getHostBridge()
      .share({ title: offer.title, description: offer.subtitle, url: new URL(`/coupon_details_link/${offer.id}`, window.location.origin).href, imageUrl: offer.image })
      .catch(() => undefined);

  return (
    <>
      <div className="offer-actions">
        {signedIn ? (
          <>
            <like.Form method="post">
              <input type="hidden" name="intent" value="like" />
              <button type="submit" name="liked" value={liked ? "0" : "1"} className={`offer-action${liked ? " offer-action--on" : ""}`} aria-pressed={liked}>
                <LikeIcon filled={liked} />
                <span>{t("offer.likes", { count: likes })}</span>
              </button>
            </like.Form>
            <collect.Form method="post">
              <input type="hidden" name="intent" value="collect" />
              <button type="submit" name="collected" value={collected ? "0" : "1"} className={`offer-action${collected ? " offer-action--on" : ""}`} aria-pressed={collected}>
                <StarIcon filled={collected} />
                <span>{t("offer.favourite")}</span>
              </button>
            </collect.Form>
          </>
        ) : (
          <Link to={`${location.pathname}?${BUY_PARAM}=1`} className="offer-action">
            <LikeIcon />
            <span>{t("offer.likes", { count: offer.likes })}</span>
          </Link>
        )}
        <button type="button" className="offer-action" onClick={share}>
          <ShareIcon />
          <span>{t("offer.share")}</span>
        </button>
      </div>
      {failure && !failure.ok ? (
        <p className="form-message" role="alert">
          {failure.message}
        </p>
      ) : null}
    </>
  );
}

/** Help on earning and using mCoin (spec: 1 mCoin per MOP 1 spent via the wallet). */
function McoinHelp() {
  const { t } = useTranslation();
  return (
    <details className="card offer-help">
      <summary>
        <HelpIcon /> {t("offer.help.title")}
      </summary>
      <p>{t("offer.help.earn")}</p>
      <p>{t("offer.help.use")}</p>
    </details>
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
