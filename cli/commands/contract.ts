/**
 * `mcoin contract`: the gateway's contract for other teams, generated from the code (cli/contract/):
 * the mCoin API and the secure gateway as OpenAPI 3.1 (`openapi`), the sandbox's controls as a second
 * document (`openapi --controls`), and the JSON Schemas of the files the tools read (`json-schema`).
 * docs/contract/ holds the committed copies.
 */
import { Command } from "commander";
import type { CliIo } from "../io";
import { jsonSchemaCommand } from "./contract/json-schema";
import { openapiCommand } from "./contract/openapi";

export function contractCommand(io: CliIo): Command {
  return new Command("contract")
    .description("the gateway's contract, generated from the registry: OpenAPI 3.1 documents and JSON Schemas")
    .addHelpText(
      "after",
      `
Examples:
  $ npx mcoin contract openapi --out docs/contract/openapi.json
  $ npx mcoin contract openapi --controls --out docs/contract/controls.openapi.json
  $ npx mcoin contract json-schema --out docs/contract`,
    )
    .addCommand(openapiCommand(io))
    .addCommand(jsonSchemaCommand(io));
}
