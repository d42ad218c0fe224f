/**
 * `@mcoin/harness/gateway`: the clients the mall and the CLI call the gateway with (docs/library.md):
 * the mCoin API's client built from the registry, the secure gateway's envelope (seal a request,
 * open one with the private key, open a reply, sign and verify) and its client, the task center's
 * client, and the registry itself, by name. Nothing runs at import.
 *
 * Every function here checks its arguments (lib/arguments.ts) before the core sees them: a wrong
 * call throws a UsageError that says what was expected and shows a call that works. The examples
 * assume a sandbox: `const sandbox = await startSandbox()` from `@mcoin/harness/sandbox`.
 */
import { join } from "node:path";
import { z } from "zod";
import { createApiClient as coreCreateApiClient, type ApiClient as CoreApiClient, type ApiClientOptions as CoreApiClientOptions, type ApiReply as CoreApiReply } from "#core/api/client";
import type { Endpoint, EndpointData, EndpointRequest } from "#core/api/define";
import * as registry from "#core/api/registry";
import type { SecureFunction as CoreSecureFunction } from "#core/api/task-center";
import { createFetchTransport as coreCreateFetchTransport, type HttpTransport as CoreHttpTransport } from "#core/api/transport";
import { ENVIRONMENT_NAMES } from "#core/environments";
import {
  createGatewayClient as coreCreateGatewayClient,
  GatewayError as CoreGatewayError,
  type GatewayClient as CoreGatewayClient,
  type GatewayClientOptions,
  type GatewayClientSettings as CoreGatewayClientSettings,
} from "#core/node/gateway/client";
import * as envelope from "#core/node/gateway/envelope";
import { recoverKeyAndIv } from "#core/node/gateway/private-key";
import { aesDecrypt } from "#core/node/gateway/primitives";
import { readSandboxGatewayKeys as coreReadSandboxGatewayKeys, type SandboxGatewayKeys as CoreSandboxGatewayKeys } from "#core/node/gateway/sandbox-keys";
import { gatewaySettings as coreGatewaySettings, type GatewaySettingsInput } from "#core/node/gateway/settings";
import { createTaskCenterClient as coreCreateTaskCenterClient, type TaskCenterClient } from "#core/node/task-center/client";
import { checkedArguments, FunctionArg } from "./arguments";
import { MALL_ROOT } from "./mall";

/**
 * A wrong call of a function of this module (a TypeError): `message` names each argument that does
 * not match and what it wanted; `usage` is a call that works.
 *
 * @example
 * ```ts
 * import { UsageError, createApiClient } from "@mcoin/harness/gateway";
 *
 * try {
 *   createApiClient({ locale: "en" } as never);
 * } catch (error) {
 *   if (error instanceof UsageError) console.log(error.message); // createApiClient(options): options.baseUrl: ...
 * }
 * ```
 */
export { UsageError } from "./arguments";
/** createGatewayClient's options: the `transport`, and optionally a clock `now`, `onSuccess`, `onFailure` and `log`. */
export type { GatewayClientOptions };
/** gatewaySettings's input: the `environment`, its `vars`, and the sandbox's URL and keys for the sandbox. */
export type { GatewaySettingsInput };
/** The task center's client: `getTaskDetail(task)` and `notify(task)`. */
export type { TaskCenterClient };

const Text = z.string();
const NonEmpty = z.string().min(1, "expected a non-empty string");
const StringRecord = z.record(z.string(), z.string().optional());
/** Environment variables: `process.env` is no plain object, so it is checked as an object only. */
const Variables = z.custom<Record<string, string | undefined>>((value) => typeof value === "object" && value !== null, { message: "expected an object of variables (process.env, or {})" });
const EnvelopeSettingsArg = z.looseObject({
  clientId: Text,
  contentType: Text,
  signature: z.looseObject({ secret: Text, md5Key: Text, keyVersion: Text }),
  encryption: z.looseObject({ publicKey: NonEmpty, keyVersion: Text }),
});
const GatewaySettingsArg = EnvelopeSettingsArg.extend({ baseUrl: Text, exemptUrls: z.array(Text), timeoutMs: z.number() });
const DeclaredArg = z.looseObject({ name: Text, request: z.looseObject({ safeParse: FunctionArg }) });

