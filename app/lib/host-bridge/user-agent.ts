/**
 * What the host app tells us in its user agent: `MPay/<version>`, the `language/<code>` (or
 * `language=<code>`) part, and the platform.
 */
import { normalizeLocale, type Locale } from "../i18n/locale";

export type HostPlatform = "ios" | "android" | "web";

export interface HostUserAgent {
  /** The wallet app's version, when the page runs inside it. */
  appVersion: string | null;
  language: Locale | null;
  platform: HostPlatform;
}

/** Opening a mini-program needs at least this wallet version (spec section 1). */
export const MIN_MINI_PROGRAM_VERSION = "5.8.6";

export function parseHostUserAgent(userAgent: string | null | undefined): HostUserAgent {
  const ua = userAgent ?? "";
  const version = /\bMPay\/(\d+(?:\.\d+)*)/i.exec(ua)?.[1] ?? null;
  const language = normalizeLocale(/\blanguage[/=]([A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*)/i.exec(ua)?.[1]);
  const platform: HostPlatform = /iPhone|iPad|iPod|iOS/i.test(ua) ? "ios" : /Android/i.test(ua) ? "android" : "web";
  return { appVersion: version, language, platform };
}

/** Compares dotted versions numerically: negative, zero or positive like a sort comparator. */
export function compareVersions(a: string, b: string): number {
  const left = a.split(".").map((part) => Number.parseInt(part, 10) || 0);
  const right = b.split(".").map((part) => Number.parseInt(part, 10) || 0);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const diff = (left[i] ?? 0) - (right[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** True when the wallet can open a mini-program; false below 5.8.6 (show the upgrade prompt). */
export function canOpenMiniProgram(appVersion: string | null): boolean {
  return appVersion !== null && compareVersions(appVersion, MIN_MINI_PROGRAM_VERSION) >= 0;
}
