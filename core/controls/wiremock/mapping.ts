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
