/**
 * What a matched mapping answers (core/controls/wiremock/response.ts), as WireMock 3 answers it: the
 * wait (fixed and drawn), then a connection fault, or the call forwarded (proxy.ts), or the reply:
 * status and reason phrase, headers, one body (text, JSON, Base64 or a file under `__files/`), sent
 * whole or dribbled in pieces. With templating (`transformers: ["response-template"]`, or every
 * mapping under --global-response-templating) the body, headers and file name are templates over the
 * request (template.ts). What WireMock answers with a 500 (a template that fails, a missing file, a
 * file outside `__files/`) is a 500 here too, saying why; never a failure of the sandbox.
 *
 * `StubBook.match` (book.ts) picks the mapping; `replyOf` makes its reply, so each caller (the front
 * door, the secure gateway, which seals the body) decides what goes on the wire.
 */
import { readFile } from "node:fs/promises";
import { isAbsolute, relative, resolve } from "node:path";
import { sampleLatency } from "#core/controls/faults";
import { RESPONSE_TEMPLATE, STUB_FAULTS, bodyFileProblem, type StubMapping } from "#core/controls/stubs";
import type { Timer } from "../instruments/timer";
import { proxied } from "./proxy";
import type { Bytes, ReplyRequest, StubReply } from "./reply";
import { TemplateError, templater } from "./template";

export type { Bytes, ReplyRequest, StubReply } from "./reply";

type StubResponse = StubMapping["response"];

/** A matched mapping, as the book hands it on. */
export interface StubAnswer {
  /** The mapping's id (its own, or one given when it was loaded). */
  id: string;
  response: StubResponse;
  /** The WireMock root's `__files/` folder the mapping was loaded beside, when it was loaded from one. */
  filesDir?: string;
  /** The mapping's urlPathTemplate: its `{name}`s are path parameters to templates. */
  pathTemplate?: string;
  /** The connection fault the mapping answers with, when it has one. */
  fault?: (typeof STUB_FAULTS)[keyof typeof STUB_FAULTS];
}

export function answerOf(id: string, mapping: Pick<StubMapping, "request" | "response">, options: { filesDir?: string } = {}): StubAnswer {
  const { response } = mapping;
  const pathTemplate = (mapping.request as { urlPathTemplate?: unknown }).urlPathTemplate;
  return {
    id,
    response,
    ...(options.filesDir ? { filesDir: options.filesDir } : {}),
    ...(typeof pathTemplate === "string" ? { pathTemplate } : {}),
    ...(response.fault ? { fault: STUB_FAULTS[response.fault] } : {}),
  };
}

/** What making a reply uses: the sandbox's timer and clock, its templating mode, and how it forwards a call. */
export interface ReplyContext {
  timer: Timer;
  /** The sandbox's clock, which `{{now}}` reads. */
  now: () => number;
  /** WireMock's --global-response-templating: every mapping is a template, not only those that ask. */
  globalTemplating: boolean;
  fetch?: typeof fetch;
  random?: () => number;
}

/** The header WireMock names the stub that answered with. */
export const MATCHED_STUB_HEADER = "Matched-Stub-Id";

/** The wait before the reply: the fixed delay plus one draw of the distribution. */
export function delayOf(response: StubResponse, random: () => number = Math.random): number {
  const fixed = response.fixedDelayMilliseconds ?? 0;
  const distribution = response.delayDistribution;
  if (!distribution) return fixed;
  if (distribution.type === "fixed") return fixed + distribution.milliseconds;
  if (distribution.type === "uniform") return fixed + sampleLatency({ delayMs: 0, latency: { uniform: [distribution.lower, distribution.upper] } }, random);
  const drawn = sampleLatency({ delayMs: 0, latency: { lognormal: { median: distribution.median, sigma: distribution.sigma } } }, random);
  return fixed + (distribution.maxValue === undefined ? drawn : Math.min(drawn, distribution.maxValue));
}

const text = (body: string) => new TextEncoder().encode(body);

