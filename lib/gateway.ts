/**
 * `mcoin-mall/gateway`: the clients the mall and the CLI call the gateway with (docs/library.md):
 * the mCoin API's client built from the registry, the secure gateway's envelope (seal a request,
 * open one with the private key, open a reply, sign and verify) and its client, the task center's
 * client, and the registry itself. Nothing runs at import.
 */
import { recoverKeyAndIv } from "#core/node/gateway/private-key";
import { aesDecrypt } from "#core/node/gateway/primitives";
import { HEADER, headerValue } from "#core/node/gateway/envelope";

export { createApiClient, type ApiClient } from "#core/api/client";
export { createFetchTransport } from "#core/api/transport";
export { API_ENDPOINTS, ENDPOINT_GROUPS, SECURE_FUNCTIONS, endpointFor, functionFor } from "#core/api/registry";
export { HEADER, openReply, sealReply, sealRequest, signatureOf, verifySignature, type EnvelopeSettings, type SealedRequest } from "#core/node/gateway/envelope";
export { createGatewayClient, GatewayError, type GatewayClient, type GatewayClientSettings } from "#core/node/gateway/client";
export { gatewaySettings } from "#core/node/gateway/settings";
export { readSandboxGatewayKeys, type SandboxGatewayKeys } from "#core/node/gateway/sandbox-keys";
export { createTaskCenterClient } from "#core/node/task-center/client";

/**
 * A sealed request opened as the gateway opens it: the symmetric key and IV recovered from its
 * Encrypt header with the gateway's private key, and its body decrypted.
 */
export function openEnvelope(request: { headers: Record<string, string>; body: string }, privateKeyPem: string): { key: string; iv: string; body: unknown } {
  const encrypt = JSON.parse(headerValue(request.headers, HEADER.encrypt) ?? "{}") as { symmetricKey?: string };
  if (!encrypt.symmetricKey) throw new Error("the request has no Encrypt header with a symmetricKey");
  const { key, iv } = recoverKeyAndIv(privateKeyPem, encrypt.symmetricKey);
  return { key, iv, body: JSON.parse(aesDecrypt(request.body.trim(), key, iv)) as unknown };
}
