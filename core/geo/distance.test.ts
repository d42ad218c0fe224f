import { describe, expect, it } from "vitest";
import { distanceMeters, formatDistance, parseLatLng } from "./distance";

const SENADO_SQUARE = { latitude: 22.1935, longitude: 113.5397 };
const RUA_DO_CUNHA = { latitude: 22.1553, longitude: 113.5566 };

describe("distance", () => {
  it("is zero to itself and symmetric", () => {
    expect(distanceMeters(SENADO_SQUARE, SENADO_SQUARE)).toBe(0);
    expect(distanceMeters(SENADO_SQUARE, RUA_DO_CUNHA)).toBeCloseTo(distanceMeters(RUA_DO_CUNHA, SENADO_SQUARE), 6);
  });

  it("matches the great-circle distance across Macau", () => {
    // Senado Square to Rua do Cunha, Taipa: about 4.6 km as the crow flies.
    expect(distanceMeters(SENADO_SQUARE, RUA_DO_CUNHA)).toBeGreaterThan(4_500);
    expect(distanceMeters(SENADO_SQUARE, RUA_DO_CUNHA)).toBeLessThan(4_700);
    // One degree of latitude is about 111 km.
    expect(distanceMeters({ latitude: 22, longitude: 113 }, { latitude: 23, longitude: 113 })).toBeCloseTo(111_195, -2);
  });

  it("formats metres and kilometres", () => {
    expect(formatDistance(0)).toBe("1 m");
    expect(formatDistance(846)).toBe("850 m");
    expect(formatDistance(999)).toBe("1000 m");
    expect(formatDistance(1000)).toBe("1.0 km");
    expect(formatDistance(1234)).toBe("1.2 km");
    expect(formatDistance(12_345)).toBe("12 km");
    expect(formatDistance(Number.NaN)).toBe("");
  });

  it("reads a lat,lng pair and nothing else", () => {
    expect(parseLatLng("22.1935,113.5397")).toEqual(SENADO_SQUARE);
    expect(parseLatLng("denied")).toBeNull();
    expect(parseLatLng("91,10")).toBeNull();
    expect(parseLatLng(undefined)).toBeNull();
  });
});