function serverError(id: string, message: string): StubReply {
  return { kind: "reply", status: 500, headers: new Headers({ "content-type": "text/plain;charset=utf-8", [MATCHED_STUB_HEADER]: id }), body: text(message), json: false, asIs: false };
}

/** A file under `__files/`, read; a name that climbs out of it is refused as WireMock refuses it. */
async function bodyFile(filesDir: string | undefined, name: string): Promise<Bytes> {
  const problem = bodyFileProblem(name);
  if (!filesDir) throw new StubReplyError(`bodyFileName ${name}: this mapping was not loaded from a WireMock root, so it has no __files/ folder`);
  const path = resolve(filesDir, name);
  const inside = relative(filesDir, path);
  if (problem || inside.startsWith("..") || isAbsolute(inside)) throw new StubReplyError(`Access to file ${name} is not permitted: the file must be in ${filesDir}`);
  try {
    return new Uint8Array(await readFile(path));
  } catch {
    throw new StubReplyError(`bodyFileName ${name}: no such file in ${filesDir}`);
  }
}

class StubReplyError extends Error {}

/**
 * The reply of a matched mapping to one request, after its wait. `forwarded`: the bytes a proxied
 * call carries when they are not the body templates read (a secure call's sealed body).
 */
export async function replyOf(answer: StubAnswer, request: ReplyRequest, context: ReplyContext, options: { forwarded?: Bytes } = {}): Promise<StubReply> {
  const { response } = answer;
  const delay = delayOf(response, context.random);
  if (delay > 0) await context.timer.sleep(delay);
  if (answer.fault) return { kind: "fault", fault: answer.fault };
  const templated = context.globalTemplating || (response.transformers ?? []).includes(RESPONSE_TEMPLATE);
  const bodyText = new TextDecoder().decode(request.body);
  const render = templated
    ? templater({ ...request, body: bodyText, ...(answer.pathTemplate ? { pathTemplate: answer.pathTemplate } : {}) }, { parameters: response.transformerParameters, now: context.now })
    : (template: string) => template;
  try {
    if (response.proxyBaseUrl !== undefined) return await proxied(response, { ...request, body: options.forwarded ?? request.body }, render, { send: context.fetch ?? fetch, timer: context.timer });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers ?? {})) for (const one of Array.isArray(value) ? value : [value]) headers.append(name, render(one));
    headers.set(MATCHED_STUB_HEADER, answer.id);
    let body: Bytes | null = null;
    if (response.body !== undefined) body = text(render(response.body));
    else if (response.jsonBody !== undefined) body = text(render(JSON.stringify(response.jsonBody)));
    else if (response.base64Body !== undefined) body = new Uint8Array(Buffer.from(response.base64Body, "base64"));
    else if (response.bodyFileName !== undefined) {
      const file = await bodyFile(answer.filesDir, render(response.bodyFileName));
      body = templated ? text(render(new TextDecoder().decode(file))) : file;
    }
    const { chunkedDribbleDelay: dribble } = response;
    return {
      kind: "reply",
      status: response.status,
      ...(response.statusMessage !== undefined ? { statusMessage: response.statusMessage } : {}),
      headers,
      body,
      json: response.jsonBody !== undefined,
      ...(dribble && body && body.length > 0 ? { dribble: { chunks: dribble.numberOfChunks, totalMs: dribble.totalDuration } } : {}),
      asIs: false,
    };
  } catch (error) {
    if (error instanceof TemplateError) return serverError(answer.id, `The response template of stub ${answer.id} failed: ${error.message}`);
    if (error instanceof StubReplyError) return serverError(answer.id, error.message);
    throw error;
  }
}

/** The body in pieces, each after its share of the time: chunkedDribbleDelay on the sandbox's timer. */
export function dribbled(body: Bytes, { chunks, totalMs }: { chunks: number; totalMs: number }, timer: Timer): ReadableStream<Uint8Array> {
  const count = Math.min(chunks, body.length);
  const size = Math.ceil(body.length / count);
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent > 0) await timer.sleep(totalMs / count);
      controller.enqueue(body.subarray(sent * size, (sent + 1) * size));
      sent += 1;
      if (sent * size >= body.length) controller.close();
    },
  });
}
