/**
 * Stubs without code: WireMock's JSON stub mapping format, so a folder of mappings kept for WireMock
 * loads unchanged (docs/stubs.md). A mapping names what it matches (`request`,
 * ./wiremock/request.ts) and what it answers (`response`, ./wiremock/response.ts); a field the sandbox
 * does not serve is refused with its path named, rather than ignored, because a stub that silently
 * matches more than its author meant answers calls it was never written for. For the secure
 * gateway's functions, the body patterns read the decrypted request and `jsonBody` is the decrypted
 * reply, which the sandbox seals with the request's key.
 */
export * from "./wiremock/request";
export * from "./wiremock/response";
export * from "./wiremock/mapping";
