/**
 * Shapes of replies, for `mcoin replay --drift`: which fields a reply has and of which JSON type,
 * from a value (a recorded or a live reply) or from a zod declaration (the app's endpoints), and
 * where two shapes differ. Values never count, so times and fresh tokens cannot drift; arrays are
 * compared by the shape of their elements (all elements merged into one).
 */
import type { z } from "zod";

export type TypeName = "string" | "number" | "boolean" | "null" | "object" | "array";

/** What a place in a reply holds, or may hold. */
export interface Shape {
  /** Anything goes here (z.unknown(), z.any(), a transform): nothing below is compared. */
  any?: boolean;
  /** The JSON types seen (a value) or allowed (a declaration). */
  types: TypeName[];
  /** An object's named fields. */
  fields?: Record<string, Field>;
  /** Any other field of an object (a record, a loose object), each of this shape. */
  values?: Shape;
  /** An array's elements, merged; undefined when no element was seen. */
  items?: Shape;
}

export interface Field {
  shape: Shape;
  /** May be absent: optional in the declaration, or missing from some of an array's elements. */
  optional: boolean;
}

/** One difference of presence or type, at a path like `data.snatchList[*].name`. */
export type Drift =
  | { path: string; kind: "type"; expected: string; live: string }
  /** A field the live reply has and the reference does not. */
  | { path: string; kind: "live only" }
  /** A field the reference has (or requires) and the live reply does not. */
  | { path: string; kind: "missing" };

/** The reference a live reply is compared with, as named in messages. */
export type Reference = "recorded" | "declared";

const ANY: Shape = { any: true, types: [] };

/** The shape of a JSON value. */
export function shapeOf(value: unknown): Shape {
  if (value === null) return { types: ["null"] };
  if (Array.isArray(value)) return { types: ["array"], items: value.map(shapeOf).reduce<Shape | undefined>((merged, item) => (merged ? mergeShapes(merged, item) : item), undefined) };
  if (typeof value === "object") {
    return { types: ["object"], fields: Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, child]) => [key, { shape: shapeOf(child), optional: false }])) };
  }
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return { types: [typeof value as TypeName] };
  return ANY;
}

/** One shape that allows what either allows: array elements, the options of a union. */
export function mergeShapes(a: Shape, b: Shape): Shape {
  if (a.any || b.any) return ANY;
  const merged: Shape = { types: [...new Set([...a.types, ...b.types])].sort() };
  if (a.fields && b.fields) {
    const keys = new Set([...Object.keys(a.fields ?? {}), ...Object.keys(b.fields ?? {})]);
    merged.fields = {};
    for (const key of keys) {
      const left = a.fields?.[key];
      const right = b.fields?.[key];
      merged.fields[key] =
        left && right
          ? { shape: mergeShapes(left.shape, right.shape), optional: left.optional || right.optional }
          : // A field only one of two objects has may be absent.
            { shape: (left ?? right)!.shape, optional: true };
    }
  } else if (a.fields ?? b.fields) {
    merged.fields = a.fields ?? b.fields;
  }
  const values = a.values && b.values ? mergeShapes(a.values, b.values) : (a.values ?? b.values);
  if (values) merged.values = values;
  const items = a.items && b.items ? mergeShapes(a.items, b.items) : (a.items ?? b.items);
  if (items) merged.items = items;
  return merged;
}

/** One shape that allows what both require: the two sides of an intersection. */
function intersectShapes(a: Shape, b: Shape): Shape {
  if (a.any) return b;
  if (b.any) return a;
  const types = a.types.filter((type) => b.types.includes(type));
  const fields = a.fields || b.fields ? { ...(a.fields ?? {}), ...(b.fields ?? {}) } : undefined;
  for (const key of Object.keys(a.fields ?? {})) {
    const right = b.fields?.[key];
    if (right && fields) fields[key] = { shape: intersectShapes(a.fields![key].shape, right.shape), optional: a.fields![key].optional && right.optional };
  }
  const shape: Shape = { types };
  if (fields) shape.fields = fields;
  // Fields one side names are not "other" fields of the other side's loose object.
  if (a.values && b.values) shape.values = intersectShapes(a.values, b.values);
  if (a.items && b.items) shape.items = intersectShapes(a.items, b.items);
  else if (a.items ?? b.items) shape.items = a.items ?? b.items;
  return shape;
}

