import { describe, expect, it } from "vitest";
import { isValidMobile } from "#core/address/mobile";
import { MILES_MEMBER_NO, MILES_NAME } from "#core/api/promotion-endpoints";
import { PUBLIC_PLACES, Pseudonyms } from "./pseudonyms";

const KEY = Buffer.alloc(32, 7);
const OTHER_KEY = Buffer.alloc(32, 9);

describe("pseudonyms", () => {
  it("give the same value the same stand-in under one key, another under another key, and never the value", () => {
    const one = new Pseudonyms(KEY);
    const again = new Pseudonyms(KEY);
    const other = new Pseudonyms(OTHER_KEY);
    for (const [kind, value] of [
      ["member-id", "mo-real-member-77"],
      ["phone", "66123987"],
      ["name", "梁小玲"],
      ["street-address", "提督馬路 41 號 3 樓"],
      ["redemption-code", "839201746512"],
    ] as const) {
      const made = one.standIn(kind, value);
      expect(made).not.toBe(value);
      expect(one.standIn(kind, value)).toBe(made);
      expect(again.standIn(kind, value)).toBe(made);
      expect(other.standIn(kind, value)).not.toBe(made);
    }
  });

  it("keep each field valid: a mobile of its area, an id an id, a name in its script, a code as many digits", () => {
    const pseudonyms = new Pseudonyms(KEY);
    for (const mobile of ["66123987", "62888999", "63000001"]) expect(isValidMobile("+853", String(pseudonyms.standIn("phone", mobile)))).toBe(true);
    for (const mobile of ["91234567", "51234567"]) expect(isValidMobile("+852", String(pseudonyms.standIn("phone", mobile)))).toBe(true);
    expect(isValidMobile("+86", String(pseudonyms.standIn("phone", "13812345678")))).toBe(true);
    expect(pseudonyms.standIn("phone", "+853 6612 3987")).toMatch(/^\+853 6\d{3} \d{4}$/);
    expect(pseudonyms.standIn("member-id", "mo-real-member-77")).toMatch(/^p-[0-9a-f]{8}$/);
    expect(pseudonyms.standIn("name", "梁小玲")).toMatch(/^\p{Script=Han}{2,3}$/u);
    expect(pseudonyms.standIn("name", "Maria Fernandes")).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    expect(pseudonyms.standIn("name", "FERNANDES")).toMatch(MILES_NAME);
    expect(pseudonyms.standIn("name", "FERNANDES")).toBe(String(pseudonyms.standIn("name", "FERNANDES")).toUpperCase());
    expect(pseudonyms.standIn("street-address", "提督馬路 41 號 3 樓")).toMatch(/\p{Script=Han}.* \d+ 號$/u);
    expect(pseudonyms.standIn("street-address", "Rua de Sao Paulo 5, 2/F")).toMatch(/^[A-Za-z ]+ \d+$/);
    expect(pseudonyms.standIn("redemption-code", "839201746512")).toMatch(/^\d{12}$/);
    expect(pseudonyms.standIn("coupon-number", "MC2026112900012301")).toMatch(/^MC20261129\d{8}$/);
    expect(pseudonyms.standIn("membership-number", "1300000777")).toMatch(MILES_MEMBER_NO);
    expect(pseudonyms.standIn("email", "maria@mail.example.org")).toMatch(/^member-[0-9a-f]{6}@example\.com$/);
    expect(pseudonyms.standIn("avatar", "https://cdn.example/u/77.jpg")).toBeNull();
  });

  it("mask a membership number as its stand-in is masked: the last four digits agree", () => {
    const pseudonyms = new Pseudonyms(KEY);
    const made = String(pseudonyms.standIn("membership-number", "1300000777"));
    expect(pseudonyms.standIn("membership-number", "******0777")).toBe(`******${made.slice(-4)}`);
  });

  it("move a location to the nearest public place, coordinates together, keeping numbers numbers and texts texts", () => {
    const pseudonyms = new Pseudonyms(KEY);
    const moved = pseudonyms.location("22.1935", "113.539");
    const place = PUBLIC_PLACES.find((candidate) => String(candidate.lat) === moved.lat);
    expect(place?.name).toBe("Senado Square");
    expect(moved.lng).toBe(String(place?.lng));
    expect(pseudonyms.location(22.154, 113.556)).toEqual({ lat: 22.1535, lng: 113.5564 });
    expect(pseudonyms.isStandIn("22.1937")).toBe(true);
  });

  it("leave empty values, placeholders and made-up demo data as they are", () => {
    const pseudonyms = new Pseudonyms(KEY, new Set(["mpay-1001", "66123456"]));
    expect(pseudonyms.standIn("phone", "")).toBe("");
    expect(pseudonyms.standIn("phone", "<redacted:phone>")).toBe("<redacted:phone>");
    expect(pseudonyms.standIn("member-id", "mpay-1001")).toBe("mpay-1001");
    expect(pseudonyms.standIn("phone", "66123456")).toBe("66123456");
    expect(pseudonyms.isStandIn("66123456")).toBe(true);
  });

  it("replace a real value learnt wherever it shows in a text, whole words only for Latin ones", () => {
    const pseudonyms = new Pseudonyms(KEY);
    const name = String(pseudonyms.standIn("name", "梁小玲"));
    const id = String(pseudonyms.standIn("member-id", "mo-real-member-77"));
    const latin = String(pseudonyms.standIn("name", "Maria Fernandes"));
    expect(pseudonyms.replaceIn("請聯絡梁小玲")).toBe(`請聯絡${name}`);
    expect(pseudonyms.replaceIn("/__sandbox/members/mo-real-member-77/orders")).toBe(`/__sandbox/members/${id}/orders`);
    expect(pseudonyms.replaceIn("for Maria Fernandes, not Maria Fernandesson")).toBe(`for ${latin}, not Maria Fernandesson`);
    expect(pseudonyms.holdsReal("梁小玲 called")).toBe(true);
    expect(pseudonyms.holdsReal(`${name} called`)).toBe(false);
    // Typed text keeps its words, with the values known replaced.
    expect(pseudonyms.standIn("free-text", "wrong size, 梁小玲 asked")).toBe(`wrong size, ${name} asked`);
  });
});
