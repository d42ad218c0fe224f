/**
 * For tests: a sandbox answered in-process (no port, no msw server), reached through the app's own
 * API client, its controls, and the sandbox's stand-in for the wallet. Its address is a loopback
 * one, so the controls answer without a token.
 */
import { createApiClient, type ApiClient } from "#core/api/client";
import { memberLogin } from "#core/api/endpoints";
import { IDEMPOTENCY_HEADER } from "#core/api/shop-endpoints";
import { createFetchTransport } from "#core/api/transport";
import { createSandbox, type RootSandbox, type Sandbox, type SandboxOptions } from "./index";
import type { LoggedCall } from "./instruments/call-log";

export const IN_PROCESS_BASE = "http://127.0.0.1:4999";

export interface InProcess extends Reach {
  sandbox: RootSandbox;
  /** The same calls to a tenant of the sandbox (`/tenants/NAME`, sandbox/tenants.ts). */
  tenant(name: string): Reach;
}

/** The calls a test makes to one tenant of the sandbox (the default one at its root). */
export interface Reach {
  /** The app's client as a member (signed in through POST /member/login), or anonymous. */
  client(openId?: string, locale?: string): Promise<ApiClient>;
  /** A JSON request to the sandbox (controls, /__wallet/pay): the parsed reply and its status. */
  request(path: string, init?: { method?: string; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Headers }>;
}

export function inProcess(options: SandboxOptions = {}): InProcess {
  const sandbox = createSandbox(options);
  return { sandbox, ...reach(sandbox, IN_PROCESS_BASE), tenant: (name) => reach(sandbox, `${IN_PROCESS_BASE}/tenants/${name}`) };
}

function reach(sandbox: RootSandbox, base: string): Reach {
  const transport = createFetchTransport((input, init) => sandbox.handle(new Request(input, init)));
  const anonymous = (locale: string) => createApiClient({ baseUrl: base, transport, locale });
  return {
    async client(openId, locale = "en") {
      if (!openId) return anonymous(locale);
      const { token } = (await anonymous(locale).call(memberLogin, { openId })).data;
      return createApiClient({ baseUrl: base, transport, locale, token });
    },
    async request(path, init = {}) {
      const hasBody = init.body !== undefined;
      const response = await sandbox.handle(
        new Request(`${base}${path}`, {
          method: init.method ?? (hasBody ? "POST" : "GET"),
          headers: { ...(hasBody ? { "content-type": "application/json" } : {}), ...init.headers },
          body: hasBody ? (typeof init.body === "string" ? init.body : JSON.stringify(init.body)) : undefined,
        }),
      );
      const text = await response.text();
      let body: unknown = text;
      try {
        body = text === "" ? null : JSON.parse(text);
      } catch {
        // Not JSON: the text as it is.
      }
      return { status: response.status, body, headers: response.headers };
    },
  };
}

let keys = 0;
/** A fresh idempotency key, as the mall mints one per rendered form. */
export function freshKey(): string {
  keys += 1;
  return `test-key-${String(keys).padStart(8, "0")}-${Math.random().toString(36).slice(2, 10)}`;
}

/** Call options carrying an idempotency key. */
export const withKey = (key = freshKey()) => ({ headers: { [IDEMPOTENCY_HEADER]: key } });

/** The next gateway call the sandbox answers that `which` picks, once it is answered (its call log). */
export function nextAnswered(sandbox: Pick<Sandbox, "instruments">, which: (call: LoggedCall) => boolean): Promise<LoggedCall> {
  return new Promise((resolve) => {
    const stop = sandbox.instruments.calls.onAnswered((call) => {
      if (!which(call)) return;
      stop();
      resolve(call);
    });
  });
}
