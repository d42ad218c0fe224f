/**
 * My coupons (/mycoupon; /mycoupons/{token} lands here too): the coupons by tab (unused, used,
 * expired, with their counts), each order's extra coupons folded away; and, one tap away, the
 * logistics orders, the refund orders and the mCoin coupons; and redeeming a code. The active tab is
 * the spec's coupon tab (lib/coupon-tab.ts): it is kept for the visit, set back to 1 by a successful
 * payment and by leaving for home.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useNavigate, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../components/dialog";
import { InfiniteList, type ListState } from "../components/infinite-list";
import { OrderListView, readWalletPage, useKnownCounts, type OrderListData, type OrderTab } from "../components/order-list-view";
import { Overlay } from "../components/overlay";
import { ScanCodeButton } from "../components/scan-code-button";
import { EmptyState } from "../components/status-screen";
import { TabBar } from "../components/tab-bar";
import { CouponGroupCard, FIRST_SCREEN_CARDS, McoinCouponCard, RefundCard } from "../components/wallet-cards";
import { useIdempotencyKey } from "../hooks/use-idempotency-key";
import { useOrderIntent } from "../hooks/use-order-intent";
import { orderList, type Refund } from "#core/api/shop-endpoints";
import { COUPON_TABS, ORDER_TABS, type CouponTab } from "#core/api/vocabulary";
import { couponList, mcoinCouponList, refundList, type CouponGroup, type McoinCoupon } from "#core/api/wallet-endpoints";
import { documentTitleMeta } from "../document-title";
import { couponTab, setCouponTab } from "../lib/coupon-tab";
import { formatPoints } from "../lib/money/format";
import { FAILED_FIRST_PAGE, firstPage } from "../server/first-page.server";
import { requireMember } from "../server/member.server";
import { WALLET_PAGE_SIZE } from "./resources.wallet";
import type { ScreenHandle } from "../screen-handle";
import stylesheet from "./wallet.css?url";

export const handle: ScreenHandle = {
  analytics: "mycoupon",
  skeleton: "list",
  title: "title.myCoupons",
  member: true,
  couponTab: true,
  calls: { loader: { param: "view", values: { coupons: ["couponList"], logistics: ["orderList"], refunds: ["refundList"], mcoin: ["mcoinCouponList"] }, fallback: "coupons" } },
};

const VIEWS = ["coupons", "logistics", "refunds", "mcoin"] as const;

const pick = <T extends string>(values: readonly T[], value: string | null, fallback: T): T => ((values as readonly string[]).includes(value ?? "") ? (value as T) : fallback);

/** The one screen whose document title is not the product name (spec section 2). */
export const meta = documentTitleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireMember(context);
  const url = new URL(request.url);
  const view = pick(VIEWS, url.searchParams.get("view"), "coupons");
  const size = WALLET_PAGE_SIZE;
  const client = context.api.client;
  // A list that fails to load is said in place (app/server/first-page.server.ts): counts unknown (null), the page kept.
  switch (view) {
    case "coupons": {
      const tab = pick(COUPON_TABS, url.searchParams.get("tab"), "unused");
      const page = await firstPage(context.api, async () => (await client.call(couponList, { tab, page: 1, size })).data);
      return data({ view, tab, coupons: page ? { items: page.list, page: page.page, hasMore: page.hasMore } : FAILED_FIRST_PAGE, counts: page?.counts ?? null });
    }
    case "logistics": {
      const tab = pick(ORDER_TABS, url.searchParams.get("tab"), "all");
      const page = await firstPage(context.api, async () => (await client.call(orderList, { tab, type: "goods", page: 1, size })).data);
      const orders: OrderListData = page
        ? { type: "goods", tab, items: page.list, page: page.page, hasMore: page.hasMore, counts: page.counts }
        : { type: "goods", tab, ...FAILED_FIRST_PAGE, counts: null };
      return data({ view, orders });
    }
    case "refunds": {
      const page = await firstPage(context.api, async () => (await client.call(refundList, { page: 1, size })).data);
      return data({ view, refunds: page ? { items: page.list, page: page.page, hasMore: page.hasMore } : FAILED_FIRST_PAGE });
    }
    case "mcoin": {
      const page = await firstPage(context.api, async () => (await client.call(mcoinCouponList, { page: 1, size })).data);
      return data({ view, mcoin: page ? { items: page.list, page: page.page, hasMore: page.hasMore } : FAILED_FIRST_PAGE });
    }
  }
}

