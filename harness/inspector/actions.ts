/**
 * What the traffic inspector's page asks beyond looking (./http.ts, InspectorActions): the selected
 * exchanges saved as a recording folder, one exchange sent again and compared, the view as a HAR
 * file. Each goes through the recorder's own code (harness/record): the same redaction by
 * rules and by value, the same secret scan that refuses what still leaks, the same roles (whom a
 * recording acts as, idempotency keys), so what the inspector saves replays as `mcoin record`'s does.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import type { ReplayReply, SaveReply } from "#core/controls/inspect";
import { RecordingRoles, findLeaks, record, slug, type Exchange, type Hiding } from "#harness/record";
import { HOP_BY_HOP_HEADERS, harDocument, harEntry, parseRecording } from "#harness/recording";
import { KnownSecrets, describeFindings, redactKnown, replaceKnownPersonal, type Pseudonyms, type RedactionRule } from "#harness/redaction";
import { credentialsFor, describeDifference, replayOne, type ReplayTarget } from "#harness/replay";
import { shellQuote } from "./analysis";
import type { InspectorActions } from "./http";
import type { KeptExchange } from "./ring";

export interface InspectorActionOptions {
  /** Each save is a folder under this one. */
  recordingsDir: string;
  /** Opens secure calls (the sandbox's key for the sandbox). */
  privateKey: string | undefined;
  /** Whether that key is the sandbox's: a sandbox's demo ciphertexts may then be written (harness/record/roles.ts). */
  sandboxKey: boolean;
  rules: readonly RedactionRule[];
  /** The stand-ins for the members' personal data, as the recorder makes them (harness/redaction/pseudonyms.ts). */
  pseudonyms: Pseudonyms;
  /** The HAR's creator version (the CLI's package version). */
  version: string;
  /** Where a replay sends, known once the server listens; `mount`: the path of the sandbox tenant the exchanges are from ('' for none). */
  replayTarget: (mount: string) => ReplayTarget;
}

const withoutHopByHop = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP_HEADERS.has(name.toLowerCase())));

/** A kept exchange as the recorder's Exchange; undefined when a body was cut (it cannot be sent again as it was). */
function exchangeOf(kept: KeptExchange): Exchange | undefined {
  if (!kept.whole) return undefined;
  const { summary, whole } = kept;
  return {
    startedAt: new Date(summary.at),
    time: summary.ms,
    method: summary.method,
    path: summary.path,
    base: whole.origin,
    query: summary.query,
    requestHeaders: withoutHopByHop(whole.requestHeaders),
    requestBody: whole.requestBody,
    status: summary.status,
    statusText: "",
    responseHeaders: withoutHopByHop(whole.replyHeaders),
    responseBody: whole.replyBody,
  };
}

/** One recording session over a selection, oldest first: the roles and secrets learnt across it. */
function session(options: InspectorActionOptions, selection: readonly KeptExchange[]) {
  const roles = new RecordingRoles(options.rules, options.sandboxKey);
  const hiding: Hiding = { rules: options.rules, known: new KnownSecrets((text) => options.pseudonyms.isStandIn(text)), pseudonyms: options.pseudonyms };
  const ordered = [...selection].sort((a, b) => a.summary.seq - b.summary.seq);
  const items = ordered.map((kept) => {
    const exchange = exchangeOf(kept);
    if (!exchange) return { kept, refused: `a body was over the inspector's limit and was cut, so it cannot be sent again as it was` };
    if (kept.summary.status === 0) return { kept, refused: "the connection was cut: there is no reply to record" };
    roles.learn(exchange);
    const bearer = /^Bearer\s+(\S+)$/i.exec(Object.entries(exchange.requestHeaders).find(([name]) => name.toLowerCase() === "authorization")?.[1] ?? "")?.[1];
    if (bearer && kept.summary.member) roles.knowMember(bearer, kept.summary.member);
    return { kept, exchange, ...record(exchange, options.privateKey, hiding, roles) };
  });
  // A real value learnt from a later exchange leaves the earlier ones too.
  const finished = items.map((item) =>
    "recording" in item && item.recording ? { ...item, recording: replaceKnownPersonal(redactKnown(item.recording, hiding.known).value, hiding.pseudonyms) } : item,
  );
  return { items: finished, hiding };
}

