/**
 * For the sandbox's tests over real HTTP: sandbox servers on a port of their own, closed after each
 * test, the mall's own client, and requests as test scripts, the sign-in page and hostile pages send
 * them.
 */
import { request as httpRequest } from "node:http";
import { afterEach, expect } from "vitest";
import { createApiClient } from "#core/api/client";
import { createUndiciTransport } from "#core/node/undici-transport";
import { startSandboxServer, type RunningSandbox } from "./server";

const running: RunningSandbox[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((sandbox) => sandbox.close()));
});

/** A sandbox server on 127.0.0.1 and a port of its own, closed after the test. */
export async function start(options: Parameters<typeof startSandboxServer>[0] = {}) {
  return closeAfterTest(await startSandboxServer({ port: 0, host: "127.0.0.1", ...options }));
}

/** A server the test started itself, closed after it. */
export function closeAfterTest(sandbox: RunningSandbox): RunningSandbox {
  running.push(sandbox);
  return sandbox;
}

/** Forgets the servers started so far: the test closed them itself. */
export function closedAlready(): void {
  running.length = 0;
}

const transport = createUndiciTransport();
/** The mall's own API client (its undici transport), as a member when given a token. */
export const client = (url: string, token?: string) => createApiClient({ baseUrl: url, transport, locale: "en", token, timeoutMs: 5_000 });
/** A control request as a test script sends one: JSON when it has a body. */
export function control(url: string, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const hasBody = init.body !== undefined;
  return fetch(`${url}${path}`, {
    method: init.method ?? (hasBody ? "POST" : "GET"),
    headers: { ...(hasBody ? { "content-type": "application/json" } : {}), ...init.headers },
    body: hasBody ? (typeof init.body === "string" ? init.body : JSON.stringify(init.body)) : undefined,
  });
}

export async function digest(url: string, headers: Record<string, string> = {}): Promise<string> {
  return ((await (await control(url, "/__sandbox/state", { headers })).json()) as { digest: string }).digest;
}

/** The sign-in page's POST: a member chosen, to return to `redirectUri`. */
export function chooseMember(url: string, openId: string, redirectUri: string, state = "") {
  return fetch(`${url}/oauth/authorize`, { method: "POST", body: new URLSearchParams({ openId, redirect_uri: redirectUri, state }), redirect: "manual" });
}

export async function signInThroughLoginPage(url: string, openId: string, state = "") {
  const response = await chooseMember(url, openId, "http://localhost:3000/index", state);
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location") ?? "");
}

/** A request with a Host header fetch will not send (as a page on a DNS-rebound name sends it). */
export function statusWithHost(url: string, path: string, host: string): Promise<number> {
  const target = new URL(path, url);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: target.hostname, port: target.port, path: target.pathname, headers: { host } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on("error", reject);
    request.end();
  });
}
