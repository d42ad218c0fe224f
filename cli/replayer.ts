/**
 * What `mcoin replay` (cli/commands/replay.ts) does with recordings: whom each acts as (its `needs`,
 * or the member and ciphertext given for all), each request sent again as the app sends it (sealed for
 * the secure gateway, else by the app's API client) and its reply compared with the recorded one,
 * value by value, or by shape against the recording and the registry's declaration (--drift); and
 * the lines a run prints about them.
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { defineEndpoint, SUCCESS_CODE, type HttpMethod } from "#core/api/define";
import { endpointFor, functionFor } from "#core/api/registry";
import { DEFAULT_MALL_ORIGINS, type EnvironmentName } from "#core/environments";
import { openReply, sealRequest } from "#core/node/gateway/envelope";
import { apiBaseUrl, apiClient, apiTarget, callFailure, gatewaySettingsFor, memberToken, transport } from "./context";
import { compareShapes, declaredShape, describeDrift, driftFromDeclared, driftFromRecorded, shapeOf, type Drift, type Reference } from "./drift";
import { compareReplies, fillIn, sourceOf, withoutIgnored, type Difference, type Placeholders, type Recording, type RecordingFile } from "./recordings";
import { IDEMPOTENCY_KEY_HEADER, KEY_ROLE } from "./recording-roles";
import { describeGroup, groupDifferences } from "./replay-groups";

const DAY_MS = 86_400_000;

/** Where recordings are sent, and whom they act as when the command line says so for all of them. */
export interface ReplayTarget {
  env: EnvironmentName;
  baseUrl?: string;
  token?: string;
  login?: string;
  cust?: string;
}

export type Outcome =
  | { name: string; file: string; source: string; result: "match" }
  | { name: string; file: string; source: string; result: "differ"; status: { expected: number; actual: number }; differences: Difference[] }
  | { name: string; file: string; source: string; result: "skipped"; reason: string }
  | { name: string; file: string; source: string; result: "error"; message: string };

/** Recordings past the age limit, and those that do not say when they were made. */
export function ageWarnings(recordings: readonly RecordingFile[], maxAgeDays: number, now: number): string[] {
  const old: string[] = [];
  const undated: string[] = [];
  for (const file of recordings) {
    const { recordedAt } = file.recording;
    if (!recordedAt) {
      undated.push(sourceOf(file));
      continue;
    }
    const days = Math.floor((now - Date.parse(recordedAt)) / DAY_MS);
    if (days > maxAgeDays) old.push(`${sourceOf(file)} (recorded ${recordedAt}, ${days} days ago)`);
  }
  const warnings: string[] = [];
  if (old.length > 0) {
    warnings.push(`${plural(old.length, "recording is", "recordings are")} older than ${maxAgeDays} days and may no longer match the gateway; record again: ${old.join(", ")}`);
  }
  if (undated.length > 0)
    warnings.push(`${plural(undated.length, "recording has", "recordings have")} no recordedAt, so ${undated.length === 1 ? "its" : "their"} age is unknown: ${undated.join(", ")}`);
  return warnings;
}

export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Placeholder values for one recording, or why it cannot be sent. */
export type Credentials = (recording: Recording) => Promise<{ placeholders: Placeholders } | { reason: string }>;

/**
 * Whom each recording acts as: --token, --login and --cust when given, else the recording's
 * `needs` (each member signed in once and the token reused). A need that cannot be met is a skip.
 */
export async function credentialsFor(options: ReplayTarget): Promise<Credentials> {
  const tokens = new Map<string, Promise<string | undefined>>();
  const signIn = (member: string) => {
    if (!tokens.has(member)) tokens.set(member, memberToken(options.env, { login: member, baseUrl: options.baseUrl }));
    return tokens.get(member)!;
  };
  // A member named on the command line must sign in: that failure is the run's, not a skip.
  if (options.login) await signIn(options.login).catch((error: unknown) => Promise.reject(callFailure(error, apiTarget(options.env, options.baseUrl))));

  return async (recording) => {
    const placeholders: Placeholders = { cust: options.cust ?? recording.needs?.cust };
    const wantsToken = recording.request.auth || fillIn(recording.request, {}).missing.has("token");
    const member = options.login ?? recording.needs?.member;
    if (wantsToken && options.token) placeholders.token = options.token;
    else if (wantsToken && member) {
      try {
        placeholders.token = await signIn(member);
      } catch (error) {
        return { reason: `could not sign in ${member} (${callFailure(error, apiTarget(options.env, options.baseUrl)).message})` };
      }
    }
    if (signsInByCode(recording) && options.env === "sandbox" && member) {
      try {
        placeholders.code = await mintLoginCode(apiBaseUrl(options.env, options.baseUrl), member, mallOrigins());
      } catch (error) {
        return { reason: `could not get a login code for ${member} (${(error as Error).message})` };
      }
    }
    const missing = fillIn(recording.request, placeholders).missing;
    if (wantsToken && !placeholders.token) missing.add("token");
    if (missing.size > 0) return { reason: [...missing].map(missingReason).join("; ") };
    return { placeholders };
  };
}

