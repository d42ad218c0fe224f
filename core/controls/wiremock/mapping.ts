/**
 * A WireMock stub mapping and a file of them, as WireMock keeps them in its `mappings/` folder: what
 * it matches (./request.ts), what it answers (./response.ts), its priority, scenario and metadata.
 */
import { z } from "zod";
import { StubRequestSchema } from "./request";
import { StubResponseSchema } from "./response";

export const StubMappingSchema = z.strictObject({
  id: z.string().optional().describe("The stub's id, as the sandbox lists it and its call log names it."),
  uuid: z.string().optional().describe("WireMock's name for the id."),
  name: z.string().optional().describe("A name for people."),
  priority: z.number().int().min(1).optional().describe("Lower wins when several stubs match; WireMock's default is 5."),
  request: StubRequestSchema.default({ method: "ANY" }).describe("What the mapping matches (every request when absent)."),
  response: StubResponseSchema.default({ status: 200 }).describe("What the mapping answers (an empty 200 when absent)."),
  scenarioName: z.string().min(1).optional().describe("The scenario (a state machine, WireMock's) this mapping belongs to."),
  requiredScenarioState: z.string().min(1).optional().describe('The state the scenario must be in for the mapping to match (scenarios start in "Started").'),
  newScenarioState: z.string().min(1).optional().describe("The state the scenario moves to once the mapping answered."),
  persistent: z.boolean().optional().describe("Kept for WireMock's sake; the sandbox keeps every stub for its run."),
  metadata: z.record(z.string(), z.unknown()).optional().describe("Free data about the stub (WireMock's), not read."),
});
export type StubMapping = z.infer<typeof StubMappingSchema>;
export type StubMappingInput = z.input<typeof StubMappingSchema>;

/** A mapping file: one mapping, or `{ "mappings": [...] }` as WireMock's export writes. */
export const StubFileSchema = z
  .union([
    z.strictObject({
      mappings: z.array(StubMappingSchema).describe("The mappings, each as a file of one would hold it."),
      meta: z.unknown().optional().describe("WireMock's export data (a total), not read."),
    }),
    StubMappingSchema,
  ])
  .meta({ title: "A stub mapping file", description: "One mapping, or { mappings: [...] } as WireMock's export writes (core/controls/stubs.ts)." });

/** The file's branch with `mappings`, parsed on its own when a file holds that key. */
const StubListSchema = z.strictObject({
  mappings: z.array(StubMappingSchema),
  meta: z.unknown().optional(),
});

/** One problem of a mapping file: where in it (a JSON path; "" the whole file) and what is wrong. */
export interface MappingProblem {
  path: string;
  message: string;
}

/**
 * A mapping file's parsed JSON, checked whole: its mappings, or every problem in it (not the first).
 * A file with `mappings` is read as a list, else as one mapping, so its problems are those of the
 * shape its author wrote; a union inside a mapping (a body pattern's kinds) reports the branch the
 * author meant (the one that knows the most of the keys written), not every branch's complaints.
 */
export function parseStubFile(raw: unknown): { ok: true; mappings: StubMapping[] } | { ok: false; problems: MappingProblem[] } {
  const isList = raw !== null && typeof raw === "object" && !Array.isArray(raw) && "mappings" in raw;
  const parsed = isList ? StubListSchema.safeParse(raw) : StubMappingSchema.safeParse(raw);
  if (parsed.success) return { ok: true, mappings: "mappings" in parsed.data ? parsed.data.mappings : [parsed.data] };
  return { ok: false, problems: problemsOf(parsed.error.issues, raw) };
}

/** Zod's issues as problems, each union resolved to its meant branch; paths as `request.headers.Accept`. */
export function problemsOf(issues: readonly z.core.$ZodIssue[], raw: unknown, base: readonly PropertyKey[] = []): MappingProblem[] {
  return issues.flatMap((issue) => {
    const path = [...base, ...issue.path];
    if (issue.code === "invalid_union" && issue.errors.length > 0) {
      const value = valueAt(raw, path);
      const meant = [...issue.errors].sort((a, b) => mismatch(a, value) - mismatch(b, value) || a.length - b.length)[0];
      return problemsOf(meant, raw, path);
    }
    return [{ path: jsonPath(path), message: describeIssue(issue) }];
  });
}

/** How far a union's branch is from what was written: keys it does not know, keys it needs and lacks. */
function mismatch(branch: readonly z.core.$ZodIssue[], value: unknown): number {
  return branch.reduce((sum, issue) => {
    if (issue.code === "unrecognized_keys" && issue.path.length === 0) return sum + issue.keys.length;
    if (issue.code === "invalid_type" && issue.path.length === 0) return sum + 100;
    if (issue.code === "invalid_type" && issue.path.length === 1 && valueAt(value, issue.path) === undefined) return sum + 1;
    return sum;
  }, 0);
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((at, key) => (at !== null && typeof at === "object" ? (at as Record<PropertyKey, unknown>)[key] : undefined), value);
}

function jsonPath(path: readonly PropertyKey[]): string {
  return path.map(String).join(".");
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === "unrecognized_keys") return `${issue.keys.join(", ")} ${issue.keys.length === 1 ? "is" : "are"} outside the mapping format the sandbox serves (docs/stubs.md)`;
  return issue.message;
}

/** The mappings of a file's parsed JSON. */
export function mappingsOf(file: z.output<typeof StubFileSchema>): StubMapping[] {
  return "mappings" in file ? file.mappings : [file];
}

/** WireMock's scenarios start in this state. */
export const STARTED = "Started";

/** A loaded stub as the sandbox reports it. */
export const StubViewSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  source: z.string(),
  priority: z.number().int(),
  method: z.string(),
  url: z.string(),
  scenario: z.object({ name: z.string(), state: z.string() }).optional(),
  /** How many requests it answered. */
  served: z.number().int(),
});
export type StubView = z.infer<typeof StubViewSchema>;
