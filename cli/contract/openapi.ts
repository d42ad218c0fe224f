/**
 * The contract as OpenAPI 3.1, generated from the declarations the code runs on: the registry
 * (core/api/registry.ts) for the mCoin API and the secure gateway, here, and the declared controls
 * (core/controls/declarations.ts, core/controls/inspect.ts) for the sandbox's control API
 * (./controls-openapi.ts), each schema converted by zod itself (cli/contract/json.ts). Nothing here restates a field, so a document cannot
 * say other than the code; what the declarations do not hold (headers, envelopes, result codes) is
 * read from the modules that send or answer them. `mcoin contract openapi` writes the documents;
 * docs/contract/ holds copies that cli/contract/committed.test.ts keeps up to date.
 */
import { NOT_LOGIN_MESSAGE, SUCCESS_CODE, type Endpoint } from "#core/api/define";
import { GRAY_SECKILL_HEADER, macaupassSave } from "#core/api/endpoints";
import { ENDPOINT_GROUPS, SECURE_FUNCTIONS } from "#core/api/registry";
import { IDEMPOTENCY_HEADER, IdempotencyKeySchema, SHOP_REFUSALS, type ShopRefusal } from "#core/api/shop-endpoints";
import { NearMissSchema } from "#core/controls/declarations";
import { SANDBOX_SERVER } from "./server";
import { HEADER, JSON_CONTENT_TYPE, NONCE_LENGTH, SUCCESS_RESULT_CODE } from "#core/node/gateway/envelope";
import { SEALED_TEXT_CONTENT_TYPE } from "#core/node/gateway/settings";
import { REFUSAL_MESSAGES } from "../../sandbox/domain/messages";
import { shopRefused } from "../../sandbox/respond";
import { DIALECT, SchemaConverter, propertiesOf, ref, type Json } from "./json";
import { ENVELOPE_REFUSALS, TASK_RESULTS, type SecureCode } from "./secure-codes";

export const OPENAPI_VERSION = "3.1.0";
/** The contract's own version: the package's, which `mcoin --version` prints too. */
export const CONTRACT_VERSION = "0.1.0";
export const TASK_CENTER_TAG = "task center";

const GROUP_DESCRIPTIONS: Record<keyof typeof ENDPOINT_GROUPS, string> = {
  session: "Signing in, the points terms, the member's balance, the gateway's clock and the address book (the spec's nine calls are here and in catalog).",
  catalog: "Offers, stores, search, categories and adverts.",
  shop: "Buying, orders, the mCoin ledger, likes and favourites.",
  wallet: "Coupons, redemption codes, refunds and after-sale.",
  promotion: "Flash sales, seckill, the daily check-in and Asia Miles.",
};

/** How each refusal of the money domain is answered, read from the sandbox's own reply (sandbox/respond.ts). */
async function refusalTable(): Promise<{ reason: ShopRefusal; status: number; code: number; resultCode?: string; en: string; zh: string }[]> {
  return Promise.all(
    SHOP_REFUSALS.map(async (reason) => {
      const reply = shopRefused(reason, "en");
      const body = (await reply.json()) as { code: number; resultCode?: string };
      return { reason, status: reply.status, code: body.code, resultCode: body.resultCode, en: REFUSAL_MESSAGES[reason].en, zh: REFUSAL_MESSAGES[reason].zh };
    }),
  );
}

const codeSchema = (codes: readonly SecureCode[]): Json => ({
  oneOf: codes.map(({ code, status, meaning }) => ({ const: code, description: `HTTP ${status}: ${meaning}` })),
});

export const jsonContent = (schema: Json) => ({ "application/json": { schema } });

/**
 * The codes a refusal of the mCoin API carries (sandbox/respond.ts, sandbox/fault-effects.ts,
 * sandbox/front-door.ts, and 413 for a body too large in sandbox/server.ts): each a literal, so a reply is a success or a refusal by its `code` alone
 * (docs/decisions/042-the-contract-as-the-wire-is.md).
 */
