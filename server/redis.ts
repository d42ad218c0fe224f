/**
 * The Redis every mall instance shares (REDIS_URL): the rate limits (rate-limit.ts) and the grace of
 * rotated tokens (token-rotations.ts). Redis must never hold a request: what a request asks of Redis
 * gives up after MCOIN_REDIS_TIMEOUT_MS (a Redis that accepts and never answers is the case that
 * matters: a refused connection fails at once), and while Redis is away or hung each instance uses its
 * own memory. The log says so once when that starts and once when Redis answers again.
 *
 * A busy mall is not a hung Redis: when the event loop is held longer than the timeout (50 requests
 * rendering at once on a loaded machine), the timer fires before the socket is read, though Redis
 * answered in a millisecond. So when the time is up, the answer gets one more turn of the event loop
 * to be read (the poll phase comes before setImmediate's) before Redis is taken for away.
 */
import { Redis } from "ioredis";
import type { Logger } from "./logger";

/** While Redis is away, one request a second tries it again; the others go to memory at once. */
const RETRY_EVERY_MS = 1_000;
/**
 * ioredis's own command timeout, in timeouts: only a backstop that frees the commands a hung Redis
 * never answers. It must come later than the deadline of `use` and its one more turn, or it would
 * reject a command whose answer is waiting to be read.
 */
const BACKSTOP_TIMEOUTS = 4;

export class SharedRedis {
  readonly client: Redis;
  readonly #log: Logger;
  readonly #timeoutMs: number;
  #away = false;
  #retryAt = 0;

  constructor(url: string, { timeoutMs, log }: { timeoutMs: number; log: Logger }) {
    this.#log = log;
    this.#timeoutMs = timeoutMs;
    // No offline queue: a command while disconnected fails at once rather than waiting for the reconnection.
    this.client = new Redis(url, { commandTimeout: timeoutMs * BACKSTOP_TIMEOUTS, connectTimeout: Math.max(timeoutMs, 1_000), enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    // ioredis reports each failed reconnection here; without a listener each would be thrown.
    this.client.on("error", (error: Error) => this.#fell(error));
    // Connected (again): the next request tries Redis at once, and says it is back when it answers.
    this.client.on("ready", () => (this.#retryAt = 0));
  }

  /**
   * `viaRedis` while Redis answers; `inMemory` while it is away, or when `viaRedis` throws: so
   * `viaRedis` returns whatever Redis answers (a rate limit's refusal included) and throws only for
   * want of an answer (none within the timeout included).
   */
  async use<T>(viaRedis: () => Promise<T>, inMemory: () => T | Promise<T>): Promise<T> {
    if (this.#away) {
      if (Date.now() < this.#retryAt) return inMemory();
      this.#retryAt = Date.now() + RETRY_EVERY_MS;
    }
    let answer: T;
    try {
      answer = await this.#withinTimeout(viaRedis());
    } catch (error) {
      this.#fell(error instanceof Error ? error : new Error(String(error)));
      return inMemory();
    }
    if (this.#away) {
      this.#away = false;
      this.#log.info({ redis: "back" }, "Redis answers again: rate limits and token rotations are shared again");
    }
    return answer;
  }

  /** Whether Redis answers a PING within the command timeout (readiness, server/health.ts). */
  async answers(): Promise<boolean> {
    try {
      return (await this.#withinTimeout(this.client.ping())) === "PONG";
    } catch {
      return false;
    }
  }

  disconnect(): void {
    this.client.disconnect();
  }

  /** `pending`'s outcome, or a rejection when it has none once the timeout and one more turn of the event loop have passed. */
  #withinTimeout<T>(pending: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const settle = (finish: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        finish();
      };
      const timer = setTimeout(() => setImmediate(() => settle(() => reject(new Error(`Redis did not answer within ${this.#timeoutMs} ms`)))), this.#timeoutMs);
      pending.then(
        (value) => settle(() => resolve(value)),
        (error: unknown) => settle(() => reject(error instanceof Error ? error : new Error(String(error)))),
      );
    });
  }

  #fell(error: Error): void {
    this.#retryAt = Date.now() + RETRY_EVERY_MS;
    if (this.#away) return;
    this.#away = true;
    this.#log.warn({ redis: "away", err: error.message }, "Redis does not answer: rate limits and token rotations count in this process's memory meanwhile");
  }
}
