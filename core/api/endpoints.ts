/**
 * The mCoin API's endpoints (spec section 7), each declared once. Later features add theirs here.
 */
import { z } from "zod";
import { personalField } from "./personal";
import { CATALOG_ENDPOINTS } from "./catalog-endpoints";
import { AddressInputSchema } from "../address/schemas";
import { defineEndpoint } from "./define";

const Flag = z.union([z.boolean(), z.number(), z.string()]).nullish();

/** Login with member credentials (used by engineers and the CLI; the webview uses macaupasssave). */
export const memberLogin = defineEndpoint({
  name: "memberLogin",
  method: "POST",
  read: false,
  path: "/member/login",
  auth: false,
  request: z.object({ openId: personalField(z.string().min(1).max(64), "member-id") }),
  data: z.object({ status: z.coerce.number(), token: z.string() }),
});

/** Host app configuration for the page, requested once at session start with the login state. */
export const macaupassConfig = defineEndpoint({
  name: "macaupassConfig",
  method: "POST",
  read: false,
  path: "/macaupassconfig",
  auth: true,
  request: z.object({ url: z.string().max(2048), state: z.string().max(256) }),
  data: z.record(z.string(), z.unknown()),
});

/** The macaupasssave reply header whose value the app copies into the gray-scale (seckill canary) flag. */
export const GRAY_SECKILL_HEADER = "gray-seckill";

/** Exchange the login parameters the host app put on the URL for a session. */
export const macaupassSave = defineEndpoint({
  name: "macaupassSave",
  method: "GET",
  // A GET that spends the host app's one-use code and issues a token: asked again, it is refused.
  read: false,
  path: "/macaupasssave",
  auth: false,
  request: z.record(z.string().max(64), z.string().max(2048)),
  data: z.object({
    token: z.string().min(1),
    open_id: personalField(z.string(), "member-id"),
    state: z.string().nullish(),
    grayScaleMode: Flag,
    nickname: personalField(z.string(), "name").nullish(),
    headimgurl: personalField(z.string(), "avatar").nullish(),
  }),
});

/** The points terms: shown when status is non-zero. */
export const clause = defineEndpoint({
  name: "clause",
  method: "GET",
  read: true,
  path: "/api/auth/clause",
  auth: true,
  request: z.object({}),
  data: z.object({
    status: z.coerce.number(),
    content: z.string(),
    create_at: z.string(),
    clauseid: z.union([z.number(), z.string()]),
  }),
});

/** Agree (1) or refuse (0) the points terms. */
export const setClause = defineEndpoint({
  name: "setClause",
  method: "POST",
  read: false,
  path: "/api/auth/setClause",
  auth: true,
  request: z.object({ clauseid: z.union([z.number(), z.string()]), status: z.union([z.literal(0), z.literal(1)]) }),
  data: z.unknown(),
});

/** Balance (point), amount and coupon count of the signed-in member. */
export const basicInformation = defineEndpoint({
  name: "basicInformation",
  method: "GET",
  read: true,
  path: "/api/auth/basicinformation",
  auth: true,
  request: z.object({}),
  data: z.object({
    amount: z.coerce.number(),
    point: z.coerce.number(),
    count: z.coerce.number(),
    /**
     * Not in the spec's reply: grows whenever the member's mCoin or orders change, so a screen kept
     * alive knows whether what it shows is still true. `pending`: orders awaiting payment, which can
     * change without the member doing anything (settled by the wallet, or closed when their time is up).
     */
    revision: z.coerce.number().int().nonnegative().default(0),
    pending: z.coerce.number().int().nonnegative().default(0),
  }),
});

/** Refresh the access token when the member returns to the tab. */
export const refreshToken = defineEndpoint({
  name: "refreshToken",
  method: "POST",
  read: false,
  path: "/api/business/refresh",
  auth: true,
  request: z.object({}),
  data: z.object({ access_token: z.string().min(1) }),
});

/** The gateway's clock (epoch milliseconds); countdowns never trust the phone's clock. */
export const systemTime = defineEndpoint({
  name: "systemTime",
  method: "GET",
  read: true,
  path: "/api/system/time",
  auth: false,
  request: z.object({}),
  data: z.object({ sysTime: z.coerce.number() }),
});

export const AddressSchema = z.object({
  id: z.union([z.number(), z.string()]),
  isDefault: z.coerce.number(),
  name: personalField(z.string(), "name"),
  areaCode: z.string(),
  mobile: personalField(z.string(), "phone"),
  area: z.string(),
  address: personalField(z.string(), "street-address"),
});
export type Address = z.infer<typeof AddressSchema>;

/** The member's shipping addresses. */
export const userAddressList = defineEndpoint({
  name: "userAddressList",
  method: "GET",
  read: true,
  path: "/api/mini/userAddress/lists",
  auth: true,
  request: z.object({}),
  data: z.object({ snatchList: z.array(AddressSchema) }),
});

/**
 * Adds an address (no id) or changes one of the member's (id); answers the book as it is now.
 * The gateway checks the same rules as the form (core/address/book.ts) and keeps at most
 * ADDRESS_LIMIT: the next add is refused with ADDRESS_LIMIT. An id that is not the member's is
 * ADDRESS_NOT_FOUND. The first address is the default; `isDefault: 1` makes this one the default.
 */
export const userAddressSave = defineEndpoint({
  name: "userAddressSave",
  method: "POST",
  read: false,
  idempotent: true,
  path: "/api/mini/userAddress/save",
  auth: true,
  request: z.intersection(AddressInputSchema, z.object({ id: z.coerce.number().int().positive().max(999_999_999).optional(), isDefault: z.union([z.literal(0), z.literal(1)]).default(0) })),
  data: z.object({ id: z.number(), snatchList: z.array(AddressSchema) }),
});

/** Spec section 4's address list update: DELETE removes the address by id; DEFAULT marks it default (1) and all others 0. */
export const ADDRESS_ACTIONS = ["DELETE", "DEFAULT"] as const;
export const userAddressUpdate = defineEndpoint({
  name: "userAddressUpdate",
  method: "POST",
  read: false,
  idempotent: true,
  path: "/api/mini/userAddress/update",
  auth: true,
  request: z.object({ id: z.coerce.number().int().positive().max(999_999_999), action: z.enum(ADDRESS_ACTIONS) }),
  data: z.object({ snatchList: z.array(AddressSchema) }),
});

/** The session's endpoints: signing in, the member's profile and addresses, the terms and the clock. */
export const SESSION_ENDPOINTS = {
  memberLogin,
  macaupassConfig,
  macaupassSave,
  clause,
  setClause,
  basicInformation,
  refreshToken,
  systemTime,
  userAddressList,
  userAddressSave,
  userAddressUpdate,
} as const;

export const ENDPOINTS = { ...SESSION_ENDPOINTS, ...CATALOG_ENDPOINTS } as const;

export type EndpointName = keyof typeof ENDPOINTS;
