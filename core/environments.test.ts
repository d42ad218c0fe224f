import { describe, expect, it } from "vitest";
import { DEFAULT_SANDBOX_URL, EnvironmentConfigError, apiBaseOf, environmentVariable, loginUrlOf, sandboxUrl } from "./environments";

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
