/**
 * The sandbox's control API and the traffic inspector's API as the contract's second OpenAPI 3.1
 * document, generated from their declarations (core/controls/declarations.ts,
 * core/controls/inspect.ts) as ./openapi.ts generates the first.
 */
import type { z } from "zod";
import { CONTROL_TOKEN_HEADER } from "#core/controls/client";
import { CONTROLS, ControlRefusalSchema, LoggedCallSchema, RedeemRefusalSchema, type Control } from "#core/controls/declarations";
import {
  ExchangeDetailSchema,
  ExchangeListSchema,
  FaultRequestSchema,
  INSPECT_API,
  InspectInfoSchema,
  ReplayReplySchema,
  ReplayRequestSchema,
  SaveReplySchema,
  SaveRequestSchema,
} from "#core/controls/inspect";
import { SANDBOX_SERVER } from "./server";
import { DIALECT, SchemaConverter, propertiesOf, ref, takesNothing, type Json } from "./json";
import { CONTRACT_VERSION, OPENAPI_VERSION, jsonContent } from "./openapi";

/** The sandbox's control API (controls and the traffic inspector's API), as a second OpenAPI 3.1 document. */
export function controlsDocument(): Json {
  const converter = new SchemaConverter();
  const schemas: Json = { ControlRefusal: converter.convert(ControlRefusalSchema, "output", "ControlRefusal"), RedeemRefusal: converter.convert(RedeemRefusalSchema, "output", "RedeemRefusal") };
  const paths: Record<string, Json> = {};
  const add = (path: string, method: string, operation: Json) => (paths[path] = { ...(paths[path] as Json | undefined), [method]: operation });

  for (const control of Object.values(CONTROLS) as Control[]) {
    const path = control.path.replace(/:(\w+)/g, "{$1}");
    const { operation, reply, input } = controlOperation(control, converter);
    if (input) schemas[`${control.name}.input`] = input;
    schemas[`${control.name}.reply`] = reply;
    add(path, control.method.toLowerCase(), operation);
  }
  const refusal = ref("responses", "Refusal");
  // A stream is refused as every control is: without the control token (401), or to a page of another origin (403).
  const streamRefusals = { "401": refusal, "403": refusal };
  const inspector = (name: string, summary: string, reply: Json | null, extra: Json = {}): Json => ({
    operationId: name,
    tags: ["inspector"],
    summary,
    ...extra,
    responses: { "200": reply ? { description: "The answer.", content: jsonContent(reply) } : { description: "The answer." }, "400": refusal, "404": refusal, "501": refusal },
  });
  const body = (name: string, schema: z.ZodType) => {
    schemas[`${name}.input`] = converter.convert(schema, "input", `${name} input`);
    return { requestBody: { required: true, content: jsonContent(ref("schemas", `${name}.input`)) } };
  };
  const replySchema = (name: string, schema: z.ZodType) => {
    schemas[`${name}.reply`] = converter.convert(schema, "output", `${name} reply`);
    return ref("schemas", `${name}.reply`);
  };
  const query = (name: string, description: string) => ({ name, in: "query", required: false, description, schema: { type: "string" } });
  add(
    INSPECT_API.info,
    "get",
    inspector("inspectInfo", "What serves the inspector (the sandbox, or mcoin record in front of an environment) and how big its ring is.", replySchema("inspectInfo", InspectInfoSchema)),
  );
  add(
    INSPECT_API.exchanges,
    "get",
    inspector("inspectExchanges", "The exchanges in the ring, newest first, filtered.", replySchema("inspectExchanges", ExchangeListSchema), {
      parameters: [
        query("path", "a part of the path"),
        query("name", "the registry's name of the endpoint or secure function"),
        query("member", "the member's open id"),
        { name: "status", in: "query", required: false, schema: { enum: ["2xx", "3xx", "4xx", "5xx", "cut"] } },
        { name: "fault", in: "query", required: false, description: "only exchanges a fault acted on", schema: { enum: ["1", "true"] } },
        query("text", "a text in either body (decrypted for secure calls), any case"),
      ],
    }),
  );
  add(INSPECT_API.exchanges, "delete", inspector("inspectClear", "Clears the ring.", { type: "object", properties: { ok: { const: true } } }));
  add(
    `${INSPECT_API.exchanges}/{seq}`,
    "get",
    inspector(
      "inspectExchange",
      "One exchange's detail: headers, bodies, the secure envelope opened, the registry's check, commands to send it again.",
      replySchema("inspectExchange", ExchangeDetailSchema),
      {
        parameters: [{ name: "seq", in: "path", required: true, schema: { type: "integer", minimum: 1 } }],
      },
    ),
  );
  add(INSPECT_API.stream, "get", {
    ...inspector("inspectStream", "Server-sent events: `exchange` (an exchange's summary, once answered; its id is the seq) and `cleared`.", null, {
      parameters: [
        { name: "since", in: "query", required: false, description: "the last seq seen (or the Last-Event-ID header)", schema: { type: "integer", minimum: 0 } },
        { name: "Last-Event-ID", in: "header", required: false, schema: { type: "string" } },
      ],
    }),
    responses: { "200": { description: "An event stream.", content: { "text/event-stream": { schema: { type: "string" } } } }, ...streamRefusals },
  });
  add(
    INSPECT_API.save,
    "post",
    inspector("inspectSave", "Writes the selected exchanges as a recording folder, redacted.", replySchema("inspectSave", SaveReplySchema), body("inspectSave", SaveRequestSchema)),
  );
  add(
    INSPECT_API.replay,
    "post",
    inspector("inspectReplay", "Sends one exchange again and compares the reply.", replySchema("inspectReplay", ReplayReplySchema), body("inspectReplay", ReplayRequestSchema)),
  );
  add(
    INSPECT_API.har,
    "get",
    inspector(
      "inspectHar",
      "The selected exchanges (every one when none is named) as a HAR 1.2 document, redacted as a recording is.",
      { type: "object", description: "A HAR 1.2 document." },
      {
        parameters: [{ name: "seq", in: "query", required: false, description: "seqs separated by commas, at most 500", schema: { type: "string", pattern: "^\\d+(,\\d+)*$" } }],
      },
    ),
  );
  add(
    INSPECT_API.fault,
    "post",
    inspector(
      "inspectFault",
      "A fault for the next calls to a path (the kinds of `mcoin sandbox fault`).",
      { type: "object", properties: { ok: { const: true }, fault: {} } },
      body("inspectFault", FaultRequestSchema),
    ),
  );
  add("/__sandbox/log/stream", "get", {
    operationId: "logStream",
    tags: ["log"],
    summary: "Each gateway call once answered, as a server-sent event (`event: call`, data: a logged call with its status and ms), until the client closes it.",
    responses: {
      "200": {
        description: "An event stream; each event's data is a logged call (`x-event-data`).",
        content: { "text/event-stream": { schema: { type: "string" } } },
        "x-event-data": converter.convert(LoggedCallSchema, "output", "logStream event"),
      },
      ...streamRefusals,
    },
  });

  return {
    openapi: OPENAPI_VERSION,
    jsonSchemaDialect: DIALECT,
    info: {
      title: "mCoin sandbox controls",
      version: CONTRACT_VERSION,
      summary: "The sandbox gateway's control API and its traffic inspector's API (docs/sandbox.md, docs/inspector.md).",
      description: [
        "Generated by `npx mcoin contract openapi --controls` from core/controls/declarations.ts and core/controls/inspect.ts; do not edit by hand.",
        "Controls answer plain JSON, not the mCoin envelope: a refusal is a non-2xx status with `{ ok: false, error, reason? }`. They take JSON bodies only (415 otherwise), never answer a page of another origin (403),",
        `and need the control token when the sandbox has one (\`${CONTROL_TOKEN_HEADER}\` or \`Authorization: Bearer\`; 401 without it); without a token they answer loopback addresses only. \`GET /__sandbox/health\` is always open.`,
        converter.note(),
      ].join(" "),
    },
    servers: [{ url: "/", description: SANDBOX_SERVER }],
    tags: tagsOf(paths),
    security: [{ controlToken: [] }, { controlBearer: [] }, {}],
    paths,
    components: {
      schemas,
      responses: {
        Refusal: { description: "A refusal: `{ ok: false, error, reason? }`, `error` saying why.", content: jsonContent(ref("schemas", "ControlRefusal")) },
      },
      securitySchemes: {
        controlToken: { type: "apiKey", in: "header", name: CONTROL_TOKEN_HEADER, description: "The sandbox's control token, when it has one (--control-token, MCOIN_SANDBOX_CONTROL_TOKEN)." },
        controlBearer: { type: "http", scheme: "bearer", description: "The same token as `Authorization: Bearer`." },
      },
    },
  };
}

