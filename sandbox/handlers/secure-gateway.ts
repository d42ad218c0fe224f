/**
 * The sandbox's secure gateway: the task center's two calls behind the real envelope. It recovers
 * the key and IV with its private key, verifies the signature, refuses a Request-Time more than five
 * minutes off its clock and a nonce seen before, and answers encrypted with the request's key and
 * IV. Refusals are plain JSON with a result code and a message that says what is wrong. The task
 * center behind it pays only for browsing: a completion notice before the task's threshold has
 * passed (on the sandbox clock, since the member's task detail) is refused.
 */
import { http, HttpResponse, type HttpHandler } from "msw";
import { HEADER, NONCE_LENGTH, SUCCESS_RESULT_CODE, headerValue, sealReply, signatureOf } from "#core/node/gateway/envelope";
import { aesDecrypt, aesEncrypt, parseRequestTime } from "#core/node/gateway/primitives";
import { recoverKeyAndIv } from "#core/node/gateway/private-key";
import { TASK_OK_SUBCODE, getTaskDetail, scanTypeTaskNotify } from "#core/api/task-center";
import type { SandboxGatewayKeys } from "#core/node/gateway/sandbox-keys";
import type { Clock } from "../domain/clock";
import type { TaskRuns } from "../domain/task-runs";
import { CLOCK_SKEW_HEADER } from "../front-door";
import type { Nonces } from "../instruments/nonces";
import type { StubBook } from "../stubs/book";
import { JSON_TOO_DEEP, JSON_TOO_DEEP_MESSAGE, parseBoundedJson } from "#core/http/bounded-json";
import { closestRoutes, nearMissResponse } from "../near-miss";
import type { RecordedBook } from "#harness/serve";
import { STREAMED, STUB_HEADER, recordedReply, type ReplyParts } from "../stand-ins";
import { dribbled, replyOf, type ReplyContext, type StubAnswer } from "../stubs/answer";
import { headersRecord } from "../headers-record";

/** What the secure gateway uses: its keys and clock, the nonces it has seen, the task center, and what stands in for it. */
export interface SecureGatewayParts extends ReplyParts {
  keys: SandboxGatewayKeys;
  clock: Clock;
  nonces: Nonces;
  taskRuns: TaskRuns;
  stubs: StubBook;
  recorded: RecordedBook | undefined;
  stubReplies: ReplyContext;
}

export const MAX_CLOCK_SKEW_MS = 5 * 60_000;
const NONCE_WINDOW_MS = 2 * MAX_CLOCK_SKEW_MS;

function refuse(status: number, code: string, message: string) {
  return HttpResponse.json({ result: { code, message } }, { status });
}

type Opened = { ok: true; key: string; iv: string; body: Record<string, unknown> } | { ok: false; response: Response };

