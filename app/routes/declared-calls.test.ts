/**
 * The loading overlay's declarations held to the facts: every loader (each value of the search
 * parameter its declaration names) and every action intent of the mall runs here as a member against
 * the sandbox answering in-process, and the gateway calls its API client records (gateway.server.ts
 * `called`) must agree with what the route table declares (`counted` in app/route-table.js): a request
 * declared exempt makes no call outside the spec's exempt URL fragments, and one declared counted makes
 * at least one. The page decides the overlay from the declaration before the route's module loads, so
 * a declaration that lies shows the overlay where it must not, or hides it where it must show.
 */
import { describe, expect, it } from "vitest";
import { API_ENDPOINTS } from "#core/api/registry";
import { REFUND_REASONS } from "#core/api/vocabulary";
import { REGION_GROUPS } from "#core/address/regions";
import { checkIn } from "#core/api/promotion-endpoints";
import { PAYMENT_TYPES, orderList } from "#core/api/shop-endpoints";
import { inProcess, IN_PROCESS_BASE } from "../../sandbox/testing";
import { actionCounts, loadCounts } from "../lib/loading/counted-requests";
import { isLoadingExempt } from "../lib/loading/loading-counter";
import { INTENT_ROUTES, intentClientLoader } from "../lib/intent-data";
import { NOT_FOUND_ROUTE, OTHER_ROUTES, SCREEN_ROUTES, type Counted, type ScreenRoute } from "../route-table.js";
import { createMallServices } from "../server/services.server";
import { testArgs, testMallContext, testScope } from "../server/testing.server";

const PATHS = new Map(API_ENDPOINTS.map((endpoint) => [endpoint.name, endpoint.path]));

/**
 * What is wrong with a request's declaration, given the calls it made: null when they agree (or when
 * it made no call, which says nothing: it stopped before the gateway).
 */
export function undeclared(name: string, counted: Counted | undefined, request: { search: string; intent?: string }, called: readonly string[]): string | null {
  const what = request.intent === undefined ? `loader${request.search}` : `action's intent "${request.intent}"`;
  const unknown = called.filter((endpoint) => !PATHS.has(endpoint));
  if (unknown.length > 0) return `${name}'s ${what} calls ${unknown.join(", ")}, which core/api/registry.ts does not declare`;
  const countedCalls = called.filter((endpoint) => !isLoadingExempt(PATHS.get(endpoint)!));
  const declared = request.intent === undefined ? loadCounts(counted, request.search) : actionCounts(counted, request.search, request.intent);
  if (!declared && countedCalls.length > 0) return `${name}'s ${what} calls ${countedCalls.join(", ")}, which the loading overlay counts, but the route table declares it exempt`;
  if (declared && called.length > 0 && countedCalls.length === 0) return `${name}'s ${what} calls only ${called.join(", ")}, which the overlay does not count, but the route table declares it counted`;
  return null;
}

const MODULES = import.meta.glob<Record<string, unknown>>(["./*.{ts,tsx}", "!./*.test.{ts,tsx}"], { eager: true });
const ROUTES = [...SCREEN_ROUTES, ...OTHER_ROUTES, NOT_FOUND_ROUTE];
const moduleOf = (route: ScreenRoute) => MODULES[`./${route.file.replace(/^routes\//, "")}`];
type Handler = (args: ReturnType<typeof testArgs>) => Promise<unknown>;

const MEMBER = "mpay-1003";
const KEY = () => `declared-calls-${Math.random().toString(36).slice(2, 14)}`;

/** The sandbox as the member's gateway, and the calls of one request to `address` made through it. */
function gateway() {
  const sandbox = inProcess();
  let reached = 0;
  const transport = (request: Parameters<ReturnType<typeof createMallServices>["transport"]>[0]) => {
    reached += 1;
    return sandbox.sandbox.handle(new Request(request.url, { method: request.method, headers: request.headers, body: request.body })).then(async (response) => ({
      status: response.status,
      headers: response.headers,
      text: await response.text(),
    }));
  };
  const services = createMallServices({ transport });
  let token: string | undefined;
  return {
    sandbox,
    /** How many requests reached the gateway, the keeps' answers not counted. */
    reached: () => reached,
    async run(handler: Handler, address: string, params: Record<string, string> = {}, form?: Record<string, string>): Promise<readonly string[]> {
      token ??= (await sandbox.request("/member/login", { body: { openId: MEMBER } })).body.data.token as string;
      const init = form ? { method: "POST", body: new URLSearchParams(form) } : undefined;
      const mall = testMallContext(await testScope(new URL(address, "http://localhost").href, { token, services, init, environment: { apiBase: IN_PROCESS_BASE } }));
      // A refusal, a redirect or a 404 thrown is an answer too: what matters is what was called.
      await Promise.resolve()
        .then(() => handler(testArgs(mall, params)))
        .catch(() => undefined);
      return mall.api.called;
    },
  };
}