/** Each tag once, described by where its operations live and what they are called. */
function tagsOf(paths: Record<string, Json>): Json[] {
  const operations = new Map<string, string[]>();
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item as Record<string, Json>)) {
      for (const tag of operation.tags as string[]) operations.set(tag, [...(operations.get(tag) ?? []), String(operation.operationId)]);
    }
  }
  return [...operations].map(([name, ids]) => ({
    name,
    description: `${name === "inspector" ? "The traffic inspector's API (docs/inspector.md)" : `The controls under \`/__sandbox/${name}\` (docs/sandbox.md)`}: ${ids.join(", ")}.`,
  }));
}

function controlOperation(control: Control, converter: SchemaConverter): { operation: Json; reply: Json; input?: Json } {
  const inQuery = control.method === "GET" || control.method === "DELETE";
  const params = converter.convert(control.params, "input", `${control.name} params`);
  const inputJson = converter.convert(control.input, "input", `${control.name} input`);
  const reply = converter.convert(control.reply, "output", `${control.name} reply`);
  const hasBody = !inQuery && !takesNothing(inputJson);
  const refusal = ref("responses", "Refusal");
  const answer = (description: string) => ({ description, content: jsonContent(ref("schemas", `${control.name}.reply`)) });
  const section = control.path.split("/")[2] ?? "sandbox";
  return {
    reply,
    input: hasBody ? inputJson : undefined,
    operation: {
      operationId: control.name,
      tags: [section],
      summary: `${control.method} ${control.path}`,
      ...(control.name === "health" ? { security: [] } : {}),
      parameters: [
        ...propertiesOf(params).map(({ name, schema }) => ({ name, in: "path", required: true, schema })),
        ...(inQuery ? propertiesOf(inputJson).map(({ name, schema, required }) => ({ name, in: "query", required, schema })) : []),
      ],
      ...(hasBody ? { requestBody: { required: true, content: jsonContent(ref("schemas", `${control.name}.input`)) } } : {}),
      responses: {
        "200": answer("The answer."),
        ...Object.fromEntries((control.answers ?? []).map((status) => [String(status), answer(`HTTP ${status} is an answer too, not a refusal.`)])),
        "400": refusal,
        "401": refusal,
        "403": refusal,
        ...(control.notFound ? { "404": refusal } : {}),
        ...(control.name === "redeem"
          ? { "404": refusal, "409": { description: "The code redeemed nothing: why, in the till's words.", content: jsonContent(ref("schemas", "RedeemRefusal")) }, "429": refusal }
          : {}),
        ...(hasBody ? { "415": refusal } : {}),
      },
    },
  };
}
