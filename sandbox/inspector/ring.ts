/**
 * The inspector's memory: the last `capacity` exchanges, each analysed once when it is captured
 * (sandbox/inspector/analysis.ts) and kept with its bodies cut at `bodyLimit` bytes. Memory stays
 * bounded whatever the traffic: at most `capacity` entries of at most a few times `bodyLimit` each.
 * Listeners hear each exchange as it is added, and a clear.
 */
import type { BodyView, ExchangeDetail, ExchangeSummary, Markers } from "#core/controls/inspect";
import type { NearMiss } from "../near-miss";
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

export class ExchangeRing {
  readonly capacity: number;
  readonly bodyLimit: number;
  private readonly keys: InspectKeys;
  /** Oldest first; `start` is the index of the oldest once the ring is full. */
  private entries: KeptExchange[] = [];
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
    return this.entries.length;
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

  add(captured: CapturedExchange): ExchangeSummary {
    const seq = ++this.seq;
    const kept = this.analyse(seq, captured);
    if (this.entries.length < this.capacity) this.entries.push(kept);
    else {
      const leaving = this.entries[this.start];
      const nonce = leaving.detail.envelope?.nonce.value;
      if (nonce !== undefined && this.nonces.get(nonce) === leaving.summary.seq) this.nonces.delete(nonce);
      this.entries[this.start] = kept;
      this.start = (this.start + 1) % this.capacity;
      this.droppedCount += 1;
    }
    for (const listener of this.listeners) listener({ type: "exchange", summary: kept.summary });
    return kept.summary;
  }

  /** Newest first. */
  list(): KeptExchange[] {
    const ordered = [...this.entries.slice(this.start), ...this.entries.slice(0, this.start)];
    return ordered.reverse();
  }

  /** Oldest first, those after `since`. */
  since(since: number): ExchangeSummary[] {
    return this.list()
      .reverse()
      .filter((kept) => kept.summary.seq > since)
      .map((kept) => kept.summary);
  }

  get(seq: number): KeptExchange | undefined {
    return this.entries.find((kept) => kept.summary.seq === seq);
  }

  clear(): void {
    this.entries = [];
    this.start = 0;
    this.droppedCount = 0;
    this.nonces.clear();
    for (const listener of this.listeners) listener({ type: "cleared" });
  }

  private body(text: string): BodyView | undefined {
    const bytes = Buffer.byteLength(text);
    if (bytes === 0) return undefined;
    if (bytes <= this.bodyLimit) {
      const json = jsonOf(text);
      return { bytes, text, ...(json !== undefined ? { json } : {}) };
    }
    // A character cut in half at the end decodes to U+FFFD: dropped.
    const cut = Buffer.from(text)
      .subarray(0, this.bodyLimit)
      .toString("utf8")
      .replace(/\uFFFD+$/, "");
    return { bytes, text: cut, cut: true, limit: this.bodyLimit };
  }

  /** A decrypted body kept only when it is within the limit too. */
  private bounded(value: unknown): unknown {
    if (value === undefined) return undefined;
    const text = JSON.stringify(value) ?? "";
    return Buffer.byteLength(text) <= this.bodyLimit ? value : `(${Buffer.byteLength(text)} bytes of JSON, over the inspector's limit of ${this.bodyLimit})`;
  }

  private analyse(seq: number, captured: CapturedExchange): KeptExchange {
    const { kind, name } = nameOf(captured.method, captured.path);
    const secure = SECURE_PATH.test(captured.path);
    const nonce = secure ? Object.entries(captured.requestHeaders).find(([header]) => header.toLowerCase() === "nonce")?.[1] : undefined;
    const reusedFrom = nonce ? this.nonces.get(nonce) : undefined;
    if (nonce && reusedFrom === undefined) this.nonces.set(nonce, seq);
    const envelope = secure
      ? openEnvelope({
          requestHeaders: captured.requestHeaders,
          requestBody: captured.requestBody,
          replyHeaders: captured.replyHeaders,
          replyBody: captured.replyBody,
          clockNow: captured.clockNow,
          keys: this.keys,
          reusedFrom,
        })
      : undefined;
    const requestJson = jsonOf(captured.requestBody);
    const replyJson = jsonOf(captured.replyBody);
    const validation = validate({
      method: captured.method,
      path: captured.path,
      query: captured.query,
      requestBody: requestJson,
      replyBody: replyJson,
      ...(envelope ? { secure: { request: envelope.request, reply: envelope.reply, replyOpened: envelope.replyOpened } } : {}),
    });
    const invalid = validation !== undefined && validation.request.length + validation.reply.length > 0;
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
      markers,
    };
    const requestBody = this.body(captured.requestBody);
    const replyBody = this.body(captured.replyBody);
    const envelopeView = envelope
      ? {
          ...envelope.view,
          request: { ...envelope.view.request, opened: this.bounded(envelope.view.request.opened) },
          reply: { ...envelope.view.reply, opened: this.bounded(envelope.view.reply.opened) },
        }
      : undefined;
    const detail: ExchangeDetail = {
      ...summary,
      request: { headers: captured.requestHeaders, ...(requestBody ? { body: requestBody } : {}) },
      reply: { headers: captured.replyHeaders, ...(replyBody ? { body: replyBody } : {}) },
      ...(envelopeView ? { envelope: envelopeView } : {}),
      ...(validation ? { validation } : {}),
      ...(captured.nearMiss ? { nearMiss: captured.nearMiss } : {}),
      commands: commandsFor({
        origin: captured.origin,
        method: captured.method,
        path: captured.path,
        query: captured.query,
        requestHeaders: captured.requestHeaders,
        requestBody: requestBody?.cut ? "" : captured.requestBody,
        name,
        opened: envelope?.request,
      }),
    };
    const whole =
      !requestBody?.cut && !replyBody?.cut
        ? { requestBody: captured.requestBody, replyBody: captured.replyBody, requestHeaders: captured.requestHeaders, replyHeaders: captured.replyHeaders, origin: captured.origin }
        : undefined;
    return { summary, detail, ...(whole ? { whole } : {}) };
  }
}
