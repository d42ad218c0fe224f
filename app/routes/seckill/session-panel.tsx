/**
 * The seckill sessions still open, as tabs, and the chosen session's items (an early-access item
 * marked so), each with its price, limit, progress and the button the screen gives it; when no
 * session is open, the screen that says so.
 */
import { useTranslation } from "react-i18next";
import type { SeckillItem, SeckillSession } from "#core/api/promotion-endpoints";
import { FIRST_SCREEN_ITEMS, PromoItem, saleState } from "../../components/promo-item";
import { SessionHead, SessionTabs } from "../../components/sale-sessions";
import { BackToHomeLink, StatusScreen } from "../../components/status-screen";
import type { payTexts } from "../../lib/catalog/pay-price";
import { formatMoney } from "../../lib/money/format";

interface SessionPanelProps {
  /** The sessions not over yet. */
  open: SeckillSession[];
  current: SeckillSession | undefined;
  now: number;
  onSelect(id: number): void;
  priceText(item: SeckillItem): ReturnType<typeof payTexts>;
  action(item: SeckillItem): JSX.Element;
}

export function SessionPanel({ open, current, now, onSelect, priceText, action }: SessionPanelProps) {
  const { t } = useTranslation();
  return current ? (
    <>
      <SessionTabs sessions={open} selected={current.id} now={now} panelId="seckill-session" onSelect={onSelect} />
      <section id="seckill-session" role="tabpanel" aria-labelledby={`seckill-session-tab-${current.id}`} className="promo-panel">
        <SessionHead session={current} now={now} />
        <ul className="promo-list">
          {current.items.map((item, index) => (
            <PromoItem
              key={item.id}
              firstScreen={index < FIRST_SCREEN_ITEMS}
              id={String(item.id)}
              image={item.image}
              title={item.title}
              badge={item.gray ? t("seckill.earlyAccess") : undefined}
              subtitle={item.merchantName}
              limit={t("promo.limit", { count: item.limitPerMember })}
              price={priceText(item)}
              original={formatMoney(item.originalPriceCents / 100)}
              sold={item.sold}
              total={item.total}
              state={saleState(item, now)}
              action={action(item)}
            />
          ))}
        </ul>
      </section>
    </>
  ) : (
    <StatusScreen title={t("seckill.none")} body={t("seckill.noneBody")}>
      <BackToHomeLink />
    </StatusScreen>
  );
}
