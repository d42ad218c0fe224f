/**
 * The member's card on home: their picture and greeting, and their mCoin and redeemed items, each a
 * link to its screen.
 */
import { useTranslation } from "react-i18next";
import { ListLink } from "../../components/list-link";
import { pictureSrc, pictureWidths } from "../../lib/images/picture";
import { formatPoints } from "../../lib/money/format";

interface MemberCardProps {
  /** The member's nickname, or the default one. */
  name: string;
  avatar?: string | null;
  point: number;
  /** Redeemed items: the unused coupons. */
  count: number;
}

export function MemberCard({ name, avatar, point, count }: MemberCardProps) {
  const { t } = useTranslation();
  const address = avatar ? pictureSrc(avatar) : null;
  return (
    <section className="member-card card" aria-label={t("home.myMcoin")}>
      {address ? (
        <img className="member-card__avatar" {...pictureWidths(address, 52)} src={address} alt={t("home.avatarAlt", { name })} width={52} height={52} />
      ) : (
        <span className="member-card__avatar" aria-hidden="true" />
      )}
      <div>
        <p className="member-card__hello">{t("home.greeting", { name })}</p>
        <p className="member-card__hint">{t("home.earnHint")}</p>
      </div>
      <div className="member-card__stats">
        <ListLink to="/mcoin_integral" className="stat">
          <span className="stat__label">{t("home.myMcoin")}</span>
          <span className="stat__value stat__value--brand" data-testid="mcoin-balance">
            {formatPoints(point)}
          </span>
        </ListLink>
        <ListLink to="/mycoupon" className="stat">
          <span className="stat__label">{t("home.redeemedItems")}</span>
          <span className="stat__value" data-testid="redeemed-count">
            {formatPoints(count)}
          </span>
        </ListLink>
      </div>
    </section>
  );
}
