/**
 * The server's own rules, without Remix: the host map and the configuration it must refuse, the
 * mall's cookies (sealed, checked, repaired) and how a session entry is classified.
 */
import { createCookieSessionStorage } from "@remix-run/node";
import crypto from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ConfigError, SANDBOX_ONLY_SESSION_SECRET, assertServable, environmentForHost, parseHosts, readEnv } from "./config.server";
import { checkedCookie, cookieRepairs, localeCookie, pageCookie, sealedCookie } from "./cookies.server";
import { entryKind, SIGN_IN_NONCE_PARAM } from "./session-entry.server";
import { freshSession, getSession } from "./session.server";

const SECRET = "a-secret-of-at-least-thirty-two-characters";

describe("the host map", () => {
  const hosts = parseHosts("localhost, mall.example=prod, *.uat.example=uat, [::1]", "sandbox");

  it("gives each configured host its environment, and nothing to any other", () => {
    expect(environmentForHost("localhost", hosts)).toBe("sandbox");
    expect(environmentForHost("MALL.example", hosts)).toBe("prod");
    expect(environmentForHost("shop.uat.example", hosts)).toBe("uat");
    expect(environmentForHost("[::1]", hosts)).toBe("sandbox");
    for (const host of ["uat.example", "evil.example", "mall.example.evil", "10.evil.example", "evil.local", "127.0.0.1"]) {
      expect(environmentForHost(host, hosts), host).toBeNull();
    }
  });

  it("refuses entries that are not host names or name an unknown environment", () => {
    expect(() => parseHosts("mall.example=production", "sandbox")).toThrow(ConfigError);
    expect(() => parseHosts("https://mall.example", "sandbox")).toThrow(ConfigError);
  });
});

