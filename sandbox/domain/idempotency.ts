/**
 * Idempotency keys (docs/architecture.md): per member, key → the request's fingerprint and the reply the
 * gateway gave. A repeat with the same request is answered with that reply and has no second
 * effect; the same key with another request is refused. Kept a day (real time, like tokens: a
 * lifetime, not a business rule), at most MAX_KEYS_PER_SCOPE per member, the oldest dropped first.
 *
 * Only replies that took effect (successes) are remembered. A refusal changed nothing, so a repeat
 * of it is simply tried again: after stock comes back, the member's retry can succeed.
 *
 * While the first request with a key is still being answered, a repeat waits for its reply rather
 * than running beside it.
 */
import { z } from "zod";

export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
export const MAX_KEYS_PER_SCOPE = 1000;
/** The scope of calls made without a member's token. */
export const ANONYMOUS_SCOPE = "";

export interface StoredReply {
  /** Real time (Date.now()) of the first reply. */
  at: number;
  /** What identifies the request: a digest of its method, path and body. */
  fingerprint: string;
  status: number;
  /** The reply's JSON text. */
  body: string;
}

export const StoredReplySchema = z.object({ at: z.number(), fingerprint: z.string(), status: z.number().int(), body: z.string() });

/** scope (open id) → key → reply, each oldest first */
export type IdempotencyData = Map<string, Map<string, StoredReply>>;

export type Claim =
  /** No reply for this key yet: answer the request, then `settle` with its reply (null: it took no effect). */
  | { kind: "first"; settle(reply: Omit<StoredReply, "at" | "fingerprint"> | null): void }
  /** Answered before (or being answered): this reply, or null when the first took no effect (try again). */
  | { kind: "repeat"; reply: Promise<StoredReply | null> | StoredReply }
  | { kind: "reused" };

export class IdempotencyKeys {
  private readonly data: () => IdempotencyData;
  private readonly changed: () => void;
  private readonly inFlight = new Map<string, { fingerprint: string; reply: Promise<StoredReply | null> }>();

  constructor(data: () => IdempotencyData, changed: () => void) {
    this.data = data;
    this.changed = changed;
  }

  claim(scope: string, key: string, fingerprint: string): Claim {
    const replies = this.scope(scope);
    const stored = replies.get(key);
    if (stored) return stored.fingerprint === fingerprint ? { kind: "repeat", reply: stored } : { kind: "reused" };
    const flightKey = `${scope}\n${key}`;
    const flying = this.inFlight.get(flightKey);
    if (flying) return flying.fingerprint === fingerprint ? { kind: "repeat", reply: flying.reply } : { kind: "reused" };

    let finish!: (reply: StoredReply | null) => void;
    const reply = new Promise<StoredReply | null>((resolve) => (finish = resolve));
    this.inFlight.set(flightKey, { fingerprint, reply });
    return {
      kind: "first",
      settle: (answer) => {
        this.inFlight.delete(flightKey);
        const record = answer ? { ...answer, at: Date.now(), fingerprint } : null;
        if (record) {
          const current = this.scope(scope);
          while (current.size >= MAX_KEYS_PER_SCOPE) current.delete(current.keys().next().value!);
          current.set(key, record);
          this.changed();
        }
        finish(record);
      },
    };
  }

  /** A scope's replies, the expired ones dropped. */
  private scope(scope: string): Map<string, StoredReply> {
    const data = this.data();
    let replies = data.get(scope);
    if (!replies) {
      replies = new Map();
      data.set(scope, replies);
    }
    const now = Date.now();
    for (const [key, reply] of replies) {
      if (now - reply.at <= IDEMPOTENCY_TTL_MS) break;
      replies.delete(key);
    }
    return replies;
  }

  /** Forgets the replies being waited for (a reset): their requests finish, but nobody waits for them. */
  clearInFlight(): void {
    this.inFlight.clear();
  }
}
