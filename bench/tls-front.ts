/**
 * The mall as a phone reaches it in production: over TLS and HTTP/2, through a front that terminates
 * TLS (as the load balancer does) and forwards each request to the mall's own HTTP/1.1 server on
 * loopback, saying what the phone asked for in X-Forwarded-Proto and X-Forwarded-Host (the mall trusts
 * them from loopback only: MCOIN_TRUST_PROXY=loopback). Lighthouse measures pages through it: a page
 * over plain HTTP/1.1 opens a connection for each file it asks for at once, which no phone in
 * production does. The certificate is made for the run (selfsigned), for `localhost`, one for the
 * process; the browser is told to trust its key (`tlsFrontChromeFlags`), so that it treats the front
 * as a phone treats the mall's real certificate. Told only to ignore certificate errors, Chromium
 * keeps nothing it fetches over such a connection in its HTTP cache, and a file asked ahead of a tap
 * would be fetched again when the tap uses it.
 */
import { createHash, X509Certificate } from "node:crypto";
import { once } from "node:events";
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from "node:http2";
import type { AddressInfo } from "node:net";
import selfsigned from "selfsigned";
import { Pool } from "undici";

/** Headers of one hop only (RFC 9110 section 7.6.1), and those HTTP/2 does not carry. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "host", "http2-settings"]);

/** The front's certificate: one for the process, so that the browsers launched in it trust it. */
let certificate: Promise<{ private: string; cert: string }> | null = null;

function frontCertificate(): Promise<{ private: string; cert: string }> {
  // An EC key: made in a moment, where an RSA key takes a while.
  certificate ??= selfsigned.generate([{ name: "commonName", value: "localhost" }], {
    notAfterDate: new Date(Date.now() + 24 * 60 * 60 * 1000),
    keyType: "ec",
    extensions: [{ name: "subjectAltName", altNames: [{ type: 2, value: "localhost" }] }],
  });
  return certificate;
}

/**
 * What the browser must be told to trust the front's certificate: the SHA-256 of its public key
 * (Chromium's `--ignore-certificate-errors-spki-list`, which needs a profile directory of its own, as
 * Playwright and chrome-launcher give every browser they launch).
 */
export async function tlsFrontChromeFlags(): Promise<string[]> {
  const spki = new X509Certificate((await frontCertificate()).cert).publicKey.export({ type: "spki", format: "der" });
  return [`--ignore-certificate-errors-spki-list=${createHash("sha256").update(spki).digest("base64")}`];
}

export interface TlsFront {
  /** The mall's origin through the front, `https://localhost:PORT`. */
  origin: string;
  close(): Promise<void>;
}

export async function startTlsFront(mallPort: number): Promise<TlsFront> {
  const pems = await frontCertificate();
  const mall = new Pool(`http://127.0.0.1:${mallPort}`, { connections: 32, keepAliveTimeout: 10_000 });
  let frontHost = "";

  async function forward(req: Http2ServerRequest, res: Http2ServerResponse) {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (name.startsWith(":") || HOP_BY_HOP.has(name) || value === undefined) continue;
      headers[name] = Array.isArray(value) ? value.join(name === "cookie" ? "; " : ", ") : value;
    }
    headers.host = `localhost:${mallPort}`;
    headers["x-forwarded-proto"] = "https";
    headers["x-forwarded-host"] = frontHost;
    const bodyless = req.method === "GET" || req.method === "HEAD";
    const reply = await mall.request({ path: req.url, method: req.method as "GET", headers, body: bodyless ? undefined : req });
    const out: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(reply.headers)) if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
    res.writeHead(reply.statusCode, out);
    for await (const chunk of reply.body) res.write(chunk);
    res.end();
  }

  const server = createSecureServer({ key: pems.private, cert: pems.cert, allowHTTP1: true }, (req, res) => {
    forward(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  frontHost = `localhost:${port}`;
  return {
    origin: `https://localhost:${port}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await mall.close();
    },
  };
}