describe("a configuration that cannot serve its hosts", () => {
  const real = {
    MCOIN_HOSTS: "mall.example=prod",
    MCOIN_PROD_API_BASE: "https://api.example",
    MCOIN_PROD_LOGIN_URL: "https://wallet.example/login",
  };

  it("is refused at start: a real environment needs its URLs and its own SESSION_SECRET", () => {
    const check = (vars: Record<string, string>) => {
      const config = readEnv(vars);
      assertServable(config, parseHosts(config.MCOIN_HOSTS, "sandbox"));
    };
    expect(() => check({ ...real, SESSION_SECRET: SECRET })).not.toThrow();
    expect(() => check(real)).toThrow(/SESSION_SECRET/);
    expect(() => check({ ...real, SESSION_SECRET: SANDBOX_ONLY_SESSION_SECRET })).toThrow(/sandbox's public secret/);
    expect(() => check({ MCOIN_HOSTS: "mall.example=prod", SESSION_SECRET: SECRET })).toThrow(/MCOIN_PROD_API_BASE/);
    expect(() => check({ MCOIN_HOSTS: "localhost" })).not.toThrow();
    expect(() => readEnv({ SESSION_SECRET: "short" })).toThrow(/32 characters/);
  });
});

describe("the mall's cookies", () => {
  const Data = z.object({ token: z.string() });
  const sealed = sealedCookie("__test_sealed", [SECRET], Data, { path: "/", maxAge: 60 });

  it("seal what they hold: the browser can neither read it nor forge it", async () => {
    const header = (await sealed.serialize({ token: "sbx_the-gateway-token" })).split(";")[0];
    expect(header).not.toContain("sbx_");
    expect(Buffer.from(decodeURIComponent(header.split("=")[1]), "base64").toString()).toMatch(/^"Fe26\.2\*/);
    expect(await sealed.parse(header)).toEqual({ token: "sbx_the-gateway-token" });

    const other = sealedCookie("__test_sealed", ["another-secret-of-thirty-two-characters!"], Data, { path: "/", maxAge: 60 });
    expect(await other.parse(header)).toBeNull();
    expect(await sealed.parse(header.replace(/.$/, "A"))).toBeNull();
  });

  it("remember a seal they opened, and still refuse it once it expires or changes", async () => {
    const Session = z.object({ token: z.string(), cart: z.array(z.number()) });
    const cookie = sealedCookie("__test_remembered", [SECRET], Session, { path: "/", maxAge: 60 });
    const header = (await cookie.serialize({ token: "t", cart: [1] })).split(";")[0];
    const pbkdf2 = vi.spyOn(crypto, "pbkdf2");
    try {
      const first = await cookie.parse(header);
      const second = await cookie.parse(header);
      expect(second).toEqual({ token: "t", cart: [1] });
      expect(pbkdf2).toHaveBeenCalledTimes(2); // the first read only: its encryption and integrity keys
      // Each read is its own copy: one request's change never reaches another's.
      first!.cart.push(2);
      expect((await cookie.parse(header))!.cart).toEqual([1]);
      expect(await cookie.parse(header.replace(/.$/, "A"))).toBeNull();
      // Past maxAge and iron's minute of allowed skew, the remembered seal is refused as iron would.
      vi.useFakeTimers({ now: Date.now() + 60_000 + 60_000 + 1_000, toFake: ["Date"] });
      expect(await cookie.parse(header)).toBeNull();
    } finally {
      vi.useRealTimers();
      pbkdf2.mockRestore();
    }
  });

  it("keep unsealing what an older secret sealed, after a rotation", async () => {
    const old = "the-old-secret-of-thirty-two-characters!!";
    const header = (await sealedCookie("__test_sealed", [old], Data, { path: "/", maxAge: 60 }).serialize({ token: "t" })).split(";")[0];
    expect(await sealedCookie("__test_sealed", [SECRET, old], Data, { path: "/", maxAge: 60 }).parse(header)).toEqual({ token: "t" });
  });

  it("refuse a session forged the old way, signed with the sandbox's public secret", async () => {
    const forger = createCookieSessionStorage({ cookie: { name: "__mcoin_session", secrets: [SANDBOX_ONLY_SESSION_SECRET], path: "/" } });
    const forged = await forger.getSession();
    forged.set("token", "sbx_forged");
    const header = (await forger.commitSession(forged)).split(";")[0];
    const session = await getSession(new Request("http://localhost/index", { headers: { cookie: header } }));
    expect(session.get("token")).toBeUndefined();
  });

  it("read a value the mall did not write as absent, never as an error", async () => {
    const choice = checkedCookie("__test_choice", z.enum(["zh", "en"]), { path: "/" });
    const geo = pageCookie("__test_geo", (text) => (/^\d+,\d+$/.test(text) ? text : null), { path: "/" });
    for (const value of ["MTIz", "%E0%A4%A", "", "eyJhIjoxfQ==", "\u0000", "a".repeat(5000)]) {
      await expect(choice.parse(`__test_choice=${value}`)).resolves.toBeNull();
      await expect(geo.parse(`__test_geo=${value}`)).resolves.toBeNull();
      await expect(sealed.parse(`__test_sealed=${value}`)).resolves.toBeNull();
    }
    expect(await localeCookie.parse("mcoin_locale=MTIz")).toBeNull();
    expect(await geo.parse("__test_geo=1%2C2")).toBe("1,2");
  });

  it("are replaced when they arrive bad, and only then", async () => {
    const request = (cookie: string) => new Request("http://localhost/index", { headers: { cookie } });
    const good = (await localeCookie.serialize("en")).split(";")[0];
    expect(await cookieRepairs(request(good))).toEqual([]);
    const repairs = await cookieRepairs(request("mcoin_locale=MTIz; mcoin_geo=%E0%A4%A; __mcoin_session=garbage; someone_else=1"));
    expect(repairs.map((line) => line.split("=")[0]).sort()).toEqual(["__mcoin_session", "mcoin_geo", "mcoin_locale"]);
    for (const line of repairs) expect(line).toMatch(/Max-Age=0/);
    // A reply that sets the cookie itself keeps its own.
    expect(await cookieRepairs(request("mcoin_locale=MTIz"), ["mcoin_locale=InpoIg%3D%3D; Path=/"])).toEqual([]);
  });
});

describe("a session entry", () => {
  const at = (headers: Record<string, string>, { method = "GET", nonce }: { method?: string; nonce?: string } = {}) => {
    const url = new URL("http://localhost/index?code=abc");
    if (nonce) url.searchParams.set(SIGN_IN_NONCE_PARAM, nonce);
    return new Request(url, { method, headers });
  };

  it("is the host's when no page started it (or the browser predates Fetch Metadata)", async () => {
    const session = await freshSession();
    expect(entryKind(at({ "sec-fetch-site": "none" }), session)).toBe("host");
    expect(entryKind(at({}), session)).toBe("host");
  });

  it("is a link when a page started it, or when it is not a GET", async () => {
    const session = await freshSession();
    for (const site of ["cross-site", "same-site", "same-origin"]) expect(entryKind(at({ "sec-fetch-site": site }), session), site).toBe("link");
    for (const method of ["HEAD", "POST", "OPTIONS"]) expect(entryKind(at({ "sec-fetch-site": "none" }, { method }), session), method).toBe("link");
  });

  it("is the mall's own round trip only with the nonce this browser's session keeps", async () => {
    const session = await freshSession();
    session.set("signInNonce", "the-nonce-of-this-browser");
    expect(entryKind(at({ "sec-fetch-site": "cross-site" }, { nonce: "the-nonce-of-this-browser" }), session)).toBe("round-trip");
    expect(entryKind(at({ "sec-fetch-site": "cross-site" }, { nonce: "a-nonce-of-another-browser" }), session)).toBe("link");
    expect(entryKind(at({ "sec-fetch-site": "cross-site" }, { nonce: "the-nonce-of-this-browser" }), await freshSession())).toBe("link");
  });
});
