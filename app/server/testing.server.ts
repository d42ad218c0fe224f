/**
 * For the server modules' tests: a request's scope (what the mall context is made of) with fresh
 * services, so no test shares a keep, a rotation or a transport with another.
 */
import type { ApiClient } from "#core/api/client";
import type { Locale } from "../lib/i18n/locale";
import { gatewayEnvironment, type GatewayEnvironment } from "./config.server";
import { givenMallContext, type MallContext } from "./context.server";
import { MemberApi } from "./gateway.server";
import { memberOf, type RequestScope } from "./member.server";
import { createMallServices, type MallServices } from "./services.server";
import { MallSession, freshSession } from "./session.server";

export interface TestScopeOptions {
  /** The member's token in the session; none: a visitor. */
  token?: string;
  locale?: Locale;
  /** Over the environment the request's address leads to (another gateway's `apiBase`). */
  environment?: Partial<GatewayEnvironment>;
  services?: MallServices;
  init?: RequestInit;
}

export async function testScope(address: string, { token, locale = "en", environment, services = createMallServices(), init }: TestScopeOptions = {}): Promise<RequestScope> {
  const url = new URL(address);
  const request = new Request(url, init);
  const session = new MallSession(await freshSession(), request);
  if (token !== undefined) session.set("token", token);
  return { request, url, session, locale, environment: { ...gatewayEnvironment(url), ...environment }, services, log: services.log };
}

/** The mall context of `scope`, its API client's gateway answering with `clientFor`'s clients. */
export function testMallContext(scope: RequestScope, clientFor?: (token: string | null) => ApiClient): MallContext {
  const api = new MemberApi(scope, { clientFor });
  return {
    ...scope,
    api,
    get member() {
      return memberOf(scope.session);
    },
  };
}

/** Loader or action arguments for the request of `mall`, as Remix hands them with the server's load context. */
export function testArgs(mall: MallContext, params: Record<string, string> = {}) {
  const context = givenMallContext({ cspNonce: "", clientAddress: "127.0.0.1", services: mall.services }, mall);
  return { request: mall.request, params, context };
}
