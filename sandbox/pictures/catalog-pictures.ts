/**
 * What each of the catalog's pictures shows (fixtures/catalog.json, fixtures/promotions.json), and
 * every picture file of fixtures/images/ the sandbox serves, drawn by scenes.ts. The files are drawn
 * once and kept in the repository (`npx tsx sandbox/pictures/write.ts`); pictures.test.ts checks that
 * they are what this module draws, so a change here or in the catalog cannot leave them behind.
 */
import { bannerPicture, logoPicture, milesPicture, offerPicture, type OfferScene, type Placed } from "./scenes";

/** Each offer's scene, by offer id. A voucher's amount comes from its title. */
export const OFFER_SCENES: Record<number, Placed[]> = {
  1: [
    ["chicken", 140, 112, 1.25],
    ["wineGlass", 238, 108, 0.8],
  ],
  2: [["voucher", 160, 112, 1.45]],
  3: [["paella", 160, 114, 1.45]],
  4: [["fritters", 160, 110, 1.45]],
  5: [["feast", 160, 110, 1.35]],
  6: [["eggTarts", 160, 114, 1.4]],
  7: [["porkBun", 160, 112, 1.35]],
  8: [["congee", 150, 110, 1.35]],
  9: [["voucher", 160, 112, 1.45]],
  10: [["wonton", 160, 110, 1.45]],
  11: [["roeNoodles", 160, 112, 1.4]],
  12: [["lattes", 160, 112, 1.35]],
  13: [["pourOver", 160, 112, 1.35]],
  14: [["teaStand", 150, 106, 1.25]],
  15: [["beans", 160, 108, 1.3]],
  16: [["voucher", 160, 112, 1.45]],
  17: [["coffeePass", 160, 110, 1.45]],
  18: [["croissantCoffee", 160, 112, 1.35]],
  19: [["icedLatte", 160, 102, 1.05]],
  20: [["cake", 160, 108, 1.4]],
  21: [["mangoPancakes", 160, 112, 1.45]],
  22: [["cappuccinoTart", 160, 112, 1.35]],
  23: [["voucher", 160, 112, 1.45]],
  24: [
    ["voucher", 182, 112, 1.1],
    ["fruitBox", 78, 124, 0.55],
  ],
  25: [["fruitBox", 160, 116, 1.35]],
  26: [["cleaning", 160, 110, 1.3]],
  27: [["milk", 160, 108, 1.3]],
  28: [["rice", 160, 108, 1.3]],
  29: [
    ["voucher", 140, 108, 1.3, -6],
    ["coins", 238, 128, 0.85],
  ],
  30: [["massage", 160, 112, 1.4]],
  31: [["facial", 160, 110, 1.4]],
  32: [["footSpa", 160, 114, 1.4]],
  33: [["nails", 160, 108, 1.4]],
  34: [["spaTowels", 160, 112, 1.4]],
  35: [["ticket", 160, 112, 1.45]],
  36: [
    ["glasses3d", 118, 120, 0.9, -8],
    ["popcorn", 224, 108, 0.95],
  ],
  37: [
    ["popcorn", 126, 108, 1.05],
    ["drinkCup", 208, 110, 1.05],
  ],
  38: [
    ["ticket", 150, 118, 1.2, -6],
    ["moon", 246, 70, 0.9],
  ],
  39: [
    ["ticket", 130, 104, 0.95, -10],
    ["ticket", 190, 120, 0.95, 8],
  ],
  40: [["bedroom", 160, 108, 1.35]],
  41: [
    ["cloche", 136, 112, 1.2],
    ["wineGlass", 236, 104, 0.85],
  ],
  42: [
    ["cloche", 124, 114, 1.1],
    ["fruitBox", 230, 124, 0.6],
  ],
  43: [
    ["teaStand", 124, 104, 1.1],
    ["teapot", 222, 124, 0.9],
  ],
  44: [
    ["bedroom", 144, 110, 1.2],
    ["moon", 250, 60, 0.8],
  ],
  45: [["cabin", 160, 108, 1.45]],
  46: [["bbq", 160, 110, 1.45]],
  47: [["bicycle", 160, 112, 1.4]],
  48: [["oilCan", 160, 110, 1.4]],
  49: [
    ["voucher", 176, 112, 1.3],
    ["fuelPump", 68, 104, 0.7],
  ],
  50: [
    ["car", 160, 118, 1.5],
    ["bubbles", 160, 122, 1.5],
  ],
  51: [["carSeat", 160, 114, 1.3]],
  52: [["bottles", 160, 110, 1.3]],
  53: [["tyre", 160, 108, 1.3]],
  54: [["washer", 160, 110, 1.3]],
  55: [["suit", 160, 110, 1.25]],
  56: [
    ["duvet", 160, 118, 1.4],
    ["bubbles", 160, 110, 1.4],
  ],
  57: [["voucher", 160, 112, 1.45]],
  58: [
    ["wineGlass", 112, 110, 0.95],
    ["wineBottle", 160, 100, 1.05],
    ["wineGlass", 208, 110, 0.95],
  ],
  59: [["bucket", 160, 114, 1.4]],
  60: [
    ["wineBottle", 136, 100, 1.2],
    ["wineGlass", 198, 112, 1],
  ],
  61: [["cocktails", 160, 110, 1.35]],
  62: [["cheeseBoard", 160, 116, 1.4]],
  63: [["voucher", 160, 112, 1.45]],
  64: [["tote", 160, 106, 1.3]],
  65: [["flask", 160, 106, 1.25]],
  66: [["bedding", 160, 112, 1.4]],
  67: [["candle", 156, 110, 1.3]],
  68: [["suitcase", 160, 104, 1.3]],
};

