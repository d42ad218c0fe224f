/**
 * The server's transport: undici's `request` over one pooled, keep-alive Agent per process, so every
 * gateway call reuses warm connections (Node's global fetch would allocate far more per call).
 */
import { Agent, request as undiciRequest, type Dispatcher } from "undici";
import type { HttpTransport } from "../api/transport";

export function createUndiciTransport(dispatcher: Dispatcher = new Agent({ keepAliveTimeout: 10_000, connections: 128, pipelining: 1 })): HttpTransport {
  return async (request) => {
    const response = await undiciRequest(request.url, {
      method: request.method as Dispatcher.HttpMethod,
      headers: request.headers,
      body: request.body,
      signal: request.signal,
      dispatcher,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (Array.isArray(value)) for (const item of value) headers.append(name, item);
      else if (value !== undefined) headers.set(name, value);
    }
    return { status: response.statusCode, headers, text: await response.body.text() };
  };
}
