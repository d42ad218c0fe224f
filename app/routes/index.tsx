/**
 * Home (/index). First entry with login parameters starts the session (spec section 4). Then: the
 * search box, the member's mCoin and redeemed items, promotions, categories, shortcuts, the hot,
 * top-picks and editors' rails, and the offer list with its tabs and filter. Home is kept alive:
 * coming back shows the same tab, filter, loaded pages and scroll position without asking again.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import { Suspense, memo, useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { AdBanner } from "../components/ad-banner";
import { CategoryGrid } from "../components/category-grid";
import { ListLink, useFrameNavigate } from "../components/list-link";
import { HomeListBar, type HomeQuery } from "../components/home-list-bar";
import { SearchIcon } from "../components/icons";
import { withLocation } from "../components/location-sync";
import { OfferList, useBackToFirstResult, type OfferListState } from "../components/offer-list";
import { catalogNear } from "../server/catalog.server";
import { firstPage } from "../server/first-page.server";
import { requireMember } from "../server/member.server";
import { env } from "../server/config.server";
import { adverts, classifyList, mcoinRecommend, recommendList } from "#core/api/catalog-endpoints";
import { cardData, tileData } from "../lib/catalog/card-data";
import { HOME_TABS } from "#core/api/vocabulary";
import { basicInformation } from "#core/api/endpoints";
import { MCOIN_RANGES, PRICE_RANGES, findRange, homeListRequest } from "../lib/catalog/filters";
import { createKeepAlive } from "../lib/keep-alive";
import { keepScreen, type KeptScreenProps } from "../lib/kept-screen";
import { hasLoginParams } from "../lib/session-start/login-params";
import { startSession } from "../server/login.server";
import { countAgainst } from "../server/rate-limit.server";
import type { ScreenHandle } from "../screen-handle";
import { mallContext } from "../server/context.server";
import stylesheet from "./index.css?url";
import { MemberCard } from "./index/member-card";
import { Rail } from "./index/offer-rail";
import { Shortcuts } from "./index/shortcuts";

export const handle: ScreenHandle = {
  analytics: "index",
  member: true,
  home: true,
};

/** `value` when it is one of `values`, else `fallback`. */
function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return values.find((known) => known === value) ?? fallback;
}

/** The tab and filters, from the URL (unknown values fall back to the defaults). */
function homeQuery(search: string | URLSearchParams): HomeQuery {
  const params = new URLSearchParams(search);
  return {
    tab: oneOf(HOME_TABS, params.get("tab"), "nearby"),
    order: oneOf(["asc", "desc"] as const, params.get("order"), "asc"),
    mcoin: findRange(MCOIN_RANGES, params.get("mcoin") ?? undefined)?.id,
    price: findRange(PRICE_RANGES, params.get("price") ?? undefined)?.id,
  };
}

function homeSearch(query: HomeQuery): string {
  const params = new URLSearchParams();
  if (query.tab !== "nearby") params.set("tab", query.tab);
  if (query.tab === "price" && query.order === "desc") params.set("order", "desc");
  if (query.mcoin) params.set("mcoin", query.mcoin);
  if (query.price) params.set("price", query.price);
  const text = params.toString();
  return text ? `?${text}` : "";
}

const keyOf = (query: HomeQuery) => homeSearch(query) || "?";

export async function loader(args: LoaderFunctionArgs) {
  const { request } = args;
  const mall = await mallContext(args);
  const url = new URL(request.url);
  if (hasLoginParams(url)) {
    await countAgainst(args, "login", "page");
    throw await startSession(mall);
  }
  await requireMember(mall);
  const query = homeQuery(url.searchParams);
  const { near, location } = await catalogNear(request);
  // Independent calls, all at once; the catalog's from the server's keep while the gateway allows.
  const [info, list, rails, classify, ads, time] = await Promise.all([
    mall.api.shared(basicInformation),
    // A tab or filter whose list fails keeps the member on home, the list saying so in place (app/server/first-page.server.ts).
    firstPage(mall.api, () => mall.api.raw.catalog(recommendList, homeListRequest(query, 1, near))),
    mall.api.catalog(mcoinRecommend, near),
    mall.api.catalog(classifyList),
    mall.api.catalog(adverts, { position: "home" }),
    mall.api.gatewayTime(),
  ]);
  const member = mall.member!;
  return data({
    member: { nickname: member.nickname, avatar: member.avatar, point: info.point, count: info.count },
    query,
    location,
    list: list ? { page: list.page, hasMore: list.hasMore, list: list.list.map(cardData) } : null,
    rails: { hot: rails.hot.map(tileData), topPicks: rails.topPicks.map(tileData), editorsChoice: rails.editorsChoice.map(tileData) },
    categories: classify.categories,
    ads: ads.list,
    now: time,
    servicePhone: env.MCOIN_SERVICE_PHONE,
  });
}

