import { describe, expect, it } from "vitest";
import { DEFAULT_RULES, fieldRule } from "#harness/redaction";
import { RecordingRoles, type SeenExchange } from "./roles";

const exchange = (fields: Partial<SeenExchange>): SeenExchange => ({
  method: "GET",
  path: "/api/auth/basicinformation",
  status: 200,
  requestHeaders: {},
  requestBody: "",
  responseBody: "",
  ...fields,
});

const login = (openId: string, token: string) =>
  exchange({ method: "POST", path: "/member/login", requestBody: JSON.stringify({ openId }), responseBody: JSON.stringify({ code: 200, data: { status: 1, token } }) });

describe("the Idempotency-Key as a role", () => {
  it("numbers the distinct keys of a session in the order first seen, and gives a reused key its first number", () => {
    const roles = new RecordingRoles(DEFAULT_RULES, false);
    expect(roles.keyRole("0f3a9c")).toBe("<key:1>");
    expect(roles.keyRole("77b21e")).toBe("<key:2>");
    expect(roles.keyRole("0f3a9c")).toBe("<key:1>");
    expect(roles.keyRole("c0ffee")).toBe("<key:3>");
  });

  it("reads the header in any case, and gives nothing for a call without one", () => {
    const roles = new RecordingRoles(DEFAULT_RULES, false);
    expect(roles.keyRoleOf({ "idempotency-key": "k-1" })).toBe("<key:1>");
    expect(roles.keyRoleOf({ "Idempotency-Key": "k-1" })).toBe("<key:1>");
    expect(roles.keyRoleOf({ "accept-language": "zh" })).toBeUndefined();
    expect(roles.keyRoleOf({ "idempotency-key": "" })).toBeUndefined();
  });
});

describe("needs", () => {
  it("names the member a bearer token was issued to, learnt from the sign-in", () => {
    const roles = new RecordingRoles(DEFAULT_RULES, false);
    roles.learn(login("mpay-1001", "sbx_one"));
    roles.learn(exchange({ path: "/macaupasssave", responseBody: JSON.stringify({ code: 200, data: { token: "sbx_two", open_id: "mpay-1003" } }) }));
    expect(roles.needsOf(exchange({ requestHeaders: { authorization: "Bearer sbx_one" } }), undefined)).toEqual({ member: "mpay-1001" });
    expect(roles.needsOf(exchange({ requestHeaders: { Authorization: "Bearer sbx_two" } }), undefined)).toEqual({ member: "mpay-1003" });
    // A token whose sign-in was not seen, and a call without one, name nobody.
    expect(roles.needsOf(exchange({ requestHeaders: { authorization: "Bearer sbx_other" } }), undefined)).toBeUndefined();
    expect(roles.needsOf(exchange({}), undefined)).toBeUndefined();
  });

  it("learns nothing from a refused sign-in", () => {
    const roles = new RecordingRoles(DEFAULT_RULES, false);
    roles.learn({ ...login("mpay-1001", "sbx_one"), status: 400 });
    expect(roles.needsOf(exchange({ requestHeaders: { authorization: "Bearer sbx_one" } }), undefined)).toBeUndefined();
  });

  it("keeps an openId the session's rules redact out of needs too", () => {
    const roles = new RecordingRoles([...DEFAULT_RULES, fieldRule("openId")], false);
    roles.learn(login("mpay-1001", "sbx_one"));
    expect(roles.needsOf(exchange({ requestHeaders: { authorization: "Bearer sbx_one" } }), undefined)).toBeUndefined();
  });

  it("writes the task center's ciphertext only for the sandbox's demo customers", () => {
    expect(new RecordingRoles(DEFAULT_RULES, true).needsOf(exchange({}), "C5")).toEqual({ cust: "C5" });
    expect(new RecordingRoles(DEFAULT_RULES, false).needsOf(exchange({}), "C5")).toBeUndefined();
    expect(new RecordingRoles(DEFAULT_RULES, true).needsOf(exchange({}), undefined)).toBeUndefined();
  });
});

describe("the wallet's sign-in", () => {
  it("names the member its code signed in, so that replay can ask the sandbox for a new code", () => {
    const roles = new RecordingRoles(DEFAULT_RULES, false);
    const signIn = exchange({ path: "/macaupasssave", responseBody: JSON.stringify({ code: 200, data: { token: "sbx_three", open_id: "mpay-1002" } }) });
    roles.learn(signIn);
    expect(roles.needsOf(signIn, undefined)).toEqual({ member: "mpay-1002" });
    expect(roles.needsOf({ ...signIn, status: 500 }, undefined)).toBeUndefined();
  });
});
