/**
 * The server's transport: undici's `request` over one pooled, keep-alive Agent per process, so every
 * gateway call reuses warm connections (Node's global fetch would allocate far more per call).
 */
import { Agent, request as undiciRequest, type Dispatcher } from "undici";
import { beforeReply, type HttpTransport } from "../api/transport";
import { toFetchHeaders } from "./fetch-headers";

export function createUndiciTransport(dispatcher: Dispatcher = new Agent({ keepAliveTimeout: 10_000, connections: 128, pipelining: 1 })): HttpTransport {
  return async (request) => {
    let response: Dispatcher.ResponseData;
    try {
      response = await undiciRequest(request.url, {
        method: request.method as Dispatcher.HttpMethod,
        headers: request.headers,
        body: request.body,
        signal: request.signal,
        dispatcher,
      });
    } catch (error) {
      throw beforeReply(error);
    }
    return { status: response.statusCode, headers: toFetchHeaders(response.headers), text: await response.body.text() };
  };
}