type Def = { type: string } & Record<string, unknown>;
type Schema = z.ZodType | z.core.$ZodType;

function defOf(schema: Schema): Def {
  return (schema as z.core.$ZodType)._zod.def as unknown as Def;
}

/** Deeper than this a declaration (a recursive lazy one) is taken as anything. */
const MAX_DEPTH = 24;

/**
 * The shape a zod schema accepts as input, i.e. what the gateway must send: coerced numbers count
 * as numbers, transforms and custom checks as anything.
 */
export function declaredShape(schema: Schema, depth = 0): Shape {
  if (depth > MAX_DEPTH) return ANY;
  const def = defOf(schema);
  const inner = (key: string) => declaredShape(def[key] as Schema, depth + 1);
  switch (def.type) {
    case "string":
    case "template_literal":
    case "date":
      return { types: ["string"] };
    case "number":
    case "bigint":
    case "nan":
      return { types: ["number"] };
    case "boolean":
      return { types: ["boolean"] };
    case "null":
      return { types: ["null"] };
    case "undefined":
    case "void":
    case "never":
      return { types: [] };
    case "literal":
      return { types: literalTypes(def.values as Iterable<unknown>) };
    case "enum":
      return { types: literalTypes(Object.values(def.entries as Record<string, unknown>)) };
    case "optional":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
      return inner("innerType");
    case "nullable": {
      const shape = inner("innerType");
      return shape.any ? shape : { ...shape, types: [...new Set([...shape.types, "null" as const])].sort() };
    }
    case "lazy":
      return declaredShape((def.getter as () => Schema)(), depth + 1);
    case "pipe":
      // z.preprocess is a transform piped into the real schema; otherwise the input side is what arrives.
      return defOf(def.in as Schema).type === "transform" ? inner("out") : inner("in");
    case "array":
      return { types: ["array"], items: inner("element") };
    case "tuple": {
      const items = [...(def.items as Schema[]), ...(def.rest ? [def.rest as Schema] : [])].map((item) => declaredShape(item, depth + 1));
      return { types: ["array"], ...(items.length ? { items: items.reduce(mergeShapes) } : {}) };
    }
    case "object": {
      const shape = def.shape as Record<string, Schema>;
      const fields = Object.fromEntries(Object.entries(shape).map(([key, child]) => [key, { shape: declaredShape(child, depth + 1), optional: isOptional(child) }]));
      const catchall = def.catchall as Schema | undefined;
      const open = catchall && defOf(catchall).type !== "never" ? { values: declaredShape(catchall, depth + 1) } : {};
      return { types: ["object"], fields, ...open };
    }
    case "record":
      return { types: ["object"], values: inner("valueType") };
    case "union": {
      const options = (def.options as Schema[]).map((option) => declaredShape(option, depth + 1));
      return options.length ? options.reduce(mergeShapes) : ANY;
    }
    case "intersection":
      return intersectShapes(inner("left"), inner("right"));
    default:
      // any, unknown, custom, transform, map, set, promise, function, file, symbol, success...
      return ANY;
  }
}

function literalTypes(values: Iterable<unknown>): TypeName[] {
  const types = new Set<TypeName>();
  for (const value of values) {
    if (value === null) types.add("null");
    else if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") types.add(typeof value as TypeName);
    else if (typeof value === "bigint") types.add("number");
  }
  return [...types].sort();
}

