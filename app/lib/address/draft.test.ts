/** The address form's draft in session storage: what does not read as the form's fields is ignored. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pickRegion, readDraftFields, saveDraft, takeDraft, takeRegion, type DraftFields } from "./draft";

const FIELDS: DraftFields = { name: "Chan Tai Man", areaCode: "+853", mobile: "6612 3456", address: "Rua do Campo 1", regionId: "mo-se", isDefault: true };

beforeEach(() => {
  const stored = new Map<string, string>();
  const sessionStorage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  };
  vi.stubGlobal("window", { sessionStorage });
});
afterEach(() => vi.unstubAllGlobals());

describe("readDraftFields", () => {
  it("keeps the form's fields and drops any other key", () => {
    expect(readDraftFields({ ...FIELDS, extra: "<script>" })).toEqual(FIELDS);
  });

  it.each([
    ["no object", "text"],
    ["an array", [FIELDS]],
    ["a missing field", { ...FIELDS, mobile: undefined }],
    ["an unknown area code", { ...FIELDS, areaCode: "+1" }],
    ["a name too long", { ...FIELDS, name: "x".repeat(201) }],
    ["a mobile too long", { ...FIELDS, mobile: "1".repeat(41) }],
    ["an address too long", { ...FIELDS, address: "x".repeat(501) }],
    ["a region id too long", { ...FIELDS, regionId: "x".repeat(81) }],
    ["a default that is not a boolean", { ...FIELDS, isDefault: "on" }],
  ])("refuses %s", (_, value) => {
    expect(readDraftFields(value)).toBeNull();
  });

  it("takes the longest of each field", () => {
    const longest = { ...FIELDS, name: "x".repeat(200), mobile: "1".repeat(40), address: "x".repeat(500), regionId: "x".repeat(80) };
    expect(readDraftFields(longest)).toEqual(longest);
  });
});

describe("the draft and the region chosen", () => {
  it("are read once, and only by the form they were left for", () => {
    saveDraft("/editAddress", FIELDS);
    expect(takeDraft("/editAddress/3")).toBeNull();
    saveDraft("/editAddress", FIELDS);
    expect(takeDraft("/editAddress")).toEqual(FIELDS);
    expect(takeDraft("/editAddress")).toBeNull();

    pickRegion("/editAddress/3", "mo-se");
    expect(takeRegion("/editAddress/3")).toBe("mo-se");
    expect(takeRegion("/editAddress/3")).toBeNull();
  });

  it("ignore storage that does not parse", () => {
    window.sessionStorage.setItem("mcoin.address-draft", "{not json");
    expect(takeDraft("/editAddress")).toBeNull();
    window.sessionStorage.setItem("mcoin.address-region", JSON.stringify({ for: "/editAddress", regionId: 7 }));
    expect(takeRegion("/editAddress")).toBeNull();
  });
});
