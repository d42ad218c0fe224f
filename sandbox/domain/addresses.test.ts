/**
 * The address book at the gateway: the save and update calls through the app's own client, the
 * limit, the one default, ids that are the member's own, hostile bodies, and --state.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ADDRESS_LIMIT, formatMobile, orderAddresses, regionOfArea } from "#core/address/book";
import { memberLogin, userAddressList, userAddressSave, userAddressUpdate } from "#core/api/endpoints";
import { IDEMPOTENCY_HEADER } from "#core/api/shop-endpoints";
import { loadFixtures } from "../fixtures";
import { world } from "./test-support";
import { inProcess, withKey, type InProcess } from "../testing";

const ANA = "mpay-1002"; // no addresses
const WONG = "mpay-1003"; // addresses 2 (default) and 3
const mo = { name: "Ana Sousa", areaCode: "+853", mobile: "6612 3456", area: "Macau, Taipa", address: "Rua de Cunha 18" } as const;

async function as(openId: string, sandbox: InProcess = inProcess()) {
  const api = await sandbox.client(openId);
  return {
    sandbox,
    api,
    list: async () => (await api.call(userAddressList)).data.snatchList,
    save: async (input: Record<string, unknown>) => (await api.call(userAddressSave, input as never, withKey())).data,
    update: async (id: number, action: "DELETE" | "DEFAULT") => (await api.call(userAddressUpdate, { id, action }, withKey())).data.snatchList,
  };
}

describe("the address book", () => {
  it("adds: the first address is the default, the digits are kept without spaces", async () => {
    const ana = await as(ANA);
    const { id, snatchList } = await ana.save(mo);
    expect(snatchList).toEqual([{ id, isDefault: 1, name: "Ana Sousa", areaCode: "+853", mobile: "66123456", area: "Macau, Taipa", address: "Rua de Cunha 18" }]);
    const second = await ana.save({ ...mo, areaCode: "+852", mobile: "91234567", address: "Nathan Road 1" });
    expect(second.snatchList.map((address) => [address.id, address.isDefault])).toEqual([
      [id, 1],
      [second.id, 0],
    ]);
  });

  it("DEFAULT marks one and clears the rest, and the default comes first", async () => {
    const ana = await as(ANA);
    const a = (await ana.save(mo)).id;
    const b = (await ana.save({ ...mo, address: "B" })).id;
    const c = (await ana.save({ ...mo, address: "C" })).id;
    const list = await ana.update(b, "DEFAULT");
    expect(list.map((address) => [address.id, address.isDefault])).toEqual([
      [b, 1],
      [c, 0],
      [a, 0],
    ]);
    // Saving with isDefault 1 does the same.
    const again = (await ana.save({ ...mo, id: c, isDefault: 1 })).snatchList;
    expect(again.filter((address) => address.isDefault === 1).map((address) => address.id)).toEqual([c]);
  });

  it("DELETE removes by id; deleting the default makes the latest remaining one the default", async () => {
    const ana = await as(ANA);
    const a = (await ana.save(mo)).id;
    const b = (await ana.save({ ...mo, address: "B" })).id;
    const c = (await ana.save({ ...mo, address: "C" })).id;
    const list = await ana.update(a, "DELETE");
    expect(list.map((address) => [address.id, address.isDefault])).toEqual([
      [c, 1],
      [b, 0],
    ]);
    expect(await ana.update(b, "DELETE")).toHaveLength(1);
    expect(await ana.update(c, "DELETE")).toEqual([]);
  });

  it(`keeps at most ${ADDRESS_LIMIT}: the next add is refused with the spec's message and nothing is saved; an edit still works`, async () => {
    const ana = await as(ANA);
    for (let i = 0; i < ADDRESS_LIMIT; i++) await ana.save({ ...mo, address: `No. ${i}` });
    const before = await ana.list();
    await expect(ana.save({ ...mo, address: "eleventh" })).rejects.toMatchObject({
      code: "BUSINESS",
      body: { code: 409, msg: "Max addresses reached. Remove to add new.", data: { reason: "ADDRESS_LIMIT" } },
    });
    expect(await ana.list()).toEqual(before);
    const edited = (await ana.save({ ...mo, id: Number(before[3].id), address: "edited" })).snatchList;
    expect(edited.find((address) => address.id === before[3].id)?.address).toBe("edited");
    // Deleting one makes room again.
    await ana.update(Number(before[0].id), "DELETE");
    expect((await ana.save({ ...mo, address: "room again" })).snatchList).toHaveLength(ADDRESS_LIMIT);
  });

  it("another member's address is not found, for edit, default and delete, and nothing changes", async () => {
    const sandbox = inProcess();
    const ana = await as(ANA, sandbox);
    const wong = await as(WONG, sandbox);
    const wongs = await wong.list();
    for (const attempt of [() => ana.save({ ...mo, id: 2 }), () => ana.update(2, "DEFAULT"), () => ana.update(3, "DELETE"), () => ana.update(999_999, "DELETE")]) {
      await expect(attempt()).rejects.toMatchObject({ code: "NOT_FOUND", body: { data: { reason: "ADDRESS_NOT_FOUND" } } });
    }
    expect(await wong.list()).toEqual(wongs);
    expect(await ana.list()).toEqual([]);
  });

  it("refuses bad bodies with 400 and saves nothing: a wrong mobile per area code, a 2,000-character name, a missing field, control characters, an unknown action", async () => {
    const sandbox = inProcess();
    const ana = await as(ANA, sandbox);
    const { token } = (await (await sandbox.client()).call(memberLogin, { openId: ANA })).data;
    const bodies: unknown[] = [
      { ...mo, mobile: "2812345" },
      { ...mo, mobile: "28123456" }, // a Macau fixed line
      { ...mo, areaCode: "+852", mobile: "21234567" }, // a Hong Kong fixed line
      { ...mo, areaCode: "+86", mobile: "12345678901" },
      { ...mo, areaCode: "+1", mobile: "4155550100" },
      { ...mo, name: "A".repeat(2000) },
      { ...mo, name: "  " },
      { ...mo, address: "line one\nline two" },
      { name: mo.name, areaCode: mo.areaCode, mobile: mo.mobile, area: mo.area },
      { ...mo, id: "__proto__" },
      { ...mo, isDefault: 2 },
      [],
    ];
    for (const body of bodies) {
      const response = await sandbox.request("/api/mini/userAddress/save", {
        body,
        headers: { authorization: `Bearer ${token}`, [IDEMPOTENCY_HEADER]: `bad-body-${Math.random().toString(36).slice(2, 12)}` },
      });
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    for (const body of [{ id: 1, action: "REMOVE" }, { id: -1, action: "DELETE" }, { action: "DELETE" }]) {
      const response = await sandbox.request("/api/mini/userAddress/update", {
        body,
        headers: { authorization: `Bearer ${token}`, [IDEMPOTENCY_HEADER]: `bad-body-${Math.random().toString(36).slice(2, 12)}` },
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect(await ana.list()).toEqual([]);
  });

  it("keeps markup as the text it is", async () => {
    const ana = await as(ANA);
    const markup = { ...mo, name: "<b>Ana</b>", address: `<img src=x onerror="alert(1)">&amp;` };
    const [saved] = (await ana.save(markup)).snatchList;
    expect(saved).toMatchObject({ name: "<b>Ana</b>", address: `<img src=x onerror="alert(1)">&amp;` });
  });

  it("answers a repeated save (same idempotency key) once: a double tap adds one address", async () => {
    const ana = await as(ANA);
    const key = withKey();
    const first = (await ana.api.call(userAddressSave, mo, key)).data;
    const second = (await ana.api.call(userAddressSave, mo, key)).data;
    expect(second).toEqual(first);
    expect(await ana.list()).toHaveLength(1);
  });

  it("never reuses an id, and keeps the book across a restart with --state", async () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), "mcoin-addresses-")), "state.json");
    const first = world(loadFixtures(), stateFile);
    const ana = first.members.get(ANA)!;
    const added = first.members.saveAddress(ana, { ...mo, mobile: "66123456", isDefault: 0 });
    expect(added).toMatchObject({ ok: true });
    const id = added.ok ? added.value : 0;
    // Higher than every fixture address.
    expect(id).toBeGreaterThan(3);
    first.store.save();
    const second = world(loadFixtures(), stateFile);
    expect(second.members.get(ANA)!.addresses.map((address) => address.id)).toEqual([id]);
    second.members.get(ANA)!.addresses.length = 0;
    expect(second.members.nextAddressId()).toBe(id + 1);
  });
});

describe("address rules", () => {
  it("finds the region an address names, in either language or by its bare name", () => {
    expect(regionOfArea("Macau, Taipa")?.id).toBe("mo-taipa");
    expect(regionOfArea("澳門 氹仔")?.id).toBe("mo-taipa");
    expect(regionOfArea("氹仔")?.id).toBe("mo-taipa");
    expect(regionOfArea("廣東省 深圳")?.id).toBe("cn-guangdong-shenzhen");
    expect(regionOfArea("Beijing")?.id).toBe("cn-beijing-beijing");
    expect(regionOfArea("Atlantis")).toBeUndefined();
  });

  it("orders the book default first, then the latest added", () => {
    expect(
      orderAddresses([
        { id: 1, isDefault: 0 },
        { id: 3, isDefault: 0 },
        { id: 2, isDefault: 1 },
      ]).map((address) => address.id),
    ).toEqual([2, 3, 1]);
  });

  it("shows a mobile grouped for reading", () => {
    expect(formatMobile("+853", "66123456")).toBe("+853 6612 3456");
    expect(formatMobile("+86", "138-0013-8000")).toBe("+86 138 0013 8000");
  });
});