export const REFUSAL_CODES = [400, 401, 404, 409, 413, 422, 429, 500] as const;

/** The extensions that keep a sealed body's decrypted form beside its wire form. */
export const DECRYPTED_REQUEST = "x-decrypted-request";
export const DECRYPTED_REPLY = "x-decrypted-reply";

/** The mCoin API and the secure gateway, as one OpenAPI 3.1 document. */
export async function apiDocument(): Promise<Json> {
  const converter = new SchemaConverter();
  const schemas: Json = {};
  const paths: Record<string, Json> = {};
  const refusals = await refusalTable();

  for (const [group, endpoints] of Object.entries(ENDPOINT_GROUPS)) {
    for (const endpoint of Object.values(endpoints) as Endpoint[]) {
      const request = converter.convert(endpoint.request, "input", `${endpoint.name} request`);
      // A GET's or DELETE's fields travel as query parameters; its schema is a component only when one parameter refers to it.
      if (!isQueryOperation(endpoint) || queryParameters(endpoint, request).some((parameter) => "$ref" in (parameter.schema as Json))) schemas[`${endpoint.name}.request`] = request;
      schemas[`${endpoint.name}.data`] = converter.convert(endpoint.data, "output", `${endpoint.name} data`);
      paths[endpoint.path] = { ...(paths[endpoint.path] as Json | undefined), [endpoint.method.toLowerCase()]: apiOperation(endpoint, group, request) };
    }
  }
  for (const declared of SECURE_FUNCTIONS) {
    const decrypted = {
      request: converter.convert(declared.request, "input", `${declared.name} request`),
      reply: withTaskResultCodes(converter.convert(declared.reply, "output", `${declared.name} reply`)),
    };
    paths[declared.url] = { post: secureOperation(declared.name, declared.url, decrypted) };
  }

  const reasons = {
    description: "Why the gateway refused: `data.reason` of a refusal, which the mall translates itself. Each names its HTTP status, envelope code and the message (`msg`) in English and Chinese.",
    oneOf: refusals.map(({ reason, status, code, resultCode, en, zh }) => ({
      const: reason,
      description: `HTTP ${status}, code ${code}${resultCode ? `, resultCode "${resultCode}"` : ""}: "${en}" / "${zh}"`,
    })),
  };

  return {
    openapi: OPENAPI_VERSION,
    jsonSchemaDialect: DIALECT,
    info: {
      title: "mCoin API and secure gateway",
      version: CONTRACT_VERSION,
      summary: "The gateway the mCoin Mall calls, generated from its registry (core/api/registry.ts).",
      description: [
        "Generated by `npx mcoin contract openapi` from the declarations the mall's client, the sandbox and the CLI run on; do not edit by hand.",
        "",
        "**The mCoin API** is plain JSON. The mall sends `mpay: 1` on every call, `Accept-Language` with the member's locale, `Authorization: Bearer <token>` when it holds a session (core/api/client.ts), and an `Idempotency-Key` on state changes.",
        `Every reply is the envelope \`{ code, msg | message, data }\`: code ${SUCCESS_CODE} is success and \`data\` is the operation's schema; the message is \`msg\`, else \`message\`.`,
        `A refusal is any other code: \`'${NOT_LOGIN_MESSAGE}'\` as the message (code 401) means the session is gone; \`resultCode: "404"\` means the thing does not exist; code 409 is a business refusal with \`data.reason\` (components/schemas/RefusalReason).`,
        "The mall's client reads a reply as: the 'not login' message → NOT_LOGIN; HTTP 500 → SERVER_ERROR; HTTP 429 → RATE_LIMITED; another non-2xx → HTTP; a body that is not JSON or does not match the schema → BAD_RESPONSE; resultCode 404 → NOT_FOUND; another code → BUSINESS (core/api/errors.ts).",
        "GET and DELETE send the request as the query string; other methods as a JSON body.",
        "",
        `**The secure gateway** (tag "${TASK_CENTER_TAG}") takes sealed requests: the body is encrypted and the envelope travels in headers (components/parameters, described under the tag). Its operations show the bodies as they travel (base64 text); \`${DECRYPTED_REQUEST}\` and \`${DECRYPTED_REPLY}\` give them decrypted.`,
        "",
        converter.note(),
      ].join("\n"),
    },
    servers: [{ url: "/", description: SANDBOX_SERVER }],
    tags: [
      ...Object.keys(ENDPOINT_GROUPS).map((group) => ({ name: group, description: GROUP_DESCRIPTIONS[group as keyof typeof ENDPOINT_GROUPS] })),
      { name: TASK_CENTER_TAG, description: envelopeDescription() },
    ],
    paths,
    components: {
      schemas: {
        ...schemas,
        RefusalReason: reasons,
        NotLogin: {
          description: `The session is gone: the message (\`msg\` or \`message\`) is '${NOT_LOGIN_MESSAGE}'. The mall signs the member in again.`,
          type: "object",
          required: ["code"],
          properties: { code: { const: 401 }, msg: { const: NOT_LOGIN_MESSAGE }, message: { const: NOT_LOGIN_MESSAGE } },
        },
        NotFound: {
          description: 'The thing does not exist, or is not the member\'s: `resultCode: "404"`.',
          type: "object",
          required: ["code", "resultCode"],
          properties: { code: { const: 404 }, resultCode: { const: "404" }, msg: { type: "string" }, data: { type: "object", properties: { reason: ref("schemas", "RefusalReason") } } },
        },
        BusinessRefusal: {
          description: "A refusal of the money domain: a code other than 200, the message in the caller's language, and `data.reason`.",
          type: "object",
          required: ["code"],
          properties: {
            code: { enum: [...REFUSAL_CODES] },
            msg: { type: "string" },
            message: { type: "string" },
            data: { type: "object", properties: { reason: ref("schemas", "RefusalReason") } },
          },
        },
        InvalidRequest: {
          description: "HTTP 400: the request does not match the operation's declaration. The sandbox names the fields and the closest declared calls (`nearMiss`, also in its call log).",
          type: "object",
          properties: { code: { const: 400 }, msg: { type: "string" }, nearMiss: converter.convert(NearMissSchema, "output", "nearMiss") },
        },
        GatewayRefusal: {
          description: "A refusal of the secure gateway's envelope: plain JSON, not sealed.",
          type: "object",
          required: ["result"],
          properties: { result: { type: "object", required: ["code", "message"], properties: { code: codeSchema(ENVELOPE_REFUSALS), message: { type: "string" } } } },
        },
      },
      responses: {
        InvalidRequest: {
          description: "HTTP 400: the request does not match the declaration, or (state changes) the Idempotency-Key is missing or malformed (IDEMPOTENCY_KEY_REQUIRED).",
          content: jsonContent({ anyOf: [ref("schemas", "InvalidRequest"), ref("schemas", "BusinessRefusal")] }),
        },
        IdempotencyKeyReused: { description: "HTTP 422: the Idempotency-Key was used before with another request (IDEMPOTENCY_KEY_REUSED).", content: jsonContent(ref("schemas", "BusinessRefusal")) },
        RateLimited: { description: "HTTP 429: too many requests (the mall's client: RATE_LIMITED)." },
        ServerError: { description: "HTTP 500: the gateway failed (the mall's client: SERVER_ERROR)." },
        GatewayRefusal: { description: "The envelope was refused before any function ran (components/schemas/GatewayRefusal).", content: jsonContent(ref("schemas", "GatewayRefusal")) },
      },
      parameters: {
        mpay: { name: "mpay", in: "header", required: true, description: "Sent by the mall on every call of the mCoin API.", schema: { const: "1" } },
        "Accept-Language": {
          name: "Accept-Language",
          in: "header",
          required: false,
          description: "The member's locale; the gateway's messages (`msg`) are in English for `en`, else in Traditional Chinese.",
          schema: { type: "string", examples: ["zh", "en"] },
        },
        "Idempotency-Key": {
          name: IDEMPOTENCY_HEADER,
          in: "header",
          required: true,
          description:
            "A state change must carry a key: a repeat with the same key and the same request is answered as the first was (`idempotent-replayed: true`), so the gateway acts at most once. Missing: HTTP 400; reused for another request: HTTP 422.",
          schema: converter.convert(IdempotencyKeySchema, "input", "Idempotency-Key"),
        },
        "Idempotency-Key-optional": {
          name: IDEMPOTENCY_HEADER,
          in: "header",
          required: false,
          description: "Any POST may carry a key, and is then answered at most once per key (as the state changes that require one).",
          schema: converter.convert(IdempotencyKeySchema, "input", "Idempotency-Key"),
        },
        ...envelopeParameters(),
      },
      headers: {
        Signature: {
          description: `The gateway signs its sealed reply as the client signs its request, over the sealed reply with the request's ${HEADER.requestTime} and ${HEADER.nonce}: a JSON text \`{"algorithm":"MD5","keyVersion":"1","signature":"…"}\`. The client checks it when present.`,
          schema: { type: "string" },
        },
      },
      securitySchemes: {
        member: {
          type: "http",
          scheme: "bearer",
          description: `The member's session token (POST /member/login, GET /macaupasssave). Without it an operation that needs it answers code 401 '${NOT_LOGIN_MESSAGE}'.`,
        },
      },
    },
  };
}