function missingReason(placeholder: string): string {
  if (placeholder === "token") return "needs a member's token: give the recording needs.member, or pass --login or --token";
  if (placeholder === "cust") return "needs the task-center ciphertext: give the recording needs.cust, or pass --cust";
  if (placeholder === "code") return "needs <code>, the wallet's single-use login code: on the sandbox, give the recording needs.member (or pass --login) and replay asks for a new one";
  return `needs <${placeholder}>, a single-use value that cannot be sent again`;
}

/** The wallet's sign-in (`/macaupasssave?code=<code>`): not sendable again as it was, but with a new code. */
export function signsInByCode(recording: Recording): boolean {
  return recording.kind === "api" && Object.values(recording.request.query).includes("<code>");
}

/** Where the sandbox's sign-in page may send a member back to: the mall's address (MCOIN_APP_URL) or its defaults. */
function mallOrigins(): string[] {
  const origins = [...DEFAULT_MALL_ORIGINS];
  try {
    if (process.env.MCOIN_APP_URL) origins.unshift(new URL(process.env.MCOIN_APP_URL).origin);
  } catch {
    // not a URL: the defaults
  }
  return [...new Set(origins)];
}

/**
 * A new single-use login code for a demo member, from the sandbox's sign-in page
 * (sandbox/login-page.ts), as the wallet gets one: the page returns only to one of the mall's
 * origins, so each is tried until one is accepted.
 */
export async function mintLoginCode(base: string, openId: string, origins: readonly string[], fetchImpl: typeof fetch = fetch): Promise<string> {
  for (const origin of origins) {
    const response = await fetchImpl(`${base}/oauth/authorize`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ openId, redirect_uri: `${origin}/index`, state: "" }),
      redirect: "manual",
    });
    const location = response.headers.get("location");
    const code = response.status === 302 && location ? new URL(location).searchParams.get("code") : null;
    if (code) return code;
    const refusal = await response.text();
    if (!refusal.includes("redirect_uri")) throw new Error(`the sandbox's sign-in page answered HTTP ${response.status}`);
  }
  throw new Error(`the sandbox's sign-in page returns to none of ${origins.join(", ")}; set MCOIN_APP_URL to the mall's address`);
}

/**
 * The Idempotency-Keys of one run: one fresh key per recorded role (`<key:N>`, minted at its first
 * use), so a recorded retry is sent with its original's key again, as it was, and a new run never
 * collides with the keys of the last.
 */
export class KeyRing {
  private readonly keys = new Map<string, string>();

  constructor(private readonly mint: () => string = () => randomBytes(16).toString("hex")) {}

  forRole(role: string): string {
    let key = this.keys.get(role);
    if (key === undefined) {
      key = this.mint();
      this.keys.set(role, key);
    }
    return key;
  }

  /** A key of its own, for a recorded mutation that carries none (a file written before roles). */
  fresh(): string {
    return this.mint();
  }
}

/**
 * The request's Idempotency-Key: a role becomes its run's key; a mutation the registry declares
 * idempotent that was recorded without one gets a key of its own; a literal key is sent as it is.
 */
export function withIdempotencyKey(recording: Recording, request: Recording["request"], keys: KeyRing): Recording["request"] {
  const headers = { ...request.headers };
  const name = Object.keys(headers).find((header) => header.toLowerCase() === IDEMPOTENCY_KEY_HEADER.toLowerCase());
  if (name !== undefined) {
    if (KEY_ROLE.test(headers[name])) headers[name] = keys.forRole(headers[name]);
  } else if (recording.kind === "api" && endpointFor(request.method, request.path)?.idempotent) {
    headers[IDEMPOTENCY_KEY_HEADER] = keys.fresh();
  } else {
    return request;
  }
  return { ...request, headers };
}

/** What a run shares across its recordings: the keys it minted, the paths it leaves out, normalisation. */
export interface ReplayRun {
  keys: KeyRing;
  /** --ignore: JSONPaths left out of every comparison, beside each recording's own. */
  ignore: readonly string[];
  /** Compare volatile values (times, hosts, order numbers) by form, not value (off with --exact). */
  normalise: boolean;
}

export const defaultRun = (): ReplayRun => ({ keys: new KeyRing(), ignore: [], normalise: true });

