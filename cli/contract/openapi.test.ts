/**
 * The contract's OpenAPI documents: accepted by an independent OpenAPI 3.1 validator
 * (@readme/openapi-parser: the official 3.1 schema, every $ref resolved, and the rules the schema
 * cannot state, such as unique operationIds and declared path parameters), every Schema Object
 * accepted by JSON Schema 2020-12's meta-schema (ajv), and every entry of the registry and of the
 * declared controls present; the check that says so names what is missing.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { validate } from "@readme/openapi-parser";
import { Ajv2020 } from "ajv/dist/2020.js";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Endpoint } from "#core/api/define";
import { ENDPOINTS } from "#core/api/endpoints";
import { API_ENDPOINTS, ENDPOINT_GROUPS, SECURE_FUNCTIONS } from "#core/api/registry";
import { SHOP_REFUSALS } from "#core/api/shop-endpoints";
import { CONTROLS, type Control } from "#core/controls/declarations";
import { INSPECT_API } from "#core/controls/inspect-paths";
import { ROOT } from "../testing";
import { SchemaConverter, type Json } from "./json";
import { controlsDocument } from "./controls-openapi";
import { REFUSAL_CODES, TASK_CENTER_TAG, apiDocument } from "./openapi";
import { ENVELOPE_REFUSALS, TASK_RESULTS } from "./secure-codes";

type Operation = { operationId?: string; tags?: string[]; parameters?: Json[]; requestBody?: Json; security?: unknown[]; responses?: Record<string, Json> };
type Paths = Record<string, Record<string, Operation>>;

/** Each registry entry the API document lacks (or holds elsewhere), named. */
function missingFromApi(document: Json): string[] {
  const paths = document.paths as Paths;
  const missing: string[] = [];
  for (const [group, endpoints] of Object.entries(ENDPOINT_GROUPS)) {
    for (const endpoint of Object.values(endpoints) as Endpoint[]) {
      const operation = paths[endpoint.path]?.[endpoint.method.toLowerCase()];
      if (operation?.operationId !== endpoint.name) missing.push(`endpoint ${endpoint.name} (${endpoint.method} ${endpoint.path})`);
      else if (!operation.tags?.includes(group)) missing.push(`endpoint ${endpoint.name} under the tag ${group}`);
    }
  }
  for (const declared of SECURE_FUNCTIONS) {
    const operation = paths[declared.url]?.post;
    if (operation?.operationId !== declared.name) missing.push(`secure function ${declared.name} (POST ${declared.url})`);
    else if (!operation.tags?.includes(TASK_CENTER_TAG)) missing.push(`secure function ${declared.name} under the tag ${TASK_CENTER_TAG}`);
  }
  return missing;
}

/** Each declared control and inspector route the controls document lacks, named. */
function missingFromControls(document: Json): string[] {
  const paths = document.paths as Paths;
  const missing: string[] = [];
  for (const control of Object.values(CONTROLS) as Control[]) {
    const path = control.path.replace(/:(\w+)/g, "{$1}");
    if (paths[path]?.[control.method.toLowerCase()]?.operationId !== control.name) missing.push(`control ${control.name} (${control.method} ${control.path})`);
  }
  for (const [name, path] of Object.entries(INSPECT_API)) if (!paths[path]) missing.push(`inspector route ${name} (${path})`);
  return missing;
}

/** Every Schema Object of a document: the components' and those inline in parameters, bodies and replies. */
function schemaObjects(document: Json): { where: string; schema: Json }[] {
  const found: { where: string; schema: Json }[] = [];
  const walk = (node: unknown, where: string) => {
    if (!node || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "schema" && value && typeof value === "object") found.push({ where: `${where}.schema`, schema: value as Json });
      else if (key === "schemas" && where === "$.components") for (const [name, schema] of Object.entries(value as Json)) found.push({ where: `${where}.schemas.${name}`, schema: schema as Json });
      else walk(value, `${where}.${key}`);
    }
  };
  walk(document, "$");
  return found;
}

async function independentlyValid(document: Json): Promise<unknown> {
  return validate(structuredClone(document) as Parameters<typeof validate>[0]);
}

let api: Json;
let controls: Json;
beforeAll(async () => {
  api = await apiDocument();
  controls = controlsDocument();
});

