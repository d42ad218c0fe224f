/**
 * What in an exchange belongs to one call or one connection only, declared once: the headers never
 * forwarded nor kept, the reply fields a replay does not compare, the request fields that never
 * decide which recorded reply is meant, and the fields whose values are drawn fresh or stamped with
 * the day. Field names compare as `fieldKey` writes them: without case, `_` or `-`.
 */

/** `access_token`, `accessToken` and `Access-Token` are one field. */
export const fieldKey = (name: string): string => name.toLowerCase().replace(/[-_]/g, "");

/**
 * Headers of one connection only, or that curl and fetch set themselves: never forwarded, kept in a
 * recording or repeated in a command.
 */
export const HOP_BY_HOP_HEADERS: ReadonlySet<string> = new Set(["host", "connection", "keep-alive", "transfer-encoding", "content-length", "accept-encoding"]);

/** The header a mutation carries its idempotency key in (core/api/shop-endpoints.ts). */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

/** Reply fields (JSONPath on the reply body) that change on every call, by path: the recorder writes them in `ignore`. */
export const VOLATILE_REPLY_FIELDS: Readonly<Record<string, readonly string[]>> = {
  "/api/system/time": ["$.data.sysTime"],
  "/macaupassconfig": ["$.data.timestamp", "$.data.nonceStr", "$.data.signature"],
};

/** Request fields (query or body, as `fieldKey`s) whose value changes with every call and never decides which reply is meant. */
export const VOLATILE_REQUEST_FIELDS: ReadonlySet<string> = new Set([
  "timestamp",
  "time",
  "nonce",
  "requesttime",
  "trantime",
  "idempotencykey",
  "code",
  "sign",
  "signature",
  "token",
  "accesstoken",
  "sessionid",
]);

/** Numbers that name an order or a coupon and embed the day it was made (`fieldKey`s). */
export const DATED_NUMBER_FIELDS: ReadonlySet<string> = new Set(["orderno", "ordernumber", "couponno", "couponnumber", "tradeno", "outtradeno", "refundno"]);

/** Codes drawn at random for each purchase or call (`fieldKey`s). */
export const RANDOM_CODE_FIELDS: ReadonlySet<string> = new Set(["redemptioncode", "paymentid", "othercode", "nonce", "noncestr", "requestid", "transactionid"]);

/**
 * Names (fields and headers, as `fieldKey`s) whose values are random but not secrets: idempotency
 * keys (a replay mints its own), nonces, request and trace ids, ETags.
 */
export const RANDOM_NOT_SECRET_NAMES: ReadonlySet<string> = new Set(
  [
    "idempotency-key",
    "x-idempotency-key",
    "nonce",
    "nonce-str",
    "x-nonce",
    "request-id",
    "x-request-id",
    "x-correlation-id",
    "x-trace-id",
    "trace-id",
    "traceparent",
    "tracestate",
    "x-amzn-trace-id",
    "etag",
    "if-none-match",
  ].map(fieldKey),
);