const isQueryOperation = (endpoint: Endpoint) => endpoint.method === "GET" || endpoint.method === "DELETE";

function apiOperation(endpoint: Endpoint, group: string, request: Json): Json {
  const inQuery = isQueryOperation(endpoint);
  const idempotency = endpoint.idempotent ? [ref("parameters", "Idempotency-Key")] : endpoint.method === "POST" ? [ref("parameters", "Idempotency-Key-optional")] : [];
  const dataOptional = endpoint.data.safeParse(undefined).success;
  const success = {
    description: `Success: code ${SUCCESS_CODE} and the data.`,
    type: "object",
    required: dataOptional ? ["code"] : ["code", "data"],
    properties: {
      code: {
        const: SUCCESS_CODE,
        description: `The gateway sends ${SUCCESS_CODE}; the mall's client (core/api/client.ts) also takes "${SUCCESS_CODE}" or no code as success, which the sandbox never sends.`,
      },
      msg: { type: "string" },
      message: { type: "string" },
      data: ref("schemas", `${endpoint.name}.data`),
    },
  };
  const headers: Json = {};
  if (endpoint === (macaupassSave as Endpoint)) {
    headers[GRAY_SECKILL_HEADER] = { description: "The member's gray-scale (seckill canary) flag, which the mall copies into its session.", schema: { type: "string" } };
  }
  if (endpoint.method === "POST") headers["idempotent-replayed"] = { description: "`true` when the reply is the one remembered for this Idempotency-Key.", schema: { const: "true" } };
  return {
    operationId: endpoint.name,
    tags: [group],
    summary: `${endpoint.name}${endpoint.auth ? " (a member's call)" : ""}${endpoint.idempotent ? " (a state change: Idempotency-Key)" : ""}`,
    // A member's call without a session is answered still (HTTP 200, code 401 'not login'), so the token is optional on the wire.
    ...(endpoint.auth ? { security: [{ member: [] }, {}] } : { security: [] }),
    parameters: [ref("parameters", "mpay"), ref("parameters", "Accept-Language"), ...idempotency, ...(inQuery ? queryParameters(endpoint, request) : [])],
    ...(inQuery ? {} : { requestBody: { required: true, content: jsonContent(ref("schemas", `${endpoint.name}.request`)) } }),
    responses: {
      "200": {
        description: `The envelope: the data (code ${SUCCESS_CODE}), or a refusal with another code (HTTP 200 too), told apart by \`code\`.`,
        ...(Object.keys(headers).length > 0 ? { headers } : {}),
        content: jsonContent(envelopeReply(success)),
      },
      "400": ref("responses", "InvalidRequest"),
      ...(endpoint.method === "POST" ? { "422": ref("responses", "IdempotencyKeyReused") } : {}),
      "429": ref("responses", "RateLimited"),
      "500": ref("responses", "ServerError"),
    },
  };
}