export const links = () => [{ rel: "stylesheet", href: stylesheet }];

export default function MyCoupons() {
  const { t } = useTranslation();
  const loaded = useLoaderData<typeof loader>();
  const [redeeming, setRedeeming] = useState(false);

  return (
    <div className="wallet">
      <nav className="wallet-nav" aria-label={t("wallet.more")}>
        <Link to="?view=coupons" className="wallet-nav__item" aria-current={loaded.view === "coupons" ? "page" : undefined}>
          {t("wallet.coupons")}
        </Link>
        <Link to="?view=logistics" className="wallet-nav__item" aria-current={loaded.view === "logistics" ? "page" : undefined}>
          {t("wallet.logistics")}
        </Link>
        <Link to="?view=refunds" className="wallet-nav__item" aria-current={loaded.view === "refunds" ? "page" : undefined}>
          {t("wallet.refunds")}
        </Link>
        <Link to="?view=mcoin" className="wallet-nav__item" aria-current={loaded.view === "mcoin" ? "page" : undefined}>
          {t("wallet.mcoinCoupons")}
        </Link>
        <button type="button" className="wallet-nav__item wallet-nav__redeem" onClick={() => setRedeeming(true)}>
          {t("wallet.redeem")}
        </button>
      </nav>

      {loaded.view === "coupons" ? <CouponsView tab={loaded.tab} list={loaded.coupons} counts={loaded.counts} /> : null}
      {loaded.view === "logistics" ? <OrderListView list={loaded.orders} search={(tab: OrderTab) => `?${new URLSearchParams({ view: "logistics", tab })}`} /> : null}
      {loaded.view === "refunds" ? <RefundsView list={loaded.refunds} /> : null}
      {loaded.view === "mcoin" ? <McoinCouponsView list={loaded.mcoin} /> : null}

      {redeeming ? <RedeemCodeDialog onClose={() => setRedeeming(false)} /> : null}
    </div>
  );
}