/** Checks and opens one sealed request, in the order a real gateway would. */
function openRequest({ keys, clock, nonces }: SecureGatewayParts, request: Request, rawBody: string, functionUrl: string): Opened {
  const headers = headersRecord(request.headers);
  const get = (name: string) => headerValue(headers, name);
  for (const name of [HEADER.clientId, HEADER.requestTime, HEADER.nonce, HEADER.function, HEADER.encrypt, HEADER.signature]) {
    if (!get(name)) return { ok: false, response: nearMiss(400, "MISSING_HEADER", `the ${name} header is missing`, functionUrl, [`header ${name}`]) };
  }
  if (get(HEADER.clientId) !== keys.clientId) return { ok: false, response: refuse(401, "UNKNOWN_CLIENT", `Client-Id ${get(HEADER.clientId)} is not known to the gateway`) };
  if (get(HEADER.function) !== functionUrl)
    return { ok: false, response: nearMiss(400, "FUNCTION_MISMATCH", `the Function header (${get(HEADER.function)}) does not name the called URL (${functionUrl})`, functionUrl, ["header Function"]) };

  let key: string;
  let iv: string;
  try {
    const encrypt = JSON.parse(get(HEADER.encrypt) ?? "") as { algorithm?: string; keyVersion?: string; symmetricKey?: string };
    if (encrypt.algorithm !== "RSA_AES" || encrypt.keyVersion !== keys.keyVersion || !encrypt.symmetricKey) throw new Error("unsupported");
    ({ key, iv } = recoverKeyAndIv(keys.privateKey, encrypt.symmetricKey));
  } catch {
    return {
      ok: false,
      response: refuse(400, "KEY_UNRECOVERABLE", "the symmetric key in the Encrypt header cannot be recovered: was it encrypted with the gateway's public key (RSA_AES, key version 1)?"),
    };
  }

  let signature: { algorithm?: string; signature?: string };
  try {
    signature = JSON.parse(get(HEADER.signature) ?? "");
  } catch {
    signature = {};
  }
  const requestTime = get(HEADER.requestTime) ?? "";
  const nonce = get(HEADER.nonce) ?? "";
  const expected = signatureOf({ secret: keys.signSecret, requestTime, nonce, body: rawBody, md5Key: keys.md5Key });
  if (signature.algorithm !== "MD5" || signature.signature !== expected) {
    return {
      ok: false,
      response: nearMiss(401, "SIGNATURE_INVALID", "the signature does not match the request: check the signing secret and the MD5 key, and that the body was not changed", functionUrl, [
        "header Signature",
      ]),
    };
  }

  const sentAt = parseRequestTime(requestTime);
  if (!Number.isFinite(sentAt)) return { ok: false, response: refuse(400, "BAD_REQUEST_TIME", `Request-Time "${requestTime}" is not YYYY-MM-DD HH:mm:ss`) };
  // An injected clock skew (front-door.ts) moves the gateway's clock for this call.
  const skewMs = Number(request.headers.get(CLOCK_SKEW_HEADER) ?? 0) || 0;
  if (Math.abs(clock.now() + skewMs - sentAt) > MAX_CLOCK_SKEW_MS) {
    return { ok: false, response: refuse(401, "REQUEST_EXPIRED", `Request-Time ${requestTime} is more than 5 minutes off the gateway's clock`) };
  }
  if (nonce.length !== NONCE_LENGTH) return { ok: false, response: refuse(400, "BAD_NONCE", `the Nonce must be ${NONCE_LENGTH} characters`) };
  const seen = nonces.use(nonce, NONCE_WINDOW_MS);
  if (seen === "reused") return { ok: false, response: refuse(401, "NONCE_REUSED", `nonce ${nonce} was already used: a replayed request`) };
  if (seen === "full") return { ok: false, response: refuse(429, "TOO_MANY_REQUESTS", "the gateway holds as many nonces as its replay window allows; try again in a few minutes") };

  let opened: ReturnType<typeof parseBoundedJson>;
  try {
    opened = parseBoundedJson(aesDecrypt(rawBody, key, iv));
  } catch {
    opened = { ok: false, reason: "not-json" };
  }
  if (!opened.ok && opened.reason === "too-deep") return { ok: false, response: refuse(400, JSON_TOO_DEEP, `the decrypted body: ${JSON_TOO_DEEP_MESSAGE}`) };
  const body = opened.ok ? opened.value : null;
  if (!body || typeof body !== "object" || Array.isArray(body)) return { ok: false, response: refuse(400, "DECRYPT_FAILED", "the body does not decrypt to JSON with the symmetric key") };
  return { ok: true, key, iv, body: body as Record<string, unknown> };
}

type TaskReply = { result: { code: string; subCode?: string; message: string }; data?: unknown };

const paramInvalid = (message: string): TaskReply => ({ result: { code: "PARAM_INVALID", message } });

function taskDetail(taskRuns: TaskRuns, body: Record<string, unknown>): TaskReply {
  const parsed = getTaskDetail.request.safeParse(body);
  if (!parsed.success) {
    return paramInvalid("system_name, data_source, task_no (at most 64 characters) and cust_id_ciphertext (at most 512) are required");
  }
  const { task_no: taskNo, cust_id_ciphertext: cust } = parsed.data;
  const task = taskRuns.task(taskNo);
  if (!task) return { result: { code: SUCCESS_RESULT_CODE, subCode: "4004", message: `no task ${taskNo}` } };
  const run = taskRuns.readDetail(cust, taskNo);
  return {
    result: { code: SUCCESS_RESULT_CODE, subCode: task.subCode, message: task.subCode === TASK_OK_SUBCODE ? "success" : "task not available" },
    data: {
      task_no: task.taskNo,
      task_name: task.title,
      task_type: task.task_type,
      threshold_type: task.threshold_type,
      user_exec_status: run.done ? 1 : task.user_exec_status,
      threshold_value: task.threshold_value,
      check_value: task.threshold_value,
      reward: task.reward,
    },
  };
}