// ---------------------------------------------------------------------------------------------
// The registry, by name

/** An endpoint of the mCoin API: its name, method, path, and zod schemas of its request and reply data. */
export type { Endpoint };
/** What an endpoint takes (its request schema's input). */
export type { EndpointRequest };
/** What an endpoint's reply carries in `data` (its reply schema's output). */
export type { EndpointData };
/** A function of the secure gateway: its name, URL, and zod schemas of its request and reply. */
export type SecureFunction = CoreSecureFunction;
/** What a secure gateway function takes. */
export type FunctionRequest<F extends SecureFunction> = z.input<F["request"]>;
/** What a secure gateway function answers, opened. */
export type FunctionReply<F extends SecureFunction> = z.output<F["reply"]>;

/**
 * Every endpoint of the mCoin API by its name, each with its own request and reply types: pass one
 * to an ApiClient's `call` and the reply is typed.
 *
 * @example
 * ```ts
 * import { ENDPOINTS, createApiClient, createFetchTransport } from "@mcoin/harness/gateway";
 *
 * const api = createApiClient({ baseUrl: sandbox.url, transport: createFetchTransport(), locale: "en" });
 * const { data } = await api.call(ENDPOINTS.memberLogin, { openId: "mpay-1001" });
 * data.token; // string
 * ```
 */
export const ENDPOINTS = registry.ENDPOINTS_BY_NAME;

/**
 * Every function of the secure gateway by its name, each with its own request and reply types: pass
 * one to a GatewayClient's `callFunction` and the reply is typed.
 *
 * @example
 * ```ts
 * import { FUNCTIONS, createFetchTransport, createGatewayClient, sandboxGatewaySettings } from "@mcoin/harness/gateway";
 *
 * const gateway = createGatewayClient(sandboxGatewaySettings(sandbox.url), { transport: createFetchTransport() });
 * const reply = await gateway.callFunction(FUNCTIONS.getTaskDetail, { system_name: "taskCenter", data_source: "H5", task_no: "T1", cust_id_ciphertext: "c1001" });
 * reply.data?.threshold_value;
 * ```
 */
export const FUNCTIONS = registry.FUNCTIONS_BY_NAME;

/**
 * Every endpoint of the mCoin API as one list (what `mcoin api` lists). By name: {@link ENDPOINTS}.
 *
 * @example
 * ```ts
 * import { API_ENDPOINTS } from "@mcoin/harness/gateway";
 *
 * for (const endpoint of API_ENDPOINTS) console.log(endpoint.method, endpoint.path, endpoint.name);
 * ```
 */
export const API_ENDPOINTS: readonly Endpoint[] = registry.API_ENDPOINTS;

/**
 * Every endpoint of the mCoin API by area (session, catalog, shop, wallet, promotion), then by name.
 *
 * @example
 * ```ts
 * import { ENDPOINT_GROUPS } from "@mcoin/harness/gateway";
 *
 * console.log(Object.keys(ENDPOINT_GROUPS.session)); // ["memberLogin", "macaupassConfig", ...]
 * ```
 */
export const ENDPOINT_GROUPS = registry.ENDPOINT_GROUPS;

/**
 * Every function of the secure gateway as one list. By name: {@link FUNCTIONS}.
 *
 * @example
 * ```ts
 * import { SECURE_FUNCTIONS } from "@mcoin/harness/gateway";
 *
 * console.log(SECURE_FUNCTIONS.map((declared) => declared.url));
 * ```
 */
export const SECURE_FUNCTIONS: readonly SecureFunction[] = registry.SECURE_FUNCTIONS;