function CouponsView({ tab, list, counts: loaded }: { tab: CouponTab; list: ListState<CouponGroup>; counts: Partial<Record<CouponTab, number>> | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const counts = useKnownCounts(loaded);
  const show = (next: CouponTab) => {
    setCouponTab(COUPON_TABS.indexOf(next) + 1);
    navigate({ search: `?tab=${next}` }, { replace: true, preventScrollReset: true });
  };
  // Entering without a tab opens the one the member was on this visit (the spec's coupon tab).
  useEffect(() => {
    if (new URLSearchParams(window.location.search).has("tab")) return;
    const remembered = COUPON_TABS[couponTab() - 1] ?? "unused";
    if (remembered !== tab) navigate({ search: `?tab=${remembered}` }, { replace: true, preventScrollReset: true });
  }, [navigate, tab]);

  return (
    <>
      <TabBar label={t("wallet.couponTabs")} tabs={COUPON_TABS.map((id) => ({ id, label: t(`coupon.tab.${id}`), count: counts[id] ?? 0 }))} selected={tab} onSelect={show} />
      <InfiniteList
        key={tab}
        initial={list}
        pageUrl={(page) => `/resources/wallet?${new URLSearchParams({ list: "coupons", tab, page: String(page) })}`}
        readPage={readWalletPage<CouponGroup>}
        keyOf={(group) => group.order.id}
        renderItem={(group, index) => <CouponGroupCard group={group} firstScreen={index < FIRST_SCREEN_CARDS} />}
        label={t(`coupon.tab.${tab}`)}
        empty={<EmptyState art="coupons" title={t(`coupon.empty.${tab}`)} action={{ to: "/index", label: t("wallet.browse") }} />}
      />
    </>
  );
}

function RefundsView({ list }: { list: ListState<Refund> }) {
  const { t } = useTranslation();
  return (
    <InfiniteList
      initial={list}
      pageUrl={(page) => `/resources/wallet?${new URLSearchParams({ list: "refunds", page: String(page) })}`}
      readPage={readWalletPage<Refund>}
      keyOf={(refund) => refund.id}
      renderItem={(refund, index) => <RefundCard refund={refund} firstScreen={index < FIRST_SCREEN_CARDS} />}
      label={t("wallet.refunds")}
      empty={<EmptyState art="orders" title={t("refund.empty")} action={{ to: "/myOrder", label: t("emptyState.viewOrders") }} />}
    />
  );
}

function McoinCouponsView({ list }: { list: ListState<McoinCoupon> }) {
  const { t } = useTranslation();
  return (
    <InfiniteList
      initial={list}
      pageUrl={(page) => `/resources/wallet?${new URLSearchParams({ list: "mcoin", page: String(page) })}`}
      readPage={readWalletPage<McoinCoupon>}
      keyOf={(coupon) => coupon.id}
      renderItem={(coupon) => <McoinCouponCard coupon={coupon} action={coupon.status === "unused" ? <UseMcoinCoupon coupon={coupon} /> : null} />}
      label={t("wallet.mcoinCoupons")}
      empty={<EmptyState art="coupons" title={t("mcoinCoupon.empty")} action={{ to: "/index", label: t("wallet.browse") }} />}
    />
  );
}

/** Using an mCoin coupon adds its mCoin to the balance at once. */
function UseMcoinCoupon({ coupon }: { coupon: McoinCoupon }) {
  const { t } = useTranslation();
  const use = useOrderIntent();
  const form = useIdempotencyKey();
  if (use.data?.ok && use.data.intent === "use-mcoin-coupon") {
    return (
      <span className="mcoin-coupon__done" role="status">
        {t("mcoinCoupon.added", { mcoin: formatPoints(coupon.mcoin), balance: formatPoints(use.data.balance) })}
      </span>
    );
  }
  return (
    <span className="mcoin-coupon__action">
      <button
        type="button"
        className="button button--primary button--small"
        disabled={use.busy}
        aria-label={t("mcoinCoupon.useLabel", { title: coupon.title })}
        onClick={() => use.send({ intent: "use-mcoin-coupon", couponId: coupon.id, idempotencyKey: form.key() })}
      >
        {t("mcoinCoupon.use")}
      </button>
      {use.data && !use.data.ok ? (
        <span className="form-message" role="alert">
          {use.data.message}
        </span>
      ) : null}
    </span>
  );
}

/** "Redeem a coupon": a code from a gift or a promotion adds a coupon or an mCoin coupon. */
function RedeemCodeDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const redeem = useOrderIntent();
  const form = useIdempotencyKey();
  const revalidator = useRevalidator();
  const result = redeem.data;
  useEffect(() => {
    if (redeem.state === "idle" && result?.ok) {
      form.done();
      revalidator.revalidate();
    }
    // Once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [redeem.state, result]);

  return (
    <Overlay>
      <Dialog
        title={t("wallet.redeem")}
        onDismiss={onClose}
        actions={
          <>
            <button type="button" className="button button--secondary" onClick={onClose}>
              {t("common.close")}
            </button>
            <button type="submit" form="redeem-code" className="button button--primary" disabled={redeem.busy}>
              {t("wallet.redeemSubmit")}
            </button>
          </>
        }
      >
        <form
          method="post"
          id="redeem-code"
          className="redeem-form"
          onSubmit={(event) => {
            event.preventDefault();
            redeem.send({ intent: "redeem-code", code: String(new FormData(event.currentTarget).get("code") ?? ""), idempotencyKey: form.key() });
          }}
        >
          <label className="field">
            <span className="field__label">{t("wallet.code")}</span>
            <input name="code" required autoComplete="off" autoCapitalize="characters" maxLength={32} pattern="[A-Za-z0-9\-]{4,32}" className="field__input" />
          </label>
          <ScanCodeButton field="code" />
        </form>
        {result && !result.ok ? (
          <p className="form-message" role="alert">
            {result.message}
          </p>
        ) : result?.ok && result.intent === "redeem-code" ? (
          <p className="form-success" role="status">
            {result.gift
              ? t("wallet.redeemedGift", { title: result.gift.title })
              : t("wallet.redeemedMcoin", { title: result.mcoinCoupon?.title ?? "", mcoin: formatPoints(result.mcoinCoupon?.mcoin ?? 0) })}
          </p>
        ) : null}
      </Dialog>
    </Overlay>
  );
}
