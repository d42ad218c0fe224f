/**
 * The sandbox's control API (docs/sandbox.md, "Controls"), declared once as the mCoin API is: each
 * control's method and path, what it takes (a JSON body, a query, path parameters) and what it
 * answers, with zod. The sandbox serves them by these declarations (sandbox/handlers/controls/),
 * and the one typed client (core/controls/client.ts) is how the CLI, the bench and e2e reach them.
 *
 * Controls answer plain JSON, not the mCoin envelope: a refusal is a non-2xx status with
 * `{ ok: false, error, reason? }`. Some controls answer a second status as a result rather than a
 * refusal (verify's 409: it does not hold); they list it in `answers`.
 */
import { z } from "zod";
import { TENANT_NAME } from "../environments";
import { LedgerEntrySchema } from "../api/shop-endpoints";
import { ADDRESS_LIMIT, AREA_MAX, DETAIL_MAX, NAME_MAX } from "../address/book";
import { isValidMobile } from "../address/mobile";
import { AreaCodeSchema } from "../address/schemas";
import { CollectedErrorSchema } from "../errors/report";
import { FAULT_KINDS, FaultRequestSchema, LatencySchema, type FaultKind } from "./faults";
import { AccountViewSchema, MilesRedemptionSchema, OfferLiveSchema, OrderRecordWireSchema, SeckillLiveSchema } from "./records";
import { StubFileSchema, StubViewSchema } from "./stubs";
import { VerifyRequestSchema } from "./verify";

export type ControlMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Control<Params extends z.ZodType = z.ZodType, Input extends z.ZodType = z.ZodType, Reply extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly method: ControlMethod;
  /** Under the sandbox's origin, with `:name` path parameters. */
  readonly path: string;
  readonly params: Params;
  /** The JSON body (POST, PUT, PATCH), or the query (GET, DELETE). */
  readonly input: Input;
  readonly reply: Reply;
  /** Statuses besides 2xx that are an answer, not a refusal. */
  readonly answers?: readonly number[];
  /** What a path that names nothing is told (404), for controls with path parameters. */
  readonly notFound?: string;
  /**
   * The client sends the JSON body gzip-compressed (Content-Encoding: gzip), and the sandbox takes a
   * larger compressed body for this control than the 1 MiB of any other request (sandbox/gzip-body.ts).
   */
  readonly gzipBody?: boolean;
}

const NoParams = z.object({});
const NoInput = z.object({}).strict();

function defineControl<Params extends z.ZodType = typeof NoParams, Input extends z.ZodType = typeof NoInput, Reply extends z.ZodType = z.ZodType>(
  control: Pick<Control<Params, Input, Reply>, "name" | "method" | "path" | "reply" | "answers" | "notFound" | "gzipBody"> & { params?: Params; input?: Input },
): Control<Params, Input, Reply> {
  return { ...control, params: control.params ?? (NoParams as unknown as Params), input: control.input ?? (NoInput as unknown as Input) };
}

export type ControlParams<C extends Control> = z.input<C["params"]>;
export type ControlInput<C extends Control> = z.input<C["input"]>;
export type ControlReply<C extends Control> = z.output<C["reply"]>;

/** A refusal's body. */
export const ControlRefusalSchema = z.looseObject({ ok: z.literal(false), error: z.string(), reason: z.string().optional() });
export type ControlRefusal = z.infer<typeof ControlRefusalSchema>;

/** The clock may move this far from real time: far enough for any scenario, near enough for Date. */
const CLOCK_RANGE_MS = 50 * 365.25 * 24 * 3_600_000;
/** Member counters stay whole, non-negative and far below where arithmetic loses precision. */
const Counter = z.number().int().min(0).max(1e9);
const Id = z.coerce.number().int().positive().max(999_999_999);
const OpenIdParam = z.object({ openId: z.string().min(1).max(64) });
const IdParam = z.object({ id: Id });
const Ok = z.object({ ok: z.literal(true) });

