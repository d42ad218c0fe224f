/**
 * The mall's cookies, declared once. A cookie arrives from the browser and is hostile input like any
 * other: every read here treats a value the mall did not write (bad encoding, another type, a forged
 * or stale seal) as absent, never as an error, and `cookieRepairs` names the bad ones so that the
 * next page or data reply replaces them (entry.server.tsx). One bad cookie can no longer break a page.
 */
import * as Iron from "@hapi/iron";
import { createCookie, type Cookie, type CookieOptions, type CookieSerializeOptions } from "@remix-run/node";
import { createHash } from "node:crypto";
import { z } from "zod";
import { parseLatLng, type LatLng } from "#core/geo/distance";
import { SUPPORTED_LOCALES } from "../lib/i18n/locale";
import { cookieSecureFor, sessionSecrets } from "./config.server";

/** A cookie of the mall: Remix's Cookie, whose `parse` never throws and yields only valid values. */
export interface MallCookie<T> extends Cookie {
  parse(cookieHeader: string | null): Promise<T | null>;
  serialize(value: T, options?: CookieSerializeOptions): Promise<string>;
}

/** The raw value of a cookie in a Cookie header, undecoded; undefined when absent. */
export function rawCookie(cookieHeader: string | null, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** A cookie written by the server through Remix (base64 JSON), read through a zod schema. */
export function checkedCookie<T>(name: string, schema: z.ZodType<T>, options: CookieOptions): MallCookie<T> {
  const inner = createCookie(name, options);
  return {
    name,
    isSigned: inner.isSigned,
    get expires() {
      return inner.expires;
    },
    async parse(cookieHeader) {
      try {
        const parsed = schema.safeParse(await inner.parse(cookieHeader));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    serialize: (value, serializeOptions) => inner.serialize(value, serializeOptions),
  };
}

/** A cookie the page writes itself (`name=encodeURIComponent(text)`), read through a parser. */
export function pageCookie<T>(name: string, read: (text: string) => T | null, options: CookieOptions): MallCookie<T> {
  const inner = createCookie(name, options);
  return {
    name,
    isSigned: false,
    expires: undefined,
    async parse(cookieHeader) {
      const raw = rawCookie(cookieHeader, name);
      if (raw === undefined) return null;
      try {
        return read(decodeURIComponent(raw));
      } catch {
        return null;
      }
    },
    // Only ever used to clear it: the page is the one that writes it.
    serialize: (_value, serializeOptions) => inner.serialize("", { ...serializeOptions, maxAge: 0 }),
  };
}

/** The id under which a secret seals: a secret rotated out keeps unsealing what it sealed. */
const secretId = (secret: string) => createHash("sha256").update(secret).digest("hex").slice(0, 8);

/** How many opened seals a sealed cookie remembers before it starts afresh. */
export const REMEMBERED_SEALS = 2_000;

/**
 * What seals opened to. Opening one derives two keys with PBKDF2 and checks its HMAC, which was a
 * twentieth of the server's work on a page; a browser sends the same seal with every request. A seal
 * is remembered by its whole text, HMAC included, so any change to it is a new key that is opened
 * afresh (and refused if forged). Its expiry is still checked on every read, with iron's own rule
 * (expired once the expiration is older than now minus the allowed clock skew). Each read gets its
 * own copy, so no request can change what another reads.
 */
function openedSeals() {
  const seals = new Map<string, { value: unknown; expiresAt: number }>();
  const skewMs = Iron.defaults.timestampSkewSec * 1000;
  return {
    get(sealed: string): unknown {
      const seal = seals.get(sealed);
      if (!seal) return undefined;
      if (seal.expiresAt <= Date.now() + Iron.defaults.localtimeOffsetMsec - skewMs) {
        seals.delete(sealed);
        throw new Error("expired seal");
      }
      return structuredClone(seal.value);
    },
    remember(sealed: string, value: unknown): unknown {
      // Iron's format: prefix*id*salt*iv*data*expiration*hmacSalt*hmac; no expiration means none.
      const expiration = sealed.split("*")[5];
      if (seals.size >= REMEMBERED_SEALS) seals.clear();
      seals.set(sealed, { value: structuredClone(value), expiresAt: expiration ? Number(expiration) : Number.POSITIVE_INFINITY });
      return value;
    },
  };
}

/**
 * A cookie sealed with authenticated encryption (@hapi/iron: AES-256-CBC and HMAC-SHA256): the
 * browser can neither read nor forge what it holds. The first secret seals; every secret unseals,
 * so SESSION_SECRET can be rotated without signing every member out. A seal older than the cookie's
 * maxAge is refused even if the browser kept it.
 */
export function sealedCookie<T extends object>(name: string, secrets: readonly string[], schema: z.ZodType<T>, options: CookieOptions): MallCookie<T> {
  const inner = createCookie(name, { ...options, secrets: undefined });
  const ttlMs = (options.maxAge ?? 0) * 1000;
  const sealWith = { id: secretId(secrets[0]), secret: secrets[0] };
  const unsealWith = Object.fromEntries(secrets.map((secret) => [secretId(secret), secret]));
  const opened = openedSeals();
  return {
    name,
    isSigned: true,
    get expires() {
      return inner.expires;
    },
    async parse(cookieHeader) {
      try {
        const sealed = await inner.parse(cookieHeader);
        if (typeof sealed !== "string" || sealed === "") return null;
        const parsed = schema.safeParse(opened.get(sealed) ?? opened.remember(sealed, await Iron.unseal(sealed, unsealWith, { ...Iron.defaults, ttl: ttlMs })));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    async serialize(value, serializeOptions) {
      const sealed = await Iron.seal(value, sealWith, { ...Iron.defaults, ttl: ttlMs });
      return inner.serialize(sealed, serializeOptions);
    },
  };
}

/**
 * The member's session (session.server.ts). What unseals was sealed by this server: its shape needs
 * no more than being an object.
 */
export const sessionCookie = sealedCookie("__mcoin_session", sessionSecrets, z.record(z.string(), z.unknown()), {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 60 * 60 * 24 * 7,
});

/** The member's language (i18n.server.ts). */
export const localeCookie = checkedCookie("mcoin_locale", z.enum(SUPPORTED_LOCALES), {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

/**
 * Set for a short while when the mall sent the member to the login page because the gateway said
 * 'not login'. A second 'not login' while it is set shows the error screen instead of redirecting
 * again, so a token the gateway keeps refusing can never loop through the login page.
 */
export const reloginCookie = checkedCookie("mcoin_relogin", z.literal("1"), {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 30,
});

/**
 * The member's location as the page keeps it (components/location-sync.tsx): "lat,lng" from the host
 * bridge, or "denied" when the member refused.
 */
export const geoCookie = pageCookie<LatLng | "denied">("mcoin_geo", (text) => (text === "denied" ? "denied" : parseLatLng(text)), {
  path: "/",
  sameSite: "lax",
});

const MALL_COOKIES: readonly MallCookie<unknown>[] = [sessionCookie, localeCookie, reloginCookie, geoCookie];

/** Per-request cookie options: `Secure` follows the request (config.server.ts). */
export function cookieOptionsFor(request: Request): CookieSerializeOptions {
  return { secure: cookieSecureFor(new URL(request.url)) };
}

/**
 * Set-Cookie headers that remove the mall's cookies a request carries with a bad value. A response
 * that sets a cookie itself keeps its own.
 */
export async function cookieRepairs(request: Request, alreadySet: readonly string[] = []): Promise<string[]> {
  const header = request.headers.get("cookie");
  if (!header) return [];
  const repairs: string[] = [];
  for (const cookie of MALL_COOKIES) {
    if (rawCookie(header, cookie.name) === undefined || alreadySet.some((line) => line.startsWith(`${cookie.name}=`))) continue;
    if ((await cookie.parse(header)) === null) {
      repairs.push(await createCookie(cookie.name, { path: "/" }).serialize("", { ...cookieOptionsFor(request), maxAge: 0 }));
    }
  }
  return repairs;
}
