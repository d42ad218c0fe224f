/**
 * The shape of the sandbox's catalog fixtures (fixtures/catalog.json): business districts,
 * categories, merchants and their stores (branches), offers, mCoin zones, ads and popular searches,
 * every text in both languages. Dates are relative to the sandbox's clock, so "ends today" and
 * "coming soon" stay true whenever the fixtures are read.
 */
import { z } from "zod";
import { CENTS_PER_MCOIN, toCents } from "#core/money/purchase";

export const Localized = z.object({ zh: z.string().min(1), en: z.string().min(1) });
export type LocalizedText = z.infer<typeof Localized>;

/**
 * A moment relative to the sandbox's "now": `now`, `today` (23:59:59 Macau time today), or a signed
 * offset in days or hours (`-30d`, `+2d`, `+6h`).
 */
export const RelativeTime = z.string().regex(/^(now|today|[+-]\d{1,4}[dh])$/, "now, today, or an offset like -30d / +2d / +6h");

const ImageFile = z.string().regex(/^[a-z0-9-]+\.webp$/, "a .webp file name (sandbox/pictures/raster.ts)");

export const DistrictSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: Localized,
});

export const CategorySchema = z.object({
  id: z.number().int().positive(),
  name: Localized,
  /** The category's colour in offer images and icons. */
  color: z.string().regex(/^#[0-9a-f]{6}$/i),
  icon: z.enum(["food", "coffee", "grocery", "beauty", "leisure", "hotel", "services", "shopping"]),
});

export const FacilitiesSchema = z.object({
  wifi: z.boolean(),
  parking: z.boolean(),
  convenienceStore: z.boolean(),
  oilChange: z.boolean(),
});

export const MerchantSchema = z.object({
  id: z.number().int().positive(),
  name: Localized,
  categoryId: z.number().int().positive(),
  intro: Localized,
  /** Image file in fixtures/images/stores/. */
  logo: ImageFile,
});

export const StoreSchema = z.object({
  id: z.number().int().positive(),
  merchantId: z.number().int().positive(),
  /** The branch's own name, e.g. "Rua do Cunha branch". */
  branch: Localized,
  districtId: z.string(),
  address: Localized,
  /** With the area code: +853 2833 1234. */
  phone: z.string().regex(/^\+853 \d{4} \d{4}$/),
  lat: z.number().min(22.1).max(22.22),
  lng: z.number().min(113.52).max(113.6),
  hours: Localized,
  facilities: FacilitiesSchema,
});

export const OfferSchema = z.object({
  id: z.number().int().positive(),
  kind: z.enum(["coupon", "voucher", "goods"]),
  /** Goods only: sent to the member's address, or picked up at one of the offer's stores. */
  fulfilment: z.enum(["delivery", "pickup"]).optional(),
  merchantId: z.number().int().positive(),
  /** Where the offer can be used (stores of its merchant). */
  storeIds: z.array(z.number().int().positive()).min(1),
  categoryId: z.number().int().positive(),
  title: Localized,
  subtitle: Localized,
  /** Image file in fixtures/images/offers/. */
  image: ImageFile,
  /** Every picture of the offer (fixtures/images/offers/), the first being `image`. */
  images: z.array(ImageFile).min(1).max(3),
  /** The price before the offer, MOP. */
  originalPrice: z.number().positive(),
  /** What the member pays, MOP (payable with mCoin). */
  price: z.number().nonnegative(),
  /** The price in mCoin for one piece: one mCoin pays CENTS_PER_MCOIN cents of `price`. */
  mcoinPrice: z.number().int().nonnegative(),
  /** How mCoin may pay for a piece (core/money/purchase.ts): the slider's step and the bounds per piece. */
  mcoin: z.object({
    step: z.number().int().positive(),
    minPerPiece: z.number().int().nonnegative(),
    maxPerPiece: z.number().int().nonnegative(),
  }),
  /** Pieces one member may hold in all (orders not closed). */
  limitPerMember: z.number().int().min(1).max(99),
  /** Spec section 9: 0 an ordinary offer, 9 an external coupon (used at `couponUrl`), 11 a third-party voucher (an 'other code'). */
  paymentType: z.union([z.literal(0), z.literal(9), z.literal(11)]),
  /** Payment type 9: the partner's page where the member uses the coupon. */
  couponUrl: z.string().url().startsWith("https://").optional(),
  /** Until when a bought piece can be used: after `endAt`. */
  useUntil: RelativeTime,
  stock: z.number().int().nonnegative(),
  sold: z.number().int().nonnegative(),
  likes: z.number().int().nonnegative(),
  /** Higher is more popular (search's popularity sort). */
  popularity: z.number().int().nonnegative(),
  /** Higher is recommended first (home's recommendations tab). */
  recommendScore: z.number().int().nonnegative(),
  startAt: RelativeTime,
  endAt: RelativeTime,
  /** Only for members aged 18 or older. */
  ageRestricted: z.boolean(),
  /** "offline" offers are taken down: never listed, and refused when opened. */
  status: z.enum(["online", "offline"]),
  /** Words a member may search for it by, in both languages. */
  keywords: z.array(z.string().min(1)).min(1),
  hot: z.boolean(),
  topPick: z.boolean(),
  editorsChoice: z.boolean(),
  terms: Localized,
  usage: Localized,
});

export const ZoneSchema = z.object({
  id: z.number().int().positive(),
  title: Localized,
  subtitle: Localized,
  /** Image file in fixtures/images/zones/. */
  banner: ImageFile,
  rules: z.array(Localized).min(1),
  offerIds: z.array(z.number().int().positive()).min(1),
  startAt: RelativeTime,
  endAt: RelativeTime,
});

export const AdSchema = z.object({
  id: z.number().int().positive(),
  title: Localized,
  /** Image file in fixtures/images/ads/. */
  image: ImageFile,
  /**
   * 1, 2, 5: an in-app route (the url is a path of the mall); 3: a web page opened in a new window;
   * 4: a mini-program (the url is its path; appId names it).
   */
  type: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
  url: z.string().min(1),
  appId: z.string().optional(),
});

export const CatalogSchema = z
  .object({
    districts: z.array(DistrictSchema).min(4),
    categories: z.array(CategorySchema).min(6),
    merchants: z.array(MerchantSchema).min(8),
    stores: z.array(StoreSchema).min(20),
    offers: z.array(OfferSchema).min(60),
    zones: z.array(ZoneSchema).min(2),
    ads: z.array(AdSchema).min(5),
    popularSearches: z.array(Localized).min(6),
  })
  .superRefine((catalog, context) => {
    const ids = (items: { id: number | string }[]) => new Set(items.map((item) => item.id));
    const districts = ids(catalog.districts);
    const categories = ids(catalog.categories);
    const merchants = ids(catalog.merchants);
    const stores = new Map(catalog.stores.map((store) => [store.id, store]));
    const offers = ids(catalog.offers);
    const fail = (message: string) => context.addIssue({ code: "custom", message });
    for (const list of [catalog.categories, catalog.merchants, catalog.stores, catalog.offers, catalog.zones, catalog.ads] as { id: number }[][]) {
      if (ids(list).size !== list.length) fail("ids repeat within a list");
    }
    for (const merchant of catalog.merchants) if (!categories.has(merchant.categoryId)) fail(`merchant ${merchant.id}: no category ${merchant.categoryId}`);
    for (const store of catalog.stores) {
      if (!merchants.has(store.merchantId)) fail(`store ${store.id}: no merchant ${store.merchantId}`);
      if (!districts.has(store.districtId)) fail(`store ${store.id}: no district ${store.districtId}`);
    }
    for (const offer of catalog.offers) {
      if (!categories.has(offer.categoryId)) fail(`offer ${offer.id}: no category ${offer.categoryId}`);
      if (!merchants.has(offer.merchantId)) fail(`offer ${offer.id}: no merchant ${offer.merchantId}`);
      for (const storeId of offer.storeIds) {
        if (stores.get(storeId)?.merchantId !== offer.merchantId) fail(`offer ${offer.id}: store ${storeId} is not its merchant's`);
      }
      if (offer.price > offer.originalPrice) fail(`offer ${offer.id}: price above the original price`);
      checkOfferMoney(offer, fail);
    }
    for (const zone of catalog.zones) for (const id of zone.offerIds) if (!offers.has(id)) fail(`zone ${zone.id}: no offer ${id}`);
    for (const ad of catalog.ads) if (ad.type === 4 && !ad.appId) fail(`ad ${ad.id}: a mini-program ad needs an appId`);
  });

/** A relative time as an offset from "now", to compare two of them ("today" counted as a whole day ahead, its latest). */
const relativeMs = (relative: string) => (relative === "now" ? 0 : relative === "today" ? 86_400_000 : Number(relative.replace(/[dh]$/, "")) * (relative.endsWith("d") ? 86_400_000 : 3_600_000));

/** An offer's money and purchase rules make sense together (the mall's slider and the sandbox's rules rely on it). */
function checkOfferMoney(offer: z.infer<typeof OfferSchema>, fail: (message: string) => void): void {
  const { step, minPerPiece, maxPerPiece } = offer.mcoin;
  const at = `offer ${offer.id}`;
  if (offer.mcoinPrice * CENTS_PER_MCOIN !== toCents(offer.price)) fail(`${at}: mcoinPrice × ${CENTS_PER_MCOIN} cents is not the price`);
  if (minPerPiece > maxPerPiece) fail(`${at}: mcoin.minPerPiece above mcoin.maxPerPiece`);
  if (maxPerPiece > offer.mcoinPrice) fail(`${at}: mcoin.maxPerPiece above the mCoin price`);
  if (maxPerPiece > 0 && step > maxPerPiece) fail(`${at}: mcoin.step larger than mcoin.maxPerPiece`);
  if (offer.images[0] !== offer.image) fail(`${at}: images must start with image`);
  if (new Set(offer.images).size !== offer.images.length) fail(`${at}: an image repeats`);
  if ((offer.paymentType === 9) !== (offer.couponUrl !== undefined)) fail(`${at}: an external coupon (payment type 9), and only one, has a couponUrl`);
  if (offer.paymentType !== 0 && offer.kind === "goods") fail(`${at}: goods are ordinary offers (payment type 0)`);
  if ((offer.kind === "goods") !== (offer.fulfilment !== undefined)) fail(`${at}: goods, and only goods, say how they are fulfilled (delivery or pickup)`);
  if (relativeMs(offer.useUntil) < relativeMs(offer.endAt)) fail(`${at}: useUntil before endAt`);
}

export type Catalog = z.infer<typeof CatalogSchema>;
export type CatalogOffer = z.infer<typeof OfferSchema>;
export type CatalogStore = z.infer<typeof StoreSchema>;
export type CatalogZone = z.infer<typeof ZoneSchema>;
export type CatalogAd = z.infer<typeof AdSchema>;
