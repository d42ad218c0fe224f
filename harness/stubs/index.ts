/**
 * harness/stubs: recordings written as WireMock mappings (`mcoin stubs from-recording`): the
 * conversion (./mappings.ts) and the WireMock root it writes (./write.ts). The CLI imports it from
 * here only.
 */
export { SECURE_NOTE, nameOf, wireMockRoot, type KeptPicture, type Mapping, type WireMockRoot } from "./mappings";
export { FILES_FOLDER, MAPPINGS_FOLDER, writeWireMockRoot, type WrittenRoot } from "./write";
