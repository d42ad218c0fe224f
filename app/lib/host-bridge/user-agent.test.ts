import { describe, expect, it } from "vitest";
import { normalizeLocale } from "../i18n/locale";
import { canOpenMiniProgram, compareVersions, parseHostUserAgent } from "./user-agent";

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";

describe("the host's user agent", () => {
  it("gives the wallet version, language and platform", () => {
    expect(parseHostUserAgent(`${IPHONE} MPay/5.8.6 language/en`)).toEqual({ appVersion: "5.8.6", language: "en", platform: "ios" });
    expect(parseHostUserAgent(`${ANDROID} MPay/6.0.1 language=zh-HK`)).toEqual({ appVersion: "6.0.1", language: "zh", platform: "android" });
  });

  it("is a plain browser without the MPay part", () => {
    expect(parseHostUserAgent("Mozilla/5.0 (X11; Linux x86_64)")).toEqual({ appVersion: null, language: null, platform: "web" });
    expect(parseHostUserAgent(null).platform).toBe("web");
  });

  it.each([
    ["zh", "zh"],
    ["zh-TW", "zh"],
    ["zh-HK", "zh"],
    ["zh_MO", "zh"],
    ["en", "en"],
    ["en-GB", "en"],
    ["pt", null],
    ["", null],
  ])("language %s gives %s", (code, locale) => {
    expect(normalizeLocale(code)).toBe(locale);
  });
});

describe("the minimum wallet version for mini-programs", () => {
  it("compares versions numerically", () => {
    expect(compareVersions("5.10.0", "5.8.6")).toBeGreaterThan(0);
    expect(compareVersions("5.8.6", "5.8.6")).toBe(0);
    expect(compareVersions("5.8", "5.8.0")).toBe(0);
    expect(compareVersions("5.8.5", "5.8.6")).toBeLessThan(0);
  });

  it("opens from 5.8.6 up and asks for an upgrade below", () => {
    expect(canOpenMiniProgram("5.8.6")).toBe(true);
    expect(canOpenMiniProgram("5.9.0")).toBe(true);
    expect(canOpenMiniProgram("5.8.5")).toBe(false);
    expect(canOpenMiniProgram(null)).toBe(false);
  });
});
