/**
 * The points screen (/mcoin_integral): the member's mCoin balance and its history from the gateway's
 * ledger, newest first, paged as the member scrolls, filtered by earned or spent; every entry with its
 * kind (purchases, refunds, check-ins, miles, earnings...), its order, its date in the member's
 * language on Macau's clock, its amount and the balance after it. The whole history (with the
 * account's opening) sums to the balance. Below: how to earn mCoin and how to use it.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { CoinIcon } from "../components/icons";
import { InfiniteList } from "../components/infinite-list";
import { ScreenHero } from "../components/screen-hero";
import { readWalletPage } from "../components/order-list-view";
import { EmptyState, NotFoundOrErrorScreen } from "../components/status-screen";
import { TabBar } from "../components/tab-bar";
import { useLastKnown } from "../hooks/use-last-known";
import { useLocale } from "../hooks/use-locale";
import { mcoinLedger, type LedgerEntry } from "#core/api/shop-endpoints";
import { CENTS_PER_EARNED_MCOIN, CENTS_PER_MCOIN } from "#core/money/purchase";
import { formatMoney, formatPoints } from "../lib/money/format";
import { formatDateTime } from "../lib/time/format";
import { FAILED_FIRST_PAGE, firstPage } from "../server/first-page.server";
import { requireMember } from "../server/member.server";
import { WALLET_PAGE_SIZE } from "./resources.wallet";
import type { ScreenHandle } from "../screen-handle";
import { mallContext } from "../server/context.server";
import stylesheet from "./mcoin-integral.css?url";
import { intentClientLoader, useFreshData } from "../lib/intent-data";

export const handle: ScreenHandle = { analytics: "mCoinIntegral", member: true };

/** The way back (from an entry's order) shows what was seen (lib/intent-data.ts). */
export const clientLoader = intentClientLoader;

const FILTERS = ["all", "earned", "spent"] as const;
type Filter = (typeof FILTERS)[number];
const FilterSchema = z.enum(FILTERS).catch("all");

export async function loader(args: LoaderFunctionArgs) {
  const { request } = args;
  const mall = await mallContext(args);
  await requireMember(mall);
  const filter = FilterSchema.parse(new URL(request.url).searchParams.get("filter") ?? "all");
  // A filter whose list fails to load says so in place (app/server/first-page.server.ts); the balance shown stays.
  const ledger = await firstPage(mall.api, () => mall.api.raw.call(mcoinLedger, { page: 1, size: WALLET_PAGE_SIZE, direction: filter === "all" ? undefined : filter }));
  if (!ledger) return data({ filter, balance: null, list: FAILED_FIRST_PAGE });
  return data({ filter, balance: ledger.balance, list: { items: ledger.list, page: ledger.page, hasMore: ledger.hasMore } });
}

export const links = () => [{ rel: "stylesheet", href: stylesheet }];

export default function McoinIntegral() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Back from an order: the history as the member saw it, asked again in the background (lib/intent-data.ts).
  const {
    data: { filter, balance: loadedBalance, list },
    generation,
  } = useFreshData(useLoaderData<typeof loader>());
  const balance = useLastKnown(loadedBalance, null);
  return (
    <div className="points">
      <ScreenHero tone="brand" titleId="points-title" title={t("screen.mCoinIntegral")} className="points__hero">
        <p className="points__balance">
          <CoinIcon aria-hidden="true" />
          <strong data-testid="points-balance">{balance === null ? "—" : formatPoints(balance)}</strong>
        </p>
        <div className="points__actions">
          <Link to="/checkIn" className="button button--on-brand">
            {t("points.checkIn")}
          </Link>
          <Link to="/index" className="button button--on-brand">
            {t("points.use")}
          </Link>
        </div>
      </ScreenHero>

      <section className="card points__history" aria-labelledby="points-history">
        <h2 id="points-history" className="offer-section__title">
          {t("points.history")}
        </h2>
        <TabBar
          label={t("points.filter")}
          tabs={FILTERS.map((id) => ({ id, label: t(`points.filters.${id}`) }))}
          selected={filter}
          onSelect={(next: Filter) => navigate({ search: next === "all" ? "" : `?filter=${next}` }, { replace: true, preventScrollReset: true })}
        />
        <InfiniteList
          key={`${filter}@${generation}`}
          initial={list}
          pageUrl={(page) => `/resources/wallet?${new URLSearchParams({ list: "ledger", direction: filter, page: String(page) })}`}
          readPage={readWalletPage<LedgerEntry>}
          keyOf={(entry) => entry.seq}
          renderItem={(entry) => <LedgerRow entry={entry} />}
          label={t(`points.filters.${filter}`)}
          className="points__list"
          empty={<EmptyState art="points" title={t(`points.empty.${filter}`)} action={{ to: "/checkIn", label: t("emptyState.earnMcoin") }} />}
        />
      </section>

      <section className="card offer-section" aria-labelledby="points-earn">
        <h2 id="points-earn" className="offer-section__title">
          {t("points.earnTitle")}
        </h2>
        <ul className="points__rules">
          <li>{t("points.earn.spend", { mop: formatMoney(CENTS_PER_EARNED_MCOIN / 100) })}</li>
          <li>{t("points.earn.checkIn")}</li>
          <li>{t("points.earn.codes")}</li>
        </ul>
        <h2 className="offer-section__title">{t("points.useTitle")}</h2>
        <ul className="points__rules">
          <li>{t("points.useRules.pay", { mop: formatMoney(CENTS_PER_MCOIN / 100) })}</li>
          <li>{t("points.useRules.miles")}</li>
          <li>{t("points.useRules.refund")}</li>
        </ul>
      </section>
    </div>
  );
}

/** One entry: what it was, when, for which order, how much, and the balance after it. */
function LedgerRow({ entry }: { entry: LedgerEntry }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const sign = entry.amount > 0 ? "+" : entry.amount < 0 ? "−" : "";
  return (
    <div className="ledger-row" data-testid="ledger-row" data-amount={entry.amount}>
      <div className="ledger-row__what">
        <p className="ledger-row__type">{t(`points.type.${entry.type}`)}</p>
        <p className="ledger-row__meta">
          <time dateTime={new Date(entry.at).toISOString()}>{formatDateTime(entry.at, locale)}</time>
          {entry.orderNo ? (
            entry.orderId ? (
              <Link to={`/order_details/${entry.orderId}`} className="ledger-row__order">
                {entry.orderNo}
              </Link>
            ) : (
              <span className="ledger-row__order">{entry.orderNo}</span>
            )
          ) : null}
        </p>
      </div>
      <div className="ledger-row__numbers">
        <p className={`ledger-row__amount ledger-row__amount--${entry.amount >= 0 ? "in" : "out"}`}>
          {sign}
          {formatPoints(Math.abs(entry.amount))}
        </p>
        <p className="ledger-row__after">{t("points.after", { balance: formatPoints(entry.balanceAfter) })}</p>
      </div>
    </div>
  );
}

export const ErrorBoundary = NotFoundOrErrorScreen;
