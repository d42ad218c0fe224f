/**
 * The grace of rotated tokens (app/server/token-rotation.server.ts) in the Redis every mall instance
 * shares, so that a request carrying the old token finds the new one whichever instance it reaches.
 * Redis holds neither token in clear: an entry's key is a hash of the old token, and the new token is
 * sealed (AES-256-GCM) with a key derived from the old one, so only a caller that holds the old
 * token can read what it became. Each rotation is kept in this process's memory as well, which
 * answers while Redis is away or hung (redis.ts).
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { ROTATION_GRACE_MS, TokenRotations, type Rotations } from "../app/server/token-rotation.server";
import type { SharedRedis } from "./redis";

const hash = (purpose: string, token: string) => createHash("sha256").update(`${purpose}\0${token}`).digest();
const keyOf = (token: string) => `mcoin-rotation:${hash("key", token).toString("base64url")}`;

function seal(to: string, from: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", hash("seal", from), iv);
  const sealed = Buffer.concat([cipher.update(to, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url");
}

function unseal(value: string, from: string): string | null {
  try {
    const bytes = Buffer.from(value, "base64url");
    const decipher = createDecipheriv("aes-256-gcm", hash("seal", from), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

export class RedisTokenRotations implements Rotations {
  readonly #redis: SharedRedis;
  readonly #memory = new TokenRotations();

  constructor(redis: SharedRedis) {
    this.#redis = redis;
  }

  async remember(from: string, to: string): Promise<void> {
    if (from === to) return;
    await this.#memory.remember(from, to);
    await this.#redis.use(
      async () => void (await this.#redis.client.set(keyOf(from), seal(to, from), "PX", ROTATION_GRACE_MS)),
      () => undefined,
    );
  }

  rotated(token: string): Promise<string | null> {
    return this.#redis.use(
      async () => {
        let current = token;
        let found: string | null = null;
        // A chain (two refreshes in the grace) ends at the newest; a loop cannot happen, but is bounded anyway.
        for (let hops = 0; hops < 5; hops++) {
          const value = await this.#redis.client.get(keyOf(current));
          const next = value === null ? null : unseal(value, current);
          if (next === null) break;
          found = current = next;
        }
        return found;
      },
      () => this.#memory.rotated(token),
    );
  }
}