export function inspectorActions(options: InspectorActionOptions): InspectorActions {
  return {
    async save(selection, name, mount = ""): Promise<SaveReply> {
      const dir = resolve(options.recordingsDir, name);
      if (existsSync(dir) && readdirSync(dir).length > 0) throw new Error(`${dir} already holds files: choose another name`);
      mkdirSync(dir, { recursive: true });
      const written: string[] = [];
      const refused: SaveReply["refused"] = [];
      const saved = session(options, selection);
      for (const [index, item] of saved.items.entries()) {
        if (!("recording" in item) || !item.recording) {
          refused.push({ seq: item.kept.summary.seq, reason: item.refused ?? "not recorded" });
          continue;
        }
        const findings = findLeaks(item.recording, saved.hiding);
        if (findings.length > 0) {
          refused.push({ seq: item.kept.summary.seq, reason: `a secret survived redaction: ${describeFindings(findings).join("; ")}` });
          continue;
        }
        const file = join(dir, `${String(index + 1).padStart(3, "0")}-${slug(item.recording.name)}.json`);
        writeFileSync(file, `${JSON.stringify(item.recording, null, 2)}\n`);
        written.push(file);
      }
      const shown = relative(process.cwd(), dir) || ".";
      const target = options.replayTarget(mount);
      return {
        ok: true,
        dir,
        written,
        refused,
        replay: `npx mcoin replay ${shellQuote(shown.startsWith("..") ? dir : shown)} --env ${target.env}${target.baseUrl ? ` --base-url ${shellQuote(target.baseUrl)}` : ""}`,
      };
    },

    async replay(kept, mount = ""): Promise<ReplayReply> {
      const [item] = session(options, [kept]).items;
      if (!("recording" in item) || !item.recording) return { result: "skipped", summary: `not replayed: ${item.refused ?? "not recorded"}`, differences: [] };
      const recording = parseRecording(JSON.parse(JSON.stringify(item.recording)), `exchange #${kept.summary.seq}`);
      const target = options.replayTarget(mount);
      const outcome = await replayOne(target, { file: `exchange #${kept.summary.seq}`, recording }, await credentialsFor(target));
      switch (outcome.result) {
        case "match":
          return { result: "match", summary: `sent again: the same status and reply (${recording.name})`, differences: [] };
        case "skipped":
          return { result: "skipped", summary: `not replayed: ${outcome.reason}`, differences: [] };
        case "error":
          return { result: "error", summary: `the call failed: ${outcome.message}`, differences: [] };
        case "differ":
          return {
            result: "differ",
            summary: `sent again: ${outcome.differences.length} difference${outcome.differences.length === 1 ? "" : "s"}${outcome.status.expected === outcome.status.actual ? "" : `, status ${outcome.status.expected} then ${outcome.status.actual}`}`,
            status: outcome.status,
            differences: outcome.differences.map(describeDifference),
          };
      }
    },

    async har(selection) {
      const { items, hiding } = session(options, selection);
      const left: number[] = [];
      // Through every secret and real value the selection taught: one first seen late is hidden in the earlier entries too.
      const kept = items.flatMap((item) => {
        if (!("har" in item) || !item.har) return [];
        const entry = replaceKnownPersonal(redactKnown(harEntry(item.har), hiding.known).value, hiding.pseudonyms);
        if (findLeaks(entry, hiding).length === 0) return [entry];
        left.push(item.kept.summary.seq);
        return [];
      });
      const har = harDocument(kept, options.version);
      const notes = [
        ...items.flatMap((item) => ("refused" in item && item.refused ? [`#${item.kept.summary.seq}: ${item.refused}`] : [])),
        ...left.map((seq) => `#${seq}: left out, a secret survived redaction`),
      ];
      return notes.length > 0 ? { log: { ...har.log, comment: `Not in this file: ${notes.join("; ")}` } } : har;
    },
  };
}
