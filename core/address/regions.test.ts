import { describe, expect, it } from "vitest";
import { REGION_GROUPS, regionById, regionPath, searchRegions } from "./regions";

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
});
