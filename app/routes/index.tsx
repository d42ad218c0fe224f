/**
 * Home (/index). First entry with login parameters starts the session (spec section 4); after that
 * it shows the member's mCoin balance, nickname and avatar, and the mall's entries.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  CalendarIcon,
  CoinIcon,
  FlashIcon,
  HeartIcon,
  OrderIcon,
  PinIcon,
  SearchIcon,
  TicketIcon,
  UserIcon,
} from "../components/icons";
import { getRequestContext, requireMember } from "../gateway.server";
import { basicInformation } from "../lib/api/endpoints";
import { getHostBridge } from "../lib/host-bridge";
import { formatPoints } from "../lib/money/format";
import { hasLoginParams, startSession } from "../login.server";

export async function loader({ request }: LoaderFunctionArgs) {
  if (hasLoginParams(new URL(request.url))) throw await startSession(await getRequestContext(request));
  const context = await requireMember(request);
  const info = await context.call(basicInformation);
  const member = context.member!;
  return data(
    { nickname: member.nickname, avatar: member.avatar, point: info.point, count: info.count },
    { headers: await context.headers() },
  );
}

export default function Home() {
  const { t } = useTranslation();
  const { nickname, avatar, point, count } = useLoaderData<typeof loader>();
  const name = nickname || t("home.defaultNickname");

  return (
    <div className="home">
      <div className="home-top">
        <Link to="/search" className="search-box" aria-label={t("home.searchLabel")}>
          <SearchIcon />
          <span>{t("home.searchPlaceholder")}</span>
        </Link>
      </div>

      <section className="member-card card" aria-label={t("home.myMcoin")}>
        {avatar ? (
          <img className="member-card__avatar" src={avatar} alt={t("home.avatarAlt", { name })} width={52} height={52} />
        ) : (
          <span className="member-card__avatar" aria-hidden="true" />
        )}
        <div>
          <p className="member-card__hello">{t("home.greeting", { name })}</p>
          <p className="member-card__hint">{t("home.earnHint")}</p>
        </div>
        <div className="member-card__stats">
          <Link to="/mcoin_integral" className="stat">
            <span className="stat__label">{t("home.myMcoin")}</span>
            <span className="stat__value stat__value--brand" data-testid="mcoin-balance">
              {formatPoints(point)}
            </span>
          </Link>
          <Link to="/mycoupon" className="stat">
            <span className="stat__label">{t("home.redeemedItems")}</span>
            <span className="stat__value" data-testid="redeemed-count">
              {formatPoints(count)}
            </span>
          </Link>
        </div>
      </section>

      <nav className="shortcuts card" aria-label={t("home.shortcuts")}>
        <ul className="shortcuts__list">
          <li>
            <button type="button" className="shortcut" onClick={() => void getHostBridge().openNativePage("userCenter")}>
              <span className="shortcut__icon">
                <UserIcon />
              </span>
              {t("home.userCentre")}
            </button>
          </li>
          <Shortcut to="/myOrder" icon={<OrderIcon />} label={t("home.myOrders")} />
          <Shortcut to="/myAddress" icon={<PinIcon />} label={t("home.shippingAddresses")} />
          <Shortcut to="/mycoupon" icon={<TicketIcon />} label={t("home.myCoupons")} />
          <Shortcut to="/checkIn" icon={<CalendarIcon />} label={t("home.checkIn")} />
          <Shortcut to="/flashSale" icon={<FlashIcon />} label={t("home.flashSale")} />
          <Shortcut to="/myFavorites" icon={<HeartIcon />} label={t("home.favourites")} />
          <Shortcut to="/newMyCoupon" icon={<CoinIcon />} label={t("home.myRedemptions")} />
        </ul>
      </nav>

      <p className="section-note">{t("home.catalogComing")}</p>
    </div>
  );
}

function Shortcut({ to, icon, label }: { to: string; icon: React.ReactNode; label: string }) {
  return (
    <li>
      <Link to={to} className="shortcut">
        <span className="shortcut__icon">{icon}</span>
        {label}
      </Link>
    </li>
  );
}
