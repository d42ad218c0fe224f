/**
 * A `mcoin bridge` scenario: the phone (a device profile), how the mall is opened (a launch), how the
 * scripted host answers each bridge call (rules), what the host does on its own (a timeline of
 * events), what the member does (steps) and what must hold at the end (expectations). One zod
 * schema, used by the CLI and the Playwright suite alike; `mcoin bridge --schema` prints it as JSON
 * Schema. Profiles may live in their own file and be shared: `"profile": "profiles/old-wallet.json"`
 * (relative to the scenario).
 *
 * Method names are the wallet's (the MPay adapter's names: tradePay, getLocation, goBack, startApp,
 * makePhoneCall, pushWindow, ...), because the scripted host stands where the wallet's bridge stands.
 */
import { z } from "zod";
import { nearest } from "../did-you-mean";

export const PLATFORMS = ["ios", "android", "web"] as const;

/**
 * The wallet methods the mall's MPay adapter calls (app/lib/host-bridge/mpay-adapter.ts;
 * cli/rough-edges.test.ts holds the two lists together): a rule, a permission or an expectation
 * naming another method could never apply.
 */
export const WALLET_METHODS = [
  "chooseImage",
  "closeWebview",
  "config",
  "getLocation",
  "getNetworkType",
  "getSystemInfo",
  "goBack",
  "makePhoneCall",
  "pushWindow",
  "scan",
  "setNavigationBar",
  "setStatusBarColor",
  "share",
  "startApp",
  "trackEvent",
  "tradePay",
] as const;

/** Why `method` is not a wallet method, with the nearest one when it is a likely misspelling. */
export function unknownMethodMessage(method: string): string {
  const near = nearest(method, WALLET_METHODS);
  const hint = near ? `did you mean ${near}? ` : "";
  return `${method} is not a method of the wallet's bridge: ${hint}(its methods: ${WALLET_METHODS.join(", ")})`;
}

export const ProfileSchema = z
  .object({
    name: z.string().max(80).optional(),
    /** The wallet's version in its user agent (`MPay/5.9.0`); below 5.8.6 mini-programs need an upgrade. */
    appVersion: z
      .string()
      .regex(/^\d+(\.\d+){0,3}$/)
      .default("5.9.0"),
    /** The user agent's `language/` part: en, zh-MO, zh-HK, pt ... (none: the mall's default). */
    language: z
      .string()
      .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/)
      .nullable()
      .default("zh-MO"),
    platform: z.enum(PLATFORMS).default("ios"),
    screen: z.object({ width: z.number().int().min(240).max(1600), height: z.number().int().min(320).max(3200) }).default({ width: 375, height: 812 }),
  })
  .strict();
export type Profile = z.output<typeof ProfileSchema>;

/** What a rule answers: the wallet's reply object, or a failure with the wallet's error code (11: permission denied). */
const AnswerSchema = z.union([
  z.object({ answer: z.record(z.string(), z.unknown()) }).strict(),
  z.object({ fail: z.object({ errorCode: z.union([z.number().int(), z.string()]).default(1), errorMessage: z.string().max(200).default("failed") }).strict() }).strict(),
  /** No answer at all: the call hangs, as a wallet that never calls back. */
  z.object({ timeout: z.literal(true) }).strict(),
]);

const Delay = { delayMs: z.number().int().min(0).max(60_000).optional() };

/** One way to answer a method: fixed, by the call's arguments (`when`: top-level fields equal), or a sequence. */
export const RuleSchema = z.union([
  z.intersection(AnswerSchema, z.object({ when: z.record(z.string(), z.unknown()).optional(), ...Delay })),
  z
    .object({
      sequence: z
        .array(z.intersection(AnswerSchema, z.object(Delay)))
        .min(1)
        .max(50),
      when: z.record(z.string(), z.unknown()).optional(),
    })
    .strict(),
]);
export type Rule = z.output<typeof RuleSchema>;

/** The cashier (tradePay): pay, fail, leave, or pay with the wallet's confirmation held back. */
export const CashierSchema = z
  .object({
    outcome: z.enum(["pay", "fail", "cancel", "delayed"]).default("pay"),
    /** For "delayed": how long the wallet's settlement notice is held back. */
    confirmAfterMs: z.number().int().min(0).max(120_000).default(12_000),
    ...Delay,
  })
  .strict();

export const HOST_EVENTS = ["hidden", "visible", "back", "resume", "offline", "online", "deny", "allow"] as const;

export const TimelineEventSchema = z
  .object({
    /** After which step (0: right after the launch). */
    afterStep: z.number().int().min(0).max(1000).default(0),
    event: z.enum(HOST_EVENTS),
    /** For "resume": how long the wallet was in the background; the sandbox's clock moves on as much. */
    minutes: z
      .number()
      .min(0)
      .max(7 * 24 * 60)
      .optional(),
    /** For "deny" and "allow": the wallet method whose permission the member refused or gave back. */
    method: z.string().max(40).optional(),
  })
  .strict();
export type TimelineEvent = z.output<typeof TimelineEventSchema>;

/** A control found as a person finds it: by role and accessible name ("/.../" is a pattern). */
const Target = z.object({ role: z.string().max(40).default("button"), name: z.string().min(1).max(200) }).strict();