/**
 * The endpoint a method and path call, if the registry declares one.
 *
 * @example
 * ```ts
 * import { endpointFor } from "@mcoin/harness/gateway";
 *
 * endpointFor("POST", "/member/login")?.name; // "memberLogin"
 * ```
 */
export function endpointFor(method: string, path: string): Endpoint | undefined {
  checkedArguments("endpointFor", ["method", "path"], z.tuple([NonEmpty, Text]), [method, path], 'endpointFor("POST", "/member/login")');
  return registry.endpointFor(method, path);
}

/**
 * The secure gateway function at a path, or named by its name (the Function header), if declared.
 *
 * @example
 * ```ts
 * import { functionFor } from "@mcoin/harness/gateway";
 *
 * functionFor("/bservice/discount/gateway/getTaskDetail")?.name; // "getTaskDetail"
 * ```
 */
export function functionFor(url: string): SecureFunction | undefined {
  checkedArguments("functionFor", ["url"], z.tuple([Text]), [url], 'functionFor("/bservice/discount/gateway/getTaskDetail")');
  return registry.functionFor(url);
}

// ---------------------------------------------------------------------------------------------
// The mCoin API's client

/** How to send an HTTP request: `createFetchTransport()`, or your own function of request to reply. */
export type HttpTransport = CoreHttpTransport;
/** createApiClient's options: `baseUrl`, `transport` and `locale`; `token`, `timeoutMs` and `onCall` optional. */
export type ApiClientOptions = CoreApiClientOptions;
/** A reply of the mCoin API: its `data` (typed by the endpoint called), its `message` and headers. */
export type ApiReply<D> = CoreApiReply<D>;
/** The mCoin API's client: `call(ENDPOINTS.name, input)` and `buildRequest(...)`. */
export type ApiClient = CoreApiClient;

/**
 * The mCoin API's client, as the mall calls it: each call checked against its endpoint's request
 * schema, sent with the spec's headers, and its reply's `data` parsed by the endpoint's reply schema
 * (a refusal throws an ApiError with a `code`).
 *
 * @example
 * ```ts
 * import { ENDPOINTS, createApiClient, createFetchTransport } from "@mcoin/harness/gateway";
 *
 * const api = createApiClient({ baseUrl: sandbox.url, transport: createFetchTransport(), locale: "en" });
 * const { token } = (await api.call(ENDPOINTS.memberLogin, { openId: "mpay-1001" })).data;
 * const member = createApiClient({ ...api.options, token });
 * const profile = await member.call(ENDPOINTS.basicInformation);
 * ```
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const schema = z.tuple([
    z.looseObject({ baseUrl: NonEmpty, transport: FunctionArg, locale: NonEmpty, token: z.string().nullish(), timeoutMs: z.number().min(0).optional(), onCall: FunctionArg.optional() }),
  ]);
  checkedArguments("createApiClient", ["options"], schema, [options], 'createApiClient({ baseUrl: sandbox.url, transport: createFetchTransport(), locale: "en" })');
  return coreCreateApiClient(options);
}

/**
 * An HTTP transport over a fetch function (the global `fetch` by default), for createApiClient and
 * createGatewayClient.
 *
 * @example
 * ```ts
 * import { createFetchTransport } from "@mcoin/harness/gateway";
 *
 * const transport = createFetchTransport();
 * const reply = await transport({ method: "GET", url: `${sandbox.url}/api/system/time`, headers: {} });
 * console.log(reply.status, reply.text);
 * ```
 */
export function createFetchTransport(fetchFn?: typeof fetch): HttpTransport {
  checkedArguments("createFetchTransport", ["fetchFn"], z.tuple([FunctionArg.optional()]), [fetchFn], "createFetchTransport() or createFetchTransport(fetch)");
  return coreCreateFetchTransport(fetchFn);
}

// ---------------------------------------------------------------------------------------------
// The secure gateway's envelope

