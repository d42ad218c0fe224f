/** The personas of recordings (personas.ts): each fact from the first reply showing it before a change; request values filled (request-values.ts). */
import { describe, expect, it } from "vitest";
import type { Recording, RecordingFile } from "#harness/recording";
import { personasOf } from "./personas";
import { fillRedacted } from "./request-values";

const MEMBER = "p-7f3a9c21";
const envelope = (data: unknown) => ({ code: 200, msg: "success", data });
const file = (method: string, path: string, data: unknown, body?: unknown, member = MEMBER): RecordingFile => ({
  file: `${path}.json`,
  recording: {
    name: `${method} ${path}`,
    kind: "api",
    replayable: true,
    needs: { member },
    request: { method, path, query: {}, headers: {}, body, auth: true },
    response: { status: 200, body: envelope(data) },
    ignore: [],
  } as Recording,
});
const home = (point: number, revision = 0) => file("GET", "/api/auth/basicinformation", { amount: 0, point, count: 1, revision, pending: 0 });
const book = (...ids: number[]) => ({
  snatchList: ids.map((id, index) => ({ id, isDefault: index === 0 ? 1 : 0, name: "Alex Lee", areaCode: "+853", mobile: "66001122", area: "澳門半島", address: "官也街 12 號" })),
});

describe("personasOf", () => {
  it("reads each fact from the first reply that shows it before a change", () => {
    const [persona] = personasOf([
      file("GET", "/macaupasssave", { token: "<token>", open_id: MEMBER, nickname: "Alex Lee" }),
      home(1200, 3),
      file("GET", "/api/auth/clause", { status: 1, content: "", create_at: "", clauseid: 7 }),
      file("POST", "/api/auth/setClause", null, { clauseid: 7, status: 1 }),
      file("GET", "/api/auth/clause", { status: 0, content: "", create_at: "", clauseid: 7 }),
      file("GET", "/api/mini/userAddress/lists", book(41)),
      file("POST", "/api/mini/userAddress/save", { id: 57, ...book(57, 41) }, { name: "Sam", areaCode: "+853", mobile: "66000001", area: "澳門半島", address: "新馬路 1 號" }),
      file("POST", "/api/auth/checkin", { reward: 10 }),
      home(1210, 4),
    ]);
    expect(persona).toEqual({
      openId: MEMBER,
      state: { nickname: "Alex Lee", point: 1200, amount: 0, count: 1, revision: 3, clauseStatus: 1, addresses: book(41).snatchList, nextAddressId: 57 },
      notes: [],
    });
  });

  it("takes the book before a new address from its save's reply, and says when a fact shows only after a change", () => {
    const [persona] = personasOf([file("POST", "/api/auth/checkin", { reward: 10 }), file("POST", "/api/mini/userAddress/save", { id: 9, ...book(9, 4) }, { name: "Sam" }), home(20)]);
    expect(persona.state.addresses?.map((address) => address.id)).toEqual([4]);
    expect(persona.state.addresses?.[0].isDefault).toBe(1);
    expect(persona.state.nextAddressId).toBe(9);
    expect(persona.state.point).toBe(20);
    expect(persona.notes).toEqual(["its balance shows only after a recorded change: replies before it may differ"]);
  });

  it("a refusal changes nothing; a redacted address field becomes a valid one; --login stands for every member", () => {
    const refused: RecordingFile = {
      ...file("POST", "/api/auth/checkin", null),
      recording: { ...file("POST", "/api/auth/checkin", null).recording, response: { status: 200, body: { code: 409, msg: "ALREADY_CHECKED_IN" } } },
    };
    const redacted = { snatchList: [{ id: 3, isDefault: 1, name: "<redacted:name>", areaCode: "+86", mobile: "<redacted:phone>", area: "澳門半島", address: "Rua do Campo <redacted:phone>" }] };
    const personas = personasOf([refused, home(5), file("GET", "/api/mini/userAddress/lists", redacted, undefined, "p-other")], "p-login");
    expect(personas).toHaveLength(1);
    expect(personas[0]).toMatchObject({ openId: "p-login", notes: [], state: { point: 5, addresses: [{ id: 3, name: "Member", mobile: "13800000000", address: "Rua do Campo" }] } });
  });

  it("has no persona for recordings that act as nobody", () => {
    expect(personasOf([{ ...home(1), recording: { ...home(1).recording, needs: undefined } }])).toEqual([]);
  });
});

describe("fillRedacted", () => {
  const request = (body: unknown, query: Record<string, string> = {}) => ({ path: "/api/mini/userAddress/save", query, body });

  it("gives a redacted phone a valid mobile of the area code beside it, and an e-mail address a made-up one", () => {
    expect(fillRedacted(request({ areaCode: "+86", mobile: "<redacted:phone>" }))).toEqual({ request: request({ areaCode: "+86", mobile: "13800000000" }) });
    expect(fillRedacted(request({ mobile: "<redacted:phone>" }))).toEqual({ request: request({ mobile: "66000000" }) });
    expect(fillRedacted(request({ remarks: ["call <redacted:phone> or <redacted:email>"] }, { q: "<redacted:phone>" }))).toEqual({
      request: request({ remarks: ["call 66000000 or member@example.com"] }, { q: "66000000" }),
    });
  });

  it("skips, naming the field, a redacted value with no valid stand-in; leaves other values alone", () => {
    expect(fillRedacted(request({ card: { no: "<redacted:card>" } }))).toEqual({ reason: expect.stringContaining("the request's body.card.no holds <redacted:card>") });
    const plain = request({ id: 3, name: "Alex", tags: [1, null] });
    expect(fillRedacted(plain)).toEqual({ request: plain });
  });

  it("sends a part hidden inside a longer text as it is: a remark is still a remark", () => {
    const remark = request({ remarks: "paid with <redacted:card>, call <redacted:phone>" });
    expect(fillRedacted(remark)).toEqual({ request: request({ remarks: "paid with <redacted:card>, call 66000000" }) });
  });
});
