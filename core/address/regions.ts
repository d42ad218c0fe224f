/**
 * The regions a shipping address can be in (the 'choose region' screen): Macau's districts, Hong
 * Kong's eighteen districts, and the mainland's provinces, municipalities and autonomous regions with
 * their main cities. An address keeps the region's name in the member's language at the time it was
 * saved (the gateway's `area` is text); `regionPath` is what the form shows.
 */
import type { AreaCode } from "./mobile";

export interface Named {
  zh: string;
  en: string;
}

export interface Region {
  /** Stable id: `mo-taipa`, `hk-central-western`, `cn-guangdong-shenzhen`. */
  id: string;
  name: Named;
  /** The place it is in (a mainland province), if any. */
  parent?: Named;
  /** The part of its city it lies in (Hong Kong Island, Kowloon, the New Territories), if any. */
  area?: Named;
  /** The area code its mobile numbers usually have. */
  areaCode: AreaCode;
}

export interface RegionGroup {
  id: "mo" | "hk" | "cn";
  name: Named;
  regions: Region[];
}

const macau: [string, string, string][] = [
  ["peninsula", "澳門半島", "Macau Peninsula"],
  ["taipa", "氹仔", "Taipa"],
  ["cotai", "路氹城", "Cotai"],
  ["coloane", "路環", "Coloane"],
];

const HK_ISLAND: Named = { zh: "香港島", en: "Hong Kong Island" };
const KOWLOON: Named = { zh: "九龍", en: "Kowloon" };
const NEW_TERRITORIES: Named = { zh: "新界", en: "New Territories" };

/** Hong Kong's districts, by the part of the city they lie in. */
const hongKong: [string, string, string, Named][] = [
  ["central-western", "中西區", "Central and Western", HK_ISLAND],
  ["wan-chai", "灣仔區", "Wan Chai", HK_ISLAND],
  ["eastern", "東區", "Eastern", HK_ISLAND],
  ["southern", "南區", "Southern", HK_ISLAND],
  ["yau-tsim-mong", "油尖旺區", "Yau Tsim Mong", KOWLOON],
  ["sham-shui-po", "深水埗區", "Sham Shui Po", KOWLOON],
  ["kowloon-city", "九龍城區", "Kowloon City", KOWLOON],
  ["wong-tai-sin", "黃大仙區", "Wong Tai Sin", KOWLOON],
  ["kwun-tong", "觀塘區", "Kwun Tong", KOWLOON],
  ["kwai-tsing", "葵青區", "Kwai Tsing", NEW_TERRITORIES],
  ["tsuen-wan", "荃灣區", "Tsuen Wan", NEW_TERRITORIES],
  ["tuen-mun", "屯門區", "Tuen Mun", NEW_TERRITORIES],
  ["yuen-long", "元朗區", "Yuen Long", NEW_TERRITORIES],
  ["north", "北區", "North", NEW_TERRITORIES],
  ["tai-po", "大埔區", "Tai Po", NEW_TERRITORIES],
  ["sha-tin", "沙田區", "Sha Tin", NEW_TERRITORIES],
  ["sai-kung", "西貢區", "Sai Kung", NEW_TERRITORIES],
  ["islands", "離島區", "Islands", NEW_TERRITORIES],
];

