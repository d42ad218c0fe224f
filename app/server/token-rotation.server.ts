/**
 * Tokens the mall has just rotated (spec section 4: returning to the tab refreshes the access token,
 * and the gateway revokes the old one). A request that left the browser before the refresh's reply
 * came back, or whose page navigated away and so dropped that reply with its new cookie, still
 * carries the old token: without this it would be 'not login' and the member would be signed out
 * for having come back to the tab. For a short grace the old token leads to the new one, and the
 * reply sets the cookie again.
 *
 * Kept in this process's memory (`TokenRotations`, bounded and short-lived), or with REDIS_URL in the
 * Redis every mall instance shares (server/token-rotations.ts), so that a request that reaches
 * another instance behind the load balancer finds the rotation too. The server makes one store per
 * process (services.server.ts).
 */
import { createHash } from "node:crypto";

export const ROTATION_GRACE_MS = 60_000;
const MAX_ROTATIONS = 10_000;

const key = (token: string) => createHash("sha256").update(token).digest("base64url");

/** Where rotations are kept for the grace. */
export interface Rotations {
  /** `from` was rotated into `to` now. */
  remember(from: string, to: string): Promise<void>;
  /** The newest token `token` was rotated into within the grace, or null when it was not rotated. */
  rotated(token: string): Promise<string | null>;
}

/** Rotations in this process's memory. */
export class TokenRotations implements Rotations {
  readonly #rotations = new Map<string, { token: string; at: number }>();

  async remember(from: string, to: string, now = Date.now()): Promise<void> {
    if (from === to) return;
    this.#rotations.delete(key(from));
    this.#rotations.set(key(from), { token: to, at: now });
    for (const [stale, rotation] of this.#rotations) {
      if (this.#rotations.size <= MAX_ROTATIONS && now - rotation.at <= ROTATION_GRACE_MS) break;
      this.#rotations.delete(stale);
    }
  }

  async rotated(token: string, now = Date.now()): Promise<string | null> {
    let current = token;
    let found: string | null = null;
    // A chain (two refreshes in the grace) ends at the newest; a loop cannot happen, but is bounded anyway.
    for (let hops = 0; hops < 5; hops++) {
      const rotation = this.#rotations.get(key(current));
      if (!rotation || now - rotation.at > ROTATION_GRACE_MS) break;
      found = current = rotation.token;
    }
    return found;
  }
}