/** Whether an object's field may be absent under this schema. */
function isOptional(schema: Schema, depth = 0): boolean {
  const zod = (schema as z.core.$ZodType)._zod;
  if (zod.optin === "optional" || (zod.optin as string | undefined) === "defaulted") return true;
  const def = defOf(schema);
  if (["any", "unknown", "undefined", "void"].includes(def.type)) return true;
  if (depth > MAX_DEPTH) return false;
  if (def.type === "union") return (def.options as Schema[]).some((option) => isOptional(option, depth + 1));
  if (def.type === "lazy") return isOptional((def.getter as () => Schema)(), depth + 1);
  if (def.type === "literal") return [...(def.values as Iterable<unknown>)].includes(undefined);
  return false;
}

type Segment = string | { index: true };

function pathText(path: readonly Segment[]): string {
  if (path.length === 0) return "(body)";
  return path.map((segment, i) => (typeof segment === "string" ? (i === 0 ? segment : `.${segment}`) : "[*]")).join("");
}

function typesText(types: readonly TypeName[]): string {
  return types.length === 0 ? "absent" : types.join(" or ");
}

/**
 * Where a live shape leaves its reference: a type the reference does not allow, a field only the
 * live reply has, a required field it lacks. Optional fields may be missing.
 */
export function compareShapes(reference: Shape, live: Shape, path: readonly Segment[] = []): Drift[] {
  if (reference.any || live.any) return [];
  const drifts: Drift[] = [];
  const foreign = live.types.filter((type) => !reference.types.includes(type));
  if (foreign.length > 0) drifts.push({ path: pathText(path), kind: "type", expected: typesText(reference.types), live: typesText(live.types) });
  const both = (type: TypeName) => reference.types.includes(type) && live.types.includes(type);
  if (both("object")) drifts.push(...compareFields(reference, live, path));
  if (both("array") && reference.items && live.items) drifts.push(...compareShapes(reference.items, live.items, [...path, { index: true }]));
  return drifts;
}

function compareFields(reference: Shape, live: Shape, path: readonly Segment[]): Drift[] {
  const drifts: Drift[] = [];
  const liveFields = live.fields ?? {};
  for (const [key, field] of Object.entries(reference.fields ?? {})) {
    const other = liveFields[key];
    if (other) drifts.push(...compareShapes(field.shape, other.shape, [...path, key]));
    else if (!field.optional) drifts.push({ path: pathText([...path, key]), kind: "missing" });
  }
  for (const [key, field] of Object.entries(liveFields)) {
    if (reference.fields?.[key]) continue;
    if (reference.values) drifts.push(...compareShapes(reference.values, field.shape, [...path, key]));
    else drifts.push({ path: pathText([...path, key]), kind: "live only" });
  }
  return drifts;
}

/** A drift as a line: `data.point: recorded number, live string`, `data.gone: recorded only`. */
export function describeDrift(drift: Drift, reference: Reference): string {
  switch (drift.kind) {
    case "type":
      return `${drift.path}: ${reference} ${drift.expected}, live ${drift.live}`;
    case "live only":
      return `${drift.path}: live only`;
    case "missing":
      return `${drift.path}: ${reference} only`;
  }
}

/** Fields of a live reply that differ in presence or type from the recorded reply. */
export function driftFromRecorded(recorded: unknown, live: unknown): Drift[] {
  return compareShapes(shapeOf(recorded), shapeOf(live));
}

/**
 * Fields of a live mCoin API reply that differ from the endpoint's declared `data`. Only a
 * successful reply (code 200) carries the declared data; others are not checked.
 */
export function driftFromDeclared(data: Schema, live: unknown, successCode: number | string = 200): Drift[] {
  if (!live || typeof live !== "object" || Array.isArray(live)) return [];
  const body = live as Record<string, unknown>;
  if (String(body.code) !== String(successCode)) return [];
  if (!("data" in body) || body.data === undefined) return isOptional(data) ? [] : [{ path: "data", kind: "missing" }];
  return compareShapes(declaredShape(data), shapeOf(body.data), ["data"]);
}