/** Province (id, zh, en) and its main cities (zh, en); a municipality is its own city. */
const mainland: [string, string, string, [string, string][]][] = [
  [
    "guangdong",
    "廣東省",
    "Guangdong",
    [
      ["廣州", "Guangzhou"],
      ["深圳", "Shenzhen"],
      ["珠海", "Zhuhai"],
      ["佛山", "Foshan"],
      ["東莞", "Dongguan"],
      ["中山", "Zhongshan"],
      ["江門", "Jiangmen"],
      ["惠州", "Huizhou"],
      ["汕頭", "Shantou"],
    ],
  ],
  ["beijing", "北京市", "Beijing", [["北京", "Beijing"]]],
  ["shanghai", "上海市", "Shanghai", [["上海", "Shanghai"]]],
  ["tianjin", "天津市", "Tianjin", [["天津", "Tianjin"]]],
  ["chongqing", "重慶市", "Chongqing", [["重慶", "Chongqing"]]],
  [
    "fujian",
    "福建省",
    "Fujian",
    [
      ["福州", "Fuzhou"],
      ["廈門", "Xiamen"],
      ["泉州", "Quanzhou"],
    ],
  ],
  [
    "guangxi",
    "廣西壯族自治區",
    "Guangxi",
    [
      ["南寧", "Nanning"],
      ["桂林", "Guilin"],
      ["柳州", "Liuzhou"],
    ],
  ],
  [
    "hainan",
    "海南省",
    "Hainan",
    [
      ["海口", "Haikou"],
      ["三亞", "Sanya"],
    ],
  ],
  [
    "zhejiang",
    "浙江省",
    "Zhejiang",
    [
      ["杭州", "Hangzhou"],
      ["寧波", "Ningbo"],
      ["溫州", "Wenzhou"],
    ],
  ],
  [
    "jiangsu",
    "江蘇省",
    "Jiangsu",
    [
      ["南京", "Nanjing"],
      ["蘇州", "Suzhou"],
      ["無錫", "Wuxi"],
    ],
  ],
  [
    "shandong",
    "山東省",
    "Shandong",
    [
      ["濟南", "Jinan"],
      ["青島", "Qingdao"],
      ["煙台", "Yantai"],
    ],
  ],
  [
    "hunan",
    "湖南省",
    "Hunan",
    [
      ["長沙", "Changsha"],
      ["株洲", "Zhuzhou"],
    ],
  ],
  [
    "hubei",
    "湖北省",
    "Hubei",
    [
      ["武漢", "Wuhan"],
      ["宜昌", "Yichang"],
    ],
  ],
  [
    "jiangxi",
    "江西省",
    "Jiangxi",
    [
      ["南昌", "Nanchang"],
      ["贛州", "Ganzhou"],
    ],
  ],
  [
    "anhui",
    "安徽省",
    "Anhui",
    [
      ["合肥", "Hefei"],
      ["蕪湖", "Wuhu"],
    ],
  ],
  [
    "henan",
    "河南省",
    "Henan",
    [
      ["鄭州", "Zhengzhou"],
      ["洛陽", "Luoyang"],
    ],
  ],
  [
    "hebei",
    "河北省",
    "Hebei",
    [
      ["石家莊", "Shijiazhuang"],
      ["唐山", "Tangshan"],
    ],
  ],
  [
    "shanxi",
    "山西省",
    "Shanxi",
    [
      ["太原", "Taiyuan"],
      ["大同", "Datong"],
    ],
  ],
  [
    "shaanxi",
    "陝西省",
    "Shaanxi",
    [
      ["西安", "Xi'an"],
      ["寶雞", "Baoji"],
    ],
  ],
  [
    "sichuan",
    "四川省",
    "Sichuan",
    [
      ["成都", "Chengdu"],
      ["綿陽", "Mianyang"],
    ],
  ],
  [
    "yunnan",
    "雲南省",
    "Yunnan",
    [
      ["昆明", "Kunming"],
      ["大理", "Dali"],
    ],
  ],
  [
    "guizhou",
    "貴州省",
    "Guizhou",
    [
      ["貴陽", "Guiyang"],
      ["遵義", "Zunyi"],
    ],
  ],
  [
    "liaoning",
    "遼寧省",
    "Liaoning",
    [
      ["瀋陽", "Shenyang"],
      ["大連", "Dalian"],
    ],
  ],
  [
    "jilin",
    "吉林省",
    "Jilin",
    [
      ["長春", "Changchun"],
      ["吉林", "Jilin"],
    ],
  ],
  [
    "heilongjiang",
    "黑龍江省",
    "Heilongjiang",
    [
      ["哈爾濱", "Harbin"],
      ["大慶", "Daqing"],
    ],
  ],
  ["gansu", "甘肅省", "Gansu", [["蘭州", "Lanzhou"]]],
  ["qinghai", "青海省", "Qinghai", [["西寧", "Xining"]]],
  ["ningxia", "寧夏回族自治區", "Ningxia", [["銀川", "Yinchuan"]]],
  ["xinjiang", "新疆維吾爾自治區", "Xinjiang", [["烏魯木齊", "Urumqi"]]],
  ["tibet", "西藏自治區", "Tibet", [["拉薩", "Lhasa"]]],
  [
    "inner-mongolia",
    "內蒙古自治區",
    "Inner Mongolia",
    [
      ["呼和浩特", "Hohhot"],
      ["包頭", "Baotou"],
    ],
  ],
];

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export const REGION_GROUPS: readonly RegionGroup[] = [
  { id: "mo", name: { zh: "澳門", en: "Macau" }, regions: macau.map(([id, zh, en]) => ({ id: `mo-${id}`, name: { zh, en }, areaCode: "+853" })) },
  { id: "hk", name: { zh: "香港", en: "Hong Kong" }, regions: hongKong.map(([id, zh, en, area]) => ({ id: `hk-${id}`, name: { zh, en }, area, areaCode: "+852" })) },
  {
    id: "cn",
    name: { zh: "中國內地", en: "Mainland China" },
    regions: mainland.flatMap(([province, zh, en, cities]) =>
      cities.map(([cityZh, cityEn]) => ({ id: `cn-${province}-${slug(cityEn)}`, name: { zh: cityZh, en: cityEn }, parent: { zh, en }, areaCode: "+86" as const })),
    ),
  },
];

