/**
 * The HTTP transport under the API client: one function from a request to a reply, so the same
 * client runs over undici's pooled agent on the server, over `fetch` (which msw/node intercepts in
 * unit tests), or straight into the sandbox's msw handlers.
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

/** A transport over a fetch function (the global one by default). */
export function createFetchTransport(fetchFn: typeof fetch = (...args) => fetch(...args)): HttpTransport {
  return async (request) => {
    const response = await fetchFn(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: request.signal,
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
}

/**
 * A transport that answers from a request handler in the same process (the sandbox's msw handlers),
 * without any socket.
 */
export function createHandlerTransport(handle: (request: Request) => Promise<Response>): HttpTransport {
  return async (request) => {
    const pending = handle(
      new Request(request.url, { method: request.method, headers: request.headers, body: request.body }),
    );
    const response = await abortable(pending, request.signal);
    if (response.type === "error") throw new TypeError("fetch failed: network error");
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
}

function abortable<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