describe("the mCoin API's OpenAPI document", () => {
  it("is OpenAPI 3.1 that an independent validator accepts", async () => {
    expect(api.openapi).toBe("3.1.0");
    expect(await independentlyValid(api)).toMatchObject({ valid: true });
  });

  it("holds Schema Objects that JSON Schema 2020-12 accepts", () => {
    const ajv = new Ajv2020({ strict: false });
    const schemas = schemaObjects(api);
    expect(schemas.length).toBeGreaterThan(API_ENDPOINTS.length * 2);
    const refused = schemas.filter(({ schema }) => !ajv.validateSchema(schema)).map(({ where }) => `${where}: ${ajv.errorsText(ajv.errors)}`);
    expect(refused).toEqual([]);
  });

  it("has every registry entry: each endpoint by name with its method, path and group, each secure function", () => {
    expect(missingFromApi(api)).toEqual([]);
    const operations = Object.values(api.paths as Paths).flatMap((item) => Object.values(item));
    expect(operations).toHaveLength(API_ENDPOINTS.length + SECURE_FUNCTIONS.length);
    // The spec's calls and the catalog's (core/api/endpoints.ts), each by name.
    const ids = new Set(operations.map((operation) => operation.operationId));
    expect(Object.keys(ENDPOINTS).filter((name) => !ids.has(name))).toEqual([]);
  });

  it("names what is missing when an entry is left out", async () => {
    const copy = structuredClone(api);
    const paths = copy.paths as Paths;
    delete paths["/api/auth/basicinformation"].get;
    delete paths["/bservice/discount/gateway/getTaskDetail"];
    expect(missingFromApi(copy)).toEqual(["endpoint basicInformation (GET /api/auth/basicinformation)", "secure function getTaskDetail (POST /bservice/discount/gateway/getTaskDetail)"]);
    // The validator is not fooled by what is left: an operation whose $ref leads nowhere is refused.
    (paths["/api/system/time"].get as Json).responses = { "200": { $ref: "#/components/responses/Nowhere" } };
    await expect(independentlyValid(copy)).resolves.toMatchObject({ valid: false });
  });

  it("sends GET and DELETE requests as query parameters, others as a JSON body, with the app's headers and security", () => {
    const paths = api.paths as Paths;
    for (const endpoint of API_ENDPOINTS) {
      const operation = paths[endpoint.path][endpoint.method.toLowerCase()];
      const refs = (operation.parameters ?? []).map((parameter) => parameter.$ref);
      expect(refs, endpoint.name).toContain("#/components/parameters/mpay");
      expect(refs.includes("#/components/parameters/Idempotency-Key"), endpoint.name).toBe(Boolean(endpoint.idempotent));
      // A member's call without a session is answered (code 401 'not login'), not refused: the token is optional on the wire.
      expect(operation.security, endpoint.name).toEqual(endpoint.auth ? [{ member: [] }, {}] : []);
      // Success and refusal, told apart by a literal code.
      const reply = (operation.responses?.["200"] as { content: Record<string, { schema: Json }> }).content["application/json"].schema;
      expect(reply.discriminator, endpoint.name).toEqual({ propertyName: "code" });
      const [success, refusal] = reply.oneOf as { required: string[]; properties: { code: Json } }[];
      expect(success.required, endpoint.name).toContain("code");
      expect(success.properties.code.const, endpoint.name).toBe(200);
      expect(refusal.required, endpoint.name).toContain("code");
      expect(refusal.properties.code.enum, endpoint.name).not.toContain(200);
      if (endpoint.method === "GET" || endpoint.method === "DELETE") expect(operation.requestBody, endpoint.name).toBeUndefined();
      else expect(operation.requestBody, endpoint.name).toMatchObject({ content: { "application/json": { schema: { $ref: `#/components/schemas/${endpoint.name}.request` } } } });
    }
    const recommend = paths["/api/business/recommend"].get.parameters?.find((parameter) => parameter.name === "tab");
    expect(recommend).toMatchObject({ in: "query", required: false, schema: { enum: expect.arrayContaining(["nearby"]) } });
  });

  it("documents the envelope's refusals: 'not login', every refusal reason with its code and messages", () => {
    const schemas = (api.components as Json).schemas as Record<string, Json>;
    expect(schemas.NotLogin).toMatchObject({ properties: { msg: { const: "not login" } } });
    const reasons = (schemas.RefusalReason.oneOf as { const: string; description: string }[]).map((reason) => reason.const);
    expect(reasons).toEqual([...SHOP_REFUSALS]);
    expect(schemas.RefusalReason.oneOf).toContainEqual({ const: "INSUFFICIENT_MCOIN", description: 'HTTP 200, code 409: "Insufficient mCoin!" / "mCoin 不足！"' });
    expect(schemas.RefusalReason.oneOf).toContainEqual(expect.objectContaining({ const: "ORDER_NOT_FOUND", description: expect.stringContaining('HTTP 200, code 404, resultCode "404"') }));
  });

  it("shows the secure functions' bodies as they travel, decrypted in extensions, with the envelope's headers referenced from one place", () => {
    const components = api.components as Record<string, Record<string, Json>>;
    const base64 = { type: "string", contentEncoding: "base64" };
    for (const declared of SECURE_FUNCTIONS) {
      const operation = (api.paths as Paths)[declared.url].post;
      // The sandbox is sent text; the original client's JSON label carries the same base64 text.
      expect(operation.requestBody).toMatchObject({ content: { "text/plain": { schema: base64 }, "application/json": { schema: base64 } } });
      expect((operation.requestBody as Json)["x-decrypted-request"]).toEqual(new SchemaConverter().convert(declared.request, "input", declared.name));
      const reply = operation.responses?.["200"] as Json;
      expect(reply).toMatchObject({ content: { "text/plain": { schema: base64 } }, headers: { Signature: { $ref: "#/components/headers/Signature" } } });
      expect(reply["x-decrypted-reply"]).toMatchObject({ properties: { result: { properties: { code: { oneOf: expect.arrayContaining([expect.objectContaining({ const: "000000" })]) } } } } });
      const headers = (operation.parameters ?? []).map((parameter) => components.parameters[String(parameter.$ref).split("/").pop() as string]?.name);
      expect(headers).toEqual(expect.arrayContaining(["Encrypt", "Signature", "Request-Time", "Nonce", "Client-Id", "Function"]));
    }
  });

  it("names as refusal codes every envelope code the sandbox answers but success", () => {
    const sources = readdirSync(join(ROOT, "sandbox"), { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"));
    const answered = new Set<number>();
    for (const file of sources) {
      const source = readFileSync(join(ROOT, "sandbox", file), "utf8");
      for (const match of source.matchAll(/\bcode: (\d{3})\b|\brefuse\([^()]*, (\d{3})\)/g)) answered.add(Number(match[1] ?? match[2]));
    }
    // refuse(msg) answers code 500 by default (sandbox/respond.ts).
    answered.add(500);
    answered.delete(200);
    expect([...answered].filter((code) => !(REFUSAL_CODES as readonly number[]).includes(code))).toEqual([]);
  });

  it("lists the secure gateway's result codes exactly as its handler answers them", () => {
    const source = readFileSync(join(ROOT, "sandbox/handlers/secure-gateway.ts"), "utf8");
    const answered = new Set<string>();
    for (const match of source.matchAll(/(?:refuse|nearMiss)\(\d+, "([A-Z_]+)"|code: "([A-Z_]+)"/g)) answered.add(match[1] ?? match[2]);
    for (const match of source.matchAll(/refuse\(\d+, ([A-Z_]+),/g)) answered.add(match[1]);
    const documented = [...ENVELOPE_REFUSALS, ...TASK_RESULTS].map((entry) => entry.code).filter((code) => code !== "000000");
    expect([...answered].sort()).toEqual([...documented].sort());
  });
});

describe("the sandbox controls' OpenAPI document", () => {
  it("is OpenAPI 3.1 that an independent validator accepts, with valid Schema Objects", async () => {
    expect(await independentlyValid(controls)).toMatchObject({ valid: true });
    const ajv = new Ajv2020({ strict: false });
    expect(schemaObjects(controls).filter(({ schema }) => !ajv.validateSchema(schema))).toEqual([]);
  });

  it("has every declared control and every route of the inspector's API", () => {
    expect(missingFromControls(controls)).toEqual([]);
    const copy = structuredClone(controls);
    delete (copy.paths as Paths)["/__sandbox/reset"];
    delete (copy.paths as Paths)[INSPECT_API.har];
    expect(missingFromControls(copy)).toEqual(["control reset (POST /__sandbox/reset)", `inspector route har (${INSPECT_API.har})`]);
  });

  it("takes path parameters from the declaration and leaves health open", () => {
    const paths = controls.paths as Paths;
    expect(paths["/__sandbox/members/{openId}"].patch.parameters).toContainEqual(expect.objectContaining({ name: "openId", in: "path", required: true }));
    expect(paths["/__sandbox/health"].get.security).toEqual([]);
    expect(paths["/__sandbox/reset"].post.requestBody).toBeUndefined();
    expect(paths["/__sandbox/members"].post.requestBody).toBeDefined();
  });
});

describe("the schema converter", () => {
  it("stands {} where zod cannot convert a schema, and says where in the note", () => {
    const converter = new SchemaConverter();
    expect(converter.convert(z.object({ at: z.string() }), "output", "clock reply")).toEqual({ type: "object", properties: { at: { type: "string" } }, required: ["at"], additionalProperties: false });
    expect(converter.note()).toContain("Every schema converted exactly");
    expect(converter.convert(z.object({ at: z.string().transform(Date.parse) }), "output", "clock reply")).toMatchObject({ properties: { at: {} } });
    expect(converter.approximated).toHaveLength(1);
    expect(converter.note()).toMatch(/^Where zod cannot express a schema in JSON Schema it stands as \{\} \(any value\): clock reply at properties\.at: /);
  });
});
