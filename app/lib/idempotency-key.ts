/**
 * A fresh idempotency key for one rendered form (docs/architecture.md): 32 hex characters from the platform's
 * random source (crypto.getRandomValues works on plain HTTP too, where randomUUID does not).
 */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Whether an action's answer says its state change may or may not have happened (a timeout, a
 * dropped connection: the `unconfirmed` refusal of app/server/order-actions.server.ts). The form keeps
 * its key then, so the member's retry reaches the gateway as the same request and acts at most once.
 */
export function isUnconfirmed(answer: unknown): boolean {
  return typeof answer === "object" && answer !== null && (answer as { unconfirmed?: unknown }).unconfirmed === true;
}