/**
 * A reply of the mCoin API: the success or a refusal, told apart by `code`, a literal in both. The
 * members are inline: `code` is an integer on the wire, and a generator patches the discriminator
 * property of a $ref'd member into a string (openapi-typescript would type 200 as "200"), so the
 * discriminator names the property while each member's own literal is what tools narrow on
 * (docs/decisions/042-the-contract-as-the-wire-is.md).
 */
function envelopeReply(success: Json): Json {
  const refusal = {
    description: `A refusal: any code but ${SUCCESS_CODE}, a literal as the success's code is.`,
    type: "object",
    required: ["code"],
    properties: { code: { enum: [...REFUSAL_CODES] }, msg: { type: "string" }, message: { type: "string" } },
    anyOf: [ref("schemas", "NotLogin"), ref("schemas", "NotFound"), ref("schemas", "BusinessRefusal")],
  };
  return { oneOf: [success, refusal], discriminator: { propertyName: "code" } };
}

/** The request schema's fields as query parameters; a free-form record as one exploded object. */
function queryParameters(endpoint: Endpoint, request: Json): Json[] {
  const fields = propertiesOf(request);
  if (fields.length > 0) return fields.map(({ name, schema, required }) => ({ name, in: "query", required, schema }));
  if (request.additionalProperties !== undefined && request.additionalProperties !== false) {
    return [{ name: "query", in: "query", style: "form", explode: true, description: "Any query parameters, as the schema says.", schema: ref("schemas", `${endpoint.name}.request`) }];
  }
  return [];
}

