/**
 * A Fetch body written to a node:http response as it comes (an event stream), until either side
 * closes: the sandbox's server (sandbox/server.ts) and the inspector on `mcoin record`
 * (harness/inspector/node-http.ts) write their streams with it.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

/** An event stream, written as it comes until either side closes it. */
export async function streamOut(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string | string[]>, body: ReadableStream<Uint8Array>): Promise<void> {
  res.writeHead(status, headers);
  res.flushHeaders();
  const reader = body.getReader();
  const closed = () => void reader.cancel().catch(() => undefined);
  req.once("close", closed);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
  } catch {
    // the client went away
  } finally {
    req.off("close", closed);
    res.end();
  }
}
