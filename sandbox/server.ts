/**
 * Serves the sandbox's msw handlers over plain HTTP (node:http): each incoming request becomes a
 * Fetch Request, the sandbox answers it, and the Response is written back.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createSandbox, type Sandbox, type SandboxOptions } from "./index";

export interface RunningSandbox {
  sandbox: Sandbox;
  server: Server;
  url: string;
  close(): Promise<void>;
}

export async function startSandboxServer(options: SandboxOptions & { port?: number; host?: string } = {}): Promise<RunningSandbox> {
  const sandbox = createSandbox(options);
  const server = createServer((req, res) => {
    serveOne(sandbox, req, res).catch((error: unknown) => {
      console.error("sandbox: request failed", error);
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ code: 500, msg: "sandbox error" }));
    });
  });
  server.keepAliveTimeout = 15_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 4010, options.host ?? "0.0.0.0", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    sandbox,
    server,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        sandbox.state.saveNow();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function serveOne(sandbox: Sandbox, req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const url = `http://${req.headers.host ?? "127.0.0.1"}${req.url ?? "/"}`;
  const method = req.method ?? "GET";
  const request = new Request(url, {
    method,
    headers,
    body: method === "GET" || method === "HEAD" ? undefined : body,
  });

  const response = await sandbox.handle(request);
  if (response.type === "error") {
    // An injected network fault: drop the connection without a reply.
    req.socket.destroy();
    return;
  }
  const outgoing: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name === "set-cookie") return;
    outgoing[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) outgoing["set-cookie"] = cookies;
  res.writeHead(response.status, outgoing);
  res.end(Buffer.from(await response.arrayBuffer()));
}