/** What sealing needs: the client's id, the signature's secrets, the gateway's public key, the headers' values. */
export type EnvelopeSettings = envelope.EnvelopeSettings;
/** A sealed request: its headers, its encrypted body, and the key, IV, nonce and time it was sealed with. */
export type SealedRequest = envelope.SealedRequest;
/** What sealRequest seals: the function's URL and the body, a token, and fixed key, IV, nonce or time if wanted. */
export type SealOptions = envelope.SealOptions;
/** A reply opened: `decrypted` says whether it was sealed; `value` is the JSON (or the text). */
export type OpenedReply = envelope.OpenedReply;

/**
 * The secure gateway's header names, as the spec writes them.
 *
 * @example
 * ```ts
 * import { HEADER } from "@mcoin/harness/gateway";
 *
 * HEADER.signature; // "Signature"
 * ```
 */
export const HEADER = envelope.HEADER;

/**
 * Seals a request as the mall sends it to the secure gateway: the body AES-encrypted with a fresh key
 * and IV, the key sealed with the gateway's public key (Encrypt header), the whole signed.
 *
 * @example
 * ```ts
 * import { sandboxGatewaySettings, sealRequest } from "@mcoin/harness/gateway";
 *
 * const sealed = sealRequest(sandboxGatewaySettings(sandbox.url), { functionUrl: "/bservice/discount/gateway/getTaskDetail", body: { task_no: "T1" } });
 * await fetch(`${sandbox.url}/bservice/discount/gateway/getTaskDetail`, { method: "POST", headers: sealed.headers, body: sealed.body });
 * ```
 */
export function sealRequest(settings: EnvelopeSettings, options: SealOptions): SealedRequest {
  const schema = z.tuple([
    EnvelopeSettingsArg,
    z.looseObject({
      functionUrl: NonEmpty,
      token: z.string().optional(),
      now: z.number().optional(),
      key: z.string().length(16).optional(),
      iv: z.string().length(16).optional(),
      nonce: z.string().optional(),
    }),
  ]);
  checkedArguments(
    "sealRequest",
    ["settings", "options"],
    schema,
    [settings, options],
    'sealRequest(sandboxGatewaySettings(sandbox.url), { functionUrl: "/bservice/discount/gateway/getTaskDetail", body: {...} })',
  );
  return envelope.sealRequest(settings, options);
}

/**
 * Opens a reply (or an error body) with its request's key and IV; a reply that does not decrypt is
 * returned as it came (parsed when it is JSON).
 *
 * @example
 * ```ts
 * import { openReply, sealReply } from "@mcoin/harness/gateway";
 *
 * const key = "0123456789abcdef";
 * const iv = "fedcba9876543210";
 * openReply(sealReply({ result: { code: "000000" } }, key, iv), key, iv); // { decrypted: true, value: { result: ... } }
 * ```
 */
export function openReply(text: string, key: string, iv: string): OpenedReply {
  checkedArguments("openReply", ["text", "key", "iv"], z.tuple([Text, Text, Text]), [text, key, iv], "openReply(replyText, sealed.key, sealed.iv)");
  return envelope.openReply(text, key, iv);
}

/**
 * Seals a reply as the gateway does: the JSON, AES-encrypted with the request's key and IV (16
 * characters each).
 *
 * @example
 * ```ts
 * import { sealReply } from "@mcoin/harness/gateway";
 *
 * const body = sealReply({ result: { code: "000000" }, data: {} }, "0123456789abcdef", "fedcba9876543210");
 * ```
 */
export function sealReply(value: unknown, key: string, iv: string): string {
  checkedArguments(
    "sealReply",
    ["value", "key", "iv"],
    z.tuple([z.unknown(), z.string().length(16), z.string().length(16)]),
    [value, key, iv],
    'sealReply({ result: { code: "000000" } }, sealed.key, sealed.iv)',
  );
  return envelope.sealReply(value, key, iv);
}

