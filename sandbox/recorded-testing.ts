/** What the tests of served recordings share (sandbox/recorded.test.ts, sandbox/recorded-personas.test.ts). */
import type { RecordedExchange, ServedAt } from "#harness/serve";
import { createSandbox } from "./index";

export const BASE = "http://gateway.test";

/** A recorded exchange: a member's balance read, unless `overrides` say otherwise. */
export const exchange = (overrides: Partial<RecordedExchange>): RecordedExchange => ({
  source: "test.json",
  name: "a call",
  kind: "api",
  method: "GET",
  path: "/api/auth/basicinformation",
  query: {},
  status: 200,
  reply: { code: 200, msg: "success", data: {} },
  ...overrides,
});

/** A sandbox serving `exchanges`, and a way to call it in-process. */
export function serving(exchanges: RecordedExchange[], strict = false, at: ServedAt = "end") {
  const sandbox = createSandbox({ recordings: { exchanges, strict, at } });
  const send = async (path: string, init: RequestInit = {}) => {
    const response = await sandbox.handle(new Request(`${BASE}${path}`, init));
    return { status: response.status, body: await response.json() };
  };
  return { sandbox, send };
}
