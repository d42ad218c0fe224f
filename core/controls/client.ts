/**
 * The one typed client of the sandbox's controls (core/controls/declarations.ts): the CLI, the
 * bench and e2e reach a sandbox through it. It checks what it sends against the declaration before
 * sending (a wrong field is named, and nothing goes out), fills in path parameters, sends the control
 * token, and reads the answer with the declaration; a refusal is a ControlError carrying the
 * sandbox's own words.
 */
import type { Control, ControlInput, ControlParams, ControlReply } from "./declarations";

/** The header that carries the control token, besides `Authorization: Bearer`. */
export const CONTROL_TOKEN_HEADER = "x-sandbox-token";

export interface ControlClientOptions {
  /** The sandbox's origin, e.g. http://127.0.0.1:4010. */
  baseUrl: string;
  /** The sandbox's control token, when it has one. */
  token?: string;
  /** Another fetch (an in-process sandbox's, a test's). */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
}

export type ControlErrorCode = "INVALID_INPUT" | "REFUSED" | "UNEXPECTED_REPLY" | "NETWORK";

export class ControlError extends Error {
  readonly code: ControlErrorCode;
  /** The HTTP status of a refusal (0 when none came back). */
  readonly status: number;
  /** The refusal's reason, when the sandbox gives one (ALREADY_USED, TOO_MANY_FAILED_CODES, ...). */
  readonly reason?: string;
  readonly body?: unknown;

  constructor(code: ControlErrorCode, message: string, details: { status?: number; reason?: string; body?: unknown; cause?: unknown } = {}) {
    super(message, { cause: details.cause });
    this.name = "ControlError";
    this.code = code;
    this.status = details.status ?? 0;
    this.reason = details.reason;
    this.body = details.body;
  }
}

export interface ControlAnswer<C extends Control> {
  status: number;
  data: ControlReply<C>;
}

type Args<C extends Control> = { params?: ControlParams<C>; input?: ControlInput<C> };

export interface ControlClient {
  readonly baseUrl: string;
  /** Calls a control; its answer (2xx, or a status it declares as an answer), else a ControlError. */
  call<C extends Control>(control: C, args?: Args<C>): Promise<ControlAnswer<C>>;
  /** The same, the data only. */
  get<C extends Control>(control: C, args?: Args<C>): Promise<ControlReply<C>>;
}

/** The first problem a schema finds, as `field: message`. */
function firstIssue(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.length ? `${issue.path.map(String).join(".")}: ` : ""}${issue.message}` : "invalid";
}

/** `text` gzip-compressed, by the platform's CompressionStream (Node and browsers alike). */
async function gzip(text: string): Promise<Uint8Array<ArrayBuffer>> {
  const compressed = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(compressed).arrayBuffer());
}

export function createControlClient(options: ControlClientOptions): ControlClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const send = options.fetch ?? ((input, init) => fetch(input, init));

  async function call<C extends Control>(control: C, args: Args<C> = {}): Promise<ControlAnswer<C>> {
    const params = control.params.safeParse(args.params ?? {});
    if (!params.success) throw new ControlError("INVALID_INPUT", `${control.name}: ${firstIssue(params.error)}`);
    const input = control.input.safeParse(args.input ?? {});
    if (!input.success) throw new ControlError("INVALID_INPUT", `${control.name}: ${firstIssue(input.error)}`);

    const path = control.path.replace(/:(\w+)/g, (_: string, name: string) => encodeURIComponent(String((args.params as Record<string, unknown>)[name])));
    const url = new URL(`${baseUrl}${path}`);
    const headers: Record<string, string> = options.token ? { [CONTROL_TOKEN_HEADER]: options.token } : {};
    let body: string | Uint8Array<ArrayBuffer> | undefined;
    const given = (args.input ?? {}) as Record<string, unknown>;
    if (control.method === "GET" || control.method === "DELETE") {
      for (const [name, value] of Object.entries(given)) if (value !== undefined) url.searchParams.set(name, String(value));
    } else if (args.input !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(args.input);
      if (control.gzipBody) {
        headers["content-encoding"] = "gzip";
        body = await gzip(body);
      }
    }

    let response: Response;
    try {
      response = await send(url.href, { method: control.method, headers, body });
    } catch (error) {
      throw new ControlError("NETWORK", `the sandbox at ${baseUrl} did not answer ${control.name}: ${(error as Error).message}`, { cause: error });
    }
    const text = await response.text();
    let reply: unknown = text;
    try {
      reply = text === "" ? null : JSON.parse(text);
    } catch {
      // Not JSON: kept as text for the error.
    }
    if (!response.ok && !(control.answers ?? []).includes(response.status)) {
      const refusal = reply as { error?: unknown; reason?: unknown } | null;
      const said = typeof refusal?.error === "string" ? refusal.error : `HTTP ${response.status}`;
      const reason = typeof refusal?.reason === "string" ? refusal.reason : undefined;
      throw new ControlError("REFUSED", `the sandbox refused ${control.name}: HTTP ${response.status}: ${said}`, { status: response.status, reason, body: reply });
    }
    const data = control.reply.safeParse(reply);
    if (!data.success) throw new ControlError("UNEXPECTED_REPLY", `the sandbox answered ${control.name} outside its declaration: ${firstIssue(data.error)}`, { status: response.status, body: reply });
    return { status: response.status, data: data.data as ControlReply<C> };
  }

  return { baseUrl, call, get: async (control, args) => (await call(control, args)).data };
}
