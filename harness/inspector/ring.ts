/**
 * The inspector's memory: the last `capacity` exchanges, kept with their bodies cut at `bodyLimit`
 * bytes, so memory stays bounded whatever the traffic: at most `capacity` entries of at most a few
 * times `bodyLimit` each. Each is analysed (./analysis.ts: the envelope opened, the
 * registry's validation) once, when someone looks: at once while a page or terminal follows the
 * stream, else when the list or the exchange is asked for. A gateway under load with nobody watching
 * pays for a copy, not for the analysis. Listeners hear each exchange as it is added, and a clear.
 */
import type { BodyView, ExchangeDetail, ExchangeSummary, Markers } from "#core/controls/inspect";
import type { NearMiss } from "#core/controls/declarations";
import { wellFormedRequestId } from "#core/http/request-id";
import { commandsFor, jsonOf, nameOf, openEnvelope, SECURE_PATH, validate, type InspectKeys } from "./analysis";

export const DEFAULT_CAPACITY = 1000;
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** One exchange as the server saw it, bodies whole. */
export interface CapturedExchange {
  at: number;
  /** The server's clock when it arrived (the sandbox's may be moved): Request-Time's skew is from it. */
  clockNow: number;
  /** Where it was sent, as its Host header said: the origin the commands call. */
  origin: string;
  method: string;
  path: string;
  query: Record<string, string>;
  requestHeaders: Record<string, string>;
  requestBody: string;
  status: number;
  ms: number;
  replyHeaders: Record<string, string>;
  replyBody: string;
  member?: string;
  markers: Markers;
  nearMiss?: NearMiss;
}

/**
 * What a kept exchange holds besides its detail: the bodies as sent, when they fit the limit, so it
 * can be saved as a recording or replayed (a cut body cannot be).
 */
export interface KeptExchange {
  summary: ExchangeSummary;
  detail: ExchangeDetail;
  whole?: { requestBody: string; replyBody: string; requestHeaders: Record<string, string>; replyHeaders: Record<string, string>; origin: string };
}

export type RingEvent = { type: "exchange"; summary: ExchangeSummary } | { type: "cleared" };

export interface RingOptions {
  capacity?: number;
  bodyLimit?: number;
  keys?: InspectKeys;
}

/** A body as captured: its text (cut at the limit) and its size on the wire. */
interface CapturedBody {
  text: string;
  bytes: number;
  cut: boolean;
}

/** An exchange in the ring: captured, and analysed once someone looked. */
interface Slot {
  seq: number;
  captured: Omit<CapturedExchange, "requestBody" | "replyBody">;
  request: CapturedBody;
  reply: CapturedBody;
  reusedFrom?: number;
  kept?: KeptExchange;
}

export class ExchangeRing {
  readonly capacity: number;
  readonly bodyLimit: number;
  private readonly keys: InspectKeys;
  /** Oldest first; `start` is the index of the oldest once the ring is full. */
  private slots: Slot[] = [];
  private start = 0;
  private seq = 0;
  private droppedCount = 0;
  /** Each nonce in the ring and the exchange that sent it first. */
  private readonly nonces = new Map<string, number>();
  private readonly listeners = new Set<(event: RingEvent) => void>();

  constructor(options: RingOptions = {}) {
    this.capacity = Math.max(1, Math.floor(options.capacity ?? DEFAULT_CAPACITY));
    this.bodyLimit = Math.max(256, Math.floor(options.bodyLimit ?? DEFAULT_BODY_LIMIT));
    this.keys = options.keys ?? {};
  }

  get size(): number {
    return this.slots.length;
  }

  /** Exchanges that left the ring to make room since it was last cleared. */
  get dropped(): number {
    return this.droppedCount;
  }

