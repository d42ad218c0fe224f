/**
 * Home's shortcuts: the user centre (the host's own page), the member's screens and the promotions,
 * five to a row, and customer service below them.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CalendarIcon, ClockIcon, CoinIcon, FlashIcon, OrderIcon, PinIcon, PlaneIcon, StarIcon, TicketIcon, UserIcon } from "../../components/icons";
import { ListLink } from "../../components/list-link";
import { getHostBridge } from "../../lib/host-bridge";
import { CustomerService } from "./customer-service";

export function Shortcuts({ servicePhone, now }: { servicePhone: string; now: number }) {
  const { t } = useTranslation();
  return (
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
        <Shortcut to="/seckill" icon={<ClockIcon />} label={t("home.seckill")} />
        <Shortcut to="/asiaMiles_details/1" icon={<PlaneIcon />} label={t("home.asiaMiles")} />
        <Shortcut to="/myFavorites" icon={<StarIcon />} label={t("home.favourites")} />
        <Shortcut to="/newMyCoupon" icon={<CoinIcon />} label={t("home.myRedemptions")} />
      </ul>
      <CustomerService phone={servicePhone} now={now} />
    </nav>
  );
}

function Shortcut({ to, icon, label }: { to: `/${string}`; icon: ReactNode; label: string }) {
  return (
    <li>
      <ListLink to={to} className="shortcut">
        <span className="shortcut__icon">{icon}</span>
        {label}
      </ListLink>
    </li>
  );
}
