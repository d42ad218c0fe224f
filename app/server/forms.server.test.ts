/** An action's form: read with its schema, a bad one a list of field errors, a form of too many fields refused before its schema reads it. */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MAX_FORM_FIELDS, parseForm } from "./forms.server";

const post = (body: string) => new Request("http://localhost/search", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });

describe("parseForm", () => {
  it("reads the fields the schema names, and says which field is wrong", async () => {
    const schema = z.object({ intent: z.literal("search"), keyword: z.string().max(3) });
    expect(await parseForm(post("intent=search&keyword=abc"), schema)).toEqual({ success: true, data: { intent: "search", keyword: "abc" } });
    expect(await parseForm(post("intent=search&keyword=abcd"), schema)).toMatchObject({ success: false, fieldErrors: { keyword: expect.any(String) } });
  });

  it(`refuses a form of more than ${MAX_FORM_FIELDS} fields, whatever the schema would make of them`, async () => {
    const schema = z.object({ intent: z.literal("search") }).passthrough();
    const fields = (count: number) => ["intent=search", ...Array.from({ length: count - 1 }, (_, index) => `f${index}=1`)].join("&");
    expect((await parseForm(post(fields(MAX_FORM_FIELDS)), schema)).success).toBe(true);
    expect(await parseForm(post(fields(MAX_FORM_FIELDS + 1)), schema)).toEqual({ success: false, fieldErrors: { form: "too many fields" } });
  });
});