type HomeData = Awaited<ReturnType<typeof loader>>["data"];

/** Home kept alive: the loader's data and the list as the member left it, by tab and filters. */
const keptHome = createKeepAlive<{ data: HomeData; list: OfferListState }>(5 * 60_000);

export async function clientLoader({ request, serverLoader }: ClientLoaderFunctionArgs) {
  const url = new URL(request.url);
  const kept = hasLoginParams(url) ? undefined : keptHome.get(keyOf(homeQuery(url.searchParams)));
  if (kept) return kept.data;
  return (await serverLoader<typeof loader>()) as unknown as HomeData;
}

export const links = () => [{ rel: "stylesheet", href: stylesheet }];

/**
 * The route renders nothing of its own: home is the frame's to render (components/kept-screen.tsx),
 * so that leaving it keeps it mounted, hidden, and coming back only shows it (spec: home is kept
 * alive; docs/decisions/052-home-stays-mounted.md).
 */
export default function Home() {
  return null;
}

/** Home as the member sees it: its loader's data and query, handed by the frame (and the same props while hidden). */
const HomeScreen = memo(function HomeScreen({ data: home, search, latestSearch }: KeptScreenProps<HomeData>) {
  const { t } = useTranslation();
  const navigate = useFrameNavigate();
  const query = useMemo(() => homeQuery(search), [search]);
  const key = keyOf(query);
  const { member } = home;
  const name = member.nickname || t("home.defaultNickname");
  const { rails } = home;
  const listStart = useRef<HTMLElement>(null);
  useBackToFirstResult(key, listStart);

  const initial = useMemo<OfferListState>(
    () => {
      const kept = keptHome.get(key)?.list;
      if (kept) return kept;
      if (home.list === null) return { items: [], page: 0, hasMore: true, failed: true, now: home.now };
      const first = home.list;
      return { items: first.list, page: first.page, hasMore: first.hasMore, now: home.now };
    },
    // The list restarts whenever the loader brings another list (the key changes with it).
    [home, key],
  );
  useEffect(() => {
    // A list that failed is not kept: coming back asks for it again.
    if (!keptHome.get(key) && !initial.failed) keptHome.set(key, { data: home, list: initial });
  }, [home, initial, key]);

  const pageUrl = (page: number) => {
    const params = new URLSearchParams({ list: "home", tab: query.tab, order: query.order, page: String(page) });
    if (query.mcoin) params.set("mcoin", query.mcoin);
    if (query.price) params.set("price", query.price);
    return `/resources/offers?${withLocation(params)}`;
  };

  return (
    <div className="home">
      <div className="home-top">
        {/* Named by its visible text (it begins with the word "Search"), so voice control finds it by what it shows. */}
        <ListLink to="/search" className="search-box">
          <SearchIcon />
          <span>{t("home.searchPlaceholder")}</span>
        </ListLink>
      </div>

      <MemberCard name={name} avatar={member.avatar} point={member.point} count={member.count} />

      <AdBanner ads={home.ads} />

      <CategoryGrid categories={home.categories} />

      <Shortcuts servicePhone={home.servicePhone} now={home.now} />

      {/* The rails in a boundary of their own: React hydrates the rest of home first (the list a
          member scrolls to, the first screen's links) and the rails in a render after it, so what a
          member taps first does not wait for them (docs/decisions/058-home-hydrates-in-two-parts.md).
          Nothing in them suspends: the server draws them in place, and the browser never shows the empty fallback. */}
      <Suspense fallback={null}>
        <Rail title={t("home.hotOffers")} offers={rails.hot} now={home.now} />
        <Rail title={t("home.topPicks")} offers={rails.topPicks} now={home.now} />
        <Rail title={t("home.editorsChoice")} offers={rails.editorsChoice} now={home.now} />
      </Suspense>

      <section className="home-list" aria-label={t("home.allOffers")} ref={listStart}>
        <HomeListBar query={homeQuery(latestSearch)} onChange={(next) => navigate({ search: homeSearch(next) }, { replace: true, preventScrollReset: true })} />
        {query.tab === "nearby" && home.location === "denied" ? <p className="note">{t("home.locationOff")}</p> : null}
        <OfferList
          // Fresh data (another tab, a new location) starts a new list; kept-alive data keeps its own.
          key={`${key}@${home.now}`}
          initial={initial}
          pageUrl={pageUrl}
          label={t(`home.tabs.${query.tab}`)}
          onChange={(list) => keptHome.update(key, (entry) => ({ ...entry, list }))}
        />
      </section>
    </div>
  );
});

keepScreen<HomeData>("index", {
  Component: HomeScreen,
  kept: (search) => keptHome.get(keyOf(homeQuery(search))) !== undefined,
  stylesheets: [stylesheet],
});