/**
 * The signature rule: UPPER(md5(signSecret + requestTime + nonce + encryptedBody + md5Key)).
 *
 * @example
 * ```ts
 * import { signatureOf } from "@mcoin/harness/gateway";
 *
 * signatureOf({ secret: "s", requestTime: "20250101120000", nonce: "abcdefghij", body: "BASE64", md5Key: "m" });
 * ```
 */
export function signatureOf(input: envelope.SignatureInput): string {
  const schema = z.tuple([z.looseObject({ secret: Text, requestTime: Text, nonce: Text, body: Text, md5Key: Text })]);
  checkedArguments("signatureOf", ["input"], schema, [input], "signatureOf({ secret, requestTime, nonce, body, md5Key })");
  return envelope.signatureOf(input);
}

/**
 * Checks a captured request's Signature header against the secrets; `expected` is what it should be.
 *
 * @example
 * ```ts
 * import { readSandboxGatewayKeys, sandboxGatewaySettings, sealRequest, verifySignature } from "@mcoin/harness/gateway";
 *
 * const sealed = sealRequest(sandboxGatewaySettings(sandbox.url), { functionUrl: "/bservice/discount/gateway/getTaskDetail", body: {} });
 * const keys = readSandboxGatewayKeys();
 * verifySignature(sealed.headers, sealed.body, { secret: keys.signSecret, md5Key: keys.md5Key }).ok; // true
 * ```
 */
export function verifySignature(headers: Record<string, string | undefined>, body: string, secrets: { secret: string; md5Key: string }): { ok: boolean; expected: string; actual: string | undefined } {
  const schema = z.tuple([StringRecord, Text, z.looseObject({ secret: Text, md5Key: Text })]);
  checkedArguments(
    "verifySignature",
    ["headers", "body", "secrets"],
    schema,
    [headers, body, secrets],
    "verifySignature(request.headers, request.body, { secret: keys.signSecret, md5Key: keys.md5Key })",
  );
  return envelope.verifySignature(headers, body, secrets);
}

/**
 * A sealed request opened as the gateway opens it: the symmetric key and IV recovered from its
 * Encrypt header with the gateway's private key, and its body decrypted.
 *
 * @example
 * ```ts
 * import { openEnvelope, readSandboxGatewayKeys, sandboxGatewaySettings, sealRequest } from "@mcoin/harness/gateway";
 *
 * const sealed = sealRequest(sandboxGatewaySettings(sandbox.url), { functionUrl: "/bservice/discount/gateway/getTaskDetail", body: { task_no: "T1" } });
 * openEnvelope(sealed, readSandboxGatewayKeys().privateKey).body; // { task_no: "T1" }
 * ```
 */
export function openEnvelope(request: { headers: Record<string, string>; body: string }, privateKeyPem: string): { key: string; iv: string; body: unknown } {
  const schema = z.tuple([z.looseObject({ headers: StringRecord, body: Text }), NonEmpty]);
  checkedArguments("openEnvelope", ["request", "privateKeyPem"], schema, [request, privateKeyPem], "openEnvelope({ headers, body }, readSandboxGatewayKeys().privateKey)");
  const encrypt = JSON.parse(envelope.headerValue(request.headers, HEADER.encrypt) ?? "{}") as { symmetricKey?: string };
  if (!encrypt.symmetricKey) throw new Error("the request has no Encrypt header with a symmetricKey");
  const { key, iv } = recoverKeyAndIv(privateKeyPem, encrypt.symmetricKey);
  return { key, iv, body: JSON.parse(aesDecrypt(request.body.trim(), key, iv)) as unknown };
}

// ---------------------------------------------------------------------------------------------
// The secure gateway's client and its settings

/** The secure gateway client's settings: the envelope's, with `baseUrl`, `exemptUrls`, `timeoutMs` and `debug`. */
export type GatewayClientSettings = CoreGatewayClientSettings;
/** The secure gateway's client: `callFunction(FUNCTIONS.name, body)` typed, `call(url, body)` untyped. */
export type GatewayClient = CoreGatewayClient;
/** The sandbox's test-only gateway keys (fixtures/keys/). */
export type SandboxGatewayKeys = CoreSandboxGatewayKeys;

