/** Reading an action's form with zod: bad input becomes a 400 the screen can show, never a 500. */
import type { z } from "zod";

export type FormResult<T> = { success: true; data: T } | { success: false; fieldErrors: Record<string, string> };

export async function parseForm<T>(request: Request, schema: z.ZodType<T>): Promise<FormResult<T>> {
  let raw: Record<string, unknown>;
  try {
    raw = Object.fromEntries(await request.formData());
  } catch {
    return { success: false, fieldErrors: { form: "unreadable form" } };
  }
  const result = schema.safeParse(raw);
  if (result.success) return { success: true, data: result.data };
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) fieldErrors[issue.path.join(".") || "form"] ??= issue.message;
  return { success: false, fieldErrors };
}
