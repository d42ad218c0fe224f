/**
 * The benches' browsers trust the TLS front by its key (bench/tls-front.ts): the key the flag names
 * must be the one the front serves, or Chromium refuses the front (or, told to ignore errors, caches
 * nothing it fetches there).
 */
import { createHash } from "node:crypto";
import { once } from "node:events";
import { connect } from "node:tls";
import { describe, expect, it } from "vitest";
import { startTlsFront, tlsFrontChromeFlags } from "./tls-front";

/** The SHA-256 of the public key of the certificate a TLS server at `origin` presents, in base64. */
async function servedKeyHash(origin: string): Promise<string> {
  const { hostname, port } = new URL(origin);
  const socket = connect({ host: "127.0.0.1", servername: hostname, port: Number(port), rejectUnauthorized: false, ALPNProtocols: ["h2"] });
  try {
    await once(socket, "secureConnect");
    const spki = socket.getPeerX509Certificate()!.publicKey.export({ type: "spki", format: "der" });
    return createHash("sha256").update(spki).digest("base64");
  } finally {
    socket.destroy();
  }
}

describe("the TLS front's certificate", () => {
  it("is trusted by the key the browsers are told, the same for every front of the process", async () => {
    const flags = await tlsFrontChromeFlags();
    expect(flags).toHaveLength(1);
    const flag = flags[0]!;
    expect(flag.startsWith("--ignore-certificate-errors-spki-list=")).toBe(true);
    const hash = flag.slice(flag.indexOf("=") + 1);
    const fronts = [await startTlsFront(1), await startTlsFront(1)];
    try {
      for (const front of fronts) expect(await servedKeyHash(front.origin)).toBe(hash);
    } finally {
      await Promise.all(fronts.map((front) => front.close()));
    }
  });
});
