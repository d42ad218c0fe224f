/**
 * A request's body as the call log keeps it: parsed JSON or text when short, else its first bytes
 * and its size. A secure gateway call is logged opened (the sandbox holds the gateway's private
 * key), so verify's body match and the log read the request a person meant, not its ciphertext.
 */
import { HEADER, headerValue } from "#core/node/gateway/envelope";
import { aesDecrypt } from "#core/node/gateway/primitives";
import { recoverKeyAndIv } from "#core/node/gateway/private-key";
import { nestsDeeperThan, parseBoundedJson } from "#core/http/bounded-json";
import { headersRecord } from "./headers-record";

/** The log keeps 2000 calls: at most this much of each body, so it stays a few megabytes. */
const LOGGED_BODY_BYTES = 2048;

const SECURE_PATH = /^\/bservice\//;

/** `privateKey`: the gateway's, to open a secure call's body. `tooDeep`: nested past the bound (core/http/bounded-json.ts). */
export async function loggedBody(privateKey: string, request: Request, pathname: string): Promise<{ body: unknown; sealed?: boolean; tooDeep?: boolean }> {
  if (request.method === "GET" || request.method === "HEAD") return { body: undefined };
  const bytes = Buffer.from(await request.clone().arrayBuffer());
  if (bytes.length === 0) return { body: undefined };
  const excerpt = () => ({
    bytes: bytes.length,
    excerpt: bytes
      .subarray(0, LOGGED_BODY_BYTES)
      .toString("utf8")
      .replace(/\uFFFD+$/, ""),
  });
  const text = bytes.toString("utf8");
  if (nestsDeeperThan(text)) return { body: { tooDeep: true, ...excerpt() }, tooDeep: true };
  if (SECURE_PATH.test(pathname) && bytes.length <= 64 * LOGGED_BODY_BYTES) {
    const opened = openSealed(privateKey, request, text);
    if (opened !== undefined) return { body: opened, sealed: true };
  }
  // A character cut in half at the end decodes to U+FFFD: dropped.
  if (bytes.length > LOGGED_BODY_BYTES) return { body: { truncated: true, ...excerpt() } };
  const parsed = parseBoundedJson(text);
  return { body: parsed.ok ? parsed.value : text };
}

/** A secure call's request opened, when the sandbox can (the secure gateway itself refuses one nested too deep). */
function openSealed(privateKey: string, request: Request, text: string): unknown {
  try {
    const encrypt = JSON.parse(headerValue(headersRecord(request.headers), HEADER.encrypt) ?? "") as { symmetricKey?: string };
    if (!encrypt.symmetricKey) return undefined;
    const { key, iv } = recoverKeyAndIv(privateKey, encrypt.symmetricKey);
    const opened = parseBoundedJson(aesDecrypt(text, key, iv));
    return opened.ok ? opened.value : undefined;
  } catch {
    return undefined;
  }
}