/** The envelope's headers, each once, as the client sends them (core/node/gateway/envelope.ts). */
function envelopeParameters(): Record<string, Json> {
  const header = (name: string, required: boolean, description: string, schema: Json = { type: "string" }): [string, Json] => [`secure-${name}`, { name, in: "header", required, description, schema }];
  return Object.fromEntries([
    header(HEADER.clientId, true, "The caller's client id, known to the gateway."),
    header(HEADER.requestTime, true, "When the request was sealed, `YYYY-MM-DD HH:mm:ss` in Macau time; refused more than 5 minutes off the gateway's clock.", {
      type: "string",
      pattern: "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$",
    }),
    header(HEADER.nonce, true, `${NONCE_LENGTH} random characters, never used twice.`, { type: "string", minLength: NONCE_LENGTH, maxLength: NONCE_LENGTH }),
    header(HEADER.function, true, "The function called: the URL's path, repeated."),
    header(
      HEADER.encrypt,
      true,
      'The request\'s symmetric key: a JSON text `{"algorithm":"RSA_AES","keyVersion":"1","symmetricKey": base64(RSA-PKCS#1-v1.5(key + iv))}`, under the gateway\'s public key. The body is AES-CBC (PKCS7) of the JSON under that 16-character key and IV, base64.',
    ),
    header(HEADER.signature, true, 'A JSON text `{"algorithm":"MD5","keyVersion":"1","signature": UPPER(md5(signSecret + Request-Time + Nonce + encryptedBody + md5Key))}`.'),
    header(HEADER.stdGateway, false, "`true`."),
    header(HEADER.version, false, "The protocol's version, `1`."),
    header(HEADER.lang, false, "The caller's language (`zh-MO` for the task center)."),
    header(HEADER.deviceInfo, false, "A JSON text of the device: clientOs, clientOsVer, clientIp, device, deviceType, network, appVersion (all empty from the mall)."),
    header(HEADER.token, false, "The member as the task center knows them: the task link's ciphertext (also `cust_id_ciphertext` in the body)."),
  ]);
}

