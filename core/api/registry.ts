/**
 * The registry: every mCoin API endpoint and every secure gateway function, once. The mall's client
 * calls them, the sandbox serves exactly these (sandbox/registry.test.ts holds it to that), and
 * `mcoin api`, `mcoin gateway`, replay's drift and the sandbox's near misses look calls up here.
 */
import type { Endpoint } from "./define";
import { CATALOG_ENDPOINTS } from "./catalog-endpoints";
import { ENDPOINTS, SESSION_ENDPOINTS } from "./endpoints";
import { PROMOTION_ENDPOINTS } from "./promotion-endpoints";
import { SHOP_ENDPOINTS } from "./shop-endpoints";
import { TASK_CENTER_FUNCTIONS, type SecureFunction } from "./task-center";
import { WALLET_ENDPOINTS } from "./wallet-endpoints";

/** Every endpoint of the mCoin API, by area. */
export const ENDPOINT_GROUPS = {
  session: SESSION_ENDPOINTS,
  catalog: CATALOG_ENDPOINTS,
  shop: SHOP_ENDPOINTS,
  wallet: WALLET_ENDPOINTS,
  promotion: PROMOTION_ENDPOINTS,
} as const satisfies Record<string, Record<string, Endpoint>>;

/** An endpoint's name (its `name`, the key it has in its area's record): what a route's handle lists (app/screen-handle.ts). */
export type EndpointName = keyof typeof ENDPOINTS | keyof typeof CATALOG_ENDPOINTS | keyof typeof SHOP_ENDPOINTS | keyof typeof WALLET_ENDPOINTS | keyof typeof PROMOTION_ENDPOINTS;

/**
 * Every endpoint of the mCoin API by its name, each keeping its own request and reply types (so
 * `client.call(ENDPOINTS_BY_NAME.memberLogin, ...)` resolves to the login's reply, not `unknown`).
 */
export const ENDPOINTS_BY_NAME = {
  ...ENDPOINT_GROUPS.session,
  ...ENDPOINT_GROUPS.catalog,
  ...ENDPOINT_GROUPS.shop,
  ...ENDPOINT_GROUPS.wallet,
  ...ENDPOINT_GROUPS.promotion,
} as const satisfies Record<EndpointName, Endpoint>;

/** Every function of the secure gateway by its name, each keeping its own request and reply types. */
export const FUNCTIONS_BY_NAME = TASK_CENTER_FUNCTIONS;

/** Every endpoint of the mCoin API, each once. */
export const API_ENDPOINTS: readonly Endpoint[] = Object.values(ENDPOINT_GROUPS).flatMap((group) => Object.values(group) as Endpoint[]);

/** Every function of the secure gateway. */
export const SECURE_FUNCTIONS: readonly SecureFunction[] = Object.values(TASK_CENTER_FUNCTIONS);

/** The endpoint a method and path call, if the registry declares one. */
export function endpointFor(method: string, path: string): Endpoint | undefined {
  const upper = method.toUpperCase();
  return API_ENDPOINTS.find((endpoint) => endpoint.method === upper && endpoint.path === path);
}

/** The secure gateway function at a path (or named by its Function header), if the registry declares one. */
export function functionFor(url: string): SecureFunction | undefined {
  return SECURE_FUNCTIONS.find((declared) => declared.url === url || declared.name === url);
}
