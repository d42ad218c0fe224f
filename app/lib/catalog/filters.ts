/** Offers per page in the mall's infinite lists. */
export const OFFER_PAGE_SIZE = 10;

/** Home's dropdown filter: mCoin ranges and price (MOP) ranges, named in the URL by their id. */
export interface Range {
  id: string;
  min?: number;
  max?: number;
}

export const MCOIN_RANGES: Range[] = [
  { id: "0-500", min: 0, max: 500 },
  { id: "500-1000", min: 500, max: 1000 },
  { id: "1000-5000", min: 1000, max: 5000 },
  { id: "5000-", min: 5000 },
];

export const PRICE_RANGES: Range[] = [
  { id: "0-50", min: 0, max: 50 },
  { id: "50-100", min: 50, max: 100 },
  { id: "100-300", min: 100, max: 300 },
  { id: "300-", min: 300 },
];

export function findRange(ranges: Range[], id: string | null | undefined): Range | undefined {
  return id ? ranges.find((range) => range.id === id) : undefined;
}

export interface HomeListQuery {
  tab: "nearby" | "price" | "sales" | "recommend" | "latest";
  order: "asc" | "desc";
  mcoin?: string;
  price?: string;
}

/** The gateway query for a page of home's list: the tab, and the ranges the filter names. */
export function homeListRequest(query: HomeListQuery, page: number, near: { lat?: number; lng?: number }) {
  const mcoin = findRange(MCOIN_RANGES, query.mcoin);
  const price = findRange(PRICE_RANGES, query.price);
  return {
    tab: query.tab,
    order: query.order,
    page,
    size: OFFER_PAGE_SIZE,
    ...near,
    mcoinMin: mcoin?.min,
    mcoinMax: mcoin?.max,
    priceMin: price?.min,
    priceMax: price?.max,
  };
}
