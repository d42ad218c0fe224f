/**
 * What `mcoin replay` (cli/commands/replay.ts) does with each recording: whom it acts as
 * (./credentials.ts), its request sent again as the app sends it (sealed for the secure gateway,
 * else by the app's API client) to the target its caller gives (./target.ts), and its reply compared
 * with the recorded one value by value (./compare.ts).
 */
import { z } from "zod";
import { createApiClient } from "#core/api/client";
import { defineEndpoint, type HttpMethod } from "#core/api/define";
import { openReply, sealRequest } from "#core/node/gateway/envelope";
import { IDEMPOTENCY_KEY_HEADER, fillIn, sourceOf, type Placeholders, type Recording, type RecordingFile } from "#harness/recording";
import { exchangeFields } from "#harness/redaction";
import { compareReplies, type Difference } from "./compare";
import { signsInByCode, type Credentials } from "./credentials";
import { KeyRing, withIdempotencyKey } from "./keys";
import { fillRedacted } from "./request-values";
import type { ReplayTarget } from "./target";

export type Outcome =
  | { name: string; file: string; source: string; result: "match" }
  | { name: string; file: string; source: string; result: "differ"; status: { expected: number; actual: number }; differences: Difference[] }
  | { name: string; file: string; source: string; result: "skipped"; reason: string }
  | { name: string; file: string; source: string; result: "error"; message: string };

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
export async function replayOne(target: ReplayTarget, file: RecordingFile, credentials: Credentials, run: ReplayRun = defaultRun()): Promise<Outcome> {
  const { recording } = file;
  const about = { name: recording.name, file: file.file, source: sourceOf(file) };
  const prepared = await prepare(file, credentials);
  if ("reason" in prepared) return { ...about, result: "skipped", reason: prepared.reason };
  let reply: Reply;
  try {
    reply = await send(target, recording, withIdempotencyKey(recording, prepared.request, run.keys), prepared.placeholders);
  } catch (error) {
    return { ...about, result: "error", message: target.failure(error).message };
  }
  const ignore = [...recording.ignore, ...run.ignore];
  // Personal fields hold stand-ins (harness/redaction): they stand for the target's values of their form.
  const fields = exchangeFields(recording.kind, recording.request.method, recording.request.path);
  const differences = compareReplies(recording.response.body, reply.body, ignore, run.normalise ? { targetOrigin: reply.origin, personal: fields.response, personalNames: fields.names } : undefined);
  if (reply.status === recording.response.status && differences.length === 0) return { ...about, result: "match" };
  return { ...about, result: "differ", status: { expected: recording.response.status, actual: reply.status }, differences };
}

/**
 * The request to send with its placeholders filled in (and a redacted phone or e-mail address given a
 * valid one, ./request-values.ts), or why the recording is skipped.
 */
export async function prepare(file: RecordingFile, credentials: Credentials): Promise<{ request: Recording["request"]; placeholders: Placeholders } | { reason: string }> {
  const { recording } = file;
  if (!recording.replayable && !signsInByCode(recording)) return { reason: file.reason ?? "recorded as not replayable" };
  const credentialed = await credentials(recording);
  if ("reason" in credentialed) return credentialed;
  const filled = fillRedacted(fillIn(recording.request, credentialed.placeholders).value as Recording["request"]);
  if ("reason" in filled) return filled;
  return { request: filled.request, placeholders: credentialed.placeholders };
}

export interface Reply {
  status: number;
  body: unknown;
  /** Where it was sent: the host a reply's URLs name. */
  origin: string;
}

/** Sends a filled-in request the way the app does: sealed for the secure gateway, else by the API client. */
export async function send(target: ReplayTarget, recording: Recording, request: Recording["request"], placeholders: Placeholders): Promise<Reply> {
  if (recording.kind === "secure") {
    const settings = target.gateway();
    const sealed = sealRequest(settings, { functionUrl: request.path, body: request.body, token: request.headers.Token });
    const response = await target.transport({ method: "POST", url: `${settings.baseUrl}${request.path}`, headers: sealed.headers, body: sealed.body });
    return { status: response.status, body: openReply(response.text, sealed.key, sealed.iv).value, origin: new URL(settings.baseUrl).origin };
  }
  // The app's own request building: mpay: 1, Accept-Language, the bearer token.
  const client = createApiClient({
    baseUrl: target.apiBase,
    transport: target.transport,
    locale: request.headers["accept-language"] ?? "zh",
    token: request.auth ? placeholders.token : undefined,
    timeoutMs: 30_000,
  });
  const endpoint = defineEndpoint({ name: recording.name, method: request.method as HttpMethod, read: false, path: request.path, auth: request.auth, request: z.unknown(), data: z.unknown() });
  const input = request.method === "GET" || request.method === "DELETE" ? request.query : request.body;
  const built = client.buildRequest(endpoint, input);
  const key = Object.entries(request.headers).find(([name]) => name.toLowerCase() === IDEMPOTENCY_KEY_HEADER.toLowerCase())?.[1];
  const response = await target.transport(key === undefined ? built : { ...built, headers: { ...built.headers, [IDEMPOTENCY_KEY_HEADER]: key } });
  const origin = new URL(built.url).origin;
  try {
    return { status: response.status, body: JSON.parse(response.text) as unknown, origin };
  } catch {
    return { status: response.status, body: response.text, origin };
  }
}
