/**
 * Raw HTTP for the hostile-input suite. Playwright's request API (and fetch) will not send a Host of
 * our choosing, TRACE or nonsense methods, a body on GET, or an absolute-form target; node:http will,
 * and node:net sends what is not HTTP at all (CR/LF in a header, NUL in the request line).
 */
import { Agent, request, type IncomingHttpHeaders } from "node:http";
import { connect } from "node:net";

export interface Reply {
  /** The HTTP status, or 0 when the connection closed before a status line arrived. */
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** Why the connection ended without a reply (ECONNRESET, EPIPE, timeout). */
  error?: string;
}

export interface RawRequest {
  method: string;
  /** The request target, sent as it is (node:http refuses only spaces and characters above U+00FF). */
  path: string;
  headers: Record<string, string | number>;
  body?: string | Buffer;
}

const TIMEOUT_MS = 15_000;

export class RawClient {
  private readonly agent: Agent;

  constructor(
    private readonly host: string,
    private readonly port: number,
    sockets: number,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets: sockets });
  }

  send({ method, path, headers, body }: RawRequest): Promise<Reply> {
    return new Promise((resolve) => {
      let settled = false;
      const done = (reply: Reply) => {
        if (settled) return;
        settled = true;
        resolve(reply);
      };
      const outgoing = request({ host: this.host, port: this.port, method, path, headers, agent: this.agent, timeout: TIMEOUT_MS }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => done({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("utf8") }));
        response.on("error", (error) => done({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("utf8"), error: error.message }));
      });
      outgoing.on("timeout", () => outgoing.destroy(new Error("timeout")));
      // The server may answer an oversized body at once and close without reading the rest: the
      // write then fails, after or before the reply arrived.
      outgoing.on("error", (error: NodeJS.ErrnoException) => done({ status: 0, headers: {}, body: "", error: error.code ?? error.message }));
      outgoing.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** Bytes on a fresh connection; the reply's status line (0 when the server just closed). */
export function sendBytes(host: string, port: number, bytes: string | Buffer): Promise<Reply> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const chunks: Buffer[] = [];
    const finish = (error?: string) => {
      socket.destroy();
      const text = Buffer.concat(chunks).toString("latin1");
      const head = text.split("\r\n\r\n", 1)[0];
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
      const headers: IncomingHttpHeaders = {};
      for (const line of head.split("\r\n").slice(1)) {
        const at = line.indexOf(":");
        if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      const rest = text.slice(head.length + 4);
      resolve({ status, headers, body: headers["transfer-encoding"] === "chunked" ? unchunk(rest) : rest, error });
    };
    socket.setTimeout(5_000, () => finish("timeout"));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("end", () => finish());
    socket.on("error", (error: NodeJS.ErrnoException) => finish(error.code ?? error.message));
    socket.on("connect", () => socket.write(bytes));
  });
}

/** A chunked body's content (what arrived of it). */
function unchunk(text: string): string {
  let body = "";
  let at = 0;
  while (at < text.length) {
    const end = text.indexOf("\r\n", at);
    const size = Number.parseInt(text.slice(at, end), 16);
    if (end < 0 || !(size > 0)) break;
    body += text.slice(end + 2, end + 2 + size);
    at = end + 2 + size + 2;
  }
  return body;
}

/** Runs `work` over `items`, `width` at a time, in order of start. */
export async function pool<T, R>(items: readonly T[], width: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
  return results;
}
