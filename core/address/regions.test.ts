import { describe, expect, it } from "vitest";
import { REGION_GROUPS, regionById, regionPath, regionSections, searchRegions } from "./regions";

describe("regions", () => {
  it("cover Macau's districts, Hong Kong's eighteen and the mainland's provinces, with unique ids", () => {
    const [macau, hongKong, mainland] = REGION_GROUPS;
    expect(macau.regions.map((region) => region.name.en)).toEqual(["Macau Peninsula", "Taipa", "Cotai", "Coloane"]);
    expect(hongKong.regions).toHaveLength(18);
    expect(new Set(mainland.regions.map((region) => region.parent?.en)).size).toBe(31);
    const ids = REGION_GROUPS.flatMap((group) => group.regions.map((region) => region.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => /^(mo|hk|cn)-[a-z0-9-]+$/.test(id))).toBe(true);
  });

  it("read as the place and its district, in either language; a municipality is named once", () => {
    expect(regionPath("mo-taipa", "zh")).toBe("澳門 氹仔");
    expect(regionPath("hk-sha-tin", "en")).toBe("Hong Kong, Sha Tin");
    expect(regionPath("cn-guangdong-shenzhen", "en")).toBe("Guangdong, Shenzhen");
    expect(regionPath("cn-shanghai-shanghai", "zh")).toBe("上海市");
    expect(regionPath("cn-shanghai-shanghai", "en")).toBe("Shanghai");
    expect(regionPath("nowhere", "en")).toBeNull();
    expect(regionById("hk-islands")?.region.areaCode).toBe("+852");
  });

  it("are found by a part of any of their names, in either language", () => {
    expect(searchRegions("shen").map((region) => region.id)).toEqual(["cn-guangdong-shenzhen", "cn-liaoning-shenyang"]);
    expect(searchRegions("氹仔").map((region) => region.id)).toEqual(["mo-taipa"]);
    expect(searchRegions("  ").length).toBe(0);
    expect(searchRegions("廣東省").length).toBe(9);
  });

  it("lay each group out with every region once, and no heading over a lone region of its own name", () => {
    for (const group of REGION_GROUPS) {
      const sections = regionSections(group);
      const shown = sections.flatMap((section) => section.regions.map((region) => region.id));
      expect(shown.sort()).toEqual(group.regions.map((region) => region.id).sort());
      for (const locale of ["zh", "en"] as const) {
        const names = sections.flatMap((section) => section.regions.map((region) => region.name[locale]));
        expect(new Set(names).size, `${group.id} ${locale}`).toBe(names.length);
        const headings = sections.map((section) => section.heading?.[locale] ?? group.name[locale]);
        expect(new Set(headings).size).toBe(headings.length);
        for (const section of sections) {
          if (section.regions.length === 1) expect(section.regions[0].name[locale]).not.toBe(section.heading?.[locale].replace(/[省市]$/, ""));
        }
      }
    }
    const [macau, hongKong, mainland] = REGION_GROUPS.map(regionSections);
    expect(macau.map((section) => section.heading)).toEqual([null]);
    expect(hongKong.map((section) => [section.heading?.en, section.regions.length])).toEqual([
      ["Hong Kong Island", 4],
      ["Kowloon", 5],
      ["New Territories", 9],
    ]);
    expect(mainland[0]).toMatchObject({ heading: { en: "Municipalities" } });
    expect(mainland[0].regions.map((region) => region.name.en)).toEqual(["Beijing", "Shanghai", "Tianjin", "Chongqing"]);
  });

  it("name a city that shares its province's name with both (Jilin, Jilin), and a municipality once", () => {
    expect(regionPath("cn-jilin-jilin", "en")).toBe("Jilin, Jilin");
    expect(regionPath("cn-jilin-jilin", "zh")).toBe("吉林省 吉林");
    expect(regionPath("cn-beijing-beijing", "zh")).toBe("北京市");
  });
});
