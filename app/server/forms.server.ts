/** Reading an action's form with zod: bad input becomes a 400 the screen can show, never a 500. */
import type { z } from "zod";

export type FormResult<T> = { success: true; data: T } | { success: false; fieldErrors: Record<string, string> };

export async function parseForm<T>(request: Request, schema: z.ZodType<T>): Promise<FormResult<T>> {
  let raw: FormData;
  try {
    raw = await request.formData();
  } catch {
    return { success: false, fieldErrors: { form: "unreadable form" } };
  }
  return parseFormData(raw, schema);
}

/**
 * The most fields a form of the mall may have (the address form has about a dozen). The server has
 * already bounded the body's bytes (server/body-limit.ts); this bounds what a form of them becomes.
 */
export const MAX_FORM_FIELDS = 64;

/** The same, for a form already read (an action that also shows the fields back as they were typed). */
export function parseFormData<T>(raw: FormData, schema: z.ZodType<T>): FormResult<T> {
  if ([...raw.keys()].length > MAX_FORM_FIELDS) return { success: false, fieldErrors: { form: "too many fields" } };
  const result = schema.safeParse(Object.fromEntries(raw));
  if (result.success) return { success: true, data: result.data };
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) fieldErrors[issue.path.join(".") || "form"] ??= issue.message;
  return { success: false, fieldErrors };
}
