/**
 * The secure gateway's result codes, as the sandbox's gateway answers them (sandbox/handlers/
 * secure-gateway.ts): those of the envelope, answered unsealed with an HTTP error status before any
 * function runs, and those of the task center, inside a sealed HTTP 200 reply. They are strings in the
 * handler, not a declaration, so cli/contract/openapi.test.ts holds this list and the handler's
 * literals together.
 */

export interface SecureCode {
  readonly code: string;
  /** The HTTP status it comes with. */
  readonly status: number;
  readonly meaning: string;
}

/** Refusals of the envelope: plain JSON `{ result: { code, message } }`, not sealed. */
export const ENVELOPE_REFUSALS: readonly SecureCode[] = [
  { code: "MISSING_HEADER", status: 400, meaning: "one of Client-Id, Request-Time, Nonce, Function, Encrypt, Signature is missing (the message names it)" },
  { code: "UNKNOWN_CLIENT", status: 401, meaning: "the Client-Id is not known to the gateway" },
  { code: "FUNCTION_MISMATCH", status: 400, meaning: "the Function header does not name the URL called" },
  { code: "KEY_UNRECOVERABLE", status: 400, meaning: "the key and IV in Encrypt cannot be recovered with the gateway's private key (RSA_AES, its key version)" },
  { code: "SIGNATURE_INVALID", status: 401, meaning: "the Signature does not match: wrong signing secret or MD5 key, or the body changed" },
  { code: "BAD_REQUEST_TIME", status: 400, meaning: "Request-Time is not YYYY-MM-DD HH:mm:ss" },
  { code: "REQUEST_EXPIRED", status: 401, meaning: "Request-Time is more than 5 minutes off the gateway's clock" },
  { code: "BAD_NONCE", status: 400, meaning: "the Nonce is not 10 characters" },
  { code: "NONCE_REUSED", status: 401, meaning: "the Nonce was used before: a replayed request" },
  { code: "TOO_MANY_REQUESTS", status: 429, meaning: "the gateway holds as many nonces as its replay window allows" },
  { code: "JSON_TOO_DEEP", status: 400, meaning: "the decrypted body nests deeper than the gateway parses" },
  { code: "DECRYPT_FAILED", status: 400, meaning: "the body does not decrypt to a JSON object with the symmetric key" },
  { code: "UNKNOWN_FUNCTION", status: 404, meaning: "no function at this path (the message names the nearest)" },
  { code: "NO_RECORDING", status: 404, meaning: "the sandbox serves recordings only (--recordings DIR --strict) and none matches" },
];

/** The task center's `result.code` inside a sealed reply (HTTP 200). */
export const TASK_RESULTS: readonly SecureCode[] = [
  { code: "000000", status: 200, meaning: "success; result.subCode says more: 0000 the task can be done, 4004 no such task, another the task is not available" },
  { code: "PARAM_INVALID", status: 200, meaning: "the decrypted request does not match the function's declaration" },
  { code: "TASK_NOT_FOUND", status: 200, meaning: "no task with this task_no" },
  { code: "TASK_NOT_STARTED", status: 200, meaning: "a completion notice for a task whose detail this member never read" },
  { code: "TASK_DONE", status: 200, meaning: "the member has already completed the task" },
  { code: "CHECK_VALUE_MISMATCH", status: 200, meaning: "check_value is not the task's threshold_value" },
  { code: "TASK_TOO_EARLY", status: 200, meaning: "the completion notice came before the task's threshold_value seconds had passed since its detail" },
  { code: "TASK_REJECTED", status: 200, meaning: "the task center could not record the completion" },
];
