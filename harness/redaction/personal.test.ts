import { describe, expect, it } from "vitest";
import { exchangeFields, personalFindings, pseudonymise, replaceKnownPersonal } from "./personal";
import { Pseudonyms } from "./pseudonyms";

const KEY = Buffer.alloc(32, 3);

const addressReply = {
  code: 200,
  msg: "ok",
  data: { snatchList: [{ id: 9, isDefault: 1, name: "梁小玲", areaCode: "+853", mobile: "66123987", area: "澳門半島", address: "提督馬路 41 號 3 樓" }] },
};

describe("personal fields of an exchange", () => {
  it("are the registry's: the query of a GET, the body of a POST, the reply's data", () => {
    expect(
      exchangeFields("api", "GET", "/api/business/productdetail")
        .query.map((field) => field.kind)
        .sort(),
    ).toEqual(["latitude", "longitude"]);
    expect(exchangeFields("api", "POST", "/api/mini/userAddress/save").request.map((field) => field.path.join("."))).toEqual(expect.arrayContaining(["name", "mobile", "address"]));
    expect(exchangeFields("api", "GET", "/api/mini/userAddress/lists").response.map((field) => field.path.join("."))).toContain("data.snatchList.*.mobile");
    // A call the registry does not declare: the names personal wherever the registry uses them.
    const undeclared = exchangeFields("api", "GET", "/not/declared");
    expect(undeclared).toMatchObject({ query: [], request: [], response: [] });
    expect(undeclared.names?.get("couponNo")).toBe("coupon-number");
    const { value } = pseudonymise({ reply: { body: { data: { couponNo: "MC2026112900001301", title: "x" } } } }, [], new Pseudonyms(KEY), undeclared.names);
    expect(value.reply.body.data.couponNo).toMatch(/^MC20261129\d{8}$/);
    expect(value.reply.body.data.couponNo).not.toBe("MC2026112900001301");
    expect(value.reply.body.data.title).toBe("x");
  });

  it("get stand-ins, and a copy is made: the value given is left as it was", () => {
    const pseudonyms = new Pseudonyms(KEY);
    const fields = exchangeFields("api", "GET", "/api/mini/userAddress/lists").response;
    const { value, fields: replaced } = pseudonymise(addressReply, fields, pseudonyms);
    const address = value.data.snatchList[0];
    expect(address.name).not.toBe("梁小玲");
    expect(address.mobile).toMatch(/^6\d{7}$/);
    expect(address.mobile).not.toBe("66123987");
    expect(address.address).not.toContain("提督");
    expect(address.area).toBe("澳門半島");
    expect(addressReply.data.snatchList[0].name).toBe("梁小玲");
    expect(replaced.map((field) => field.kind).sort()).toEqual(["name", "phone", "street-address"]);
    expect(personalFindings(value, fields, pseudonyms)).toEqual([]);
  });

  it("move a query's latitude and longitude together", () => {
    const pseudonyms = new Pseudonyms(KEY);
    const { value } = pseudonymise({ id: "3", lat: "22.1935", lng: "113.539" }, exchangeFields("api", "GET", "/api/business/productdetail").query, pseudonyms);
    expect(value).toEqual({ id: "3", lat: "22.1937", lng: "113.5399" });
  });

  it("are found holding a real value when they were not given stand-ins, and so is a real value known anywhere", () => {
    const pseudonyms = new Pseudonyms(KEY);
    const fields = exchangeFields("api", "GET", "/api/mini/userAddress/lists").response;
    expect(personalFindings(addressReply, fields, pseudonyms, ["response", "body"]).map((finding) => `${finding.kind} ${finding.path}`)).toEqual([
      "name $.response.body.data.snatchList[0].name",
      "phone $.response.body.data.snatchList[0].mobile",
      "street-address $.response.body.data.snatchList[0].address",
    ]);
    pseudonymise(addressReply, fields, pseudonyms);
    expect(personalFindings({ note: "deliver to 梁小玲" }, [], pseudonyms).map((finding) => finding.path)).toEqual(["$.note"]);
    expect(replaceKnownPersonal({ note: "deliver to 梁小玲", 梁小玲: 1 }, pseudonyms)).toEqual({
      note: `deliver to ${pseudonyms.standIn("name", "梁小玲")}`,
      [String(pseudonyms.standIn("name", "梁小玲"))]: 1,
    });
  });
});