/** One recording sent again, its reply compared with the recorded one. */
export async function replayOne(options: ReplayTarget, base: string, file: RecordingFile, credentials: Credentials, run: ReplayRun = defaultRun()): Promise<Outcome> {
  const { recording } = file;
  const about = { name: recording.name, file: file.file, source: sourceOf(file) };
  const prepared = await prepare(file, credentials);
  if ("reason" in prepared) return { ...about, result: "skipped", reason: prepared.reason };
  let reply: Reply;
  try {
    reply = await send(options, base, recording, withIdempotencyKey(recording, prepared.request, run.keys), prepared.placeholders);
  } catch (error) {
    return { ...about, result: "error", message: callFailure(error).message };
  }
  const ignore = [...recording.ignore, ...run.ignore];
  const differences = compareReplies(recording.response.body, reply.body, ignore, run.normalise ? { targetOrigin: reply.origin } : undefined);
  if (reply.status === recording.response.status && differences.length === 0) return { ...about, result: "match" };
  return { ...about, result: "differ", status: { expected: recording.response.status, actual: reply.status }, differences };
}

/** The request to send with its placeholders filled in, or why the recording is skipped. */
async function prepare(file: RecordingFile, credentials: Credentials): Promise<{ request: Recording["request"]; placeholders: Placeholders } | { reason: string }> {
  const { recording } = file;
  if (!recording.replayable && !signsInByCode(recording)) return { reason: file.reason ?? "recorded as not replayable" };
  const credentialed = await credentials(recording);
  if ("reason" in credentialed) return credentialed;
  return { request: fillIn(recording.request, credentialed.placeholders).value as Recording["request"], placeholders: credentialed.placeholders };
}

interface Reply {
  status: number;
  body: unknown;
  /** Where it was sent: the host a reply's URLs name. */
  origin: string;
}

/** Sends a filled-in request the way the app does: sealed for the secure gateway, else by the API client. */
async function send(options: ReplayTarget, base: string, recording: Recording, request: Recording["request"], placeholders: Placeholders): Promise<Reply> {
  if (recording.kind === "secure") {
    const settings = gatewaySettingsFor(options.env, { baseUrl: options.baseUrl });
    const sealed = sealRequest(settings, { functionUrl: request.path, body: request.body, token: request.headers.Token });
    const response = await transport({ method: "POST", url: `${settings.baseUrl}${request.path}`, headers: sealed.headers, body: sealed.body });
    return { status: response.status, body: openReply(response.text, sealed.key, sealed.iv).value, origin: new URL(settings.baseUrl).origin };
  }
  // The app's own request building: mpay: 1, Accept-Language, the bearer token.
  const client = apiClient(options.env, { baseUrl: base, token: request.auth ? placeholders.token : undefined, lang: request.headers["accept-language"] ?? "zh" });
  const endpoint = defineEndpoint({ name: recording.name, method: request.method as HttpMethod, path: request.path, auth: request.auth, request: z.unknown(), data: z.unknown() });
  const input = request.method === "GET" || request.method === "DELETE" ? request.query : request.body;
  const built = client.buildRequest(endpoint, input);
  const key = Object.entries(request.headers).find(([name]) => name.toLowerCase() === IDEMPOTENCY_KEY_HEADER.toLowerCase())?.[1];
  const response = await transport(key === undefined ? built : { ...built, headers: { ...built.headers, [IDEMPOTENCY_KEY_HEADER]: key } });
  const origin = new URL(built.url).origin;
  try {
    return { status: response.status, body: JSON.parse(response.text) as unknown, origin };
  } catch {
    return { status: response.status, body: response.text, origin };
  }
}

export interface DriftLine {
  reference: Reference;
  drift: Drift;
  line: string;
}

export interface EndpointReport {
  endpoint: string;
  /** The declaration compared with (an endpoint's name), or null when there is none. */
  declared: string | null;
  recordings: string[];
  drifts: DriftLine[];
  skipped: { source: string; name: string; reason: string }[];
  failed: { source: string; name: string; message: string }[];
}