/**
 * A failed secure gateway call: `code` (BUSINESS, HTTP, NETWORK, TIMEOUT, ABORTED, BAD_REQUEST,
 * SIGNATURE, BAD_RESPONSE), the HTTP `status` and the reply's `result` when there was one.
 *
 * @example
 * ```ts
 * import { FUNCTIONS, GatewayError, createFetchTransport, createGatewayClient, sandboxGatewaySettings } from "@mcoin/harness/gateway";
 *
 * const gateway = createGatewayClient(sandboxGatewaySettings(sandbox.url), { transport: createFetchTransport() });
 * const input = { system_name: "taskCenter", data_source: "H5", task_no: "", cust_id_ciphertext: "c1001" } as const;
 * const error = await gateway.callFunction(FUNCTIONS.getTaskDetail, input).catch((caught: unknown) => caught);
 * if (error instanceof GatewayError) console.log(error.code, error.message); // BAD_REQUEST invalid request for getTaskDetail: task_no: ...
 * ```
 */
export const GatewayError = CoreGatewayError;
/** A failed secure gateway call, as the value GatewayError above throws it. */
export type GatewayError = CoreGatewayError;

/**
 * The secure gateway's client: seals every call, opens the reply, and succeeds only on result.code
 * "000000" (a GatewayError otherwise).
 *
 * @example
 * ```ts
 * import { FUNCTIONS, createFetchTransport, createGatewayClient, sandboxGatewaySettings } from "@mcoin/harness/gateway";
 *
 * const gateway = createGatewayClient(sandboxGatewaySettings(sandbox.url), { transport: createFetchTransport() });
 * const reply = await gateway.callFunction(FUNCTIONS.getTaskDetail, { system_name: "taskCenter", data_source: "H5", task_no: "T1", cust_id_ciphertext: "c1001" });
 * ```
 */
export function createGatewayClient(settings: GatewayClientSettings, options: GatewayClientOptions): GatewayClient {
  const schema = z.tuple([
    GatewaySettingsArg,
    z.looseObject({ transport: FunctionArg, now: FunctionArg.optional(), onSuccess: FunctionArg.optional(), onFailure: FunctionArg.optional(), log: FunctionArg.optional() }),
  ]);
  checkedArguments("createGatewayClient", ["settings", "options"], schema, [settings, options], "createGatewayClient(sandboxGatewaySettings(sandbox.url), { transport: createFetchTransport() })");
  const client = coreCreateGatewayClient(settings, options);
  return {
    ...client,
    callFunction: (declared, body, callOptions) => {
      checkedArguments(
        "callFunction",
        ["declared", "body"],
        z.tuple([DeclaredArg, z.unknown()]),
        [declared, body],
        "gateway.callFunction(FUNCTIONS.getTaskDetail, { system_name, data_source, task_no, cust_id_ciphertext })",
      );
      return client.callFunction(declared, body, callOptions);
    },
  };
}

/**
 * The secure gateway client's settings for an environment, read from its variables
 * (MCOIN_<ENV>_GATEWAY_{BASE,CLIENT_ID,PUBLIC_KEY,SIGN_SECRET,MD5_KEY,KEY_VERSION}); the sandbox's
 * come from its keys. For the sandbox alone, {@link sandboxGatewaySettings} is shorter.
 *
 * @example
 * ```ts
 * import { gatewaySettings, readSandboxGatewayKeys } from "@mcoin/harness/gateway";
 *
 * const settings = gatewaySettings({ environment: "sandbox", vars: process.env, sandboxUrl: sandbox.url, sandboxKeys: () => readSandboxGatewayKeys() });
 * ```
 */
