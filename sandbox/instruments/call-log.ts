/**
 * The gateway calls the sandbox saw (GET /__sandbox/log, and what POST /__sandbox/verify checks),
 * oldest first, the newest MAX_LOG kept. Each has a sequence number, so a reader can ask for the
 * calls since the last one it read.
 */
import type { FaultKind } from "#core/controls/faults";
import type { NearMiss } from "../near-miss";

export interface LoggedCall {
  seq: number;
  at: number;
  method: string;
  path: string;
  query: Record<string, string>;
  body?: unknown;
  openId?: string;
  /** The mall request it was made for: its X-Request-Id when well-formed (core/http/request-id.ts). */
  requestId?: string;
  fault?: FaultKind;
  /** A secure gateway call: the body above is the decrypted request (the sandbox holds the key). */
  sealed?: boolean;
  /** The sandbox could not answer it (sandbox/near-miss.ts): why, and the closest endpoints. */
  nearMiss?: NearMiss;
  /** The stub that answered it (sandbox/stubs/book.ts), by its id. */
  stub?: string;
  /** A served recording answered it (harness/serve/book.ts). */
  recorded?: boolean;
  /** Once answered: the reply's status (0 when the connection was cut instead) and how long it took. */
  status?: number;
  ms?: number;
}

export const MAX_LOG = 2000;

/**
 * The business fault (core/controls/faults.ts, family "business") that made the sandbox send a call
 * to itself: the wallet's stand-in marks each settlement notice it sends late, twice or after a
 * cancel, and the front door logs the call with it, so the log, the inspector and verify show it.
 * Kept beside the request, not in a header, so an outside caller cannot claim one.
 */
const carried = new WeakMap<Request, FaultKind>();

/** The request, marked as sent because of `kind` (none: unmarked). */
export function carryingFault(request: Request, kind: FaultKind | undefined): Request {
  if (kind !== undefined) carried.set(request, kind);
  return request;
}

/** The business fault a request the sandbox sent itself was sent for, if any. */
export function faultCarriedBy(request: Request): FaultKind | undefined {
  return carried.get(request);
}

export class CallLog {
  private calls: LoggedCall[] = [];
  private seq = 0;
  private readonly listeners = new Set<(call: LoggedCall) => void>();

  /** Hears every call once it is answered; returns how to stop hearing. */
  onAnswered(listener: (call: LoggedCall) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Marks a call answered, with its status and time, and tells those listening. */
  answered(call: LoggedCall, status: number, ms: number): void {
    call.status = status;
    call.ms = ms;
    for (const listener of this.listeners) listener(call);
  }

  /** Logs a call, numbered after every call before it (a cleared log goes on counting). */
  add(call: Omit<LoggedCall, "seq" | "at">): LoggedCall {
    const entry = { ...call, seq: ++this.seq, at: Date.now() };
    this.calls.push(entry);
    if (this.calls.length > MAX_LOG) this.calls.splice(0, this.calls.length - MAX_LOG);
    return entry;
  }

  /** The calls after sequence number `since`, oldest first. */
  since(since = 0): LoggedCall[] {
    return this.calls.filter((call) => call.seq > since);
  }

  /** Marks a logged call as one the sandbox could not answer. */
  markNearMiss(seq: number, nearMiss: NearMiss): void {
    const call = this.latest(seq);
    if (call) call.nearMiss = nearMiss;
  }

  /** Marks a logged call as answered by a stub. */
  markStub(seq: number, id: string): void {
    const call = this.latest(seq);
    if (call) call.stub = id;
  }

  /** Marks a logged call as answered by a served recording. */
  markRecorded(seq: number): void {
    const call = this.latest(seq);
    if (call) call.recorded = true;
  }

  clear(): void {
    this.calls = [];
  }

  /** The latest logged call of a sequence number (a loop, not findLast: the package compiles against ES2022). */
  private latest(seq: number): LoggedCall | undefined {
    for (let index = this.calls.length - 1; index >= 0; index -= 1) {
      const call = this.calls[index];
      if (call?.seq === seq) return call;
    }
    return undefined;
  }
}
