/**
 * The request id that ties the gateway calls of one mall request together (decision 045): the mall
 * takes a caller's X-Request-Id when it is well-formed (server/logger.ts) and sends it on every
 * gateway call (core/api/transport.ts); the sandbox logs and shows it only when it is well-formed
 * too, so nothing from outside that could forge a log line or flood a terminal gets through.
 */

/** Short, and nothing a log line or a terminal could be forged with. */
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The id when it is well-formed (an array's first value, as Node gives a repeated header), else undefined. */
export function wellFormedRequestId(value: string | readonly string[] | null | undefined): string | undefined {
  const given = Array.isArray(value) ? (value as readonly string[])[0] : (value as string | null | undefined);
  return typeof given === "string" && WELL_FORMED_REQUEST_ID.test(given) ? given : undefined;
}
