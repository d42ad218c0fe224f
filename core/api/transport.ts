/**
 * The HTTP transport under the API client: one function from a request to a reply, so the same
 * client runs over undici's pooled agent on the server or over `fetch` (which msw/node intercepts in
 * unit tests).
 */
export interface HttpRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  text: string;
}

export type HttpTransport = (request: HttpRequest) => Promise<HttpResponse>;

/**
 * The header that carries the id of the mall's request a gateway call is made for, so that the
 * gateway's log (the sandbox's call log, its inspector) can be filtered to one page load's calls.
 */
export const REQUEST_ID_HEADER = "X-Request-Id";

/** `transport` with `headers` added to every request (a request's own headers win). */
export function withHeaders(transport: HttpTransport, headers: Record<string, string>): HttpTransport {
  return (request) => transport({ ...request, headers: { ...headers, ...request.headers } });
}

/**
 * The mark on a failure a transport saw before any reply came (see `noReplyCame`). Registered by
 * name (Symbol.for), not a module's own object: the server's entry (server/index.ts, which makes the
 * transport) and the Remix build (whose client reads the mark) are bundled apart, each with its own
 * copy of this module.
 */
const NO_REPLY = Symbol.for("mcoin.transport.noReplyCame");

/**
 * Marks `error`, thrown while a transport waited for a reply's status line, as a call the gateway never
 * answered (connection refused, reset, closed with nothing or with bytes that are no HTTP reply), and
 * returns it. A failure while the body was read is not marked: a reply came, and broke off.
 */
export function beforeReply(error: unknown): unknown {
  if (typeof error === "object" && error !== null && Object.isExtensible(error)) Object.defineProperty(error, NO_REPLY, { value: true });
  return error;
}

/** Whether a transport said that `error` came before any reply (`beforeReply`); an unmarked failure is taken as after one. */
export function noReplyCame(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { [NO_REPLY]?: unknown })[NO_REPLY] === true;
}

/** A transport over a fetch function (the global one by default). */
export function createFetchTransport(fetchFn: typeof fetch = (...args) => fetch(...args)): HttpTransport {
  return async (request) => {
    let response: Response;
    try {
      response = await fetchFn(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal: request.signal,
      });
    } catch (error) {
      throw beforeReply(error);
    }
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
}