export const StepSchema = z.union([
  z.object({ click: Target }).strict(),
  z.object({ fill: Target.extend({ role: z.string().max(40).default("textbox"), value: z.string().max(2000) }) }).strict(),
  z.object({ goto: z.string().regex(/^\/[^\s]*$/, "a path of the mall, starting with /") }).strict(),
  /** The webview's own history back (a popstate), not the wallet's back button (the timeline's "back"). */
  z.object({ historyBack: z.literal(true) }).strict(),
  z.object({ historyForward: z.literal(true) }).strict(),
  z
    .object({
      waitFor: z
        .object({
          /** Text shown on the page: a case-insensitive part of it, or the whole of an element's text with "exact". */
          text: z.string().min(1).max(200).optional(),
          exact: z.boolean().default(false),
          /** The page's path (and query) the mall reaches, from its start: "/myOrder". */
          path: z
            .string()
            .regex(/^\/[^\s]*$/, "a path of the mall, starting with /")
            .optional(),
          timeoutMs: z.number().int().min(0).max(60_000).default(10_000),
        })
        .strict()
        .refine((wait) => wait.text !== undefined || wait.path !== undefined, "a waitFor names a text, a path, or both"),
    })
    .strict(),
  z.object({ wait: z.number().int().min(0).max(60_000) }).strict(),
  z.object({ screenshot: z.string().regex(/^[\w.-]{1,80}$/, "a file name") }).strict(),
]);
export type Step = z.output<typeof StepSchema>;

export const ExpectationSchema = z.union([
  z.object({ text: z.string().min(1).max(200), visible: z.boolean().default(true) }).strict(),
  z
    .object({
      /** A bridge call: this method, with these top-level arguments (a subset), this many times. */
      call: z.string().min(1).max(40),
      args: z.record(z.string(), z.unknown()).optional(),
      times: z.number().int().min(0).max(1000).optional(),
      atLeast: z.number().int().min(0).max(1000).optional(),
    })
    .strict(),
  /** A call the mall's server made to the gateway (the sandbox's call log): this path (or a fragment of it), this many times. */
  z
    .object({
      gateway: z.string().min(1).max(200),
      method: z.enum(["GET", "POST", "PUT", "DELETE"]).optional(),
      times: z.number().int().min(0).max(1000).optional(),
      atLeast: z.number().int().min(0).max(1000).optional(),
    })
    .strict(),
  /** These methods were called in this order (others may come between). */
  z.object({ order: z.array(z.string().min(1).max(40)).min(2).max(50) }).strict(),
  /** The page ended on this path. */
  z.object({ path: z.string().min(1).max(200) }).strict(),
]);
export type Expectation = z.output<typeof ExpectationSchema>;

export const LaunchSchema = z
  .object({
    /**
     * The path the wallet opens, with its query (oauthParams...). `{token}` is replaced by a session
     * token of `member` (the token coupon page: /mycoupons/{token}); otherwise `member` signs in first.
     */
    path: z
      .string()
      .regex(/^\/[^\s]*$/)
      .default("/index"),
    /** Signs this demo member in first, as the wallet's login would (the sandbox's sign-in). */
    member: z.string().max(64).optional(),
    /** The login's state (the page the mall opens after the login: index, mycoupon, seckill...). */
    state: z.string().max(64).optional(),
    /** Agree to pending terms for the member before the launch, so the scenario starts past the pop-up. */
    agree: z.boolean().default(true),
    /** Back to the fixtures first (default), so every run starts alike and transcripts can be diffed. */
    reset: z.boolean().default(true),
  })
  .strict();

export const ScenarioSchema = z
  .object({
    $schema: z.string().optional(),
    name: z.string().min(1).max(120),
    description: z.string().max(2000).optional(),
    profile: z.union([ProfileSchema, z.string().min(1).max(300)]).prefault({}),
    launch: LaunchSchema.prefault({}),
    rules: z.record(z.string().max(40), z.union([RuleSchema, z.array(RuleSchema).max(50)])).default({}),
    cashier: CashierSchema.prefault({}),
    timeline: z.array(TimelineEventSchema).max(200).default([]),
    steps: z.array(StepSchema).max(200).default([]),
    expect: z.array(ExpectationSchema).max(200).default([]),
  })
  .strict()
  .superRefine((scenario, context) => {
    const known = new Set<string>(WALLET_METHODS);
    const check = (method: string | undefined, path: (string | number)[]) => {
      if (method !== undefined && !known.has(method)) context.addIssue({ code: "custom", path, message: unknownMethodMessage(method) });
    };
    for (const method of Object.keys(scenario.rules)) check(method, ["rules", method]);
    scenario.timeline.forEach((event, index) => check(event.method, ["timeline", index, "method"]));
  });
export type Scenario = z.output<typeof ScenarioSchema>;

/**
 * What a valid scenario may still get wrong: a rule for tradePay stands in for the cashier, so the
 * wallet's back end never pays and the gateway never hears of a payment (the `cashier` field pays,
 * fails, cancels or holds the confirmation back, through the sandbox).
 */
export function scenarioWarnings(scenario: Scenario): string[] {
  return "tradePay" in scenario.rules
    ? [
        `rules.tradePay replaces the cashier: its answer goes to the page, but nothing is paid and the gateway hears of no payment; use "cashier" (pay, fail, cancel, delayed) to pay through the sandbox`,
      ]
    : [];
}

/** What `mcoin bridge --schema` prints. */
export function scenarioJsonSchema(): unknown {
  return z.toJSONSchema(ScenarioSchema, { io: "input", unrepresentable: "any" });
}
