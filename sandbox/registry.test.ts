/**
 * The sandbox serves the registry (core/api/registry.ts), no more and no less: every endpoint of the
 * mCoin API by its own declaration, and every function of the secure gateway.
 */
import { describe, expect, it } from "vitest";
import { API_ENDPOINTS, SECURE_FUNCTIONS, endpointFor, functionFor } from "#core/api/registry";
import { createSandbox } from "./index";
import { inProcess } from "./testing";

describe("the registry", () => {
  it("names each endpoint once, at a method and path of its own", () => {
    const names = API_ENDPOINTS.map((endpoint) => endpoint.name);
    expect(new Set(names).size).toBe(names.length);
    const routes = API_ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(routes).size).toBe(routes.length);
    for (const endpoint of API_ENDPOINTS) expect(endpointFor(endpoint.method.toLowerCase(), endpoint.path)).toBe(endpoint);
    for (const declared of SECURE_FUNCTIONS) {
      expect(functionFor(declared.url)).toBe(declared);
      expect(functionFor(declared.name)).toBe(declared);
    }
    expect(endpointFor("GET", "/api/not/declared")).toBeUndefined();
  });

  it("is what the sandbox serves, by the same declarations", () => {
    const served = createSandbox().served;
    expect([...served].map((endpoint) => endpoint.name).sort()).toEqual(API_ENDPOINTS.map((endpoint) => endpoint.name).sort());
    for (const endpoint of served) expect(API_ENDPOINTS).toContain(endpoint);
  });

  it("has each secure function answered by the sandbox's secure gateway", async () => {
    const sandbox = inProcess();
    for (const declared of SECURE_FUNCTIONS) {
      const response = await sandbox.sandbox.handle(new Request(`http://127.0.0.1:4999${declared.url}`, { method: "POST", body: "x" }));
      // Refused for its missing envelope, not as an unknown function.
      expect(response.status, declared.url).toBe(400);
      expect(((await response.json()) as { result: { code: string } }).result.code).toBe("MISSING_HEADER");
    }
  });
});