/** --drift: each recording sent, the live reply's shape compared with the recording's and the declaration's, per endpoint. */
export async function driftReports(options: ReplayTarget, base: string, recordings: RecordingFile[], credentials: Credentials, keys = new KeyRing()): Promise<EndpointReport[]> {
  const reports = new Map<string, EndpointReport>();
  for (const file of recordings) {
    const { recording } = file;
    const key = `${recording.request.method.toUpperCase()} ${recording.request.path}`;
    const endpoint = recording.kind === "api" ? endpointFor(recording.request.method, recording.request.path) : undefined;
    const secure = recording.kind === "secure" ? functionFor(recording.request.path) : undefined;
    const secureSchema = secure?.reply;
    const report =
      reports.get(key) ??
      ({
        endpoint: key,
        declared: endpoint ? endpoint.name : secure ? secure.name : null,
        recordings: [],
        drifts: [],
        skipped: [],
        failed: [],
      } satisfies EndpointReport);
    reports.set(key, report);
    report.recordings.push(sourceOf(file));
    const prepared = await prepare(file, credentials);
    if ("reason" in prepared) {
      report.skipped.push({ source: sourceOf(file), name: recording.name, reason: prepared.reason });
      continue;
    }
    let reply: Reply;
    try {
      reply = await send(options, base, recording, withIdempotencyKey(recording, prepared.request, keys), prepared.placeholders);
    } catch (error) {
      report.failed.push({ source: sourceOf(file), name: recording.name, message: callFailure(error).message });
      continue;
    }
    const found: DriftLine[] = [];
    const add = (reference: Reference, drifts: Drift[]) => found.push(...drifts.map((drift) => ({ reference, drift, line: describeDrift(drift, reference) })));
    if (reply.status !== recording.response.status) {
      add("recorded", [{ path: "(status)", kind: "type", expected: `HTTP ${recording.response.status}`, live: `HTTP ${reply.status}` }]);
    }
    add("recorded", driftFromRecorded(withoutIgnored(recording.response.body, recording.ignore), withoutIgnored(reply.body, recording.ignore)));
    if (endpoint) add("declared", driftFromDeclared(endpoint.data, reply.body, SUCCESS_CODE));
    if (secureSchema) add("declared", compareShapes(declaredShape(secureSchema), shapeOf(reply.body)));
    for (const item of found) if (!report.drifts.some((known) => known.line === item.line)) report.drifts.push(item);
  }
  return [...reports.values()];
}

export function skipNotice(skipped: readonly { source: string; name: string; reason: string }[], allowSkips: boolean): string[] {
  if (skipped.length === 0) return [];
  return [
    `NOT EVERYTHING WAS CHECKED: ${plural(skipped.length, "recording was", "recordings were")} skipped:`,
    ...skipped.map((outcome) => `  - ${outcome.source} (${outcome.name}): ${outcome.reason}`),
    allowSkips ? "--allow-skips: the skips do not fail the run" : "a skip fails the run (exit 1); pass --allow-skips to accept them",
  ];
}

/**
 * The run's exit code, as CI reads it: 1 when anything differed or failed, when nothing at all was
 * checked, or when anything was skipped (unless skips are allowed); else 0.
 */
export function replayExitCode(summary: { checked: number; failed: number; skipped: number; differed: number }, allowSkips: boolean): 0 | 1 {
  if (summary.differed > 0 || summary.failed > 0 || summary.checked === 0) return 1;
  return summary.skipped > 0 && !allowSkips ? 1 : 0;
}

/** A recording's line in the run, with its differences under it. */
export function outcomeLines(index: number, total: number, outcome: Outcome): string[] {
  const counter = `[${String(index).padStart(String(total).length)}/${total}]`;
  switch (outcome.result) {
    case "match":
      return [`${counter} ✓ ${outcome.name}`];
    case "skipped":
      return [`${counter} - ${outcome.name} (skipped: ${outcome.reason})`];
    case "error":
      return [`${counter} ✗ ${outcome.name}: ${outcome.message}`];
    case "differ": {
      const lines = [`${counter} ✗ ${outcome.name} (${outcome.source})`];
      if (outcome.status.expected !== outcome.status.actual) lines.push(`    status: expected ${outcome.status.expected}, got ${outcome.status.actual}`);
      for (const group of groupDifferences(outcome.differences)) lines.push(`    ${describeGroup(group)}`);
      return lines;
    }
  }
}

/** An endpoint's section: its drifts, or that it has none, and what could not be checked. */
export function endpointLines(report: EndpointReport): string[] {
  const declaration = report.declared ? `declared: ${report.declared}` : "no declaration, compared with the recordings only";
  const heading = `${report.endpoint} (${declaration}; ${plural(report.recordings.length, "recording", "recordings")})`;
  const checked = report.recordings.length - report.skipped.length - report.failed.length;
  const verdict = report.drifts.length > 0 ? "" : checked > 0 ? ": no drift" : ": not checked";
  const lines = [`${heading}${verdict}`, ...report.drifts.map((item) => `  ${item.line}`)];
  for (const failure of report.failed) lines.push(`  ✗ ${failure.source}: ${failure.message}`);
  for (const skip of report.skipped) lines.push(`  - ${skip.source} skipped: ${skip.reason}`);
  return lines;
}