/** A municipality (直轄市: Beijing, Shanghai, Tianjin, Chongqing): a mainland "province" that is one city. */
const isMunicipality = (region: Region) => region.parent?.zh.endsWith("市") === true;

const BY_ID = new Map(REGION_GROUPS.flatMap((group) => group.regions.map((region) => [region.id, { region, group }] as const)));

export function regionById(id: string): { region: Region; group: RegionGroup } | undefined {
  return BY_ID.get(id);
}

/** How the form and the address show a region: "澳門 氹仔", "Guangdong, Shenzhen". */
export function regionPath(id: string, locale: "zh" | "en"): string | null {
  const found = BY_ID.get(id);
  if (!found) return null;
  const { region, group } = found;
  const parts = [group.id === "cn" ? region.parent![locale] : group.name[locale], region.name[locale]];
  if (isMunicipality(region)) parts.splice(1, 1);
  return locale === "zh" ? parts.join(" ") : parts.join(", ");
}

/** Regions whose name (either language, its province's too) contains `query`, case and spaces ignored. */
export function searchRegions(query: string): Region[] {
  const needle = query.trim().toLowerCase().replace(/\s+/g, " ");
  if (needle === "") return [];
  return REGION_GROUPS.flatMap((group) =>
    group.regions.filter((region) =>
      [region.name.zh, region.name.en, region.parent?.zh ?? "", region.parent?.en ?? "", group.name.zh, group.name.en].some((name) => name.toLowerCase().includes(needle)),
    ),
  );
}

/** A heading of the picker and the regions under it; no heading where the tab already names them. */
export interface RegionSection {
  heading: Named | null;
  regions: Region[];
}

const MUNICIPALITIES: Named = { zh: "直轄市", en: "Municipalities" };

/**
 * How the picker lays a group out, each region once: Macau's districts together; Hong Kong's by
 * Hong Kong Island, Kowloon and the New Territories; the mainland's four municipalities together
 * (a heading "Beijing" over a single "Beijing" would name it twice), then each province and its cities.
 */
export function regionSections(group: RegionGroup): RegionSection[] {
  const sections: RegionSection[] = [];
  const sectionOf = (heading: Named | null) => {
    let section = sections.find((item) => item.heading?.en === heading?.en);
    if (!section) sections.push((section = { heading, regions: [] }));
    return section;
  };
  if (group.id === "cn") sectionOf(MUNICIPALITIES);
  for (const region of group.regions) {
    const heading = group.id === "hk" ? region.area! : group.id === "cn" ? (isMunicipality(region) ? MUNICIPALITIES : region.parent!) : null;
    sectionOf(heading).regions.push(region);
  }
  return sections;
}
