/**
 * What the contract's generators share: zod's own JSON Schema conversion (draft 2020-12, the dialect of
 * OpenAPI 3.1's Schema Object), with the schemas zod cannot express noted rather than refused.
 */
import { z } from "zod";
import { personal } from "#core/api/personal";

/** A JSON value as the generators build it. */
export type Json = { [key: string]: unknown };

/** OpenAPI 3.1's Schema Object is JSON Schema 2020-12: the documents say so once, at the top. */
export const DIALECT = "https://json-schema.org/draft/2020-12/schema";

/**
 * Converts zod schemas, `io: "input"` for what a caller sends (defaults optional, coercions as typed)
 * and `"output"` for what comes back. A part zod cannot convert (a transform's output, a custom type)
 * becomes `{}` (any value) instead of failing the whole document, and is listed in `approximated` so
 * the document can say where.
 */
export class SchemaConverter {
  readonly approximated: string[] = [];

  convert(schema: z.ZodType, io: "input" | "output", where: string): Json {
    const json = z.toJSONSchema(schema, {
      target: "draft-2020-12",
      io,
      unrepresentable: ({ path, message }) => {
        this.approximated.push(`${where}${path.length > 0 ? ` at ${path.join(".")}` : ""}: ${message}`);
        return "any";
      },
      // A member's personal data, as the registry declares it (core/api/personal.ts): what a recorder
      // or a log of another team's must not keep in clear.
      override: ({ zodSchema, jsonSchema }) => {
        const declared = personal.get(zodSchema as unknown as z.ZodType);
        if (declared) jsonSchema["x-personal"] = declared.personal;
        // A record over an enum requires each key, which zod states with `required` and `propertyNames`
        // alone; naming each key as a property too says the same in a form linters can check.
        const { required, properties, additionalProperties } = jsonSchema;
        if (required && !properties && typeof additionalProperties === "object") {
          jsonSchema.properties = Object.fromEntries(required.map((key) => [key, additionalProperties]));
        }
      },
    }) as Json;
    // The document names the dialect once (jsonSchemaDialect); each schema need not.
    delete json.$schema;
    return json;
  }

  /** A sentence for a description: where the document is looser than the code, if anywhere. */
  note(): string {
    return this.approximated.length === 0
      ? "Every schema converted exactly (zod's z.toJSONSchema); refinements that JSON Schema cannot state (custom checks across fields) are enforced by the gateway only."
      : `Where zod cannot express a schema in JSON Schema it stands as {} (any value): ${this.approximated.join("; ")}. Refinements that JSON Schema cannot state (custom checks across fields) are enforced by the gateway only.`;
  }
}

/** An object schema's properties, with whether each is required. */
export function propertiesOf(schema: Json): { name: string; schema: Json; required: boolean }[] {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({ name, schema: property, required: required.has(name) }));
}

/** Whether a converted schema takes nothing: an object with no properties that refuses any. */
export function takesNothing(schema: Json): boolean {
  return schema.type === "object" && Object.keys((schema.properties ?? {}) as object).length === 0 && schema.additionalProperties === false;
}

export const ref = (kind: "schemas" | "parameters" | "responses" | "headers", name: string) => ({ $ref: `#/components/${kind}/${name}` });