export const ClockSchema = z.object({ now: z.number(), iso: z.string(), offsetMs: z.number(), frozen: z.boolean() });
const FaultSchema = z.object({
  id: z.number().int().positive(),
  path: z.string(),
  kind: z.enum(FAULT_KINDS as [FaultKind, ...FaultKind[]]),
  remaining: z.number().int().nullable(),
  percent: z.number(),
  delayMs: z.number(),
  latency: LatencySchema.optional(),
  skewMs: z.number().optional(),
});
const CandidateSchema = z.object({ name: z.string().optional(), method: z.string(), path: z.string(), differs: z.array(z.string()) });
/** A stub the request came close to: how far (0 a match, 1 nothing alike) and each condition it missed, as WireMock's diff report names them. */
const StubCandidateSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  distance: z.number(),
  differs: z.array(z.object({ field: z.string(), expected: z.string(), actual: z.string() })),
});
export const NearMissSchema = z.object({
  reason: z.enum(["path", "method", "body", "query", "envelope"]),
  message: z.string(),
  closest: z.array(CandidateSchema),
  /** The closest stubs (sandbox/stubs/), when none matched and the sandbox could not answer either. */
  stubs: z.array(StubCandidateSchema).optional(),
});
/** What a request nearly matched (the sandbox's endpoints, a served recording's exchanges): the closest and what differed. */
export type NearMiss = z.infer<typeof NearMissSchema>;
export type NearMissCandidate = z.infer<typeof CandidateSchema>;
export const LoggedCallSchema = z.object({
  seq: z.number().int(),
  at: z.number(),
  method: z.string(),
  path: z.string(),
  query: z.record(z.string(), z.string()),
  body: z.unknown().optional(),
  openId: z.string().optional(),
  /** The mall request it was made for (its X-Request-Id, when well-formed): one page load's calls share it. */
  requestId: z.string().optional(),
  fault: z.enum(FAULT_KINDS as [FaultKind, ...FaultKind[]]).optional(),
  sealed: z.boolean().optional(),
  nearMiss: NearMissSchema.optional(),
  /** The stub that answered it, by its id. */
  stub: z.string().optional(),
  /** A served recording answered it. */
  recorded: z.boolean().optional(),
  /** Once answered: the reply's status (0: the connection was cut instead) and how long it took, in ms. */
  status: z.number().int().optional(),
  ms: z.number().optional(),
});
export type LoggedCallView = z.infer<typeof LoggedCallSchema>;
const VerificationSchema = z.object({
  ok: z.boolean(),
  expected: z.string(),
  matched: z.number().int(),
  calls: z.array(z.number().int()),
  closest: z.array(z.object({ seq: z.number().int(), method: z.string(), path: z.string(), differs: z.array(z.string()) })),
});
const MemberSummarySchema = z.object({ openId: z.string(), nickname: z.string(), point: z.number().int(), count: z.number().int(), clauseStatus: z.number().int() });

export const health = defineControl({ name: "health", method: "GET", path: "/__sandbox/health", reply: z.object({ ok: z.literal(true), name: z.string(), now: z.number() }) });
export const reset = defineControl({ name: "reset", method: "POST", path: "/__sandbox/reset", reply: Ok });

export const clock = defineControl({ name: "clock", method: "GET", path: "/__sandbox/clock", reply: ClockSchema });
export const setClock = defineControl({
  name: "setClock",
  method: "POST",
  path: "/__sandbox/clock",
  input: z
    .object({
      now: z
        .union([
          z.number(),
          z
            .string()
            .min(1)
            .max(64)
            .transform((text) => Date.parse(text)),
          z.null(),
        ])
        .refine((at) => at === null || Math.abs(at - Date.now()) <= CLOCK_RANGE_MS, "not a date within 50 years of today"),
      frozen: z.boolean().default(false),
    })
    .strict(),
  reply: ClockSchema,
});