/** The search a route's loader needs besides the parameter its declaration names. */
const QUERY: Record<string, string> = { resourceWallet: "&page=1&direction=all&tab=all&type=all" };

/** A sample address of a route's path, by the route's parameters. */
const PARAMS: Record<string, Record<string, string>> = {
  classify: { title: "Food" },
  classifys: { idTitle: "1-Food" },
  couponDetails: { id: "1" },
  couponDetailsLink: { id: "1" },
  shareCoupon: { id: "1" },
  asiaMilesDetails: { id: "1" },
  otherStores: { spec: "1-1-1-1" },
  storeDetails: { id: "1" },
  storeDetailsLink: { id: "1" },
  mCoinZone: { id: "1" },
  shareZone: { id: "1" },
  seckill: { id: "1" },
  mycoupons: { token: "abcdefgh-not-a-token" },
};

describe("the overlay's declarations hold to the calls made", () => {
  it("finds a declaration that lies (the probe: a loader declared exempt that checks the member in, and one declared counted that calls only exempt reads)", () => {
    expect(undeclared("probe", undefined, { search: "" }, [checkIn.name])).toMatch(/probe's loader calls checkIn, which the loading overlay counts, but the route table declares it exempt/);
    expect(undeclared("probe", { loader: true }, { search: "" }, ["basicInformation", "systemTime"])).toMatch(/declares it counted/);
    expect(undeclared("probe", { intents: ["save"] }, { search: "", intent: "delete" }, ["userAddressUpdate"])).toMatch(/intent "delete" calls userAddressUpdate/);
    expect(undeclared("probe", { loader: { param: "view", values: ["refunds"] } }, { search: "?view=coupons" }, ["refundList"])).toMatch(/declares it exempt/);
    expect(undeclared("probe", undefined, { search: "" }, ["noSuchEndpoint"])).toMatch(/does not declare/);
    expect(undeclared("probe", { loader: true }, { search: "" }, ["offerDetail", "systemTime"])).toBeNull();
    expect(undeclared("probe", { loader: true }, { search: "" }, [])).toBeNull();
  });

  it("for every loader of the mall, as a member, each value of the parameter its declaration names included", async () => {
    const { run, sandbox } = gateway();
    // The member's own orders, of each kind the order screens show.
    const orders = (await (await sandbox.client(MEMBER)).call(orderList, { page: 1, size: 50, tab: "all", type: "all" })).data.list;
    const voucher = orders.find((order) => order.paymentType === PAYMENT_TYPES.thirdParty);
    const ordinary = orders.find((order) => order.paymentType === PAYMENT_TYPES.ordinary);
    const params: Record<string, Record<string, string>> = {
      ...PARAMS,
      orderDetails: { id: String(ordinary?.id) },
      otherOrderDetails: { id: String(voucher?.id) },
      // A miles order of any member: the gateway says whether it is the member's.
      asiaMilesOrderDetails: { id: "1" },
    };
    const findings: string[] = [];
    let ran = 0;
    for (const route of ROUTES) {
      const loader = moduleOf(route)?.loader as Handler | undefined;
      if (!loader) continue;
      const sample = params[route.name] ?? {};
      const path = route.path.replace(/:(\w+)\??/g, (_, name: string) => sample[name] ?? "").replace(/\/$/, "") || "/";
      const rule = route.counted?.loader;
      const searches = rule && rule !== true ? [...rule.values.map((value) => `?${rule.param}=${value}`), `?${rule.param}=something-else`, "?"] : ["?"];
      for (const search of searches) {
        const called = await run(loader, `${path}${search}${QUERY[route.name] ?? ""}`, sample);
        ran += 1;
        const finding = undeclared(route.name, route.counted, { search }, called);
        if (finding) findings.push(finding);
        // A loader declared counted that called nothing checked nothing: it must reach the gateway here.
        if (loadCounts(route.counted, search) && called.length === 0) findings.push(`${route.name}'s loader${search} made no call: give it a sample address that reaches the gateway`);
      }
    }
    expect(findings).toEqual([]);
    expect(ran).toBeGreaterThan(30);
  });

  it("for every action intent of the mall, as a member", async () => {
    const { run } = gateway();
    const region = REGION_GROUPS[0].regions[0].id;
    const order = { orderId: "1", idempotencyKey: KEY() };
    /** Route → intent → a form the action reads (it may still be refused by the gateway: the call is made). */
    const FORMS: Record<string, Record<string, Record<string, string>>> = {
      search: { search: { keyword: "coffee" }, "clear-history": {} },
      checkIn: { "check-in": { idempotencyKey: KEY() } },
      couponDetails: { checkout: { quantity: "1", mcoinUsed: "0", idempotencyKey: KEY() }, like: { liked: "1" }, collect: { collected: "1" } },
      asiaMilesDetails: { redeem: { lastName: "Chan", firstName: "Tai Man", memberNo: "1234567890", memberNoAgain: "1234567890", mcoin: "1000", terms: "on", idempotencyKey: KEY() } },
      refundApplication: { refund: { reason: REFUND_REASONS[0], confirmed: "1", idempotencyKey: KEY() } },
      seckill: { snapup: { itemId: "1", idempotencyKey: KEY() } },
      myFavorites: { collect: { offerId: "1", collected: "1" } },
      storeDetails: { collect: { offerId: "1", collected: "1" } },
      myAddress: { delete: { id: "1", idempotencyKey: KEY() }, default: { id: "1", idempotencyKey: KEY() } },
      editAddress: { save: { name: "Chan Tai Man", areaCode: "+853", mobile: "66123456", regionId: region, address: "Rua de Sao Paulo 1", idempotencyKey: KEY(), js: "1" } },
      resourceAgreement: { agree: { clauseid: "1" }, refuse: { clauseid: "1" } },
      resourceSession: { return: { refreshToken: "1" } },
      resourceSearchHistory: { record: { keyword: "coffee" } },
      resourceOrder: {
        cancel: order,
        receive: order,
        delete: order,
        refund: { ...order, reason: REFUND_REASONS[0], confirmed: "1" },
        "redeem-code": { code: "ABCD-1234", idempotencyKey: KEY() },
        "use-mcoin-coupon": { couponId: "1", idempotencyKey: KEY() },
      },
    };
    const SHARING = { couponDetailsLink: "couponDetails", shareCoupon: "couponDetails", seckillShare: "seckill", storeDetailsLink: "storeDetails" } as Record<string, string>;
    const findings: string[] = [];
    for (const route of ROUTES) {
      const action = moduleOf(route)?.action as Handler | undefined;
      // The refund photo's route takes a picture's bytes, not a form, and a fetch the overlay never sees.
      if (!action || route.name === "resourceTask" || route.name === "resourceErrors" || route.name === "resourceRefundPhoto") continue;
      const forms = FORMS[route.name] ?? FORMS[SHARING[route.name]];
      expect(forms, `a form of each intent of ${route.name}'s action`).toBeDefined();
      for (const intent of route.counted?.intents ?? []) expect(forms?.[intent], `${route.name}'s counted intent ${intent}`).toBeDefined();
      const params: Record<string, string> = { ...PARAMS[route.name], ...(route.name === "refundApplication" ? { id: "1" } : {}) };
      const path = route.path.replace(/:(\w+)\??/g, (_, name: string) => params[name] ?? "").replace(/\/$/, "");
      for (const [intent, form] of Object.entries(forms ?? {})) {
        const called = await run(action, path, params, { intent, ...form });
        const finding = undeclared(route.name, route.counted, { search: "", intent }, called);
        if (finding) findings.push(finding);
        expect(called.length, `${route.name}'s intent ${intent} reached the gateway`).toBeGreaterThan(0);
      }
    }
    expect(findings).toEqual([]);
  });
});

describe("the routes whose data a touch asks for ahead (lib/intent-data.ts)", () => {
  it("each keep a touch's load for the tap (their clientLoader): another route's load asked ahead would be thrown away", () => {
    const names = new Set(ROUTES.map((route) => route.name));
    for (const name of INTENT_ROUTES) {
      expect(names.has(name), `${name} is a route`).toBe(true);
      expect(moduleOf(ROUTES.find((route) => route.name === name)!)?.clientLoader, `${name}'s clientLoader`).toBe(intentClientLoader);
    }
  });

  it("cost the gateway at most three calls a load on a server that has been up a while (decisions 052 and 061)", async () => {
    const { run, sandbox, reached } = gateway();
    const orders = (await (await sandbox.client(MEMBER)).call(orderList, { page: 1, size: 50, tab: "all", type: "all" })).data.list;
    const params: Record<string, Record<string, string>> = {
      ...PARAMS,
      orderDetails: { id: String(orders.find((order) => order.paymentType === PAYMENT_TYPES.ordinary)?.id) },
      otherOrderDetails: { id: String(orders.find((order) => order.paymentType === PAYMENT_TYPES.thirdParty)?.id) },
    };
    const costs: Record<string, number> = {};
    for (const route of ROUTES.filter((each) => INTENT_ROUTES.has(each.name))) {
      const sample = params[route.name] ?? {};
      const path = route.path.replace(/:(\w+)\??/g, (_, name: string) => sample[name] ?? "").replace(/\/$/, "");
      const loader = moduleOf(route)!.loader as Handler;
      // The first load fills the server's keeps (the catalog's cacheable replies, the gateway's
      // clock); the second is what a touch costs.
      await run(loader, path, sample);
      const before = reached();
      const called = await run(loader, path, sample);
      costs[`${route.name} (${called.join(", ")})`] = reached() - before;
    }
    expect(Object.keys(costs)).toHaveLength(INTENT_ROUTES.size);
    for (const [route, count] of Object.entries(costs)) {
      expect(count, route).toBeGreaterThan(0);
      expect(count, route).toBeLessThanOrEqual(3);
    }
  });
});
