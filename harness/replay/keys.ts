/**
 * The Idempotency-Keys of one replay run: one fresh key per recorded role (`<key:N>`, minted at its
 * first use), so a recorded retry is sent with its original's key again, as it was, and a new run
 * never collides with the keys of the last.
 */
import { randomBytes } from "node:crypto";
import { endpointFor } from "#core/api/registry";
import { IDEMPOTENCY_KEY_HEADER, KEY_ROLE, type Recording } from "#harness/recording";

export class KeyRing {
  private readonly keys = new Map<string, string>();

  constructor(private readonly mint: () => string = () => randomBytes(16).toString("hex")) {}

  forRole(role: string): string {
    let key = this.keys.get(role);
    if (key === undefined) {
      key = this.mint();
      this.keys.set(role, key);
    }
    return key;
  }

  /** A key of its own, for a recorded mutation that carries none (a file written before roles). */
  fresh(): string {
    return this.mint();
  }
}

/**
 * The request's Idempotency-Key: a role becomes its run's key; a mutation the registry declares
 * idempotent that was recorded without one gets a key of its own; a literal key is sent as it is.
 */
export function withIdempotencyKey(recording: Recording, request: Recording["request"], keys: KeyRing): Recording["request"] {
  const headers = { ...request.headers };
  const name = Object.keys(headers).find((header) => header.toLowerCase() === IDEMPOTENCY_KEY_HEADER.toLowerCase());
  if (name !== undefined) {
    if (KEY_ROLE.test(headers[name])) headers[name] = keys.forRole(headers[name]);
  } else if (recording.kind === "api" && endpointFor(request.method, request.path)?.idempotent) {
    headers[IDEMPOTENCY_KEY_HEADER] = keys.fresh();
  } else {
    return request;
  }
  return { ...request, headers };
}
