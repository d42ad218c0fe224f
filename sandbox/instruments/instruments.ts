/**
 * The runtime instruments: what belongs to the running process, not to the gateway's data (the
 * store), and what a reset clears. The front door (sandbox/front-door.ts), the handlers and the
 * controls are each handed the few they use. The served recordings (harness/serve/book.ts) and the
 * traffic inspector's ring (harness/inspector/ring.ts) are kept here too.
 */
import type { SandboxGatewayKeys } from "#core/node/gateway/sandbox-keys";
import { ExchangeRing, type RingOptions } from "#harness/inspector";
import type { RecordedBook } from "#harness/serve";
import { CallLog } from "./call-log";
import { SandboxClock } from "./clock";
import { DeferredWork } from "./deferred-work";
import { ErrorReports } from "./error-reports";
import { FaultQueue } from "./fault-queue";
import { Latency } from "./latency";
import { Nonces } from "./nonces";
import type { ReplyContext } from "../stubs/answer";
import { StubBook } from "../stubs/book";
import { REAL_TIMER, type Timer } from "./timer";

export interface InstrumentsOptions {
  /** The secure gateway's keys, with which the inspector opens sealed exchanges. */
  keys: Pick<SandboxGatewayKeys, "privateKey" | "signSecret" | "md5Key">;
  /** How many exchanges the inspector keeps, and how much of a body. */
  inspect?: Omit<RingOptions, "keys">;
  /** The delay added to every gateway call at start, in milliseconds. */
  latencyMs?: number;
  /** What the sandbox waits through (timer.ts): real time unless a test hands it another. */
  timer?: Timer;
  /** Recorded exchanges to answer with (harness/serve/book.ts). */
  recorded?: RecordedBook;
  /** WireMock's --global-response-templating: every stub's response is a template, not only those that ask. */
  globalResponseTemplating?: boolean;
}

export class Instruments {
  readonly clock = new SandboxClock();
  readonly faults = new FaultQueue();
  readonly calls = new CallLog();
  readonly nonces = new Nonces();
  readonly errors = new ErrorReports();
  /** Stubs in WireMock's mapping format, answered before the sandbox's own rules. */
  readonly stubs = new StubBook();
  /** How a stub's reply is made (sandbox/stubs/answer.ts): waits on the timer, `{{now}}` on the clock. */
  readonly stubReplies: ReplyContext;
  readonly timer: Timer;
  readonly deferred: DeferredWork;
  readonly latency: Latency;
  /** The traffic inspector's ring of whole exchanges. */
  readonly inspected: ExchangeRing;
  /** Recorded exchanges served as an environment, when the sandbox was given some. */
  readonly recorded: RecordedBook | undefined;

  constructor(options: InstrumentsOptions) {
    this.timer = options.timer ?? REAL_TIMER;
    this.deferred = new DeferredWork(this.timer);
    this.latency = new Latency(options.latencyMs ?? 0);
    const { privateKey, signSecret, md5Key } = options.keys;
    this.inspected = new ExchangeRing({ ...options.inspect, keys: { privateKey, signSecret, md5Key } });
    this.recorded = options.recorded;
    this.stubReplies = { timer: this.timer, now: () => this.clock.now(), globalTemplating: options.globalResponseTemplating ?? false };
  }

  /** Back to how the sandbox started: real time, no faults, stubs from files only, empty logs; scheduled work is cancelled. */
  reset(): void {
    this.clock.set(null);
    this.deferred.cancelAll();
    this.faults.clear();
    this.stubs.reset();
    this.recorded?.reset();
    this.calls.clear();
    this.inspected.clear();
    this.errors.clear();
    this.nonces.clear();
    this.latency.reset();
  }
}