export const faults = defineControl({ name: "faults", method: "GET", path: "/__sandbox/faults", reply: z.object({ faults: z.array(FaultSchema) }) });
export const addFault = defineControl({ name: "addFault", method: "POST", path: "/__sandbox/faults", input: FaultRequestSchema, reply: z.object({ ok: z.literal(true), fault: FaultSchema }) });
export const clearFaults = defineControl({ name: "clearFaults", method: "DELETE", path: "/__sandbox/faults", reply: Ok });

/** Stubs in WireMock's mapping format (core/controls/stubs.ts): listed, added (a mapping or `{ mappings }`), cleared. */
export const stubs = defineControl({ name: "stubs", method: "GET", path: "/__sandbox/stubs", reply: z.object({ stubs: z.array(StubViewSchema) }) });
export const addStubs = defineControl({ name: "addStubs", method: "POST", path: "/__sandbox/stubs", input: StubFileSchema, reply: z.object({ ok: z.literal(true), added: z.array(StubViewSchema) }) });
export const clearStubs = defineControl({
  name: "clearStubs",
  method: "DELETE",
  path: "/__sandbox/stubs",
  input: z.object({ all: z.enum(["true", "false"]).optional() }).strict(),
  reply: z.object({ ok: z.literal(true), removed: z.number().int() }),
});

export const log = defineControl({
  name: "log",
  method: "GET",
  path: "/__sandbox/log",
  input: z
    .object({
      since: z.coerce.number().int().min(0).default(0),
      /** Only the calls the sandbox could not answer (near misses). */
      unmatched: z
        .enum(["0", "1", "true", "false"])
        .optional()
        .transform((value) => value === "1" || value === "true"),
      /** Only the calls made for this mall request (its X-Request-Id): one page load's. */
      requestId: z.string().min(1).max(128).optional(),
    })
    .strict(),
  reply: z.object({ calls: z.array(LoggedCallSchema) }),
});
export const clearLog = defineControl({ name: "clearLog", method: "DELETE", path: "/__sandbox/log", reply: Ok });
export const verify = defineControl({ name: "verify", method: "POST", path: "/__sandbox/verify", input: VerifyRequestSchema, reply: VerificationSchema, answers: [409] });

export const latency = defineControl({ name: "latency", method: "GET", path: "/__sandbox/latency", reply: z.object({ latencyMs: z.number().int() }) });
export const setLatency = defineControl({
  name: "setLatency",
  method: "POST",
  path: "/__sandbox/latency",
  input: z.object({ ms: z.number().int().min(0).max(60_000) }).strict(),
  reply: z.object({ latencyMs: z.number().int() }),
});

export const members = defineControl({ name: "members", method: "GET", path: "/__sandbox/members", reply: z.object({ members: z.array(MemberSummarySchema) }) });
export const addMember = defineControl({
  name: "addMember",
  method: "POST",
  path: "/__sandbox/members",
  input: z
    .object({
      openId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
      nickname: z.string().min(1).max(40).optional(),
      point: Counter.default(0),
      graySeckill: z.boolean().default(false),
    })
    .strict(),
  reply: z.object({ ok: z.literal(true), openId: z.string() }),
});
export const patchMember = defineControl({
  name: "patchMember",
  notFound: "no such member",
  method: "PATCH",
  path: "/__sandbox/members/:openId",
  params: OpenIdParam,
  input: z
    .object({
      point: Counter.optional(),
      amount: Counter.optional(),
      count: Counter.optional(),
      clauseStatus: z.number().int().optional(),
      graySeckill: z.boolean().optional(),
    })
    .strict(),
  reply: Ok,
});
/** An address of a persona's book as a reply shows it: the declaration's fields, its id given. */
const PersonaAddressSchema = z
  .object({
    id: z.number().int().positive().max(999_999_999),
    isDefault: z.union([z.literal(0), z.literal(1)]),
    name: z.string().trim().min(1).max(NAME_MAX),
    areaCode: AreaCodeSchema,
    mobile: z.string().regex(/^\d{6,15}$/, "the mobile's digits"),
    area: z.string().trim().min(1).max(AREA_MAX),
    address: z.string().trim().min(1).max(DETAIL_MAX),
  })
  .strict()
  .refine((address) => isValidMobile(address.areaCode, address.mobile), { message: "not a mobile of its area code", path: ["mobile"] });
