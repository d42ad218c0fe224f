import { z } from "zod";
import { describe, expect, it } from "vitest";
import { basicInformation, userAddressList } from "#core/api/endpoints";
import { compareShapes, declaredShape, describeDrift, driftFromDeclared, driftFromRecorded, shapeOf, type Drift } from "./drift";

const lines = (drifts: Drift[], reference: "recorded" | "declared") => drifts.map((drift) => describeDrift(drift, reference));

describe("shapes of values", () => {
  it("names JSON types and merges an array's elements, a field missing from some being optional", () => {
    expect(shapeOf({ a: 1, b: "x", c: null, d: true })).toEqual({
      types: ["object"],
      fields: {
        a: { shape: { types: ["number"] }, optional: false },
        b: { shape: { types: ["string"] }, optional: false },
        c: { shape: { types: ["null"] }, optional: false },
        d: { shape: { types: ["boolean"] }, optional: false },
      },
    });
    const list = shapeOf([{ id: 1, note: "a" }, { id: 2 }]);
    expect(list.items?.fields?.id).toEqual({ shape: { types: ["number"] }, optional: false });
    expect(list.items?.fields?.note.optional).toBe(true);
    expect(shapeOf([]).items).toBeUndefined();
    expect(shapeOf([1, "one"]).items?.types).toEqual(["number", "string"]);
  });
});

describe("drift from the recorded reply", () => {
  const recorded = { code: 200, msg: "success", data: { point: 12580, gone: 1, list: [{ id: 1, name: "a" }] } };

  it("finds no drift when only values change (times, balances, list lengths)", () => {
    const live = {
      code: 200,
      msg: "ok",
      data: {
        point: 3,
        gone: 9,
        list: [
          { id: 7, name: "b" },
          { id: 8, name: "c" },
        ],
      },
    };
    expect(driftFromRecorded(recorded, live)).toEqual([]);
    expect(driftFromRecorded(recorded, { ...live, data: { ...live.data, list: [] } })).toEqual([]);
  });

  it("names a changed type, a field only live has and a field only the recording has", () => {
    const live = { code: 200, msg: "success", data: { point: "12580", fresh: true, list: [{ id: "1", name: "a" }] } };
    expect(lines(driftFromRecorded(recorded, live), "recorded")).toEqual([
      "data.point: recorded number, live string",
      "data.gone: recorded only",
      "data.list[*].id: recorded number, live string",
      "data.fresh: live only",
    ]);
  });

  it("compares the whole body when it is not an object", () => {
    expect(lines(driftFromRecorded({ a: 1 }, "oops"), "recorded")).toEqual(["(body): recorded object, live string"]);
    expect(driftFromRecorded("text", "other text")).toEqual([]);
  });
});

describe("shapes of zod declarations", () => {
  it("takes coerced numbers as numbers, nullish and defaulted fields as optional, unknown as anything", () => {
    const shape = declaredShape(z.object({ n: z.coerce.number(), s: z.string().nullish(), d: z.number().default(0), u: z.unknown(), l: z.literal(1), e: z.enum(["a", "b"]) }));
    expect(shape.fields?.n).toEqual({ shape: { types: ["number"] }, optional: false });
    expect(shape.fields?.s).toEqual({ shape: { types: ["null", "string"] }, optional: true });
    expect(shape.fields?.d.optional).toBe(true);
    expect(shape.fields?.u.shape.any).toBe(true);
    expect(shape.fields?.l.shape.types).toEqual(["number"]);
    expect(shape.fields?.e.shape.types).toEqual(["string"]);
  });

  it("merges unions, joins intersections, reads records, arrays, pipes and lazy schemas", () => {
    expect(declaredShape(z.union([z.number(), z.string()])).types).toEqual(["number", "string"]);
    const both = declaredShape(z.intersection(z.object({ a: z.string() }), z.object({ b: z.number().optional() })));
    expect(both.fields?.a.optional).toBe(false);
    expect(both.fields?.b.optional).toBe(true);
    expect(declaredShape(z.record(z.string(), z.number())).values?.types).toEqual(["number"]);
    expect(declaredShape(z.array(z.object({ id: z.number() }))).items?.fields?.id.shape.types).toEqual(["number"]);
    expect(declaredShape(z.string().transform(Number)).types).toEqual(["string"]);
    expect(declaredShape(z.preprocess((value) => value, z.number())).types).toEqual(["number"]);
    expect(declaredShape(z.lazy(() => z.boolean())).types).toEqual(["boolean"]);
  });

  it("lets a record's or loose object's other fields through, checking their type", () => {
    const loose = declaredShape(z.looseObject({ a: z.number() }));
    expect(compareShapes(loose, shapeOf({ a: 1, extra: "x" }))).toEqual([]);
    const record = declaredShape(z.record(z.string(), z.number()));
    expect(lines(compareShapes(record, shapeOf({ a: 1, b: "2" })), "declared")).toEqual(["b: declared number, live string"]);
  });
});

describe("drift from the endpoint's declaration", () => {
  const reply = (data: unknown) => ({ code: 200, msg: "success", data });

  it("finds none in a reply as declared", () => {
    expect(driftFromDeclared(basicInformation.data, reply({ amount: 1, point: 2, count: 3 }))).toEqual([]);
    const address = { id: 1, isDefault: 1, name: "n", areaCode: "+853", mobile: "6", area: "a", address: "x" };
    expect(driftFromDeclared(userAddressList.data, reply({ snatchList: [address] }))).toEqual([]);
  });

  it("names a type the declaration does not allow, an undeclared field and a missing required one", () => {
    const drifts = driftFromDeclared(basicInformation.data, reply({ amount: 1, point: "2", newField: 5 }));
    expect(lines(drifts, "declared")).toEqual(["data.point: declared number, live string", "data.count: declared only", "data.newField: live only"]);
  });

  it("checks array elements and nested fields", () => {
    const drifts = driftFromDeclared(userAddressList.data, reply({ snatchList: [{ id: 1, isDefault: 1, name: 5, areaCode: "+853", mobile: "6", area: "a", address: "x" }] }));
    expect(lines(drifts, "declared")).toEqual(["data.snatchList[*].name: declared string, live number"]);
  });

  it("leaves failed replies alone: the declaration is of a success's data", () => {
    expect(driftFromDeclared(basicInformation.data, { code: 401, msg: "not login" })).toEqual([]);
    expect(lines(driftFromDeclared(basicInformation.data, { code: 200, msg: "success" }), "declared")).toEqual(["data: declared only"]);
  });
});
