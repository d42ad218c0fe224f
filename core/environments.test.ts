import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_MALL_ORIGINS,
  DEFAULT_MALL_PORT,
  DEFAULT_MALL_URL,
  DEFAULT_SANDBOX_PORT,
  DEFAULT_SANDBOX_URL,
  EnvironmentConfigError,
  apiBaseOf,
  defaultNotice,
  environmentVariable,
  loginUrlOf,
  resolveAddress,
  sandboxUrl,
} from "./environments";

describe("the environments", () => {
  it("find the sandbox on loopback unless told otherwise, without a trailing slash", () => {
    expect(sandboxUrl({})).toBe(DEFAULT_SANDBOX_URL);
    expect(sandboxUrl({ MCOIN_SANDBOX_URL: "" })).toBe(DEFAULT_SANDBOX_URL);
    expect(apiBaseOf("sandbox", { MCOIN_SANDBOX_URL: "http://10.0.0.2:4011//" })).toBe("http://10.0.0.2:4011");
  });

  it("read a real environment's API and sign-in page from its own variables, and name the missing one", () => {
    const vars = { MCOIN_UAT_API_BASE: "https://uat.example/api/", MCOIN_UAT_LOGIN_URL: "https://wallet.example/login", MCOIN_PROD_API_BASE: 42 };
    expect(apiBaseOf("uat", vars)).toBe("https://uat.example/api");
    expect(loginUrlOf("uat", vars)).toBe("https://wallet.example/login");
    expect(environmentVariable("sit", "API_BASE")).toBe("MCOIN_SIT_API_BASE");
    expect(() => apiBaseOf("sit", vars)).toThrow(new EnvironmentConfigError("the sit API is not configured: set MCOIN_SIT_API_BASE"));
    // Only strings count: a parsed configuration may hold other values.
    expect(() => apiBaseOf("prod", vars)).toThrow("set MCOIN_PROD_API_BASE");
    expect(() => loginUrlOf("dev", vars)).toThrow("the dev sign-in page is not configured: set MCOIN_DEV_LOGIN_URL");
  });
});

describe("an address", () => {
  it("comes from the flag, then the variable, then the default, and says which", () => {
    const vars = { MCOIN_SANDBOX_URL: "http://10.0.0.2:4011/", MCOIN_APP_URL: "" };
    expect(resolveAddress("sandbox", "http://127.0.0.1:5000/", vars)).toEqual({ url: "http://127.0.0.1:5000", source: "flag", variable: "MCOIN_SANDBOX_URL" });
    expect(resolveAddress("sandbox", undefined, vars)).toEqual({ url: "http://10.0.0.2:4011", source: "variable", variable: "MCOIN_SANDBOX_URL" });
    expect(resolveAddress("sandbox", "", {})).toEqual({ url: DEFAULT_SANDBOX_URL, source: "default", variable: "MCOIN_SANDBOX_URL" });
    // An empty variable is no address.
    expect(resolveAddress("mall", undefined, vars)).toEqual({ url: DEFAULT_MALL_URL, source: "default", variable: "MCOIN_APP_URL" });
  });

  it("taken by default is named in one line", () => {
    expect(defaultNotice(resolveAddress("sandbox", undefined, {}), "--base-url")).toBe("no --base-url or MCOIN_SANDBOX_URL; using http://127.0.0.1:4010");
    expect(defaultNotice(resolveAddress("mall", undefined, {}), "--app")).toBe("no --app or MCOIN_APP_URL; using http://localhost:3000");
  });

  it("defaults are the ports npm start serves on loopback", () => {
    expect([DEFAULT_SANDBOX_PORT, DEFAULT_MALL_PORT]).toEqual([4010, 3000]);
    expect(DEFAULT_MALL_ORIGINS).toEqual(["http://localhost:3000", "http://127.0.0.1:3000"]);
  });
});

/** The repository's folders a partner reads or runs: none holds an address of its own (issue 47). */
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const HELD_TO_THE_DEFAULTS = ["docs", "lib", "cli", "fixtures"];
/** The defaults' ports where they stand for a place: after a colon or the word "port"; 4010 anywhere, it is no amount. */
const FIXED_HOST = /(?:[:]|\bport\s+)(?:4010|3000)(?!\d)|(?<![\d.])4010(?!\d)/i;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (/\.(ts|tsx|mjs|js|json|md|har|txt|yaml|yml)$/.test(entry.name)) yield path;
  }
}

describe("the defaults' place", () => {
  it("is the only one: docs, lib, cli and fixtures name no host at the default ports", () => {
    const found = HELD_TO_THE_DEFAULTS.flatMap((folder) =>
      [...files(join(ROOT, folder))].flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .flatMap((line, at) => (FIXED_HOST.test(line) ? [`${relative(ROOT, file)}:${at + 1}: ${line.trim().slice(0, 120)}`] : [])),
      ),
    );
    expect(found).toEqual([]);
  });
});
