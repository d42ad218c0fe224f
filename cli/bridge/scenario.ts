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
import { nearest } from "#core/text/nearest";

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
    name: z.string().max(80).optional().describe("A name for the profile, shown in the transcript."),
    appVersion: z
      .string()
      .regex(/^\d+(\.\d+){0,3}$/)
      .default("5.9.0")
      .describe("The wallet's version in its user agent (`MPay/5.9.0`); below 5.8.6 mini-programs need an upgrade."),
    language: z
      .string()
      .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/)
      .nullable()
      .default("zh-MO")
      .describe("The user agent's `language/` part: en, zh-MO, zh-HK, pt ... (null: none, the mall's default)."),
    platform: z.enum(PLATFORMS).default("ios").describe("The phone's platform."),
    screen: z
      .object({ width: z.number().int().min(240).max(1600).describe("CSS pixels."), height: z.number().int().min(320).max(3200).describe("CSS pixels.") })
      .default({ width: 375, height: 812 })
      .describe("The webview's size."),
  })
  .strict()
  .describe("The phone: the wallet's version and language (its user agent), the platform and the screen.");
export type Profile = z.output<typeof ProfileSchema>;

/** What a rule answers: the wallet's reply object, or a failure with the wallet's error code (11: permission denied). */
const AnswerSchema = z.union([
  z.object({ answer: z.record(z.string(), z.unknown()).describe("The wallet's reply object, as the bridge hands it to the page.") }).strict(),
  z
    .object({
      fail: z
        .object({
          errorCode: z.union([z.number().int(), z.string()]).default(1).describe("The wallet's error code (11: permission denied)."),
          errorMessage: z.string().max(200).default("failed").describe("The wallet's error message."),
        })
        .strict()
        .describe("The call fails with the wallet's error code and message."),
    })
    .strict(),
  z.object({ timeout: z.literal(true).describe("No answer at all: the call hangs, as a wallet that never calls back.") }).strict(),
]);

const Delay = { delayMs: z.number().int().min(0).max(60_000).optional().describe("Milliseconds before the answer.") };
const When = z.record(z.string(), z.unknown()).optional().describe("Applies only to calls whose arguments have these top-level fields equal.");

/** One way to answer a method: fixed, by the call's arguments (`when`: top-level fields equal), or a sequence. */
export const RuleSchema = z.union([
  z.intersection(AnswerSchema, z.object({ when: When, ...Delay })),
  z
    .object({
      sequence: z
        .array(z.intersection(AnswerSchema, z.object(Delay)))
        .min(1)
        .max(50)
        .describe("Answers for the first calls in turn (the last one repeats): e.g. fail once, then answer."),
      when: When,
    })
    .strict(),
]);
export type Rule = z.output<typeof RuleSchema>;

/** The cashier (tradePay): pay, fail, leave, or pay with the wallet's confirmation held back. */
export const CashierSchema = z
  .object({
    outcome: z.enum(["pay", "fail", "cancel", "delayed"]).default("pay").describe("What the member does at the wallet's cashier; delayed: pays, and the wallet confirms late."),
    confirmAfterMs: z.number().int().min(0).max(120_000).default(12_000).describe('For "delayed": how long the wallet\'s settlement notice is held back.'),
    ...Delay,
  })
  .strict()
  .describe("The cashier (tradePay), which pays through the sandbox's stand-in for the wallet's back end.");

export const HOST_EVENTS = ["hidden", "visible", "back", "resume", "offline", "online", "deny", "allow"] as const;

export const TimelineEventSchema = z
  .object({
    afterStep: z.number().int().min(0).max(1000).default(0).describe("After which step (0: right after the launch)."),
    event: z
      .enum(HOST_EVENTS)
      .describe("What the host does: the page hidden or visible, the wallet's back button, resume after minutes away, the network going or coming back, a permission denied or allowed."),
    minutes: z
      .number()
      .min(0)
      .max(7 * 24 * 60)
      .optional()
      .describe('For "resume": how long the wallet was in the background; the sandbox\'s clock moves on as much.'),
    method: z.string().max(40).optional().describe('For "deny" and "allow": the wallet method whose permission the member refused or gave back.'),
  })
  .strict();
export type TimelineEvent = z.output<typeof TimelineEventSchema>;

/** A control found as a person finds it: by role and accessible name ("/.../" is a pattern). */
const Target = z
  .object({
    role: z.string().max(40).default("button").describe("The control's ARIA role."),
    name: z.string().min(1).max(200).describe('Its accessible name ("/.../" is a pattern).'),
  })
  .strict();