  /** Hears each exchange added and each clear; returns how to stop hearing. */
  listen(listener: (event: RingEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  add(captured: CapturedExchange): number {
    const seq = ++this.seq;
    const { requestBody, replyBody, ...rest } = captured;
    const slot: Slot = { seq, captured: rest, request: this.cut(requestBody), reply: this.cut(replyBody) };
    const nonce = SECURE_PATH.test(captured.path) ? Object.entries(captured.requestHeaders).find(([header]) => header.toLowerCase() === "nonce")?.[1] : undefined;
    if (nonce) {
      slot.reusedFrom = this.nonces.get(nonce);
      if (slot.reusedFrom === undefined) this.nonces.set(nonce, seq);
    }
    if (this.slots.length < this.capacity) this.slots.push(slot);
    else {
      const leaving = this.slots[this.start];
      for (const [value, first] of this.nonces) if (first === leaving.seq) this.nonces.delete(value);
      this.slots[this.start] = slot;
      this.start = (this.start + 1) % this.capacity;
      this.droppedCount += 1;
    }
    if (this.listeners.size > 0) {
      const { summary } = this.kept(slot);
      for (const listener of this.listeners) listener({ type: "exchange", summary });
    }
    return seq;
  }

  /** Newest first, each analysed. */
  list(): KeptExchange[] {
    return this.ordered()
      .reverse()
      .map((slot) => this.kept(slot));
  }

  /** Oldest first, those after `since`. */
  since(since: number): ExchangeSummary[] {
    return this.ordered()
      .filter((slot) => slot.seq > since)
      .map((slot) => this.kept(slot).summary);
  }

  get(seq: number): KeptExchange | undefined {
    const slot = this.slots.find((candidate) => candidate.seq === seq);
    return slot && this.kept(slot);
  }

  clear(): void {
    this.slots = [];
    this.start = 0;
    this.droppedCount = 0;
    this.nonces.clear();
    for (const listener of this.listeners) listener({ type: "cleared" });
  }

  private ordered(): Slot[] {
    return [...this.slots.slice(this.start), ...this.slots.slice(0, this.start)];
  }

  private cut(text: string): CapturedBody {
    const bytes = Buffer.byteLength(text);
    if (bytes <= this.bodyLimit) return { text, bytes, cut: false };
    // A character cut in half at the end decodes to U+FFFD: dropped.
    const cut = Buffer.from(text)
      .subarray(0, this.bodyLimit)
      .toString("utf8")
      .replace(/\uFFFD+$/, "");
    return { text: cut, bytes, cut: true };
  }

  private view(body: CapturedBody): BodyView | undefined {
    if (body.bytes === 0) return undefined;
    if (body.cut) return { bytes: body.bytes, text: body.text, cut: true, limit: this.bodyLimit };
    const json = jsonOf(body.text);
    return { bytes: body.bytes, text: body.text, ...(json !== undefined ? { json } : {}) };
  }

  /** A decrypted body kept only when it is within the limit too. */
  private bounded(value: unknown): unknown {
    if (value === undefined) return undefined;
    const text = JSON.stringify(value) ?? "";
    return Buffer.byteLength(text) <= this.bodyLimit ? value : `(${Buffer.byteLength(text)} bytes of JSON, over the inspector's limit of ${this.bodyLimit})`;
  }

  /** The slot analysed, once. */
  private kept(slot: Slot): KeptExchange {
    slot.kept ??= this.analyse(slot);
    return slot.kept;
  }

  private analyse(slot: Slot): KeptExchange {
    const { seq, captured, request, reply } = slot;
    const { kind, name } = nameOf(captured.method, captured.path);
    const whole = !request.cut && !reply.cut;
    // A cut body neither opens nor validates: the detail says it was cut instead.
    const envelope =
      kind === "secure" && whole
        ? openEnvelope({
            requestHeaders: captured.requestHeaders,
            requestBody: request.text,
            replyHeaders: captured.replyHeaders,
            replyBody: reply.text,
            clockNow: captured.clockNow,
            keys: this.keys,
            reusedFrom: slot.reusedFrom,
          })
        : undefined;
    const validation = whole
      ? validate({
          method: captured.method,
          path: captured.path,
          query: captured.query,
          requestBody: jsonOf(request.text),
          replyBody: jsonOf(reply.text),
          ...(envelope ? { secure: { request: envelope.request, reply: envelope.reply, replyOpened: envelope.replyOpened } } : {}),
        })
      : undefined;
    const invalid = validation !== undefined && validation.request.length + validation.reply.length > 0;
    // Only a well-formed id is shown: anything else in the header (escapes, kilobytes) is dropped.
    const requestId = wellFormedRequestId(Object.entries(captured.requestHeaders).find(([header]) => header.toLowerCase() === "x-request-id")?.[1]);
    const markers: Markers = { ...captured.markers, ...(captured.nearMiss ? { nearMiss: true } : {}), ...(invalid ? { invalid: true } : {}) };
    const summary: ExchangeSummary = {
      seq,
      at: captured.at,
      method: captured.method,
      path: captured.path,
      query: captured.query,
      ...(name ? { name } : {}),
      kind,
      status: captured.status,
      ms: captured.ms,
      ...(captured.member ? { member: captured.member } : {}),
      ...(requestId ? { requestId } : {}),
      markers,
    };
    const requestView = this.view(request);
    const replyView = this.view(reply);
    const envelopeView = envelope
      ? {
          ...envelope.view,
          request: { ...envelope.view.request, opened: this.bounded(envelope.view.request.opened) },
          reply: { ...envelope.view.reply, opened: this.bounded(envelope.view.reply.opened) },
        }
      : undefined;
    const detail: ExchangeDetail = {
      ...summary,
      request: { headers: captured.requestHeaders, ...(requestView ? { body: requestView } : {}) },
      reply: { headers: captured.replyHeaders, ...(replyView ? { body: replyView } : {}) },
      ...(envelopeView ? { envelope: envelopeView } : {}),
      ...(validation ? { validation } : {}),
      ...(captured.nearMiss ? { nearMiss: captured.nearMiss } : {}),
      commands: commandsFor({
        origin: captured.origin,
        method: captured.method,
        path: captured.path,
        query: captured.query,
        requestHeaders: captured.requestHeaders,
        requestBody: request.cut ? "" : request.text,
        name,
        opened: envelope?.request,
      }),
    };
    return {
      summary,
      detail,
      ...(whole ? { whole: { requestBody: request.text, replyBody: reply.text, requestHeaders: captured.requestHeaders, replyHeaders: captured.replyHeaders, origin: captured.origin } } : {}),
    };
  }
}
