/**
 * What a matched mapping answers (core/controls/wiremock/response.ts): its status, headers and body,
 * the delay before it, or the connection fault instead of it.
 */
import { STUB_FAULTS, type StubMapping } from "#core/controls/stubs";

export interface StubAnswer {
  /** The mapping's id (its own, or one given when it was loaded). */
  id: string;
  status: number;
  headers: [string, string][];
  /** The reply body: `jsonBody` (to be written as JSON) or `body` (text), when the mapping has one. */
  body: { json: unknown } | { text: string } | undefined;
  delayMs: number;
  fault?: (typeof STUB_FAULTS)[keyof typeof STUB_FAULTS];
}

export function answerOf(id: string, response: StubMapping["response"]): StubAnswer {
  const headers: [string, string][] = Object.entries(response.headers ?? {}).flatMap(([name, value]) =>
    Array.isArray(value) ? value.map((one): [string, string] => [name, one]) : [[name, value] as [string, string]],
  );
  return {
    id,
    status: response.status,
    headers,
    body: response.jsonBody !== undefined ? { json: response.jsonBody } : response.body !== undefined ? { text: response.body } : undefined,
    delayMs: response.fixedDelayMilliseconds ?? 0,
    ...(response.fault ? { fault: STUB_FAULTS[response.fault] } : {}),
  };
}
