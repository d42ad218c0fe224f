/**
 * Each declaration says whether its call only reads (`read`): the mall asks a read once more after a
 * connection that failed before any reply (core/api/client.ts), so a declaration that forgot to say,
 * or a state change declared a read, would be retried or not by accident.
 */
import { describe, expect, it } from "vitest";
import { API_ENDPOINTS, SECURE_FUNCTIONS } from "./registry";

describe("every declaration states whether it only reads", () => {
  it.each(API_ENDPOINTS.map((endpoint) => [endpoint.name, endpoint] as const))("%s", (_name, endpoint) => {
    expect(typeof (endpoint as { read?: unknown }).read).toBe("boolean");
    // A state change that must carry an idempotency key is never a read.
    if (endpoint.idempotent) expect(endpoint.read).toBe(false);
    // Only a GET may be a read: the gateway's POSTs and DELETEs act.
    if (endpoint.method !== "GET") expect(endpoint.read).toBe(false);
  });

  it.each(SECURE_FUNCTIONS.map((declared) => [declared.name, declared] as const))("secure function %s", (_name, declared) => {
    expect(typeof (declared as { read?: unknown }).read).toBe("boolean");
  });

  it("names the reads and state changes the retry rests on", () => {
    const reads = new Set(API_ENDPOINTS.filter((endpoint) => endpoint.read).map((endpoint) => endpoint.name));
    expect(reads).toContain("basicInformation");
    expect(reads).not.toContain("macaupassSave");
    expect(reads).not.toContain("createOrder");
    expect(SECURE_FUNCTIONS.filter((declared) => declared.read).map((declared) => declared.name)).toEqual(["getTaskDetail"]);
  });
});
