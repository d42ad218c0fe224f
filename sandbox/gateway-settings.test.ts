/** The secure gateway's settings for the sandbox environment (core/node/gateway/settings.ts): the spec's defaults with the sandbox's test keys, a variable in a key's place, and a real environment refused without its keys. */
import { describe, expect, it } from "vitest";
import { gatewaySettings } from "#core/node/gateway/settings";
import { loadFixtures } from "./fixtures";

const BASE = "http://gateway.test";
const keys = loadFixtures().gatewayKeys;
const baseSettings = gatewaySettings({ environment: "sandbox", vars: {}, sandboxUrl: BASE, sandboxKeys: () => keys });

describe("the sandbox environment's settings", () => {
  it("take the spec's defaults and the sandbox's test keys", () => {
    expect(baseSettings).toMatchObject({
      baseUrl: BASE,
      clientId: "MCSBX001",
      stdGateway: true,
      lang: "zh-MO",
      version: "1",
      timeoutMs: 30_000,
      debug: true,
      signature: { algorithm: "MD5", keyVersion: "1" },
      encryption: { algorithm: "RSA_AES", keyVersion: "1" },
    });
  });

  it("label a sealed body as the text it is for the sandbox, as JSON (the original client's label) for a real environment, or as a variable says", () => {
    expect(baseSettings.contentType).toBe("text/plain;charset=UTF-8");
    const uat = (vars: Record<string, string>) =>
      gatewaySettings({
        environment: "uat",
        vars: {
          MCOIN_UAT_GATEWAY_BASE: "https://uat.example",
          MCOIN_UAT_GATEWAY_CLIENT_ID: "ABCDEFGH",
          MCOIN_UAT_GATEWAY_PUBLIC_KEY: keys.publicKey,
          MCOIN_UAT_GATEWAY_SIGN_SECRET: "s",
          MCOIN_UAT_GATEWAY_MD5_KEY: "m",
          ...vars,
        },
        sandboxUrl: BASE,
        sandboxKeys: () => keys,
      });
    expect(uat({}).contentType).toBe("application/json;charset=UTF-8");
    expect(uat({ MCOIN_UAT_GATEWAY_CONTENT_TYPE: "text/plain" }).contentType).toBe("text/plain");
    expect(gatewaySettings({ environment: "sandbox", vars: { MCOIN_SANDBOX_GATEWAY_CONTENT_TYPE: "application/json" }, sandboxUrl: BASE, sandboxKeys: () => keys }).contentType).toBe(
      "application/json",
    );
  });

  it("let a variable replace a sandbox key", () => {
    const settings = gatewaySettings({ environment: "sandbox", vars: { MCOIN_SANDBOX_GATEWAY_SIGN_SECRET: "other" }, sandboxUrl: BASE, sandboxKeys: () => keys });
    expect(settings.signature.secret).toBe("other");
  });

  it("refuse a real environment without its keys, naming the variable", () => {
    expect(() => gatewaySettings({ environment: "uat", vars: {}, sandboxUrl: BASE, sandboxKeys: () => keys })).toThrow(/MCOIN_UAT_GATEWAY_BASE/);
    const uat = gatewaySettings({
      environment: "uat",
      vars: {
        MCOIN_UAT_GATEWAY_BASE: "https://uat.example/",
        MCOIN_UAT_GATEWAY_CLIENT_ID: "ABCDEFGH",
        MCOIN_UAT_GATEWAY_PUBLIC_KEY: keys.publicKey,
        MCOIN_UAT_GATEWAY_SIGN_SECRET: "s",
        MCOIN_UAT_GATEWAY_MD5_KEY: "m",
      },
      sandboxUrl: BASE,
      sandboxKeys: () => {
        throw new Error("not read outside the sandbox");
      },
    });
    expect(uat).toMatchObject({ baseUrl: "https://uat.example", debug: false });
  });
});