/** A flash-sale offer is drawn as the offer it sells, with the flash sale's bolt. */
export const FLASH_OF: Record<number, number> = { 69: 22, 70: 8, 71: 50, 72: 14, 73: 36, 74: 12 };

/** Each merchant's tone and mark (drawn in white on its logo's 96-unit square), by merchant id. */
export const MERCHANT_MARKS: Record<number, { tone: string; mark: string }> = {
  // A blue-and-white azulejo tile, as on the walls of a Portuguese kitchen.
  1: {
    tone: "#1f5fa8",
    mark: `<rect x="24" y="24" width="48" height="48" rx="6" fill="#fff"/><path d="M48 28c6 10 6 14 0 20-6-6-6-10 0-20zM48 68c-6-10-6-14 0-20 6 6 6 10 0 20zM28 48c10-6 14-6 20 0-6 6-10 6-20 0zM68 48c-10 6-14 6-20 0 6-6 10-6 20 0z" fill="#1f5fa8"/><circle cx="48" cy="48" r="4" fill="#f2b830"/>`,
  },
  // A bowl of congee with its steam.
  2: {
    tone: "#c62828",
    mark: `<path d="M22 48h52a26 22 0 0 1-52 0z" fill="#fff"/><rect x="38" y="70" width="20" height="5" rx="2.5" fill="#fff"/><path d="M40 40c-4-6 4-10 0-16M50 40c-4-6 4-10 0-16" stroke="#fff" stroke-width="4" stroke-linecap="round" fill="none"/><path d="M30 52h36" stroke="#c62828" stroke-width="3"/>`,
  },
  // A coffee bean over the wave of Macau's calçada paving.
  3: {
    tone: "#6d4c41",
    mark: `<ellipse cx="48" cy="42" rx="15" ry="20" fill="#fff" transform="rotate(28 48 42)"/><path d="M42 26c8 10-4 22 6 34" stroke="#6d4c41" stroke-width="3" fill="none"/><path d="M20 72c8-6 14 6 22 0s14 6 22 0 8-4 12-2" stroke="#fff" stroke-width="4" fill="none" stroke-linecap="round"/>`,
  },
  // The sun rising over a croissant.
  4: {
    tone: "#e08a1e",
    mark: `<path d="M30 54a18 18 0 0 1 36 0z" fill="#fff"/><path d="M48 22v8M28 32l6 6M68 32l-6 6M20 50h8M68 50h8" stroke="#fff" stroke-width="4" stroke-linecap="round"/><path d="M24 66c0-6 48-6 48 0-6 6-42 6-48 0z" fill="#fff"/>`,
  },
  // A shopping basket.
  5: {
    tone: "#2e9e5b",
    mark: `<path d="M34 40l10-16M62 40l-10-16" stroke="#fff" stroke-width="4" stroke-linecap="round"/><path d="M20 40h56l-7 30h-42z" fill="#fff"/><path d="M36 48v14M48 48v14M60 48v14" stroke="#2e9e5b" stroke-width="4" stroke-linecap="round"/>`,
  },
  // A lotus flower.
  6: {
    tone: "#c2185b",
    mark: `<path d="M48 22c10 12 10 26 0 40-10-14-10-28 0-40z" fill="#fff"/><path d="M44 62c-18-2-26-16-24-26 14 2 24 12 24 26zM52 62c18-2 26-16 24-26-14 2-24 12-24 26z" fill="#fff" opacity=".85"/><path d="M26 70h44" stroke="#fff" stroke-width="4" stroke-linecap="round"/>`,
  },
  // A star on a strip of film.
  7: {
    tone: "#5e35b1",
    mark: `<rect x="20" y="30" width="56" height="36" rx="4" fill="#fff"/><path d="M26 34h4M36 34h4M46 34h4M56 34h4M66 34h4M26 62h4M36 62h4M46 62h4M56 62h4M66 62h4" stroke="#5e35b1" stroke-width="3"/><path d="M48 38l3.5 7 7.5 1-5.5 5 1.5 7.5-7-3.5-7 3.5 1.5-7.5-5.5-5 7.5-1z" fill="#5e35b1"/>`,
  },
  // An anchor, for the harbour.
  8: {
    tone: "#0d47a1",
    mark: `<circle cx="48" cy="26" r="6" fill="none" stroke="#fff" stroke-width="4"/><path d="M48 32v40M36 42h24M26 56c2 12 12 16 22 16s20-4 22-16" stroke="#fff" stroke-width="5" fill="none" stroke-linecap="round"/><path d="M22 58l4-6 6 5zM74 58l-4-6-6 5z" fill="#fff"/>`,
  },
  // A small house over the sea.
  9: {
    tone: "#00897b",
    mark: `<path d="M28 46l20-18 20 18v16h-40z" fill="#fff"/><rect x="43" y="50" width="10" height="12" fill="#00897b"/><path d="M20 70c8-6 14 6 22 0s14 6 22 0 8-4 12-2" stroke="#fff" stroke-width="4" fill="none" stroke-linecap="round"/>`,
  },
  // A drop of fuel with a spark.
  10: {
    tone: "#ef6c00",
    mark: `<path d="M48 20c14 18 22 28 22 38a22 22 0 0 1-44 0c0-10 8-20 22-38z" fill="#fff"/><path d="M50 40l-10 16h8l-4 12 12-18h-8z" fill="#ef6c00"/>`,
  },
  // A clean shirt and its bubbles.
  11: {
    tone: "#0288d1",
    mark: `<path d="M36 26l-14 10 6 10 6-4v28h28V42l6 4 6-10-14-10c-2 6-6 8-12 8s-10-2-12-8z" fill="#fff"/><circle cx="72" cy="66" r="6" fill="none" stroke="#fff" stroke-width="3"/><circle cx="24" cy="66" r="4" fill="none" stroke="#fff" stroke-width="3"/>`,
  },
  // A bunch of grapes.
  12: {
    tone: "#7b1f3a",
    mark:
      [
        [40, 40],
        [56, 40],
        [48, 50],
        [32, 50],
        [64, 50],
        [40, 60],
        [56, 60],
        [48, 70],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="7" fill="#fff"/>`)
        .join("") + `<path d="M48 32c0-6 4-10 10-10" stroke="#fff" stroke-width="3" fill="none"/><path d="M50 28c8-8 16-6 18 0-8 4-14 4-18 0z" fill="#fff"/>`,
  },
  // A shopping bag.
  13: {
    tone: "#00838f",
    mark: `<path d="M38 36c0-14 20-14 20 0" stroke="#fff" stroke-width="4" fill="none"/><path d="M26 36h44l-4 36h-36z" fill="#fff"/><path d="M38 50c4 6 16 6 20 0" stroke="#00838f" stroke-width="4" fill="none" stroke-linecap="round"/>`,
  },
};

/** Each ad's and zone's banner: tone, accent, and what the right-hand scene shows. */
export const AD_BANNERS: Record<number, { tone: string; accent: string; subject: Placed[]; ink?: string }> = {
  1: {
    tone: "#e65100",
    accent: "#ffd54a",
    ink: "#b71c1c",
    subject: [
      ["voucher", 560, 150, 1.55, -8],
      ["coins", 660, 214, 0.9],
    ],
  },
  2: {
    tone: "#6d4c41",
    accent: "#f6e6cf",
    subject: [["lattes", 568, 148, 1.9]],
  },
  3: {
    tone: "#1565c0",
    accent: "#90caf9",
    subject: [
      ["phone", 560, 150, 1.9],
      ["coins", 660, 210, 0.8],
    ],
  },
  4: {
    tone: "#00796b",
    accent: "#b2dfdb",
    subject: [
      ["phone", 520, 150, 1.8, -6],
      ["bill", 640, 154, 1.6, 8],
    ],
  },
  5: {
    tone: "#c62828",
    accent: "#ffd54a",
    subject: [
      ["clock", 548, 150, 2],
      ["bolt", 660, 130, 1.4],
    ],
  },
  6: {
    tone: "#1e5a96",
    accent: "#bbdefb",
    subject: [
      ["skyline", 566, 158, 1.8],
      ["moon", 672, 76, 1.2],
    ],
  },
};

export const ZONE_BANNERS: Record<number, { tone: string; accent: string; subject: Placed[]; ink?: string }> = {
  // The zone's screen lays its title card over the banner's foot: the scenes keep above it.
  1: {
    tone: "#d84315",
    accent: "#ffd54a",
    ink: "#b71c1c",
    subject: [
      ["tote", 530, 122, 1.4, -6],
      ["voucher", 650, 140, 0.95, 10],
      ["coins", 646, 62, 0.6],
    ],
  },
  2: {
    tone: "#ad1457",
    accent: "#ffe082",
    subject: [
      ["bunting", 570, 96, 1.9],
      ["chicken", 540, 146, 1.25],
      ["eggTarts", 668, 164, 0.8],
    ],
  },
};

interface CatalogLike {
  categories: { id: number; color: string }[];
  merchants: { id: number; logo: string }[];
  offers: { id: number; merchantId: number; categoryId: number; kind: string; title: { en: string }; images: string[] }[];
  zones: { id: number; banner: string }[];
  ads: { id: number; image: string }[];
}

/** The scene of an offer: its own, or for a flash-sale offer the scene of the offer it sells. */
export function offerScene(offer: CatalogLike["offers"][number]): OfferScene {
  const own = OFFER_SCENES[offer.id] ?? OFFER_SCENES[FLASH_OF[offer.id] ?? -1];
  if (!own) throw new Error(`offer ${offer.id} has no scene in sandbox/pictures/catalog-pictures.ts`);
  const amount = /MOP (\d+)/.exec(offer.title.en)?.[1];
  return { subject: own, ...(amount ? { amount: Number(amount) } : {}) };
}

/** Every picture file of the catalog and the Asia Miles product: path under fixtures/images/ → SVG. */
export function catalogPictures(catalog: CatalogLike, milesImage: string): Map<string, string> {
  const files = new Map<string, string>();
  const put = (path: string, body: string) => {
    if (files.has(path) && files.get(path) !== body) throw new Error(`${path} is drawn twice, differently`);
    files.set(path, body);
  };
  for (const merchant of catalog.merchants) {
    const mark = MERCHANT_MARKS[merchant.id];
    if (!mark) throw new Error(`merchant ${merchant.id} has no mark in sandbox/pictures/catalog-pictures.ts`);
    put(`stores/${merchant.logo}`, logoPicture(mark));
  }
  for (const offer of catalog.offers) {
    const tone = catalog.categories.find((category) => category.id === offer.categoryId)?.color;
    const merchant = MERCHANT_MARKS[offer.merchantId];
    if (!tone || !merchant) throw new Error(`offer ${offer.id}: no category or merchant`);
    const input = { id: offer.id, scene: offerScene(offer), tone, merchantTone: merchant.tone, mark: merchant.mark, flash: offer.id in FLASH_OF };
    offer.images.forEach((image, index) => put(`offers/${image}`, offerPicture(input, (index + 1) as 1 | 2 | 3)));
  }
  for (const ad of catalog.ads) {
    const banner = AD_BANNERS[ad.id];
    if (!banner) throw new Error(`ad ${ad.id} has no banner in sandbox/pictures/catalog-pictures.ts`);
    put(`ads/${ad.image}`, bannerPicture({ id: ad.id, ...banner }));
  }
  for (const zone of catalog.zones) {
    const banner = ZONE_BANNERS[zone.id];
    if (!banner) throw new Error(`zone ${zone.id} has no banner in sandbox/pictures/catalog-pictures.ts`);
    put(`zones/${zone.banner}`, bannerPicture({ id: 100 + zone.id, ...banner }));
  }
  put(`promotions/${milesImage}`, milesPicture());
  return files;
}