export const StepSchema = z.union([
  z.object({ click: Target.describe("Clicks the control with this role and name.") }).strict(),
  z
    .object({
      fill: Target.extend({ role: z.string().max(40).default("textbox").describe("The field's ARIA role."), value: z.string().max(2000).describe("What the member types.") }).describe(
        "Types a value into the field with this role and name.",
      ),
    })
    .strict(),
  z
    .object({
      goto: z
        .string()
        .regex(/^\/[^\s]*$/, "a path of the mall, starting with /")
        .describe("Opens a path of the mall."),
    })
    .strict(),
  z.object({ historyBack: z.literal(true).describe("The webview's own history back (a popstate), not the wallet's back button (the timeline's \"back\").") }).strict(),
  z.object({ historyForward: z.literal(true).describe("The webview's own history forward.") }).strict(),
  z
    .object({
      waitFor: z
        .object({
          text: z.string().min(1).max(200).optional().describe('Text shown on the page: a case-insensitive part of it, or the whole of an element\'s text with "exact".'),
          exact: z.boolean().default(false).describe("The text is the whole of an element's text."),
          path: z
            .string()
            .regex(/^\/[^\s]*$/, "a path of the mall, starting with /")
            .optional()
            .describe('The page\'s path (and query) the mall reaches, from its start: "/myOrder".'),
          timeoutMs: z.number().int().min(0).max(60_000).default(10_000).describe("How long to wait before the step fails."),
        })
        .strict()
        .refine((wait) => wait.text !== undefined || wait.path !== undefined, "a waitFor names a text, a path, or both")
        .describe("Waits for a text, a path, or both."),
    })
    .strict(),
  z.object({ wait: z.number().int().min(0).max(60_000).describe("Milliseconds to wait.") }).strict(),
  z
    .object({
      screenshot: z
        .string()
        .regex(/^[\w.-]{1,80}$/, "a file name")
        .describe("Saves a full-page screenshot under this file name (in --screenshots DIR, else the current folder)."),
    })
    .strict(),
]);
export type Step = z.output<typeof StepSchema>;

export const ExpectationSchema = z.union([
  z.object({ text: z.string().min(1).max(200).describe("A text on the page at the end."), visible: z.boolean().default(true).describe("Whether it is shown (false: it must not be).") }).strict(),
  z
    .object({
      call: z.string().min(1).max(40).describe("A bridge call: this wallet method was called."),
      args: z.record(z.string(), z.unknown()).optional().describe("With these top-level arguments (a subset of those sent)."),
      times: z.number().int().min(0).max(1000).optional().describe("Exactly this many times."),
      atLeast: z.number().int().min(0).max(1000).optional().describe("At least this many times."),
    })
    .strict(),
  z
    .object({
      gateway: z.string().min(1).max(200).describe("A call the mall's server made to the gateway (the sandbox's call log): this path, or a fragment of it."),
      method: z.enum(["GET", "POST", "PUT", "DELETE"]).optional().describe("With this method."),
      times: z.number().int().min(0).max(1000).optional().describe("Exactly this many times."),
      atLeast: z.number().int().min(0).max(1000).optional().describe("At least this many times."),
    })
    .strict(),
  z.object({ order: z.array(z.string().min(1).max(40)).min(2).max(50).describe("These wallet methods were called in this order (others may come between).") }).strict(),
  z.object({ path: z.string().min(1).max(200).describe("The page ended on this path.") }).strict(),
]);
export type Expectation = z.output<typeof ExpectationSchema>;

export const LaunchSchema = z
  .object({
    path: z
      .string()
      .regex(/^\/[^\s]*$/)
      .default("/index")
      .describe(
        "The path the wallet opens, with its query (oauthParams...). `{token}` is replaced by a session token of `member` (the token coupon page: /mycoupons/{token}); otherwise `member` signs in first.",
      ),
    member: z.string().max(64).optional().describe("Signs this demo member in first, as the wallet's login would (the sandbox's sign-in)."),
    state: z.string().max(64).optional().describe("The login's state (the page the mall opens after the login: index, mycoupon, seckill...)."),
    agree: z.boolean().default(true).describe("Agree to pending terms for the member before the launch, so the scenario starts past the pop-up."),
    reset: z.boolean().default(true).describe("Back to the fixtures first (default), so every run starts alike and transcripts can be diffed."),
  })
  .strict()
  .describe("How the wallet opens the mall.");

export const ScenarioSchema = z
  .object({
    $schema: z.string().optional().describe("This schema, for editors (./scenario.schema.json)."),
    name: z.string().min(1).max(120).describe("The scenario's name, in the transcript."),
    description: z.string().max(2000).optional().describe("What the scenario shows, for people."),
    profile: z
      .union([ProfileSchema, z.string().min(1).max(300)])
      .prefault({})
      .describe("The phone, or the path of a shared profile file (relative to the scenario's folder, e.g. profiles/old-wallet.json)."),
    launch: LaunchSchema.prefault({}).describe("How the wallet opens the mall."),
    rules: z
      .record(z.string().max(40), z.union([RuleSchema, z.array(RuleSchema).max(50)]))
      .default({})
      .describe("How the scripted host answers each wallet method (a rule, or rules tried in turn by `when`); methods without one get a plausible answer."),
    cashier: CashierSchema.prefault({}).describe("The cashier (tradePay): pay, fail, cancel, or pay with the confirmation held back."),
    timeline: z.array(TimelineEventSchema).max(200).default([]).describe("What the host does on its own, after a step."),
    steps: z.array(StepSchema).max(200).default([]).describe("What the member does, in order."),
    expect: z.array(ExpectationSchema).max(200).default([]).describe("What must hold at the end."),
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