function envelopeDescription(): string {
  return [
    "The task center's functions on the secure gateway. Each is a POST whose body is sealed and whose envelope travels in headers (components/parameters `secure-*`):",
    `the JSON body is AES-CBC encrypted (PKCS7, base64) under a random 16-character key and IV; \`${HEADER.encrypt}\` carries key + IV under the gateway's RSA public key;`,
    `\`${HEADER.signature}\` is UPPER(md5(signSecret + ${HEADER.requestTime} + ${HEADER.nonce} + encryptedBody + md5Key)); \`${HEADER.requestTime}\` within 5 minutes and a fresh \`${HEADER.nonce}\` guard against replays.`,
    `The reply (HTTP 200) is sealed with the request's key and IV and signed (the \`${HEADER.signature}\` reply header); \`result.code\` "${SUCCESS_RESULT_CODE}" is success (each code the sandbox answers is listed at \`result.code\` of an operation's \`${DECRYPTED_REPLY}\`).`,
    "A refused envelope is answered unsealed with an HTTP error (components/schemas/GatewayRefusal). The operations below show the bodies as they travel, and decrypted in their `x-decrypted-request` and `x-decrypted-reply` extensions.",
  ].join(" ");
}

/** A decrypted reply with each \`result.code\` the sandbox answers named (./secure-codes.ts). */
function withTaskResultCodes(reply: Json): Json {
  const result = (reply.properties as Record<string, Json> | undefined)?.result;
  const code = (result?.properties as Record<string, Json> | undefined)?.code;
  if (code) Object.assign(code, { description: "`result.code` of a sealed reply of the task center.", ...codeSchema(TASK_RESULTS) });
  return reply;
}

/** A sealed body as it travels: base64 text, under the label the sandbox is sent (text) or the original client's (JSON). */
function sealedContent(description: string): Json {
  const schema = { type: "string", contentEncoding: "base64", pattern: "^[A-Za-z0-9+/]*={0,2}$", description };
  return {
    [SEALED_TEXT_CONTENT_TYPE.split(";")[0]]: { schema },
    [JSON_CONTENT_TYPE.split(";")[0]]: { schema: { ...schema, description: `${description} The original client's label: the body is the same base64 text, not JSON.` } },
  };
}

/** A secure function's operation: its bodies as they travel, and decrypted in the extensions (each schema kept inline there, where a $ref would go unread by tools that skip extensions). */
function secureOperation(name: string, url: string, decrypted: { request: Json; reply: Json }): Json {
  return {
    operationId: name,
    tags: [TASK_CENTER_TAG],
    summary: `${name} (secure gateway: sealed)`,
    description: `Sealed: the body on the wire is base64 (AES-CBC of the JSON that \`${DECRYPTED_REQUEST}\` describes), the \`${HEADER.function}\` header is \`${url}\`, and the reply is sealed with the same key (\`${DECRYPTED_REPLY}\` describes it opened); see the tag's description for the envelope.`,
    security: [],
    parameters: Object.keys(envelopeParameters()).map((parameter) => ref("parameters", parameter)),
    requestBody: {
      required: true,
      description: `The sealed request. Decrypted, it is \`${DECRYPTED_REQUEST}\`.`,
      content: sealedContent("AES-CBC (PKCS7) of the request's JSON under the key and IV of the Encrypt header, base64."),
      [DECRYPTED_REQUEST]: decrypted.request,
    },
    responses: {
      "200": {
        description: `Sealed with the request's key and IV, and signed. Decrypted, it is \`${DECRYPTED_REPLY}\`: \`result.code\` "${SUCCESS_RESULT_CODE}" is success.`,
        headers: { [HEADER.signature]: ref("headers", "Signature") },
        content: {
          [SEALED_TEXT_CONTENT_TYPE.split(";")[0]]: {
            schema: { type: "string", contentEncoding: "base64", pattern: "^[A-Za-z0-9+/]*={0,2}$", description: "AES-CBC (PKCS7) of the reply's JSON under the request's key and IV, base64." },
          },
        },
        [DECRYPTED_REPLY]: decrypted.reply,
      },
      ...Object.fromEntries([...new Set(ENVELOPE_REFUSALS.map((refusal) => String(refusal.status)))].map((status) => [status, ref("responses", "GatewayRefusal")])),
    },
  };
}