/**
 * A member as a recording shows them at its start (a persona, harness/replay/personas.ts): created
 * when the open id is new, else set to exactly this, so the same call twice leaves the same member.
 * Their address book is replaced by `addresses` (ids kept; an id another member holds is refused),
 * and the sandbox's next new address id is raised to `nextAddressId` when given.
 */
export const putMember = defineControl({
  name: "putMember",
  method: "PUT",
  path: "/__sandbox/members/:openId",
  params: z.object({ openId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
  notFound: "not an open id",
  input: z
    .object({
      nickname: z.string().trim().min(1).max(40).optional(),
      point: Counter.default(0),
      amount: Counter.default(0),
      count: Counter.default(0),
      clauseStatus: z.number().int().min(0).max(9).default(0),
      revision: Counter.optional(),
      graySeckill: z.boolean().default(false),
      addresses: z
        .array(PersonaAddressSchema)
        .max(ADDRESS_LIMIT)
        .default([])
        .refine((list) => new Set(list.map((address) => address.id)).size === list.length, "address ids repeat")
        .refine((list) => list.length === 0 || list.filter((address) => address.isDefault === 1).length === 1, "exactly one default address"),
      nextAddressId: z.number().int().positive().max(999_999_999).optional(),
    })
    .strict(),
  reply: z.object({ ok: z.literal(true), openId: z.string(), created: z.boolean() }),
});
/**
 * A single-use login code for a member, as the wallet's sign-in hands one to the mall
 * (`/macaupasssave?code=`), for a replay: a control, so it needs no return address on the mall's
 * origins (the sign-in page's check stays as strict) and is guarded as every control is.
 */
export const loginCode = defineControl({
  name: "loginCode",
  notFound: "no such member",
  method: "POST",
  path: "/__sandbox/members/:openId/login-code",
  params: OpenIdParam,
  reply: z.object({ openId: z.string(), code: z.string() }),
});
export const ledger = defineControl({
  name: "ledger",
  notFound: "no such member",
  method: "GET",
  path: "/__sandbox/members/:openId/ledger",
  params: OpenIdParam,
  reply: z.object({ openId: z.string(), balance: z.number().int(), entries: z.array(LedgerEntrySchema) }),
});
export const orders = defineControl({
  name: "orders",
  notFound: "no such member",
  method: "GET",
  path: "/__sandbox/members/:openId/orders",
  params: OpenIdParam,
  reply: z.object({ openId: z.string(), orders: z.array(OrderRecordWireSchema) }),
});
export const miles = defineControl({
  name: "miles",
  notFound: "no such member",
  method: "GET",
  path: "/__sandbox/members/:openId/miles",
  params: OpenIdParam,
  reply: z.object({ openId: z.string(), redemptions: z.array(MilesRedemptionSchema) }),
});

const OfferReplySchema = OfferLiveSchema.extend({ id: z.number().int() });
export const offer = defineControl({ name: "offer", notFound: "no such offer", method: "GET", path: "/__sandbox/offers/:id", params: IdParam, reply: OfferReplySchema });
export const patchOffer = defineControl({
  name: "patchOffer",
  notFound: "no such offer",
  method: "PATCH",
  path: "/__sandbox/offers/:id",
  params: IdParam,
  input: z.object({ stock: Counter.optional(), status: z.enum(["online", "offline"]).optional() }).strict(),
  reply: OfferReplySchema,
});
const SeckillReplySchema = SeckillLiveSchema.extend({ id: z.number().int() });
export const seckill = defineControl({ name: "seckill", notFound: "no such seckill item", method: "GET", path: "/__sandbox/seckills/:id", params: IdParam, reply: SeckillReplySchema });
export const patchSeckill = defineControl({
  name: "patchSeckill",
  notFound: "no such seckill item",
  method: "PATCH",
  path: "/__sandbox/seckills/:id",
  params: IdParam,
  input: z.object({ stock: Counter }).strict(),
  reply: SeckillReplySchema,
});

/** A store's till (docs/money.md, "Merchants' tills"): it names its store with every code. */
export const redeem = defineControl({
  name: "redeem",
  method: "POST",
  path: "/__sandbox/redeem",
  input: z.object({ code: z.string().regex(/^\d{12}$/, "a redemption code is 12 digits"), storeId: Id }).strict(),
  reply: z.object({
    ok: z.literal(true),
    orderNo: z.string(),
    couponNo: z.string(),
    status: z.string(),
    orderStatus: z.string(),
    usedAt: z.number().nullable(),
    storeId: z.number().int(),
    store: z.string().nullable(),
  }),
});
/**
 * Why a till's code redeemed nothing (409): the domain's `reason` (CODE_INVALID, ALREADY_USED), `error`
 * in words a merchant acts on, and `why`: no coupon has the code (`unknown`), its offer is not
 * redeemed at this store (`wrong-store`, with the stores it is: `validAt`; nothing more, not even
 * whether it was used), it was used (`used`, with when and where), or it is `expired`, `refunding` or
 * `refunded`.
 */
export const RedeemRefusalSchema = z.object({
  ok: z.literal(false),
  error: z.string(),
  reason: z.string(),
  why: z.enum(["unknown", "wrong-store", "used", "expired", "refunding", "refunded"]),
  validAt: z.array(z.number().int()).optional(),
  usedAt: z.number().optional(),
  usedAtStore: z.number().int().optional(),
});
export type RedeemRefusal = z.infer<typeof RedeemRefusalSchema>;
export const ship = defineControl({
  name: "ship",
  method: "POST",
  path: "/__sandbox/ship",
  input: z.object({ orderNo: z.string().regex(/^[A-Z0-9]{8,32}$/, "an order number") }).strict(),
  reply: z.object({ ok: z.literal(true), orderNo: z.string(), status: z.string(), shippedAt: z.number().nullable() }),
});

/** The business data without secrets, and its digest (a test compares digests to see a change). */
export const state = defineControl({
  name: "state",
  method: "GET",
  path: "/__sandbox/state",
  reply: z.looseObject({
    members: z.array(z.looseObject({ openId: z.string(), point: z.number().int() })),
    searchHistory: z.record(z.string(), z.array(z.string())),
    offers: z.record(z.string(), OfferLiveSchema),
    accounts: z.record(z.string(), AccountViewSchema),
    orders: z.array(OrderRecordWireSchema),
    counts: z.record(z.string(), z.number()),
    seededAt: z.number(),
    digest: z.string(),
  }),
});

/** The whole data as JSON, in the --state file's older format (sandbox/store/state-file.ts): for fixtures and bug reports. */
const StateExportSchema = z.object({ version: z.literal(1), data: z.record(z.string(), z.unknown()) });
export const exportState = defineControl({ name: "exportState", method: "GET", path: "/__sandbox/state/export", reply: StateExportSchema });
/** Replaces the whole data with an export's (older shapes read as the --state file's are); 400 naming what does not fit. */
// A busy sandbox's export is over 100 MB of JSON: it goes compressed.
export const importState = defineControl({ name: "importState", method: "POST", path: "/__sandbox/state/import", input: StateExportSchema, reply: Ok, gzipBody: true });

/** A collected report as the collector answers it: its shape only (what it takes is CollectedErrorSchema's to check). */
const CollectedErrorViewSchema = z.object({
  kind: CollectedErrorSchema.shape.kind,
  message: z.string(),
  stack: z.string().optional(),
  path: z.string(),
  screen: z.string().optional(),
  at: z.number(),
  environment: z.string(),
  userAgent: z.string().optional(),
});
/** The money audit of the books as they stand (sandbox/domain/audit.ts): every rule broken, in plain words; none when they balance. */
export const audit = defineControl({
  name: "audit",
  method: "GET",
  path: "/__sandbox/audit",
  reply: z.object({ ok: z.boolean().describe("No rule is broken."), problems: z.array(z.string()).describe("Each broken rule: the member, the record and the rule.") }),
});
export const errors = defineControl({ name: "errors", method: "GET", path: "/__sandbox/errors", reply: z.object({ errors: z.array(CollectedErrorViewSchema) }) });
export const reportError = defineControl({ name: "reportError", method: "POST", path: "/__sandbox/errors", input: CollectedErrorSchema, reply: Ok });
export const clearErrors = defineControl({ name: "clearErrors", method: "DELETE", path: "/__sandbox/errors", reply: Ok });

/** A tenant of the sandbox (sandbox/tenants.ts): its own members, orders, clock, faults, stubs and log under `/tenants/NAME`. */
const TenantSchema = z.object({
  name: z.string(),
  path: z.string().describe("The tenant's base path: ORIGIN + path is the sandbox URL to give the mall, the CLI or the fixture."),
  members: z.number().int(),
  orders: z.number().int(),
  requests: z.number().int(),
  throttled: z.number().int().describe("Requests refused (429) for the tenant's rate."),
  createdAt: z.string(),
  lastUsedAt: z.string(),
});
const TenantLimitsSchema = z.object({ maxTenants: z.number().int(), maxOrders: z.number().int(), requestsPerSecond: z.number() });
/** The sandbox's tenants and their limits; answered at the root only (a tenant sees its own controls, not the others'). */
export const tenants = defineControl({ name: "tenants", method: "GET", path: "/__sandbox/tenants", reply: z.object({ tenants: z.array(TenantSchema), limits: TenantLimitsSchema }) });
/** Drops a tenant: its data (from the --state database too) and its instruments. 404 when there is none of that name. */
export const deleteTenant = defineControl({
  name: "deleteTenant",
  method: "DELETE",
  path: "/__sandbox/tenants/:name",
  params: z.object({ name: z.string().regex(TENANT_NAME) }),
  reply: Ok,
  notFound: "no such tenant",
});

/**
 * The mall origins this sandbox's sign-in page may return to and whose pages may call its wallet
 * stand-in: those it was started with (--mall-origin) and those added since. A mall started for a
 * tenant of a shared sandbox adds its own.
 */
export const mallOrigins = defineControl({ name: "mallOrigins", method: "GET", path: "/__sandbox/mall-origins", reply: z.object({ origins: z.array(z.string()) }) });
export const addMallOrigin = defineControl({
  name: "addMallOrigin",
  method: "POST",
  path: "/__sandbox/mall-origins",
  input: z.object({ origin: z.string().max(300).describe("Scheme, host and port, as http://localhost:3100.") }).strict(),
  reply: z.object({ ok: z.literal(true), origins: z.array(z.string()) }),
});

/** Every control, each once. */
export const CONTROLS = {
  health,
  reset,
  clock,
  setClock,
  faults,
  addFault,
  clearFaults,
  stubs,
  addStubs,
  clearStubs,
  log,
  clearLog,
  verify,
  latency,
  setLatency,
  members,
  addMember,
  patchMember,
  putMember,
  loginCode,
  ledger,
  orders,
  miles,
  offer,
  patchOffer,
  seckill,
  patchSeckill,
  redeem,
  ship,
  state,
  audit,
  exportState,
  importState,
  errors,
  reportError,
  clearErrors,
  tenants,
  deleteTenant,
  mallOrigins,
  addMallOrigin,
} as const;
