/**
 * Raw HTTP requests for tests of the mall's server: any method, any Host, any bytes, which fetch and
 * Playwright would refuse or normalise.
 */
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";

export interface RawReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Sends one request to 127.0.0.1:port; the Host is `localhost:port` unless `headers.host` says otherwise. */
export function rawRequest(port: number, method: string, path: string, headers: Record<string, string | number> = {}, body?: string | Buffer): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = httpRequest({ host: "127.0.0.1", port, method, path, headers: { host: `localhost:${port}`, ...headers } }, (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString() }));
    });
    // A server that refuses a body answers and closes while the body is still being written: the
    // write fails (EPIPE) but the answer is there to read.
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (answered) return;
      if (error.code === "EPIPE" || error.code === "ECONNRESET") setTimeout(() => answered || reject(error), 2_000);
      else reject(error);
    });
    request.end(body);
  });
}
