/**
 * The bodies the stub controls take (`POST /__sandbox/stubs`, WireMock's `/__admin/...`): JSON within
 * the nesting bound, checked with zod, every problem named with its JSON path, never a 500. WireMock
 * answers a body it cannot read with 422 and `{ errors: [{ code, source: { pointer }, title, detail }] }`;
 * the admin API answers the same.
 */
import { z } from "zod";
import { parseStubFile, problemsOf, type MappingProblem, type StubMapping } from "#core/controls/stubs";
import { JSON_TOO_DEEP_MESSAGE, parseBoundedJson } from "#core/http/bounded-json";

export type Read<T> = { ok: true; value: T } | { ok: false; problems: MappingProblem[] };

/** A request's body as JSON (`{}` when empty), or why not. */
export async function jsonBody(request: Request): Promise<Read<unknown>> {
  const text = await request.text();
  if (text === "") return { ok: true, value: {} };
  const parsed = parseBoundedJson(text);
  if (parsed.ok) return { ok: true, value: parsed.value };
  return { ok: false, problems: [{ path: "", message: parsed.reason === "too-deep" ? JSON_TOO_DEEP_MESSAGE : "not JSON" }] };
}

/** A body holding one mapping or `{ mappings: [...] }`, every problem in it named. */
export async function mappingsIn(request: Request): Promise<Read<StubMapping[]>> {
  const body = await jsonBody(request);
  if (!body.ok) return body;
  const parsed = parseStubFile(body.value);
  return parsed.ok ? { ok: true, value: parsed.mappings } : parsed;
}

/** A body checked against `schema`, every problem named. */
export async function bodyOf<S extends z.ZodType>(request: Request, schema: S): Promise<Read<z.output<S>>> {
  const body = await jsonBody(request);
  if (!body.ok) return body;
  const parsed = schema.safeParse(body.value);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, problems: problemsOf(parsed.error.issues, body.value) };
}

/** One problem as a line: `path: message`. */
export const problemText = (problem: MappingProblem) => (problem.path ? `${problem.path}: ${problem.message}` : problem.message);

/** WireMock's error reply: its shape and status (422 for a body it cannot take). */
export function wiremockErrors(status: number, errors: { title: string; detail?: string; pointer?: string; code?: number }[]): Response {
  return Response.json(
    {
      errors: errors.map(({ title, detail, pointer, code }) => ({ code: code ?? 10, ...(pointer !== undefined ? { source: { pointer } } : {}), title, ...(detail ? { detail } : {}) })),
    },
    { status },
  );
}

/** Problems as WireMock's 422: each with its JSON pointer (`/request/urlx`). */
export function unprocessable(problems: readonly MappingProblem[]): Response {
  return wiremockErrors(
    422,
    problems.map((problem) => ({ title: "Error parsing JSON", detail: problem.message, pointer: problem.path ? `/${problem.path.split(".").join("/")}` : "" })),
  );
}
