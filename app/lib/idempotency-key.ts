/**
 * A fresh idempotency key for one rendered form (DESIGN.md): 32 hex characters from the platform's
 * random source (crypto.getRandomValues works on plain HTTP too, where randomUUID does not).
 */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