export function gatewaySettings(input: GatewaySettingsInput): GatewayClientSettings {
  const schema = z.tuple([z.looseObject({ environment: z.enum(ENVIRONMENT_NAMES), vars: Variables, sandboxUrl: Text, sandboxKeys: FunctionArg })]);
  checkedArguments(
    "gatewaySettings",
    ["input"],
    schema,
    [input],
    'gatewaySettings({ environment: "sandbox", vars: process.env, sandboxUrl: sandbox.url, sandboxKeys: () => readSandboxGatewayKeys() })',
  );
  if (input.environment === "sandbox")
    checkedArguments(
      "gatewaySettings",
      ["input"],
      z.tuple([z.looseObject({ sandboxUrl: NonEmpty })]),
      [input],
      'gatewaySettings({ environment: "sandbox", vars: {}, sandboxUrl: sandbox.url, sandboxKeys: () => readSandboxGatewayKeys() })',
    );
  return coreGatewaySettings(input);
}

/**
 * The secure gateway client's settings for a sandbox at `sandboxUrl`, with the sandbox's own keys.
 *
 * @example
 * ```ts
 * import { sandboxGatewaySettings } from "@mcoin/harness/gateway";
 *
 * const settings = sandboxGatewaySettings(sandbox.url);
 * settings.baseUrl === sandbox.url; // true
 * ```
 */
export function sandboxGatewaySettings(sandboxUrl: string): GatewayClientSettings {
  checkedArguments("sandboxGatewaySettings", ["sandboxUrl"], z.tuple([NonEmpty]), [sandboxUrl], "sandboxGatewaySettings(sandbox.url)");
  return coreGatewaySettings({ environment: "sandbox", vars: {}, sandboxUrl, sandboxKeys: () => coreReadSandboxGatewayKeys(SANDBOX_KEYS_DIR) });
}

/**
 * Where the sandbox's test-only keys are (fixtures/keys/): never a real environment's.
 *
 * @example
 * ```ts
 * import { SANDBOX_KEYS_DIR } from "@mcoin/harness/gateway";
 *
 * console.log(SANDBOX_KEYS_DIR); // .../fixtures/keys
 * ```
 */
export const SANDBOX_KEYS_DIR = join(MALL_ROOT, "fixtures/keys");

/**
 * Reads the sandbox's test-only gateway keys from `dir` (default {@link SANDBOX_KEYS_DIR}): the
 * client's id, the signature's secrets, and the gateway's key pair.
 *
 * @example
 * ```ts
 * import { readSandboxGatewayKeys } from "@mcoin/harness/gateway";
 *
 * const { clientId, privateKey } = readSandboxGatewayKeys();
 * ```
 */
export function readSandboxGatewayKeys(dir: string = SANDBOX_KEYS_DIR): SandboxGatewayKeys {
  checkedArguments("readSandboxGatewayKeys", ["dir"], z.tuple([NonEmpty]), [dir], "readSandboxGatewayKeys() or readSandboxGatewayKeys(SANDBOX_KEYS_DIR)");
  return coreReadSandboxGatewayKeys(dir);
}

/**
 * The task center's client over a secure gateway client: a task's detail and its completion notice.
 *
 * @example
 * ```ts
 * import { createFetchTransport, createGatewayClient, createTaskCenterClient, sandboxGatewaySettings } from "@mcoin/harness/gateway";
 *
 * const gateway = createGatewayClient(sandboxGatewaySettings(sandbox.url), { transport: createFetchTransport() });
 * const taskCenter = createTaskCenterClient(gateway);
 * const detail = await taskCenter.getTaskDetail({ taskNo: "T1", custIdCiphertext: "c1001" });
 * ```
 */
export function createTaskCenterClient(gateway: GatewayClient, now?: () => number): TaskCenterClient {
  const schema = z.tuple([z.looseObject({ call: FunctionArg }), FunctionArg.optional()]);
  checkedArguments(
    "createTaskCenterClient",
    ["gateway", "now"],
    schema,
    [gateway, now],
    "createTaskCenterClient(createGatewayClient(sandboxGatewaySettings(sandbox.url), { transport: createFetchTransport() }))",
  );
  return coreCreateTaskCenterClient(gateway, now);
}