function taskNotify(taskRuns: TaskRuns, clock: Clock, body: Record<string, unknown>): TaskReply {
  const parsed = scanTypeTaskNotify.request.safeParse(body);
  if (!parsed.success) {
    return paramInvalid("system_name, data_source, tran_time (yyyyMMddHHmmss), task_no (at most 64 characters) and cust_id_ciphertext (at most 512) are required");
  }
  const { task_no: taskNo, cust_id_ciphertext: cust, check_value: checkValue } = parsed.data;
  const task = taskRuns.task(taskNo);
  const run = taskRuns.run(cust, taskNo);
  if (!task) return { result: { code: "TASK_NOT_FOUND", message: `no task ${taskNo}` } };
  if (!run) return { result: { code: "TASK_NOT_STARTED", message: "the task detail was never requested for this member" } };
  if (run.done) return { result: { code: "TASK_DONE", message: "this member has already completed the task" } };
  if (Number(checkValue) !== task.threshold_value) return { result: { code: "CHECK_VALUE_MISMATCH", message: `check_value must be ${task.threshold_value}` } };
  // The reward is for browsing: not before threshold_value seconds have passed since the detail.
  const remainingMs = run.detailAt + task.threshold_value * 1000 - clock.now();
  if (remainingMs > 0) {
    const seconds = Math.ceil(remainingMs / 1000);
    return { result: { code: "TASK_TOO_EARLY", message: `the completion notice came too early: ${seconds} of the task's ${task.threshold_value} seconds of browsing remain` } };
  }
  if (task.notify === "fail") return { result: { code: "TASK_REJECTED", message: "the task center could not record the completion" } };
  taskRuns.finish(cust, taskNo);
  return {
    result: { code: SUCCESS_RESULT_CODE, subCode: TASK_OK_SUBCODE, message: "success" },
    data: { task_no: task.taskNo, status: "COMPLETED", reward: task.reward, reward_unit: "mCoin" },
  };
}

/**
 * The gateway signs its replies as the client signs its requests, over the sealed reply with the
 * request's Request-Time and Nonce, so a client can tell a reply the gateway sent from one that was
 * changed on the way (the client checks it when present: core/node/gateway/client.ts).
 */
function replySignature(keys: SandboxGatewayKeys, request: Request, sealed: string): string {
  const requestTime = request.headers.get(HEADER.requestTime) ?? "";
  const nonce = request.headers.get(HEADER.nonce) ?? "";
  return JSON.stringify({ algorithm: "MD5", keyVersion: keys.keyVersion, signature: signatureOf({ secret: keys.signSecret, requestTime, nonce, body: sealed, md5Key: keys.md5Key }) });
}

/** A refusal of the envelope that names what differed, as the near-miss report does. */
function nearMiss(status: number, code: string, message: string, functionUrl: string, differs: string[]) {
  return nearMissResponse(status, { reason: "envelope", message, closest: [{ method: "POST", path: functionUrl, differs }] }, { result: { code, message } });
}

/** The registry's functions (core/api/task-center.ts), each answered in the shape it declares. */
const FUNCTIONS = new Map<string, (parts: SecureGatewayParts, body: Record<string, unknown>) => TaskReply>([
  [getTaskDetail.url, ({ taskRuns }, body) => getTaskDetail.reply.parse(taskDetail(taskRuns, body)) as TaskReply],
  [scanTypeTaskNotify.url, ({ taskRuns, clock }, body) => scanTypeTaskNotify.reply.parse(taskNotify(taskRuns, clock, body)) as TaskReply],
]);

const FUNCTION_ROUTES = [...FUNCTIONS.keys()].map((path) => ({ method: "POST", path }));

/**
 * A stub's reply to a secure call: its body (any of WireMock's, templated over the opened request)
 * sealed with the request's key and signed; a forwarded call's reply, or the sandbox's 500 saying
 * why the stub could not answer, passed on as it is. The front door reads STUB_HEADER.
 */
