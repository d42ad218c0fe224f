import { describe, expect, it } from "vitest";
import { KnownSecrets, Pseudonyms, rulesWith } from "#harness/redaction";
import { findLeaks, record, type Exchange, type Hiding } from "./exchange";
import { RecordingRoles } from "./roles";

const hiding = (): Hiding => {
  const pseudonyms = new Pseudonyms(Buffer.alloc(32, 5));
  return { rules: rulesWith(), known: new KnownSecrets((text) => pseudonyms.isStandIn(text)), pseudonyms };
};

const call = (method: string, path: string, requestBody: unknown, reply: unknown, query: Record<string, string> = {}): Exchange => ({
  startedAt: new Date("2026-11-29T10:00:00.000Z"),
  time: 5,
  method,
  path,
  base: "http://gateway.test",
  query,
  requestHeaders: { authorization: "Bearer sbx_0123456789abcdefghij", "content-type": "application/json" },
  requestBody: requestBody === undefined ? "" : JSON.stringify(requestBody),
  status: 200,
  statusText: "OK",
  responseHeaders: { "content-type": "application/json" },
  responseBody: JSON.stringify(reply),
});

const ADDRESS = { id: 9, isDefault: 1, name: "梁小玲", areaCode: "+853", mobile: "66123987", area: "澳門半島", address: "提督馬路 41 號 3 樓" };

describe("a recorded exchange's personal data", () => {
  it("gets the same stand-ins in every file of a session and in the HAR, and a real value elsewhere in a text is replaced too", () => {
    const session = hiding();
    const roles = new RecordingRoles(session.rules, false);
    const list = record(call("GET", "/api/mini/userAddress/lists", undefined, { code: 200, data: { snatchList: [ADDRESS] } }), undefined, session, roles);
    const refund = record(call("POST", "/api/auth/refund", { orderId: 3, reason: "other", remarks: "deliver to 梁小玲 instead" }, { code: 200, data: null }), undefined, session, roles);
    const shown = (list.recording.response.body as { data: { snatchList: (typeof ADDRESS)[] } }).data.snatchList[0];
    expect(shown.name).not.toBe(ADDRESS.name);
    expect(shown.mobile).toMatch(/^6\d{7}$/);
    expect((refund.recording.request.body as { remarks: string }).remarks).toBe(`deliver to ${shown.name} instead`);
    const har = JSON.stringify(list.har);
    for (const real of [ADDRESS.name, ADDRESS.mobile, "提督馬路"]) expect(har).not.toContain(real);
    expect(har).toContain(shown.mobile);
    expect(findLeaks(list.recording, session)).toEqual([]);
    expect(findLeaks(refund.recording, session)).toEqual([]);
  });

  it("refuses a file whose declared field still holds a real value, naming the field", () => {
    const session = hiding();
    const written = record(call("GET", "/api/mini/userAddress/lists", undefined, { code: 200, data: { snatchList: [ADDRESS] } }), undefined, session, new RecordingRoles(session.rules, false));
    // As if a hand had put the real value back.
    const tampered = structuredClone(written.recording);
    (tampered.response.body as { data: { snatchList: { address: string }[] } }).data.snatchList[0].address = "Rua do Campo 77, 5/F";
    expect(findLeaks(tampered, session)).toEqual([expect.objectContaining({ pattern: "personal:street-address", path: "$.response.body.data.snatchList[0].address" })]);
  });
});
