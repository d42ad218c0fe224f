/**
 * The inspector's routes (./http.ts) on a plain node:http server: `mcoin record` (harness/record)
 * serves them beside its forwarding. The request becomes a Fetch Request (its body
 * read up to a bound, aborted when the client goes), and the Response is written back, an event
 * stream chunk by chunk as it comes.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { toFetchHeaders } from "#core/node/fetch-headers";
import { streamOut } from "#core/node/stream-out";

/** The inspector's requests are small JSON bodies: a selection of sequence numbers, a fault. */
const MAX_BODY_BYTES = 64 * 1024;

export async function answerOnNode(req: IncomingMessage, res: ServerResponse, answer: (request: Request) => Promise<Response | undefined>): Promise<boolean> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) {
      res.writeHead(413, { "content-type": "application/json", connection: "close" });
      res.end(JSON.stringify({ ok: false, error: `body over ${MAX_BODY_BYTES} bytes` }));
      return true;
    }
    chunks.push(chunk as Buffer);
  }
  const gone = new AbortController();
  res.once("close", () => gone.abort());
  const headers = toFetchHeaders(req.headers);
  const method = req.method ?? "GET";
  const body = Buffer.concat(chunks);
  const request = new Request(new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`), {
    method,
    headers,
    body: method === "GET" || method === "HEAD" || body.length === 0 ? undefined : body,
    signal: gone.signal,
  });
  const response = await answer(request);
  if (!response) return false;
  const outgoing: Record<string, string> = {};
  response.headers.forEach((value, name) => (outgoing[name] = value));
  if (response.body) await streamOut(req, res, response.status, outgoing, response.body);
  else res.writeHead(response.status, outgoing).end();
  return true;
}
