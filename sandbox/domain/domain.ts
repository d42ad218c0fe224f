/**
 * The domain assembled: every aggregate over one store's data, one clock and the fixtures. It is
 * plain state and rules (no msw, no HTTP, no instruments: .dependency-cruiser.cjs holds it to
 * that); the handlers (sandbox/handlers/) are handed the aggregates they use.
 *
 * Work due at the same instant under the same id runs in the order the aggregates are made
 * (Books.onDue): orders, then miles.
 */
import { RefundPhotos } from "./refund-photos";
import { CatalogQueries } from "./catalog";
import type { ClauseFixture, Fixtures } from "../fixtures";
import { flashSaleOf } from "../promotions-schema";
import { AfterSale } from "./after-sale";
import { Books } from "./books";
import { SetClock, WALL_CLOCK, type Clock } from "./clock";
import { Favourites } from "./favourites";
import { playHistory } from "./history";
import { IdempotencyKeys } from "./idempotency";
import { Logins } from "./logins";
import { Members } from "./members";
import { Miles, type MilesData } from "./miles";
import { OrderBook } from "./order-book";
import type { OrderBookData } from "./order-readings";
import { Promotions } from "./promotions";
import { Searches } from "./searches";
import { stateView, type ViewedData } from "./state-view";
import type { PromotionsView } from "./audit-promotions";
import { TaskRuns } from "./task-runs";
import { TillGuard } from "./till";

/** Everything the aggregates keep in the store. */
export type DomainData = ViewedData & OrderBookData & MilesData;

/** Where the domain's data is (a reset or a reload replaces it) and whom to tell of a change. */
export interface DomainStore {
  readonly data: DomainData;
  changed(): void;
}

export interface Domain {
  /** The catalog's queries (offers, stores, zones, ads), with the offers' live numbers. */
  catalog: CatalogQueries;
  /** The members' ledgers and what falls due on the clock (books.ts). */
  books: Books;
  orders: OrderBook;
  afterSale: AfterSale;
  /** The photos sent for refunds, checked and waiting for their refund (refund-photos.ts). */
  refundPhotos: RefundPhotos;
  promotions: Promotions;
  miles: Miles;
  favourites: Favourites;
  idempotency: IdempotencyKeys;
  /** Merchants' tills: the failed codes each store entered (till.ts). */
  till: TillGuard;
  members: Members;
  logins: Logins;
  taskRuns: TaskRuns;
  searches: Searches;
  /** The terms members agree to (fixtures/clause.json). */
  clause: ClauseFixture;
  /** What GET /__sandbox/state shows (state-view.ts). */
  view(): ReturnType<typeof stateView>;
  /** The view with what the audit also reads (audit-promotions.ts): Asia Miles and seckill. */
  auditView(): ReturnType<typeof stateView> & { promotions: PromotionsView };
}

/** `wallClock`: what lifetimes are counted on (logins); real time unless a test says otherwise. */
export function createDomain(store: DomainStore, clock: Clock, fixtures: Fixtures, wallClock: Clock = WALL_CLOCK): Domain {
  const data = () => store.data;
  const changed = () => store.changed();
  const catalog = new CatalogQueries(
    fixtures.catalog,
    () => store.data.seededAt,
    (offer) => store.data.offers.get(String(offer.id)),
  );
  const books = new Books({ accounts: () => store.data.accounts, clock, changed });
  const members = new Members(books, { data });
  const orders = new OrderBook(books, {
    data,
    catalog,
    addresses: (openId) => members.get(openId)?.addresses ?? [],
    inFlashSale: (offerId) => flashSaleOf(fixtures.promotions, offerId) !== undefined,
  });
  return {
    catalog,
    books,
    orders,
    afterSale: new AfterSale(books, orders, { catalog, codes: () => fixtures.wallet.codes }),
    refundPhotos: new RefundPhotos(() => wallClock.now()),
    promotions: new Promotions(books, orders, { data, catalog, fixture: () => fixtures.promotions, canary: (openId) => members.get(openId)?.graySeckill ?? false }),
    miles: new Miles(books, { data, fixture: () => fixtures.promotions.miles }),
    favourites: new Favourites(books, orders),
    idempotency: new IdempotencyKeys(() => store.data.idempotency, changed),
    till: new TillGuard(),
    members,
    logins: new Logins(members, { data, changed, wallClock }),
    taskRuns: new TaskRuns({ data, changed, clock, tasks: () => fixtures.tasks }),
    searches: new Searches({ data, changed }),
    clause: fixtures.clause,
    view: () => stateView(store.data, books),
    auditView: () => {
      const view = stateView(store.data, books);
      const { miles, seckills } = fixtures.promotions;
      const promotions: PromotionsView = {
        miles: { dailyMaxMiles: miles.dailyMaxMiles, monthlyMaxMiles: miles.monthlyMaxMiles, redemptions: [...store.data.milesOrders.values()] },
        seckills: seckills.flatMap((session) =>
          session.items.map((item) => ({
            id: item.id,
            sessionId: session.id,
            startAt: catalog.at(session.startAt),
            endAt: catalog.at(session.endAt),
            limitPerMember: item.limitPerMember,
            mcoin: item.mcoin,
            ...(store.data.seckills.get(String(item.id)) ?? { stock: 0, sold: 0 }),
          })),
        ),
      };
      return { ...view, promotions };
    },
  };
}

/**
 * Plays the demo members' past orders (fixtures/wallet.json, history.ts) into freshly seeded data,
 * through the domain's own rules on a clock of the story's time; `changed` hears each change.
 */
export function playSeededHistory(data: DomainData, fixtures: Fixtures, changed: () => void = () => {}): void {
  const story = new SetClock(data.seededAt);
  const domain = createDomain({ data, changed }, story, fixtures);
  playHistory(fixtures.wallet.history, {
    ...domain,
    seededAt: data.seededAt,
    setNow: (at) => story.set(at),
    pointOf: (openId) => fixtures.members.find((member) => member.openId === openId)?.point ?? 0,
  });
}