async function stubReply(parts: SecureGatewayParts, stub: StubAnswer, request: Request, rawBody: string, opened: { key: string; iv: string; body: Record<string, unknown> }): Promise<Response> {
  const url = new URL(request.url);
  // Templates read the opened body; a forwarded call carries the sealed one, as it came.
  const reply = await replyOf(stub, { method: "POST", url, headers: request.headers, body: new TextEncoder().encode(JSON.stringify(opened.body)) }, parts.stubReplies, {
    forwarded: new TextEncoder().encode(rawBody),
  });
  if (reply.kind === "fault") return new HttpResponse(null, { headers: { [STUB_HEADER]: `${stub.id} ${reply.fault}` } });
  const headers = new Headers(reply.headers);
  const statusText = reply.statusMessage ? { statusText: reply.statusMessage } : {};
  if (reply.asIs) {
    headers.set(STUB_HEADER, stub.id);
    return new HttpResponse(reply.body, { status: reply.status, ...statusText, headers });
  }
  const sealed = aesEncrypt(new TextDecoder().decode(reply.body ?? new Uint8Array()), opened.key, opened.iv);
  headers.set("content-type", "text/plain;charset=UTF-8");
  headers.set(HEADER.signature, replySignature(parts.keys, request, sealed));
  headers.set(STUB_HEADER, reply.dribble ? `${stub.id} ${STREAMED}` : stub.id);
  const body = reply.dribble ? dribbled(new TextEncoder().encode(sealed), reply.dribble, parts.stubReplies.timer) : sealed;
  return new HttpResponse(body, { status: reply.status, ...statusText, headers });
}

export function secureGatewayHandlers(parts: SecureGatewayParts): HttpHandler[] {
  const { stubs, recorded: book } = parts;
  return [
    http.post("*/bservice/discount/gateway/:function", async ({ request }) => {
      const functionUrl = new URL(request.url).pathname;
      const handler = FUNCTIONS.get(functionUrl);
      if (!handler) {
        const closest = closestRoutes(FUNCTION_ROUTES, "POST", functionUrl);
        const message = `the gateway has no function ${functionUrl}${closest.length > 0 ? `; did you mean ${closest.map((candidate) => candidate.path).join(" or ")}?` : ""}`;
        return nearMissResponse(404, { reason: "path", message, closest }, { result: { code: "UNKNOWN_FUNCTION", message } });
      }
      const rawBody = await request.text();
      const opened = openRequest(parts, request, rawBody, functionUrl);
      if (!opened.ok) return opened.response;
      // A stub answers on the opened request, its reply sealed and signed as the gateway's own.
      const url = new URL(request.url);
      const stub = stubs.match({ method: "POST", url: url.pathname + url.search, headers: request.headers, body: opened.body });
      if (stub) return stubReply(parts, stub, request, rawBody, opened);
      // The call acts as whom its Token header names: a member's session, or the task center's ciphertext.
      const token = request.headers.get(HEADER.token) ?? undefined;
      const cust = token ?? (typeof opened.body.cust_id_ciphertext === "string" ? opened.body.cust_id_ciphertext : undefined);
      const caller = { member: parts.logins.memberByToken(token)?.openId, cust };
      const recorded = book?.match({ kind: "secure", method: "POST", path: url.pathname, query: {}, body: opened.body, auth: Boolean(token), ...caller });
      const reply = recorded && "exchange" in recorded ? recordedReply(parts, recorded.exchange, { ...caller, origin: url.origin }) : undefined;
      if (recorded && "exchange" in recorded && reply) {
        const sealedRecorded = sealReply(reply.body, opened.key, opened.iv);
        return new HttpResponse(sealedRecorded, {
          status: recorded.exchange.status,
          headers: { "content-type": "text/plain;charset=UTF-8", [HEADER.signature]: replySignature(parts.keys, request, sealedRecorded) },
        });
      }
      if (recorded && "nearMiss" in recorded && book?.strict) return nearMissResponse(404, recorded.nearMiss, { result: { code: "NO_RECORDING", message: recorded.nearMiss.message } });
      const sealed = sealReply(handler(parts, opened.body), opened.key, opened.iv);
      return new HttpResponse(sealed, {
        headers: { "content-type": "text/plain;charset=UTF-8", [HEADER.signature]: replySignature(parts.keys, request, sealed) },
      });
    }),
  ];
}
