/**
 * Raw HTTP requests for tests of the mall's server: any method, any Host, any bytes, which fetch and
 * Playwright would refuse or normalise.
 */
import { createLogger } from "./logger";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";

export interface RawReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Sends one request to 127.0.0.1:port; the Host is `localhost:port` unless `headers.host` says otherwise. */
export function rawRequest(port: number, method: string, path: string, headers: Record<string, string | number> = {}, body?: string | Buffer): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: "127.0.0.1", port, method, path, headers: { host: `localhost:${port}`, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString() }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

/**
 * Starts a request whose body is never finished: the headers (declaring a huge body, or chunked),
 * then only `first` of the body. Resolves with the answer the server gives without reading the rest
 * (a body refused at once), then drops the connection.
 */
export function rawRequestUnfinished(port: number, method: string, path: string, headers: Record<string, string | number>, first?: Buffer): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: "127.0.0.1", port, method, path, headers: { host: `localhost:${port}`, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString() });
        request.destroy();
      });
    });
    request.on("error", reject);
    request.flushHeaders();
    if (first) request.write(first);
  });
}

/** A server log for tests: its error lines go to console.error, which fails a test that did not expect them (vitest.setup.ts). */
export const testLog = () => createLogger("error", { write: (line: string) => console.error(line.trimEnd()) });
